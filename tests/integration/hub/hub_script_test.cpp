// The rig's script language, and the rig driven by a script alone (no host on the line).
#include <gtest/gtest.h>

#include "sim/hub/hub_rig.h"

namespace venue::sim {
namespace {

std::vector<HubAction> parse_ok(std::string_view text) {
    auto parsed = parse_hub_script(text);
    EXPECT_TRUE(std::holds_alternative<std::vector<HubAction>>(parsed))
        << std::get<HubScriptError>(parsed).message;
    return std::holds_alternative<std::vector<HubAction>>(parsed)
               ? std::get<std::vector<HubAction>>(parsed)
               : std::vector<HubAction>{};
}

TEST(HubScript, ParsesTimesActionsAndComments) {
    const auto a = parse_ok(
        "# two presses 4 µs apart\n"
        "at 1000000 press 3\n"
        "at 1000004.0625 press 11   # a sixteenth of a µs later still counts\n"
        "release 3\n"
        "after 500 tap 7 2000\n"
        "paddle white\n"
        "paddle-release right\n"
        "beam 0 break\n"
        "\n"
        "pause\n"
        "power-cycle\n"
        "stall\n"
        "quit\n");
    ASSERT_EQ(a.size(), 11u);
    EXPECT_EQ(a[0].when, HubWhen::AT);
    EXPECT_EQ(a[0].cycles, 16'000'000u);
    EXPECT_EQ(a[0].kind, HubActionKind::PRESS);
    EXPECT_EQ(a[0].index, 3);
    EXPECT_EQ(a[1].cycles, 16'000'065u);
    EXPECT_EQ(a[2].when, HubWhen::NOW);
    EXPECT_EQ(a[2].kind, HubActionKind::RELEASE);
    EXPECT_EQ(a[3].when, HubWhen::AFTER);
    EXPECT_EQ(a[3].cycles, 8000u);
    EXPECT_EQ(a[3].hold_cycles, 32'000u);
    EXPECT_EQ(a[4].kind, HubActionKind::PADDLE_PRESS);
    EXPECT_EQ(a[4].index, 0);
    EXPECT_EQ(a[4].hold_cycles, DEFAULT_HOLD_US * HUB_CYCLES_PER_US);
    EXPECT_EQ(a[5].kind, HubActionKind::PADDLE_RELEASE);
    EXPECT_EQ(a[5].index, 1);
    EXPECT_EQ(a[6].kind, HubActionKind::BEAM_BREAK);
    EXPECT_EQ(a[7].kind, HubActionKind::PAUSE_PRESS);
    EXPECT_EQ(a[8].kind, HubActionKind::POWER_CYCLE);
    EXPECT_EQ(a[9].kind, HubActionKind::STALL);
    EXPECT_EQ(a[10].kind, HubActionKind::QUIT);
}

TEST(HubScript, RejectsBadLinesWithTheLineNumber) {
    for (const char* bad : {"press 16", "at x press 1", "beam 4 break", "beam 1 cut", "jump",
                            "paddle up", "tap 1 0", "at 5", "quit now"}) {
        auto parsed = parse_hub_script(std::string("report\n") + bad + "\n");
        ASSERT_TRUE(std::holds_alternative<HubScriptError>(parsed)) << bad;
        EXPECT_EQ(std::get<HubScriptError>(parsed).message.rfind("line 2: ", 0), 0u) << bad;
    }
}

TEST(HubRigScript, ScriptDrivesResetsAndQuits) {
    auto loaded = HubRig::load(HubRigConfig{VENUE_HUB_ELF_PATH});
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<HubRig>>(loaded))
        << std::get<std::string>(loaded);
    HubRig& rig = *std::get<std::unique_ptr<HubRig>>(loaded);
    for (const HubAction& a : parse_ok("at 20000 power-cycle\n"
                                       "after 30000 stall\n"
                                       "at 400000 quit\n")) {
        rig.schedule(a);
    }
    // The stall is only ended by the 250 ms watchdog; "at 400000" then counts in the boot
    // after it.
    EXPECT_FALSE(rig.run_for(2'000'000 * HUB_CYCLES_PER_US));
    EXPECT_FALSE(rig.crashed());
    EXPECT_EQ(rig.boots(), 2u);
    const auto reports = rig.take_reports();
    std::vector<uint32_t> boots;
    for (const HubReport& r : reports) {
        if (r.what == HubReport::What::BOOT) boots.push_back(r.value);
    }
    ASSERT_EQ(boots.size(), 3u);
    EXPECT_EQ(boots[1], 0x01u);          // power-on
    EXPECT_EQ(boots[2] & 0x08u, 0x08u);  // watchdog
    // Power cycle at 20 ms, stall 30 ms later, watchdog 250 ms later (±its oscillator), quit at
    // 400 ms of the last boot.
    EXPECT_NEAR(static_cast<double>(rig.rig_cycles()) / HUB_CYCLES_PER_US,
                20'000 + 30'000 + 250'000 + 400'000, 20'000);
}

}  // namespace
}  // namespace venue::sim
