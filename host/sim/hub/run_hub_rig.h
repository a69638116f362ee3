// `venue sim hub`: the hub firmware in simavr behind a pty, driven by a script and/or stdin.
//
// Standard output: the pty path on the first line, then one line per output change or boot
// (docs/simulators.md, "Hub rig"). Standard error: script errors and the end-of-run summary.
#pragma once

#include <string>

namespace venue::sim {

struct HubRigOptions {
    std::string elf_path;     // empty: VENUE_HUB_ELF_DEFAULT (the build's venue-hub.elf)
    double speed = 1.0;       // hub seconds per wall second; 0 = as fast as possible
    std::string script_path;  // actions run first; empty: none
    bool read_stdin = true;   // then actions from standard input, one per line
};

// Runs until a `quit` action, a CPU crash, or SIGINT/SIGTERM. Returns the process exit code:
// 0 on quit or signal, 1 when the ELF or script cannot be loaded, 2 when the CPU crashed.
int run_hub_rig(const HubRigOptions& options);

}  // namespace venue::sim
