#include "crossing.h"

namespace venue {
namespace hub {

bool CrossingDetector::on_beam(BeamPosition beam, bool broken, Micros time, CrossingReport* out) {
    const uint8_t bit = static_cast<uint8_t>(1u << static_cast<uint8_t>(beam));
    if (broken) {
        if (!active_) {
            active_ = true;
            saw_both_ = false;
            first_ = beam;
            started_ = time;
        }
        broken_ = static_cast<uint8_t>(broken_ | bit);
        if (broken_ == 3) saw_both_ = true;
        return false;
    }
    broken_ = static_cast<uint8_t>(broken_ & ~bit);
    if (!active_ || broken_ != 0) return false;
    active_ = false;  // the burst is over: both beams clear
    if (!saw_both_ || beam == first_) return false;
    *out = CrossingReport{
        started_, time, first_ == BeamPosition::OUTER ? wire::Direction::IN : wire::Direction::OUT};
    return true;
}

}  // namespace hub
}  // namespace venue
