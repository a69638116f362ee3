// The base Match is what every game shares; chess is one kind of board state (ChessMatch). A
// game played on something else derives from Match alone and gets the clocks, the zones, the
// arbiter's pause, time and result, the ending, the canonical form and an empty chess record,
// with every chess event ignored with its reason rather than misread.
#include <gtest/gtest.h>

#include "../../support/decision_search.h"
#include "../../support/turns_match.h"
#include "venue/event_json.h"
#include "venue/pgn_export.h"

namespace venue::engine {
namespace {

using testing::count;
using testing::find;
using testing::turns_config;
using testing::TurnsMatch;

struct Played {
    TurnsMatch match{turns_config()};
    std::vector<Decision> send(EventBody body) {
        std::vector<Decision> out;
        match.apply(Event{0, std::nullopt, std::move(body)}, out);
        return out;
    }
};

ArbiterAction action(ArbiterActionKind kind, std::string note = "arbiter's note") {
    ArbiterAction a;
    a.match = "t1";
    a.kind = kind;
    a.note = std::move(note);
    return a;
}

TEST(BoardState, AGameWithoutAChessPositionHasNoChessState) {
    Played p;
    EXPECT_EQ(p.match.chess(), nullptr);
    EXPECT_TRUE(p.match.games().empty());
    EXPECT_TRUE(p.match.record().empty());
    EXPECT_FALSE(to_pgn(p.match).has_value());
    EXPECT_EQ(p.match.board_role("any").game, nullptr);
    EXPECT_EQ(p.match.canonical().find("fen"), std::string::npos) << p.match.canonical();
    EXPECT_NE(p.match.canonical().find("turn 0 passes 0 0"), std::string::npos);
}

TEST(BoardState, TheSharedEventsFoldAsForEveryGame) {
    Played p;
    p.send(ClockReading{"t1", 50'000, 40'000, chess::BLACK});
    EXPECT_EQ(p.match.clock().white_ms, 50'000);
    EXPECT_EQ(p.match.clock().black_ms, 40'000);
    p.send(BeamCrossed{"t1", chess::WHITE, true});
    EXPECT_EQ(p.match.zone_occupancy(chess::WHITE), 1);

    auto d = p.send(action(ArbiterActionKind::PAUSE));
    EXPECT_EQ(p.match.phase(), MatchPhase::PAUSED);
    d = p.send(action(ArbiterActionKind::RESUME));
    EXPECT_EQ(p.match.phase(), MatchPhase::PLAYING);
    auto add = action(ArbiterActionKind::ADD_TIME);
    add.side = chess::BLACK;
    add.amount_ms = 30'000;
    d = p.send(add);
    ASSERT_NE(find<TimeAdded>(d), nullptr);
    EXPECT_EQ(p.match.clock().black_ms, 70'000);
}

TEST(BoardState, ChessEventsAreIgnoredWithTheirReason) {
    Played p;
    const Decision* why = nullptr;
    auto d = p.send(MoveSensed{"t1", "b", "e2e4"});
    ASSERT_NE(find<EventIgnored>(d, &why), nullptr);
    EXPECT_EQ(why->rule, "X-1");
    EXPECT_NE(why->reason.find("turns reads no chess moves"), std::string::npos) << why->reason;

    d = p.send(DrawClaimed{"t1", chess::WHITE, DrawClaimKind::THREEFOLD, ""});
    ASSERT_NE(find<EventIgnored>(d, &why), nullptr);
    EXPECT_NE(why->reason.find("no draw by claim"), std::string::npos) << why->reason;

    auto restore = action(ArbiterActionKind::RESTORE_POSITION);
    d = p.send(restore);
    ASSERT_NE(find<EventIgnored>(d, &why), nullptr);
    EXPECT_NE(why->reason.find("'restore_position'"), std::string::npos) << why->reason;
    EXPECT_EQ(p.match.phase(), MatchPhase::WAITING) << "nothing was played";
}

TEST(BoardState, TheGamesOwnRulesDecideAndTheBaseEndsTheGame) {
    Played p;
    for (int i = 0; i < 4; ++i) p.send(ClockPressed{"t1", p.match.to_move(), std::nullopt});
    EXPECT_EQ(p.match.passes(chess::WHITE), 2);
    auto d = p.send(ClockPressed{"t1", chess::WHITE, std::nullopt});
    const Decision* why = nullptr;
    ASSERT_NE(find<GameEnded>(d, &why), nullptr);
    EXPECT_EQ(why->rule, "T-2");
    EXPECT_EQ(p.match.result(), "1-0");
    EXPECT_EQ(count<ScoreChanged>(d), 1);
    d = p.send(ClockPressed{"t1", chess::BLACK, std::nullopt});
    ASSERT_NE(find<EventIgnored>(d, &why), nullptr);
    EXPECT_EQ(why->rule, "FIDE-5") << "later input is ignored once the game is over";
}

TEST(BoardState, AFlagLosesInTheBase) {
    Played p;
    const Decision* why = nullptr;
    auto d = p.send(FlagFell{"t1", chess::BLACK});
    ASSERT_NE(find<GameEnded>(d, &why), nullptr);
    EXPECT_EQ(why->rule, "FIDE-6.9");
    EXPECT_EQ(p.match.result(), "1-0");
    EXPECT_EQ(p.match.clock().black_ms, 0);
    std::string broken;
    EXPECT_TRUE(p.match.is_ok(&broken)) << broken;
}

// A game's own inputs and news: the core carries them (JSON in the log, both ways), the game that
// knows the kind decides, and any other kind is ignored with the reason.
TEST(BoardState, AGamesOwnInputIsLoggedAndDecidedByTheGame) {
    GameInput concede{"t1", "concede", chess::BLACK, "b1", {{"why", "lost the ball"}}, "", ""};
    auto body = parse_event("game_input", event_payload(concede));
    ASSERT_TRUE(body.has_value()) << body.error();
    const GameInput& back = std::get<GameInput>(*body);
    EXPECT_EQ(back.kind, "concede");
    EXPECT_EQ(back.side, chess::BLACK);
    EXPECT_EQ(back.args.at("why"), "lost the ball");
    EXPECT_EQ(std::string(source_name(concede)), "player");

    Played p;
    const Decision* why = nullptr;
    auto d = p.send(GameInput{"t1", "shoot", chess::WHITE, "", {}, "", ""});
    ASSERT_NE(find<EventIgnored>(d, &why), nullptr);
    EXPECT_NE(why->reason.find("'shoot': turns has no such input"), std::string::npos)
        << why->reason;

    d = p.send(back);
    const GameNews* news = find<GameNews>(d, &why);
    ASSERT_NE(news, nullptr);
    EXPECT_EQ(news->kind, "conceded");
    EXPECT_EQ(why->rule, "T-3");
    EXPECT_EQ(p.match.result(), "1-0");
    const std::string payload = decision_payload(d.front());
    auto news_back = parse_decision("game_news", payload);
    ASSERT_TRUE(news_back.has_value()) << news_back.error();
    EXPECT_EQ(std::get<GameNews>(news_back->body).facts.at("side"), "black");
}

}  // namespace
}  // namespace venue::engine
