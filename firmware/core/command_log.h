// Recent host commands and their results, so that a command the host sends again (because its
// CommandAck was lost) is answered with the first result and not applied twice.
//
// The host numbers commands itself (cmd_id, wrapping u16) and retries one until it is acked, so
// a window of the last COMMAND_LOG_SIZE ids is enough. After a hub reboot the log is empty: the
// host sees the new Handshake and configures the hub again from scratch.
#pragma once

#include <stdint.h>

#include "venue_wire.h"

namespace venue {
namespace hub {

constexpr uint8_t COMMAND_LOG_SIZE = 16;

class CommandLog {
  public:
    // The recorded result of cmd_id, if it is among the recent ones.
    bool find(uint16_t cmd_id, wire::CommandStatus* status) const;
    void record(uint16_t cmd_id, wire::CommandStatus status);

  private:
    struct Entry {
        uint16_t cmd_id;
        wire::CommandStatus status;
    };

    Entry entries_[COMMAND_LOG_SIZE];
    uint8_t used_ = 0;
    uint8_t next_ = 0;
};

}  // namespace hub
}  // namespace venue
