// Chess Eleven at the venue: the registry's entry and its [match.eleven] options, the hub's
// button (Ready, then End turn) and clock (the half's and the formation's countdowns), the
// board's role for reading moves, the facts the console and the feed show, and snapshots.
#include <gtest/gtest.h>

#include "../../support/decision_search.h"
#include "config/venue_config.h"
#include "eleven_script.h"
#include "games/eleven/rules/eleven_match.h"
#include "games/eleven/rules/eleven_rules.h"
#include "venue/snapshot.h"
#include "venue/venue_state.h"

namespace venue::games::eleven {
namespace {

using namespace chess;
using engine::Decision;
using engine::DeviceAction;
using engine::testing::find;

using testing::news;
using testing::OPEN_E_FILE;

engine::MatchConfig config() {
    return testing::eleven_config();
}

std::vector<const engine::DeviceCommand*> commands(const std::vector<Decision>& d) {
    std::vector<const engine::DeviceCommand*> out;
    for (const Decision& x : d)
        if (auto* c = std::get_if<engine::DeviceCommand>(&x.body)) out.push_back(c);
    return out;
}

struct Hall : testing::ElevenScript {
    explicit Hall(engine::MatchConfig c = config()) : ElevenScript(std::move(c)) {}
    // The arbiter starts the match with the clock, both set OPEN_E_FILE and press Ready.
    void kick_off() {
        send(engine::ClockPressed{"e1", WHITE, std::nullopt});
        input(WHITE, "substitute", {{"piece", "q"}});
        input(BLACK, "substitute", {{"piece", "q"}});
        send(engine::BoardSnapshot{"e1", "b1", OPEN_E_FILE});
        press(0);
        press(8, engine::ClaimVerdict::OUT_OF_TURN);
    }
};

TEST(C11_KIT_1, TheRegistryOffersChessElevenForOnePlayerASide) {
    const engine::GameRules* game = engine::find_game("eleven");
    ASSERT_NE(game, nullptr);
    EXPECT_EQ(game->display_name, "Chess Eleven");
    EXPECT_EQ(game->sides.max_players, 1);
    auto m = engine::make_match(config());
    ASSERT_NE(m, nullptr);
    EXPECT_NE(dynamic_cast<ElevenMatch*>(m.get()), nullptr);

    engine::MatchConfig two = config();
    two.white().players.push_back({"w2", "Walter", 0, {}, ""});
    const auto why = engine::validate_match(two);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("1"), std::string::npos) << *why;

    engine::MatchConfig buttons = config();
    buttons.white().players[0].buttons = {0, 1};
    ASSERT_TRUE(engine::validate_match(buttons));
    EXPECT_NE(engine::validate_match(buttons)->find("one hub button"), std::string::npos);
}

TEST(C11_A10, TheOptionsRoundTripThroughTheConfigAndAShotNeedsGoalOrCorner) {
    ElevenRules r;
    r.king_square = KingSquare::E_FILE;
    r.pass_blockers = Blockers::OPPONENTS_ONLY;
    r.shot_weights = {3, 1, 2, 4};
    r.stalemate = StalemateRule::DRAW_GAME;
    r.second_half_kickoff = SecondHalfKickOff::LAST_CONCEDER;
    r.target_goals = 3;
    r.formation_ms = 30'000;
    r.formation_timeout = FormationTimeout::PENALTY_GOAL;
    r.centre.assign(1, chess::SQ_C3);
    r.centre.push_back(chess::SQ_F6);
    r.possession_on_capture = PossessionOnCapture::CARRIER_ONLY;
    r.corner_mode = CornerMode::NEAREST_ATTACKER_GETS_BALL;
    r.in_check = InCheck::LOSES_POSSESSION;
    r.sub_eligibility = SubEligibility::CONCEDING_TEAM;
    r.king_confined_to_goal = true;
    r.castling = true;
    r.en_passant = false;
    r.promotion = false;
    engine::MatchConfig c = config();
    r.write_to(c);
    const ElevenRules back = ElevenRules::of(c);
    EXPECT_EQ(back.formation_timeout, FormationTimeout::PENALTY_GOAL);
    EXPECT_EQ(back.centre, r.centre);
    EXPECT_EQ(back.possession_on_capture, PossessionOnCapture::CARRIER_ONLY);
    EXPECT_EQ(back.corner_mode, CornerMode::NEAREST_ATTACKER_GETS_BALL);
    EXPECT_EQ(back.in_check, InCheck::LOSES_POSSESSION);
    EXPECT_EQ(back.sub_eligibility, SubEligibility::CONCEDING_TEAM);
    EXPECT_TRUE(back.king_confined_to_goal && back.castling);
    EXPECT_FALSE(back.en_passant || back.promotion);
    EXPECT_EQ(back.king_square, KingSquare::E_FILE);
    EXPECT_EQ(back.pass_blockers, Blockers::OPPONENTS_ONLY);
    EXPECT_EQ(back.shot_weights.corner, 4);
    EXPECT_EQ(back.stalemate, StalemateRule::DRAW_GAME);
    EXPECT_EQ(back.second_half_kickoff, SecondHalfKickOff::LAST_CONCEDER);
    EXPECT_EQ(back.target_goals, 3);
    EXPECT_EQ(back.formation_ms, 30'000);
    // Every option's default is valid and the config validates.
    EXPECT_FALSE(engine::validate_match(c)) << *engine::validate_match(c);
    r.shot_weights = {0, 1, 1, 0};
    r.write_to(c);
    ASSERT_TRUE(engine::validate_match(c));
    EXPECT_NE(engine::validate_match(c)->find("C11-A10"), std::string::npos);
    // A centre square that is no square is refused with its clause (C11-A5).
    r.shot_weights = {};
    r.write_to(c);
    c.options.set("centre_squares", std::vector<std::string>{"d4", "z9"});
    ASSERT_TRUE(engine::validate_match(c));
    EXPECT_NE(engine::validate_match(c)->find("C11-A5"), std::string::npos);
}

TEST(C11_OBJ_1, TheExampleVenueFileLoadsWithEveryKey) {
    auto c = config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/eleven.toml");
    ASSERT_TRUE(c) << c.error().to_string();
    const engine::MatchConfig& m = c->matches.at(0);
    EXPECT_EQ(m.game, "eleven");
    EXPECT_EQ(m.white().players.at(0).buttons, std::vector<int>{0});
    const ElevenRules r = ElevenRules::of(m);
    EXPECT_EQ(r.half_ms, 300'000);
    EXPECT_EQ(r.formation_ms, 20'000);
    EXPECT_EQ(r.target_goals, 0);
}

TEST(C11_FORM_8, APlayersHubButtonIsReadyInTheFormationAndEndTurnInPlay) {
    Hall h;
    h.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    h.input(WHITE, "substitute", {{"piece", "q"}});
    h.send(engine::BoardSnapshot{"e1", "b1", OPEN_E_FILE});
    auto d = h.press(0);
    ASSERT_NE(news(d, "ready"), nullptr);
    // The press held the hub's claim: released at once, so both players' buttons stay live.
    ASSERT_FALSE(commands(d).empty());
    EXPECT_EQ(commands(d).front()->command, DeviceAction::CLAIM_RELEASE);
    // A button that is no player's is ignored with its number.
    d = h.press(5, engine::ClaimVerdict::OUT_OF_TURN);
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_NE(d.back().reason.find("button 5"), std::string::npos);
    h.input(BLACK, "substitute", {{"piece", "q"}});
    d = h.press(8, engine::ClaimVerdict::OUT_OF_TURN);
    ASSERT_NE(news(d, "kick_off"), nullptr);
    EXPECT_EQ(h.match.stage(), Stage::PLAY);
    // In play, the same button ends the turn once something was done.
    h.send(engine::MoveSensed{"e1", "b1", "e3e4"});
    d = h.press(0);
    ASSERT_NE(news(d, "turn"), nullptr);
    EXPECT_EQ(h.match.to_move(), BLACK);
}

TEST(C11_A17, TheHubsFacesKeepTheFormationsAndTheHalfsCountdowns) {
    Hall h;
    EXPECT_EQ(h.match.phase(), engine::MatchPhase::WAITING);
    // The arbiter's press starts the first formation's 20 s on Black's face, the half ready on
    // White's.
    auto d = h.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    EXPECT_EQ(h.match.phase(), engine::MatchPhase::PLAYING);
    auto c = commands(d);
    ASSERT_EQ(c.size(), 3u);
    EXPECT_EQ(c[0]->command, DeviceAction::CLOCK_RUN);
    EXPECT_EQ(c[0]->side, BLACK);
    EXPECT_EQ(c[1]->command, DeviceAction::CLOCK_SET_TIME);
    EXPECT_EQ(c[1]->amount_ms, 20'000);
    EXPECT_EQ(c[2]->side, WHITE);
    EXPECT_EQ(c[2]->amount_ms, 300'000);
    EXPECT_EQ(h.match.clock_face_on_move(), BLACK);
    EXPECT_EQ(h.match.clock_face_label(BLACK), "Formation");
    EXPECT_EQ(h.match.clock_face_label(WHITE), "1st half");

    // Black's face at zero: the formations are played (C11-A4), the half's countdown runs.
    h.input(WHITE, "substitute", {{"piece", "q"}});
    h.input(BLACK, "substitute", {{"piece", "q"}});
    h.send(engine::BoardSnapshot{"e1", "b1", OPEN_E_FILE});
    d = h.send(engine::FlagFell{"e1", BLACK});
    ASSERT_NE(news(d, "kick_off"), nullptr);
    c = commands(d);
    ASSERT_FALSE(c.empty());
    EXPECT_EQ(c.back()->command, DeviceAction::CLOCK_RUN);
    EXPECT_EQ(c.back()->side, WHITE);
    EXPECT_EQ(h.match.clock_face_on_move(), WHITE);

    // A paddle that starts the stopped hub clock reaches the engine as a running reading: that
    // starts the match too.
    Hall started;
    engine::ClockReading reading{"e1", 300'000, 300'000, BLACK};
    d = started.send(reading);
    EXPECT_EQ(started.match.phase(), engine::MatchPhase::PLAYING);
    ASSERT_EQ(commands(d).size(), 2u);  // Black's face runs already: its time is set
    EXPECT_EQ(commands(d)[0]->command, DeviceAction::CLOCK_SET_TIME);

    // A paddle pressed in play switches the hub: the match runs the half's face again.
    d = h.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    ASSERT_EQ(commands(d).size(), 1u);
    EXPECT_EQ(commands(d)[0]->side, WHITE);
}

// The hub clock commands of the decisions, in words: "run W", "set B 20000", "add W 2000".
std::string clock_words(const std::vector<Decision>& d) {
    std::string out;
    for (const auto* c : commands(d)) {
        const char* side = c->side == WHITE ? "W" : "B";
        std::string w;
        if (c->command == DeviceAction::CLOCK_RUN) w = std::string("run ") + side;
        if (c->command == DeviceAction::CLOCK_SET_TIME)
            w = std::string("set ") + side + " " + std::to_string(c->amount_ms);
        if (c->command == DeviceAction::CLOCK_ADD_TIME)
            w = std::string("add ") + side + " " + std::to_string(c->amount_ms);
        if (!w.empty()) out += (out.empty() ? "" : ", ") + w;
    }
    return out;
}

// C11-A17 chess_clock_per_player: each player's own time on his face, running in his turns
// only (with his increment when his turn ends); Black's face counts the formation and shows his
// time again at the kick-off; one period (no half time); a flag loses.
TEST(C11_A17, ChessClocksPerPlayerRunInTheirOwnTurnsAndAFlagLoses) {
    engine::MatchConfig c = config();
    c.options.set("clock", std::string("chess_clock_per_player"));
    c.options.set("player_ms", std::int64_t(240'000));
    c.options.set("player_increment_ms", std::int64_t(2'000));
    ASSERT_FALSE(engine::validate_match(c));
    Hall h(c);
    auto d = h.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    EXPECT_EQ(clock_words(d), "run B, set B 20000, set W 240000");
    EXPECT_EQ(h.match.clock_face_label(BLACK), "Formation");
    EXPECT_EQ(h.match.clock_face_label(WHITE), "White");
    EXPECT_EQ(h.match.clock_face_on_move(), BLACK);

    h.input(WHITE, "substitute", {{"piece", "q"}});
    h.input(BLACK, "substitute", {{"piece", "q"}});
    h.send(engine::BoardSnapshot{"e1", "b1", OPEN_E_FILE});
    h.press(0);
    d = h.press(8, engine::ClaimVerdict::OUT_OF_TURN);
    ASSERT_NE(news(d, "kick_off"), nullptr);
    EXPECT_EQ(clock_words(d), "run W, set B 240000");
    EXPECT_EQ(h.match.clock_face_on_move(), WHITE);
    EXPECT_EQ(h.match.clock_face_label(BLACK), "Black");

    // White wins the ball and ends his turn: his increment, then Black's clock runs.
    h.move("e3e4");
    d = h.press(0);
    ASSERT_NE(news(d, "turn"), nullptr);
    EXPECT_EQ(clock_words(d), "add W 2000, run B");
    EXPECT_EQ(h.match.clock_face_on_move(), BLACK);
    // A paddle in play: the clock follows the turn, not the paddle.
    d = h.send(engine::ClockPressed{"e1", BLACK, std::nullopt});
    EXPECT_EQ(clock_words(d), "run B");

    // One period: no half time.
    d = h.input(WHITE, "half_time");
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-A17");
    // Black's time runs out: White wins, whatever the goals.
    d = h.send(engine::FlagFell{"e1", BLACK});
    ASSERT_NE(find<engine::GameEnded>(d), nullptr);
    EXPECT_EQ(h.match.result(), "1-0");

    // C11-A19's golden goal and extra time follow full time, which this match has not.
    c.options.set("tie", std::string("golden_goal"));
    const auto why = engine::validate_match(c);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("C11-A19"), std::string::npos) << *why;
}

// After a goal, Black's face counts the formation again: his time, as the hub last reported it,
// comes back at the kick-off.
TEST(C11_A17, PerPlayerBlacksTimeIsKeptThroughAFormationAfterAGoal) {
    engine::MatchConfig c = config();
    c.options.set("clock", std::string("chess_clock_per_player"));
    c.options.set("goal_weight", std::int64_t(1));
    c.options.set("save_weight", std::int64_t(0));
    c.options.set("block_weight", std::int64_t(0));
    c.options.set("corner_weight", std::int64_t(0));
    Hall h(c);
    h.kick_off();
    h.move("e3e4");
    // The hub's heartbeat: White's clock running, Black's at 4:10.3.
    h.send(engine::ClockReading{"e1", 280'000, 250'300, WHITE});
    auto d = h.input(WHITE, "shot", {{"target", "e8"}});
    ASSERT_EQ(h.match.goals(WHITE), 1);
    ASSERT_EQ(h.match.stage(), Stage::FORMATION);
    EXPECT_EQ(clock_words(d), "run B, set B 20000");
    // Formations again; Black kicks off on his own time.
    d = h.send(engine::FlagFell{"e1", BLACK});
    ASSERT_NE(news(d, "kick_off"), nullptr);
    EXPECT_EQ(h.match.to_move(), BLACK);
    EXPECT_EQ(clock_words(d), "run B, set B 250300");
    EXPECT_EQ(h.match.clock_face_on_move(), BLACK);
}

std::string fact(const ElevenMatch& m, const std::string& name) {
    for (const auto& [key, value] : m.facts())
        if (key == name) return value;
    return "";
}

// C11-A17's move_limit: the hub's readings time each turn; pauses do not count; the turn that
// takes longer than the limit loses the match.
TEST(C11_A17, AMoveLimitTimesEachTurnOnTheHubsClockAndTheTurnThatOverstepsItLoses) {
    EXPECT_EQ(Hall().match.clock_readings_every_ms(), 0);  // no limit: the host's own pace
    engine::MatchConfig c = config();
    c.options.set("move_limit_ms", std::int64_t(10'000));
    ASSERT_FALSE(engine::validate_match(c));
    Hall h(c);
    EXPECT_EQ(h.match.clock_readings_every_ms(), 500);
    // The formation phase is not timed.
    h.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    auto reading = [&](std::int64_t hub_us) {
        return h.send(engine::ClockReading{"e1", 280'000, 20'000, WHITE}, hub_us);
    };
    reading(1'000'000);
    reading(40'000'000);
    h.input(WHITE, "substitute", {{"piece", "q"}});
    h.input(BLACK, "substitute", {{"piece", "q"}});
    h.send(engine::BoardSnapshot{"e1", "b1", OPEN_E_FILE});
    h.press(0);
    h.press(8, engine::ClaimVerdict::OUT_OF_TURN);
    ASSERT_EQ(h.match.stage(), Stage::PLAY);
    // White's kick-off turn, begun by a press the test sends without the hub's time: it is
    // timed from the next reading.
    reading(41'000'000);
    reading(50'000'000);
    EXPECT_EQ(fact(h.match, "Move limit"), "9 s of 10 s used");
    EXPECT_EQ(h.match.phase(), engine::MatchPhase::PLAYING);
    // White moves and ends his turn with his button at 50.2 s on the hub: Black's turn is
    // timed from the press.
    h.move("e3e4");
    engine::ClaimPressed end_turn;
    end_turn.match = "e1";
    end_turn.button = 0;
    ASSERT_NE(news(h.send(end_turn, 50'200'000), "turn"), nullptr);
    reading(50'500'000);
    EXPECT_EQ(fact(h.match, "Move limit"), "0 s of 10 s used");
    // The arbiter's pause is not counted; nor a reading from a hub that restarted.
    engine::ArbiterAction pause;
    pause.match = "e1";
    pause.kind = engine::ArbiterActionKind::PAUSE;
    pause.note = "a player unwell";
    h.send(pause);
    EXPECT_EQ(h.match.phase(), engine::MatchPhase::PAUSED);
    reading(80'000'000);
    EXPECT_EQ(fact(h.match, "Move limit"), "0 s of 10 s used");
    engine::ArbiterAction resume = pause;
    resume.kind = engine::ArbiterActionKind::RESUME;
    h.send(resume);
    reading(81'000'000);
    reading(85'000'000);  // 4.3 s
    reading(2'000'000);   // the hub restarted: its time begins again
    reading(7'600'000);   // 9.9 s
    EXPECT_EQ(h.match.phase(), engine::MatchPhase::PLAYING);
    EXPECT_EQ(fact(h.match, "Move limit"), "9 s of 10 s used");
    // Black's turn passes 10 s: White wins, whatever the goals.
    const auto d = reading(7'800'000);
    const auto ended = std::find_if(d.begin(), d.end(), [](const Decision& x) {
        return std::holds_alternative<engine::GameEnded>(x.body);
    });
    ASSERT_NE(ended, d.end());
    EXPECT_EQ(h.match.result(), "1-0");
    EXPECT_EQ(ended->rule, "C11-A17");
    EXPECT_NE(ended->reason.find("Black's turn took longer than the move limit of 10 s"),
              std::string::npos)
        << ended->reason;
}

TEST(C11_TIME_1, WhitesFaceAtZeroIsHalfTimeThenFullTime) {
    Hall h;
    h.kick_off();
    ASSERT_EQ(h.match.stage(), Stage::PLAY);
    auto d = h.send(engine::FlagFell{"e1", WHITE});
    ASSERT_NE(news(d, "half_over"), nullptr);
    ASSERT_NE(news(d, "restart"), nullptr);
    EXPECT_EQ(h.match.half(), 2);
    EXPECT_EQ(h.match.clock_face_label(WHITE), "2nd half");
    // The second half's countdown is set on White's face; the formation's runs.
    bool set = false;
    for (const auto* c : commands(d))
        set = set || (c->command == DeviceAction::CLOCK_SET_TIME && c->side == WHITE &&
                      c->amount_ms == 300'000);
    EXPECT_TRUE(set);
    // Black kicks off the second half (C11-A18); its flag at the end is full time.
    h.press(8);
    h.press(0);
    ASSERT_EQ(h.match.stage(), Stage::PLAY);
    EXPECT_EQ(h.match.to_move(), BLACK);
    d = h.send(engine::FlagFell{"e1", WHITE});
    ASSERT_NE(find<engine::GameEnded>(d), nullptr);
    EXPECT_EQ(h.match.result(), "1/2-1/2");
}

TEST(C11_OBJ_1, AMatchToAGoalTargetIgnoresTheHalfsFlag) {
    engine::MatchConfig c = config();
    c.options.set("target_goals", std::int64_t(2));
    Hall h(c);
    h.kick_off();
    auto d = h.send(engine::FlagFell{"e1", WHITE});
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(d.back().rule, "C11-OBJ-1");
    EXPECT_EQ(h.match.phase(), engine::MatchPhase::PLAYING);
}

TEST(C11_KIT_1, TheBoardIsReadAsTheFieldInPlayAndAsFormationsBefore) {
    Hall h;
    EXPECT_EQ(h.match.board_role("b1").game, nullptr);
    h.kick_off();
    const engine::BoardRole role = h.match.board_role("b1");
    ASSERT_NE(role.game, nullptr);
    EXPECT_EQ(role.game->position().fen(), h.match.field().fen());
    EXPECT_FALSE(role.restore_required);
    // A refused move asks for the field back, until the board shows it.
    auto d = h.send(engine::MoveSensed{"e1", "b1", "e3h3"});
    ASSERT_NE(find<engine::RestoreRequired>(d), nullptr);
    EXPECT_TRUE(h.match.board_role("b1").restore_required);
    d = h.send(engine::BoardRestored{"e1", "b1"});
    ASSERT_NE(news(d, "board_restored"), nullptr);
    EXPECT_FALSE(h.match.board_role("b1").restore_required);
}

TEST(C11_A4, AFormationReplacedByTheDefaultMustBeSetOnTheBoard) {
    Hall h;
    h.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    h.input(BLACK, "substitute", {{"piece", "q"}});
    h.send(engine::BoardSnapshot{"e1", "b1", "rnbk1bnr/pppp4/8/8/8/8/8/3K4"});
    auto d = h.send(engine::FlagFell{"e1", BLACK});
    ASSERT_NE(news(d, "formation_default"), nullptr);
    ASSERT_NE(find<engine::RestoreRequired>(d), nullptr);
    EXPECT_TRUE(h.match.board_role("b1").restore_required);
}

TEST(C11_PASS_1, ThePlayerPassesAtTheBoardByTappingTheCarrierTwiceThenTheReceiver) {
    Hall h;
    h.kick_off();
    h.send(engine::MoveSensed{"e1", "b1", "e3e4"});  // the rook wins the ball on e4
    EXPECT_EQ(news(h.tap(SQ_E4), "ball_in_hand"), nullptr);
    auto d = h.tap(SQ_E4);
    ASSERT_NE(news(d, "ball_in_hand"), nullptr);
    d = h.tap(SQ_E2);
    const auto* passed = news(d, "ball_passed");
    ASSERT_NE(passed, nullptr);
    EXPECT_EQ(passed->facts.at("to"), "e2");
    EXPECT_EQ(h.match.ball().square, SQ_E2);
    // A move between the taps drops the gesture: lift on one square, set down on another.
    h.tap(SQ_E2);
    h.send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, SQ_G1});
    h.send(engine::BoardFieldUpdate{"e1", "b1", 0, 2, SQ_H3});
    EXPECT_EQ(news(h.tap(SQ_E2), "ball_in_hand"), nullptr);
}

TEST(C11_SHOOT_1, ThePlayerShootsAtTheBoardByTappingTheCarrierAThirdTime) {
    Hall h;
    h.kick_off();
    h.send(engine::MoveSensed{"e1", "b1", "e3e4"});
    h.tap(SQ_E4);
    h.tap(SQ_E4);
    // e8 is the empty goal square and the e-file is clear: the shot aims there; Black's king
    // on d8 may save it, so the outcome is drawn from the seed (C11-SHOOT-3).
    auto d = h.tap(SQ_E4);
    const auto* shot = news(d, "shot");
    ASSERT_NE(shot, nullptr);
    EXPECT_EQ(shot->facts.at("target"), "e8");
    // Tapping the piece on a goal square names that square instead.
    Hall g;
    g.kick_off();
    g.send(engine::MoveSensed{"e1", "b1", "e3e4"});
    g.tap(SQ_E4);
    g.tap(SQ_E4);
    d = g.tap(SQ_D8);
    // The rook cannot reach d8 along its lines: refused with the shot's clause.
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_EQ(news(d, "shot"), nullptr);
}

TEST(C11_TURN_1, TheSideWithoutTheBallCannotPutItInHand) {
    Hall h;
    h.kick_off();
    h.send(engine::MoveSensed{"e1", "b1", "e3e4"});
    h.press(0);  // White ends its turn; Black has one move and no ball
    h.tap(SQ_D7);
    auto d = h.tap(SQ_D7);
    EXPECT_EQ(news(d, "ball_in_hand"), nullptr);
    EXPECT_TRUE(d.empty());
}

TEST(C11_BALL_1, TheFactsSayWhereTheBallIsAndWhoHasIt) {
    Hall h;
    h.kick_off();
    h.send(engine::MoveSensed{"e1", "b1", "e3e4"});
    const auto facts = h.match.facts();
    auto value = [&](const std::string& name) {
        for (const auto& [n, v] : facts)
            if (n == name) return v;
        return std::string("?");
    };
    EXPECT_EQ(value("Ball"), "e4, White's rook");
    EXPECT_EQ(value("Possession"), "White");
    EXPECT_EQ(value("Goals"), "0-0");
    EXPECT_EQ(value("Half"), "1st");
}

// A snapshot taken at any point restores to the same state as the fold of every event.
TEST(C11_KIT_1, ASnapshotRestoresTheSameMatchAtEveryStep) {
    engine::VenueState state;
    std::vector<engine::EventBody> events = {
        engine::MatchCreated{config()},
        engine::ClockPressed{"e1", WHITE, std::nullopt},
        engine::GameInput{"e1", "seed", 0, "", {{"value", "7"}}, "", ""},
        engine::GameInput{"e1", "substitute", 0, "", {{"piece", "q"}}, "", ""},
        engine::GameInput{"e1", "substitute", 1, "", {{"piece", "q"}}, "", ""},
        engine::BoardSnapshot{"e1", "b1", OPEN_E_FILE},
        engine::GameInput{"e1", "ready", 0, "", {}, "", ""},
        engine::GameInput{"e1", "ready", 1, "", {}, "", ""},
        engine::MoveSensed{"e1", "b1", "e3e4"},
        engine::GameInput{"e1", "pass", 0, "", {{"from", "e4"}, {"to", "e2"}}, "", ""},
        engine::GameInput{"e1", "end_turn", 0, "", {}, "", ""},
        engine::MoveSensed{"e1", "b1", "g8f6"},
        engine::FlagFell{"e1", WHITE},
    };
    for (const engine::EventBody& body : events) {
        state.apply({0, std::nullopt, body});
        auto restored = engine::restore_state(engine::snapshot_state(state));
        ASSERT_TRUE(restored) << restored.error();
        EXPECT_EQ(restored->canonical(), state.canonical());
        EXPECT_EQ(restored->match("e1")->facts(), state.match("e1")->facts());
    }
}

TEST(C11_A13, ASideThatGivesCheckMayStillEndItsTurnPassOrShoot) {
    Hall h;
    h.send(engine::ClockPressed{"e1", WHITE, std::nullopt});
    // White's knights on b1 and e2: the one on e2 kicks off to d4 and later checks from e6.
    h.send(engine::BoardSnapshot{"e1", "b1", "rnbk1bnr/pppp4/8/8/8/8/2PPNPP1/RNBK1B1R"});
    h.press(0);
    h.press(8);
    ASSERT_EQ(h.match.stage(), Stage::PLAY);
    h.send(engine::MoveSensed{"e1", "b1", "e2d4"});
    h.press(0);                                      // White ends its turn
    h.send(engine::MoveSensed{"e1", "b1", "a7a6"});  // Black's one move
    h.send(engine::MoveSensed{"e1", "b1", "d4e6"});  // the carrier checks the king on d8
    ASSERT_TRUE(h.match.field().in_check());
    auto d = h.press(0);
    ASSERT_NE(news(d, "turn"), nullptr) << (d.empty() ? "" : d.back().reason);
    EXPECT_EQ(h.match.to_move(), BLACK);
}

TEST(C11_RESTART_1, TheFormationAfterARestartIsJudgedFromTheBoardAsItIs) {
    Hall h;
    h.kick_off();
    h.send(engine::MoveSensed{"e1", "b1", "e3e4"});
    // The board as read after the move: the rook stands on e4, off White's first three ranks.
    h.send(engine::BoardSnapshot{"e1", "b1", "rnbk1bnr/pppp4/8/8/4R3/8/2PPPP2/RNBK1BN1"});
    h.input(WHITE, "half_time");
    ASSERT_EQ(h.match.stage(), Stage::FORMATION);
    auto d = h.press(0);
    ASSERT_NE(find<engine::EventIgnored>(d), nullptr);
    EXPECT_FALSE(h.match.ready(WHITE));
    EXPECT_NE(d.back().reason.find("cannot be Ready"), std::string::npos) << d.back().reason;
}

}  // namespace
}  // namespace venue::games::eleven
