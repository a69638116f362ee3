// Physical actions on the simulated hub, and the one-line script language that names them
// (docs/simulators.md, "Hub rig"). Times are CPU cycles of the simulated 16 MHz ATmega2560
// since its last boot, so a script can place two edges 1/16 µs apart.
//
//   line     = [when] action [# comment]
//   when     = "at" T | "after" D          T, D in µs, decimals allowed (resolution 1/16 µs)
//   action   = "press" N | "release" N | "tap" N [HOLD]          N = button 0..15
//            | "paddle" SIDE [HOLD] | "paddle-press" SIDE | "paddle-release" SIDE
//            | "beam" B ("break" | "restore")                    B = beam 0..3
//            | "pause" [HOLD] | "pause-press" | "pause-release"
//            | "power-cycle" | "reset" | "stall" | "report" | "quit"
//   SIDE     = "a" | "left" | "white" | "b" | "right" | "black"
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace venue::sim {

constexpr uint64_t HUB_CYCLES_PER_US = 16;  // ATmega2560 at 16 MHz
constexpr uint64_t DEFAULT_HOLD_US = 50'000;

enum class HubActionKind : uint8_t {
    PRESS,  // claim button index down
    RELEASE,
    PADDLE_PRESS,  // index 0 = side A (left, white), 1 = side B
    PADDLE_RELEASE,
    BEAM_BREAK,  // index = beam 0..3
    BEAM_RESTORE,
    PAUSE_PRESS,
    PAUSE_RELEASE,
    POWER_CYCLE,  // power off and on: RAM lost, MCUSR = PORF
    RESET,        // reset pin: MCUSR = EXTRF
    STALL,        // the CPU hangs with interrupts off until the watchdog resets it
    REPORT,       // print every output and input state
    QUIT,         // end the rig
};

// When an action runs. Actions run in the order they were given; each waits for its time.
enum class HubWhen : uint8_t {
    NOW,    // as soon as the previous action has run
    AT,     // when hub time (since the current boot) reaches cycles
    AFTER,  // cycles after the previous action ran (after a reboot: after the boot)
    // When the hub has written frame_bytes bytes of its next frame of type frame_type to the
    // line (counted from the frame's first byte, delimiter excluded; at least 2, since the
    // type is the second byte): a reset, power cut or stall that cuts that frame at exactly
    // that byte (tests; no script line makes one).
    IN_FRAME,
};

struct HubAction {
    HubWhen when = HubWhen::NOW;
    uint64_t cycles = 0;
    HubActionKind kind = HubActionKind::REPORT;
    uint8_t index = 0;
    // > 0: a tap; the matching release follows this many cycles after the press, without
    // holding up the actions after it.
    uint64_t hold_cycles = 0;
    // HubWhen::IN_FRAME only.
    uint8_t frame_type = 0;
    uint8_t frame_bytes = 0;
};

struct HubScriptError {
    std::string message;
};

// One script line: no action for a blank or comment line.
std::variant<std::vector<HubAction>, HubScriptError> parse_hub_action_line(std::string_view line);

// A whole script; errors name the line number.
std::variant<std::vector<HubAction>, HubScriptError> parse_hub_script(std::string_view text);

// The release that ends a press-like action (PRESS -> RELEASE ...); REPORT for other kinds.
HubActionKind release_of(HubActionKind press);

}  // namespace venue::sim
