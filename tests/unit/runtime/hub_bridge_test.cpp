// HubBridge: hub inputs as engine events, engine device commands as hub commands.
#include "runtime/hub_bridge.h"

#include "hub_input.h"

#include "io/hub/claim_resolution.h"
#include "venue/event_json.h"

#include <gtest/gtest.h>

#include "../eleven/eleven_script.h"
#include "venue/venue_state.h"

namespace venue::runtime {
namespace {

io::HubInput press(std::uint32_t seq, std::uint64_t t, int button, wire::PressOutcome outcome,
                   std::uint16_t same_sample = 0) {
    wire::ButtonPress p{};
    p.seq = seq;
    p.time_us = t;
    p.button = std::uint8_t(button);
    p.team = button < 8 ? wire::Team::A : wire::Team::B;
    p.outcome = outcome;
    p.same_sample = same_sample;
    if (same_sample) {
        p.tie_rule = wire::TieRule::LFSR16_DRAW;
        p.tie_draw = 0xACE1;
    }
    io::HubInput in;
    in.seq = seq;
    in.hub_time_us = t;
    in.host_time_ns = std::int64_t(t) * 1000 + 5;
    in.received_ns = std::int64_t(t) * 1000 + 900'000;
    in.payload = p;
    return in;
}

using test::input;

const engine::ClaimPressed& claim(const HubTranslated& t) {
    return std::get<engine::ClaimPressed>(t.event.body);
}

TEST(HubBridge, AcceptedThenLatePressCarriesTheMarginInMicroseconds) {
    HubBridge b("m1");
    auto out = b.translate({press(1, 1'000'000, 0, wire::PressOutcome::ACCEPTED),
                            press(2, 1'000'003, 1, wire::PressOutcome::LATE)});
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(claim(out[0]).verdict, engine::ClaimVerdict::ACCEPTED);
    EXPECT_EQ(claim(out[0]).match, "m1");
    EXPECT_EQ(claim(out[1]).verdict, engine::ClaimVerdict::LATE);
    EXPECT_EQ(claim(out[1]).margin_us, 3);
    // Closer than the hub can tell apart: the margin says only "within" its resolution.
    EXPECT_EQ(claim(out[1]).margin_within_us, io::CLAIM_RESOLUTION_US);
    // Both clocks are kept: hub time in the event, the mapped press time beside it.
    EXPECT_EQ(out[0].event.hub_us, 1'000'000);
    EXPECT_EQ(out[0].happened_ns, 1'000'000'005);
    EXPECT_EQ(out[0].event.host_ns, 1'000'900'000);
}

TEST(HubBridge, LatePressInALaterBatchStillMeasuresFromTheClaim) {
    HubBridge b("m1");
    b.translate({press(1, 500, 2, wire::PressOutcome::ACCEPTED)});
    auto out = b.translate({press(2, 120'500, 3, wire::PressOutcome::LATE)});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(claim(out[0]).margin_us, 120'000);
    EXPECT_EQ(claim(out[0]).margin_within_us, 0) << "a margin the hub resolves is the gap";
}

TEST(HubBridge, AMarginJustAboveTheHubsFloorIsTheGap) {
    HubBridge b("m1");
    auto out =
        b.translate({press(1, 1'000, 0, wire::PressOutcome::ACCEPTED),
                     press(2, 1'000 + io::CLAIM_MARGIN_FLOOR_US, 1, wire::PressOutcome::LATE),
                     press(3, 1'001 + io::CLAIM_MARGIN_FLOOR_US, 2, wire::PressOutcome::LATE)});
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(claim(out[1]).margin_within_us, io::CLAIM_RESOLUTION_US);
    EXPECT_EQ(claim(out[2]).margin_us, io::CLAIM_MARGIN_FLOOR_US + 1);
    EXPECT_EQ(claim(out[2]).margin_within_us, 0);
}

TEST(HubBridge, TieLoserBeforeWinnerInOneBatchNamesTheWinner) {
    HubBridge b("m1");
    const std::uint16_t both = (1u << 1) | (1u << 2);
    auto out = b.translate({press(1, 700, 1, wire::PressOutcome::TIE_LOST, both),
                            press(2, 700, 2, wire::PressOutcome::TIE_WON, both)});
    ASSERT_EQ(out.size(), 2u);
    for (const auto& t : out) {
        EXPECT_EQ(claim(t).verdict, engine::ClaimVerdict::TIE);
        EXPECT_EQ(claim(t).winner, 2);
        EXPECT_EQ(claim(t).tied_with, (std::vector<int>{1, 2}));
        EXPECT_NE(claim(t).tie_rule.find("0xACE1"), std::string::npos);
    }
}

TEST(HubBridge, PressesTheHubDidNotArmAreOutOfTurn) {
    HubBridge b("m1");
    auto out = b.translate({press(1, 10, 8, wire::PressOutcome::OUT_OF_TURN),
                            press(2, 20, 9, wire::PressOutcome::NOT_ARMED),
                            press(3, 30, 15, wire::PressOutcome::UNASSIGNED)});
    ASSERT_EQ(out.size(), 3u);
    for (const auto& t : out) EXPECT_EQ(claim(t).verdict, engine::ClaimVerdict::OUT_OF_TURN);
}

TEST(HubBridge, PaddleThatSwitchedIsAClockPressWithTheHubsRemainingTime) {
    HubBridge b("m1");
    wire::Paddle p{};
    p.paddle = wire::Team::B;
    p.effect = wire::PaddleEffect::SWITCHED;
    p.remaining_us = 1'754'321'000;
    wire::Paddle ignored = p;
    ignored.effect = wire::PaddleEffect::NOT_ON_MOVE;
    auto out = b.translate({input(1, 5, p), input(2, 6, ignored)});
    ASSERT_EQ(out.size(), 1u) << "a press the hub ignored changed nothing";
    const auto& c = std::get<engine::ClockPressed>(out[0].event.body);
    EXPECT_EQ(c.side, chess::BLACK);
    EXPECT_EQ(c.remaining_ms, 1'754'321);
}

TEST(HubBridge, PaddleThatStartedTheClockIsAReadingWithTheOtherSideRunning) {
    HubBridge b("m1");
    wire::Paddle p{};
    p.paddle = wire::Team::B;
    p.effect = wire::PaddleEffect::STARTED;
    EXPECT_TRUE(b.translate({input(1, 5, p)}).empty()) << "no times known before a heartbeat";
    wire::Heartbeat hb{};
    hb.remaining_a_us = 60'000'000;
    hb.remaining_b_us = 50'000'000;
    hb.clock_state = wire::ClockState::STOPPED;
    ASSERT_TRUE(b.clock_reading(hb, 100, 0));
    auto out = b.translate({input(2, 6, p)});
    ASSERT_EQ(out.size(), 1u);
    const auto& r = std::get<engine::ClockReading>(out[0].event.body);
    EXPECT_EQ(r.running, chess::WHITE);
    EXPECT_EQ(r.white_ms, 60'000);
    EXPECT_EQ(r.black_ms, 50'000);
}

TEST(HubBridge, FlagCrossingAndPauseButton) {
    HubBridge b("m1");
    wire::Flag f{};
    f.side = wire::Team::A;
    wire::Crossing c{};
    c.zone = wire::Team::B;
    c.direction = wire::Direction::OUT;
    wire::PauseButton pb{};
    pb.clock_state = wire::ClockState::PAUSED;
    wire::Beam beam{};
    auto out = b.translate({input(1, 1, f), input(2, 2, beam), input(3, 3, c), input(4, 4, pb)});
    ASSERT_EQ(out.size(), 3u) << "a single beam change is not an engine event";
    EXPECT_EQ(std::get<engine::FlagFell>(out[0].event.body).side, chess::WHITE);
    const auto& x = std::get<engine::BeamCrossed>(out[1].event.body);
    EXPECT_EQ(x.zone, chess::BLACK);
    EXPECT_FALSE(x.inward);
    const auto& a = std::get<engine::ArbiterAction>(out[2].event.body);
    EXPECT_EQ(a.kind, engine::ArbiterActionKind::PAUSE);
    EXPECT_FALSE(a.note.empty()) << "an arbiter action always says why (X-3)";
}

TEST(HubBridge, ClockReadingOnChangesAndAtTheInterval) {
    HubBridge b("m1");
    wire::Heartbeat hb{};
    hb.clock_state = wire::ClockState::RUNNING;
    hb.on_move = wire::Team::A;
    hb.remaining_a_us = 1'000'000;
    EXPECT_TRUE(b.clock_reading(hb, 0, 10'000));
    EXPECT_FALSE(b.clock_reading(hb, 5'000, 10'000));
    EXPECT_TRUE(b.clock_reading(hb, 10'000, 10'000));
    hb.on_move = wire::Team::B;
    auto r = b.clock_reading(hb, 10'001, 10'000);
    ASSERT_TRUE(r);
    EXPECT_EQ(std::get<engine::ClockReading>(r->body).running, chess::BLACK);
}

TEST(HubBridge, CommandsForTheEnginesDeviceCommands) {
    using C = engine::DeviceCommand;
    auto add = HubBridge::commands_for(
        C{"hub", engine::DeviceAction::CLOCK_ADD_TIME, chess::BLACK, 120'000, 0}, {});
    ASSERT_EQ(add.size(), 1u);
    EXPECT_EQ(std::get<wire::ClockAddTime>(add[0]).side, wire::Team::B);
    EXPECT_EQ(std::get<wire::ClockAddTime>(add[0]).delta_us, 120'000'000);

    auto dead = HubBridge::commands_for(
        C{"hub", engine::DeviceAction::CLAIM_DISABLE_BUTTON, chess::WHITE, 0, 3}, {});
    ASSERT_EQ(dead.size(), 1u);
    EXPECT_EQ(std::get<wire::ConfigureButton>(dead[0]).button, 3);
    EXPECT_EQ(std::get<wire::ConfigureButton>(dead[0]).team, wire::Team::NONE);

    EXPECT_TRUE(std::holds_alternative<wire::ReleaseClaim>(HubBridge::commands_for(
        C{"hub", engine::DeviceAction::CLAIM_RELEASE, chess::WHITE, 0, 0}, {})[0]));

    auto set = HubBridge::commands_for(
        C{"hub", engine::DeviceAction::CLOCK_SET_TIME, chess::BLACK, 20'000, 0}, {});
    ASSERT_EQ(set.size(), 1u);
    EXPECT_EQ(std::get<wire::ClockSetTime>(set[0]).side, wire::Team::B);
    EXPECT_EQ(std::get<wire::ClockSetTime>(set[0]).remaining_us, 20'000'000u);

    wire::Heartbeat hb{};
    hb.clock_state = wire::ClockState::STOPPED;
    auto run =
        HubBridge::commands_for(C{"hub", engine::DeviceAction::CLOCK_RUN, chess::WHITE, 0, 0}, hb);
    ASSERT_EQ(run.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<wire::ClockStart>(run[0]));
    hb.clock_state = wire::ClockState::RUNNING;
    hb.on_move = wire::Team::A;
    EXPECT_TRUE(
        HubBridge::commands_for(C{"hub", engine::DeviceAction::CLOCK_RUN, chess::WHITE, 0, 0}, hb)
            .empty());
    hb.on_move = wire::Team::B;
    hb.remaining_a_us = 7;
    hb.remaining_b_us = 9;
    auto back =
        HubBridge::commands_for(C{"hub", engine::DeviceAction::CLOCK_RUN, chess::WHITE, 0, 0}, hb);
    ASSERT_EQ(back.size(), 4u) << "restart on White's side with both times kept";
    EXPECT_TRUE(std::holds_alternative<wire::ClockReset>(back[0]));
    EXPECT_EQ(std::get<wire::ClockSetTime>(back[1]).remaining_us, 7u);
    EXPECT_EQ(std::get<wire::ClockSetTime>(back[2]).remaining_us, 9u);
    EXPECT_EQ(std::get<wire::ClockStart>(back[3]).side, wire::Team::A);

    // A command no device has cannot be made any more (DeviceAction is an enum): a log that
    // names one is refused when it is read, naming it.
    auto bad = engine::parse_decision(
        "device_command", R"({"device":"hub","command":"clock.explode","rule":"X","reason":"x"})");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("clock.explode"), std::string::npos) << bad.error();
}

engine::MatchConfig chessball_config() {
    engine::MatchConfig c;
    c.id = "cb";
    c.game = "chessball";
    c.time.base_ms = 600'000;
    c.time.increment_ms = 5'000;
    c.time.mode = engine::TimeMode::FISCHER;
    const char* files[] = {"abcd", "efgh"};
    for (int i = 0; i < 2; ++i) {
        c.white().players.push_back({"W" + std::to_string(i), "w", i, {i}, files[i]});
        c.black().players.push_back({"B" + std::to_string(i), "b", i, {8 + i}, files[i]});
    }
    return c;
}

TEST(HubBridge, ConfigurationOfAFreshHubForAChessballMatch) {
    engine::VenueState state;
    state.apply({1, std::nullopt, engine::MatchCreated{chessball_config()}});
    const engine::Match& m = *state.match("cb");
    auto cmds = HubBridge::configuration(m);
    int buttons = 0;
    bool period = false, armed_white = false;
    for (const auto& c : cmds) {
        if (auto* b = std::get_if<wire::ConfigureButton>(&c)) {
            ++buttons;
            EXPECT_EQ(b->team, b->button < 8 ? wire::Team::A : wire::Team::B);
        }
        if (auto* p = std::get_if<wire::ClockSetPeriod>(&c)) {
            period = true;
            EXPECT_EQ(p->time_us, 600'000'000u);
            EXPECT_EQ(p->increment_us, 5'000'000u);
            EXPECT_EQ(p->mode, wire::TimingMode::FISCHER);
            EXPECT_EQ(p->sides, 3);
        }
        if (auto* a = std::get_if<wire::ArmTeam>(&c)) armed_white = a->team == wire::Team::A;
        EXPECT_FALSE(std::holds_alternative<wire::ClockStart>(c)) << "a match not started waits";
    }
    EXPECT_EQ(buttons, 4);
    EXPECT_TRUE(period);
    EXPECT_TRUE(armed_white);
}

// The lockout's own releases (the arm following the clock, a paddle) serve games whose players
// claim the move. A game whose buttons are its own (Chess Eleven's Ready and End turn, freed by
// the host after each press) has neither: a clock switched just as a button was pressed would
// free the claim first, and the host's release would be refused as BAD_STATE.
TEST(HubBridge, TheLockoutFollowsTheClockOnlyWhereThePlayersClaimTheMove) {
    auto flags_of = [](const engine::MatchConfig& config) {
        engine::VenueState state;
        state.apply({1, std::nullopt, engine::MatchCreated{config}});
        for (const auto& c : HubBridge::configuration(*state.match(config.id)))
            if (auto* l = std::get_if<wire::ConfigureLockout>(&c)) return int(l->flags);
        return -1;
    };
    EXPECT_EQ(flags_of(chessball_config()), 0x03);  // release on paddle, arm follows the clock
    EXPECT_EQ(flags_of(games::eleven::testing::eleven_config()), 0);
}

// What a game's faces count, under their times on the hub's display: Chess Eleven's half on A
// (White's face) and formation on B, in 8 characters at most; nothing for a game whose faces are
// the sides' times.
TEST(HubBridge, FaceLabelsForTheDisplayAreTheGamesShortLabels) {
    EXPECT_EQ(HubBridge::packed_label("1st half"), 0x666c616820747331ull);
    EXPECT_EQ(HubBridge::packed_label("Half one and more"), HubBridge::packed_label("Half one"));
    EXPECT_EQ(HubBridge::packed_label("\xe9t\xe9"), HubBridge::packed_label("?t?"));
    EXPECT_EQ(HubBridge::packed_label(""), 0u);

    engine::VenueState state;
    state.apply({1, std::nullopt, engine::MatchCreated{chessball_config()}});
    EXPECT_FALSE(HubBridge::face_labels(*state.match("cb")));

    const engine::MatchConfig eleven = games::eleven::testing::eleven_config();
    state.apply({2, std::nullopt, engine::MatchCreated{eleven}});
    const engine::Match& m = *state.match(eleven.id);
    EXPECT_EQ(m.clock_face_label(chess::BLACK), "Formation");
    const auto labels = HubBridge::face_labels(m);
    ASSERT_TRUE(labels);
    EXPECT_EQ(labels->label_a, HubBridge::packed_label("1st half"));
    EXPECT_EQ(labels->label_b, HubBridge::packed_label("Forming"));

    // The default shortening: the first word when the label is longer than 8 characters.
    engine::MatchConfig to_goals = eleven;
    to_goals.id = "e2";
    to_goals.options.set("target_goals", std::int64_t(2));
    state.apply({3, std::nullopt, engine::MatchCreated{to_goals}});
    EXPECT_EQ(state.match("e2")->clock_face_label(chess::WHITE), "Play (to 2 goals)");
    EXPECT_EQ(state.match("e2")->clock_face_short_label(chess::WHITE), "Play");
}

TEST(HubBridge, ConfigurationOfAHubThatRebootedMidGameRestoresTheClock) {
    engine::VenueState state;
    state.apply({1, std::nullopt, engine::MatchCreated{chessball_config()}});
    // A move completed: the match is under way, White's clock read 9:50.
    engine::ClaimPressed p;
    p.match = "cb";
    p.button = 1;
    state.apply({2, 2, p});
    state.apply({3, std::nullopt, engine::MoveSensed{"cb", "b", "e2e4"}});
    state.apply({4, 4, engine::ClockPressed{"cb", chess::WHITE, 590'000}});
    auto cmds = HubBridge::configuration(*state.match("cb"));
    std::vector<std::uint64_t> set;
    const wire::ClockStart* start = nullptr;
    for (const auto& c : cmds) {
        if (auto* s = std::get_if<wire::ClockSetTime>(&c)) set.push_back(s->remaining_us);
        if (auto* s = std::get_if<wire::ClockStart>(&c)) start = s;
    }
    EXPECT_EQ(set, (std::vector<std::uint64_t>{590'000'000, 600'000'000}));
    ASSERT_NE(start, nullptr);
    EXPECT_EQ(start->side, wire::Team::B) << "Black is to move";
}

// A game that keeps other times on the hub's faces (Chess Eleven: the formation's countdown on
// Black's face while White is to kick off): a rebooted hub runs the face the match names, not the
// side to move's.
TEST(HubBridge, ARebootedHubRunsTheFaceTheMatchNames) {
    engine::MatchConfig c;
    c.id = "c11";
    c.game = "eleven";
    c.white().players.push_back({"W", "w", 0, {0}, ""});
    c.black().players.push_back({"B", "b", 0, {8}, ""});
    engine::VenueState state;
    state.apply({1, std::nullopt, engine::MatchCreated{c}});
    state.apply({2, std::nullopt, engine::ClockPressed{"c11", chess::WHITE, std::nullopt}});
    const engine::Match& m = *state.match("c11");
    ASSERT_EQ(m.to_move(), chess::WHITE);
    ASSERT_EQ(m.clock_face_on_move(), chess::BLACK);
    const wire::ClockStart* start = nullptr;
    const auto cmds = HubBridge::configuration(m);
    for (const auto& cmd : cmds)
        if (auto* s = std::get_if<wire::ClockStart>(&cmd)) start = s;
    ASSERT_NE(start, nullptr);
    EXPECT_EQ(start->side, wire::Team::B);
}

}  // namespace
}  // namespace venue::runtime
