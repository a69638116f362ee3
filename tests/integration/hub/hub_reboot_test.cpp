// The host's real hub driver (io::HubRunner over a TermiosLink) against the exact firmware ELF in
// the rig, while the rig cuts the hub off in the middle of a frame: a reset, a power cut or a
// stall at every byte of a Heartbeat and of an event frame in flight. Whatever the cut, the
// host learns of the reboot with its reason, delivers every event it received once and only
// once, and goes on with the new boot's session.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <thread>

#include "hub_fixture.h"
#include "io/hub/hub_runner.h"
#include "io/link/termios_link.h"

namespace venue::test {
namespace {

using namespace std::chrono_literals;
constexpr uint64_t MS = 1000 * HUB_CYCLES_PER_US;

// What the application sees, polled as the rules thread polls it.
struct Seen {
    std::vector<io::HubInput> inputs;
    std::vector<io::HubConnected> connects;
    std::vector<io::HubEventsLost> lost;

    void take(io::HubRunner& r) {
        for (io::HubEvent& e : r.poll_events()) {
            if (auto* in = std::get_if<io::HubInput>(&e)) inputs.push_back(*in);
            if (auto* c = std::get_if<io::HubConnected>(&e)) connects.push_back(*c);
            if (auto* l = std::get_if<io::HubEventsLost>(&e)) lost.push_back(*l);
        }
    }
    size_t reboots() const {
        size_t n = 0;
        for (const auto& c : connects) n += c.rebooted ? 1 : 0;
        return n;
    }
};

// Bytes of a frame on the line before its delimiter (COBS adds one byte to these lengths).
size_t frame_bytes_before_delimiter(wire::MessageType type) {
    uint8_t out[hub::MAX_WIRE_FRAME];
    if (type == wire::MessageType::HEARTBEAT)
        return hub::encode_message(wire::Heartbeat{}, out) - 1;
    return hub::encode_message(wire::ButtonPress{}, out) - 1;
}

wire::BootReason reason_of(HubActionKind cut) {
    switch (cut) {
        case HubActionKind::POWER_CYCLE:
            return wire::BootReason::POWER_ON;
        case HubActionKind::RESET:
            return wire::BootReason::EXTERNAL;
        default:
            return wire::BootReason::WATCHDOG;
    }
}

const char* cut_name(HubActionKind cut) {
    switch (cut) {
        case HubActionKind::POWER_CYCLE:
            return "power cut";
        case HubActionKind::RESET:
            return "reset";
        default:
            return "stall";
    }
}

class HubRebootTest : public ::testing::Test {
  protected:
    void SetUp() override {
        sim::HubRigConfig config;
        config.elf_path = VENUE_HUB_ELF_PATH;
        auto started = sim::HubRigThread::start(config, 0.0);
        ASSERT_TRUE(std::holds_alternative<std::unique_ptr<sim::HubRigThread>>(started))
            << std::get<std::string>(started);
        rig_ = std::move(std::get<std::unique_ptr<sim::HubRigThread>>(started));
        // Ptys ignore the rate; TermiosLink wants one it knows.
        runner_ = std::make_unique<io::HubRunner>(
            std::make_unique<io::TermiosLink>(rig_->pty_path(), 115200));
        runner_->start();
        ASSERT_TRUE(until(5s, [&] { return running() && !seen_.connects.empty(); }));
    }
    void TearDown() override {
        if (runner_) runner_->stop();
        if (rig_) rig_->stop();
    }

    bool running() const { return runner_->status().state == io::HubSessionState::RUNNING; }

    template <class Pred>
    bool until(std::chrono::milliseconds limit, Pred pred) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < end) {
            seen_.take(*runner_);
            if (pred()) return true;
            std::this_thread::sleep_for(1ms);
        }
        seen_.take(*runner_);
        return pred();
    }

    // One trial: a tap delivered (and acknowledged) first; then the next Heartbeat, or the event
    // frame of a press, cut after `bytes` bytes by `cut`. Returns false (with a failure
    // recorded) if the host did not come back from it.
    bool trial(HubActionKind cut, wire::MessageType type, uint8_t bytes) {
        const std::string what = std::string(cut_name(cut)) + " after byte " +
                                 std::to_string(bytes) + " of a " +
                                 (type == wire::MessageType::HEARTBEAT ? "Heartbeat" : "press");
        const size_t reboots = seen_.reboots();
        const size_t inputs = seen_.inputs.size();
        // An unassigned button makes an event all the same (outcome UNASSIGNED).
        rig_->schedule({at(0, HubActionKind::PRESS, 5), after(2 * MS, HubActionKind::RELEASE, 5)});
        ++taps_;
        if (!until(5s, [&] { return seen_.inputs.size() > inputs; })) {
            ADD_FAILURE() << what << ": the tap before the cut was not delivered";
            return false;
        }
        sim::HubAction cut_action = at(0, cut);
        cut_action.when = sim::HubWhen::IN_FRAME;
        cut_action.frame_type = static_cast<uint8_t>(type);
        cut_action.frame_bytes = bytes;
        if (type == wire::MessageType::HEARTBEAT) {
            rig_->schedule({cut_action});
        } else {
            // The release runs at once after the cut, before the new boot reads its inputs.
            rig_->schedule(
                {at(0, HubActionKind::PRESS, 6), cut_action, at(0, HubActionKind::RELEASE, 6)});
            ++cut_presses_;
        }
        if (!until(5s, [&] { return seen_.reboots() > reboots && running(); })) {
            ADD_FAILURE() << what << ": the host did not learn of the reboot";
            return false;
        }
        EXPECT_EQ(seen_.reboots(), reboots + 1) << what;
        EXPECT_EQ(seen_.connects.back().handshake.boot_reason, reason_of(cut)) << what;
        return true;
    }

    // Every input once: (session, seq) never repeats, and within a session seqs follow on.
    void expect_each_input_once() {
        std::set<std::pair<uint32_t, uint32_t>> keys;
        std::map<uint32_t, uint32_t> last_seq;
        for (const io::HubInput& in : seen_.inputs) {
            EXPECT_TRUE(keys.insert({in.session, in.seq}).second)
                << "session " << in.session << " seq " << in.seq << " delivered twice";
            auto it = last_seq.find(in.session);
            if (it != last_seq.end()) {
                EXPECT_EQ(in.seq, it->second + 1) << "session " << in.session;
            }
            last_seq[in.session] = in.seq;
        }
    }

    std::unique_ptr<sim::HubRigThread> rig_;
    std::unique_ptr<io::HubRunner> runner_;
    Seen seen_;
    size_t taps_ = 0;         // each delivered once
    size_t cut_presses_ = 0;  // each delivered at most once (whole only when cut before the 0x00)
};

// Resets, power cuts and stalls (the watchdog ends them 250 ms later) at every byte of a
// Heartbeat and of an event frame: 231 cuts.
TEST_F(HubRebootTest, ACutAtEveryByteOfAFrameInFlightIsAReportedReboot) {
    struct Series {
        wire::MessageType type;
        HubActionKind cut;
    };
    const Series series[] = {
        {wire::MessageType::HEARTBEAT, HubActionKind::RESET},
        {wire::MessageType::HEARTBEAT, HubActionKind::POWER_CYCLE},
        {wire::MessageType::HEARTBEAT, HubActionKind::STALL},
        {wire::MessageType::BUTTON_PRESS, HubActionKind::RESET},
        {wire::MessageType::BUTTON_PRESS, HubActionKind::POWER_CYCLE},
        {wire::MessageType::BUTTON_PRESS, HubActionKind::STALL},
    };
    int trials = 0;
    for (const Series& s : series) {
        // From the type byte (the second) to the last byte before the delimiter.
        const size_t len = frame_bytes_before_delimiter(s.type);
        for (size_t bytes = 2; bytes <= len; ++bytes) {
            ASSERT_TRUE(trial(s.cut, s.type, static_cast<uint8_t>(bytes)));
            ++trials;
        }
    }
    // Nothing doubled, nothing invented: every tap once, each cut press at most once.
    expect_each_input_once();
    EXPECT_GE(seen_.inputs.size(), taps_);
    EXPECT_LE(seen_.inputs.size(), taps_ + cut_presses_);
    const io::HubLinkStatus st = runner_->status();
    const uint32_t boots = rig_->with_rig([](sim::HubRig& r) { return r.boots(); });
    std::printf(
        "%d cuts: %zu reboots reported, %u boots in the rig; %zu inputs delivered (%zu taps, "
        "%zu presses cut off); host dropped %llu frames (CRC) and resynchronised %llu times\n",
        trials, seen_.reboots(), static_cast<unsigned>(boots), seen_.inputs.size(), taps_,
        cut_presses_, static_cast<unsigned long long>(st.stats.crc_errors),
        static_cast<unsigned long long>(st.stats.resyncs));
    EXPECT_GE(trials, 200);
    EXPECT_EQ(seen_.reboots(), static_cast<size_t>(trials));
    EXPECT_EQ(st.stats.reboots, static_cast<uint64_t>(trials));
    EXPECT_EQ(boots, static_cast<uint32_t>(trials));
}

}  // namespace
}  // namespace venue::test
