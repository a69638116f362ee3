// `venue sim ...`: simulators that speak the real protocols over pseudo-terminals,
// so that the same host code runs on the bench and at the venue.
#include <memory>

#include "cli/commands.h"
#include "sim/dgt/dgt_emulator.h"

namespace venue::cli {

void register_sim_command(CLI::App& app) {
    CLI::App* sim = app.add_subcommand("sim", "Simulated devices on pseudo-terminals");
    sim->require_subcommand(1);

    auto opts = std::make_shared<sim::dgt::DgtEmulatorOptions>();
    opts->board.serial.clear();  // derived from the process id unless given
    auto rotated = std::make_shared<bool>(false);
    CLI::App* dgt = sim->add_subcommand(
        "dgt",
        "A DGT electronic board on a pty. Prints the pty's path as the first line of\n"
        "standard output, answers the DGT protocol from the board's side, and plays\n"
        "physical actions read from --script or standard input, one per line:\n"
        "  lift e2 | put e4 P | slide d1 d2 d3 | knock e4 | restore e4 | flicker e4 50\n"
        "  wait 250 | unplug 5000 | quit      (see docs/dgt.md for the whole language)\n"
        "Example: venue sim dgt --serial 12345 --script moves.txt");
    dgt->add_option("--serial", opts->board.serial,
                    "5-character serial number (default: from the pid)");
    dgt->add_option("--script", opts->script, "Action script (default: standard input)");
    dgt->add_option("--link", opts->link, "Keep this symlink pointing at the current pty");
    dgt->add_flag("--clock", opts->board.with_clock, "Attach a simulated DGT 3000 clock");
    dgt->add_flag("--rotated", *rotated, "The board is turned round (connector on Black's left)");
    dgt->add_flag("--exit-after-script", opts->exit_after_script, "Stop at the script's end");
    dgt->add_flag("--verbose", opts->verbose, "Log actions and host commands to standard error");
    dgt->callback([opts, rotated] {
        if (*rotated) opts->board.orientation = io::dgt::Orientation::ROTATED;
        int rc = sim::dgt::run_dgt_emulator(*opts);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
