// `venue sim ...`: simulators that speak the real protocols over pseudo-terminals,
// so that the same host code runs on the bench and at the venue.
#include <memory>

#include "cli/commands.h"
#include "sim/dgt/dgt_emulator.h"
#if defined(VENUE_HAVE_HUB_RIG)
#include "sim/hub/run_hub_rig.h"
#endif

namespace venue::cli {

void register_sim_command(CLI::App& app) {
    CLI::App* sim = app.add_subcommand("sim", "Simulated devices on pseudo-terminals");
    sim->require_subcommand(1);

#if defined(VENUE_HAVE_HUB_RIG)
    auto hub_opts = std::make_shared<sim::HubRigOptions>();
    CLI::App* hub = sim->add_subcommand(
        "hub",
        "The hub: the exact firmware ELF that would be flashed, run in simavr (ATmega2560,\n"
        "16 MHz) behind a pty. Prints the pty's path as the first line of standard output,\n"
        "then a line per LED, lamp, buzzer or boot change. Physical actions come from\n"
        "--script, then standard input, one per line, at hub times in microseconds:\n"
        "  at 1000000 press 3 | at 1000004 press 11 | release 3 | paddle white |\n"
        "  beam 0 break | pause-button | power-cycle | stall | report | quit\n"
        "(the whole language: docs/simulators.md). Example: venue sim hub --speed 0");
    hub->add_option("--elf", hub_opts->elf_path, "Firmware ELF (default: the one this build made)");
    hub->add_option("--speed", hub_opts->speed,
                    "Hub seconds per wall-clock second; 0 runs as fast as possible")
        ->capture_default_str();
    hub->add_option("--script", hub_opts->script_path, "Actions to run first");
    hub->add_flag("!--no-stdin", hub_opts->read_stdin, "Do not read actions from standard input");
    hub->callback([hub_opts] {
        int rc = sim::run_hub_rig(*hub_opts);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
#endif

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
