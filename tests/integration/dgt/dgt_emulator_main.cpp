// Test stand-in for `venue sim dgt`:
//   venue_dgt_emulator_main [--serial NNNNN] [--script FILE] [--link PATH] [--clock]
//                           [--rotated] [--exit-after-script] [--verbose]
#include <cstdio>
#include <cstring>
#include <string>

#include "sim/dgt/dgt_emulator.h"

int main(int argc, char** argv) {
    venue::sim::dgt::DgtEmulatorOptions o;
    o.board.serial.clear();  // derived from the pid unless given
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "--serial" && has_value) {
            o.board.serial = argv[++i];
        } else if (a == "--script" && has_value) {
            o.script = argv[++i];
        } else if (a == "--link" && has_value) {
            o.link = argv[++i];
        } else if (a == "--clock") {
            o.board.with_clock = true;
        } else if (a == "--rotated") {
            o.board.orientation = venue::io::dgt::Orientation::ROTATED;
        } else if (a == "--exit-after-script") {
            o.exit_after_script = true;
        } else if (a == "--verbose") {
            o.verbose = true;
        } else {
            std::fprintf(stderr, "unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    return venue::sim::dgt::run_dgt_emulator(o);
}
