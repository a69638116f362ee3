// Where the console's venue comes from: a real one (a venue file, its log and devices, as
// `venue run`) or the simulated event of `venue demo`. Either way a Daemon and its Session,
// stepped by the console's engine thread.
#pragma once

#include <optional>

#include "console/view_model.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/result.h"
#include "runtime/attach_devices.h"
#include "runtime/daemon.h"

namespace venue::console {

class VenueSource {
  public:
    virtual ~VenueSource() = default;
    // One pass over every input (never waits). An error: the log failed; stop.
    virtual Result<std::vector<runtime::StepRecord>, std::string> step(std::int64_t now_ms) = 0;
    virtual runtime::Daemon& daemon() = 0;
    virtual const runtime::Session& session() const = 0;
    virtual std::string title() const = 0;
    virtual std::string hub_match() const = 0;
    // The demo's script has ended (or failed): stop stepping; the window stays.
    virtual bool done() const { return false; }
    virtual std::string failure() const { return ""; }
    // Lets the last commands out and stops the devices. Idempotent.
    virtual void finish() = 0;
    // The publisher to the championship's broker, when the venue file's [publish] asks for one.
    virtual std::optional<BrokerInput> broker() const { return std::nullopt; }
    // One line per device attached, for the messages.
    std::vector<std::string> devices;
    // A log that held events before this run: the console reads them into its log panel.
    std::string history_log;
};

struct VenueOptions {
    std::string config;  // the venue file
    std::string log;     // "" = the file's [event] log
    runtime::DeviceOverrides devices;
};
Result<std::unique_ptr<VenueSource>, std::string> open_venue(const VenueOptions& options);

struct DemoSourceOptions {
    double speed = 1.0;
    int players = 0;  // per side, for a demo that takes it; 0 = its default
    int turns = 0;    // a game limited by turns, for a demo that takes it; 0 = its default
    // As `venue demo --game`: "" the first registered demo, a game's id its demo, anything else
    // a PGN file whose first game the first demo that plays game files plays.
    std::string game;
    std::string tree;  // the scenario, for a demo that has them; "" = its first
    std::uint64_t seed = 1858;
    std::string log;  // "" = venue-demo-YYYYMMDD-HHMMSS.sqlite here
    std::string elf;  // "" = the ELF this build made
    std::int64_t step_timeout_ms = 15000;
};
// Fails when this build has no hub simulator (simavr).
Result<std::unique_ptr<VenueSource>, std::string> open_demo(const DemoSourceOptions& options);
// For --help: a demo option's line ("--game", "--tree", "--players", "--turns"), from the
// registry of the games' demos ("" when this build has no hub simulator).
std::string demo_option_help(const std::string& option);

}  // namespace venue::console
