#include "command_log.h"

namespace venue {
namespace hub {

bool CommandLog::find(uint16_t cmd_id, wire::CommandStatus* status) const {
    for (uint8_t i = 0; i < used_; ++i) {
        if (entries_[i].cmd_id == cmd_id) {
            *status = entries_[i].status;
            return true;
        }
    }
    return false;
}

void CommandLog::record(uint16_t cmd_id, wire::CommandStatus status) {
    entries_[next_] = Entry{cmd_id, status};
    next_ = static_cast<uint8_t>((next_ + 1) % COMMAND_LOG_SIZE);
    if (used_ < COMMAND_LOG_SIZE) ++used_;
}

}  // namespace hub
}  // namespace venue
