// The devices of a venue file (and of the command line) attached to a daemon: what `venue run`
// and `venue-console CONFIG` both do before they start the daemon.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/result.h"
#include "config/venue_config.h"
#include "io/link/link.h"
#include "runtime/daemon.h"

namespace venue::runtime {

// Ports given on the command line instead of (or besides) the venue file's.
struct DeviceOverrides {
    std::string hub;                  // --hub PORT: replaces [hub] port and serial
    std::vector<std::string> boards;  // --board ID=PORT: added to or replacing [[board]]
};

// The link to a hub on `port`: a pseudo-terminal (a simulator) through termios, since
// libserialport refuses ptys; a real port through libserialport at the hub's 1 Mbit/s.
std::unique_ptr<io::Link> hub_link(const std::string& port);

// Attaches the hub (for the file's hub match) and every board (for the match played on it).
// Returns one description per device ("hub on /dev/ttyACM0 for match m1"), or an error naming
// what is wrong (a hub serial number no port has, a board no match is played on, a bad --board).
Result<std::vector<std::string>, std::string> attach_devices(const config::VenueConfig& config,
                                                             Daemon& daemon,
                                                             const DeviceOverrides& overrides = {});

}  // namespace venue::runtime
