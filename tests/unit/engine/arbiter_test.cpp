// Arbiter actions (catalogue X-3): every one needs a note, none edits history.
#include "../../support/replay_check.h"
#include "script.h"
#include "venue/pgn_export.h"

namespace venue::engine {
namespace {

using testing::find;
using testing::Script;

ArbiterAction action(ArbiterActionKind kind, std::string note = "seen by the arbiter") {
    ArbiterAction a;
    a.match = "m1";
    a.kind = kind;
    a.arbiter = "chief";
    a.note = std::move(note);
    return a;
}

TEST(X_3, AnActionWithoutANoteIsRefused) {
    Script s;
    auto d = s.send(action(ArbiterActionKind::PAUSE, ""));
    ASSERT_TRUE(find<EventIgnored>(d));
    EXPECT_EQ(s.match().phase(), MatchPhase::WAITING);
}

TEST(X_3, PauseAndResumeCommandTheHubClock) {
    Script s;
    s.move("e2e4");
    auto p = s.send(action(ArbiterActionKind::PAUSE));
    ASSERT_TRUE(find<DeviceCommand>(p));
    EXPECT_EQ(find<DeviceCommand>(p)->command, DeviceAction::CLOCK_PAUSE);
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
    s.send(MoveSensed{"m1", "b", "e7e5"});
    auto blocked = s.send(ClockPressed{"m1", chess::BLACK, std::nullopt});
    ASSERT_TRUE(find<EventIgnored>(blocked));
    auto r = s.send(action(ArbiterActionKind::RESUME));
    EXPECT_EQ(find<DeviceCommand>(r)->command, DeviceAction::CLOCK_RESUME);
    EXPECT_EQ(s.match().phase(), MatchPhase::PLAYING);
}

TEST(X_3, AddTimeToEitherSide) {
    Script s;
    auto a = action(ArbiterActionKind::ADD_TIME);
    a.side = chess::BLACK;
    a.amount_ms = -30000;
    auto d = s.send(a);
    EXPECT_EQ(find<TimeAdded>(d)->amount_ms, -30000);
    EXPECT_EQ(s.match().clock().black_ms, 5400000 - 30000);
}

TEST(X_3, RestorePositionTakesMovesBackAsANewEvent) {
    Script s;
    s.moves({"e2e4", "e7e5", "g1f3"});
    auto a = action(ArbiterActionKind::RESTORE_POSITION);
    a.ply = 1;
    auto d = s.send(a);
    auto* restore = find<RestoreRequired>(d);
    ASSERT_TRUE(restore);
    EXPECT_EQ(restore->fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(s.match().game().ply_count(), 1u);
    EXPECT_EQ(s.to_move(), chess::BLACK);
    // The original moves stay in the event list: undo is a new event.
    EXPECT_EQ(s.events().size(), 1u + 6u + 1u);
    auto bad = action(ArbiterActionKind::RESTORE_POSITION);
    bad.ply = 9;
    ASSERT_TRUE(find<EventIgnored>(s.send(bad)));
}

TEST(X_3, DeclareResult) {
    Script s;
    auto a = action(ArbiterActionKind::DECLARE_RESULT, "White resigned by telling the arbiter");
    a.result = "0-1";
    a.text = "resignation";
    auto d = s.send(a);
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(s.match().result(), "0-1");
    EXPECT_EQ(s.match().termination(), "resignation");
    auto bad = action(ArbiterActionKind::DECLARE_RESULT);
    bad.result = "2-0";
    Script t;
    ASSERT_TRUE(find<EventIgnored>(t.send(bad)));
}

TEST(X_3, EnterMoveWhenTheBoardCannotBeRead) {
    Script s;
    auto a = action(ArbiterActionKind::ENTER_MOVE, "sensor on e4 is dead");
    a.text = "e2e4";
    auto d = s.send(a);
    ASSERT_TRUE(find<MoveAccepted>(d));
    a.text = "e2e4";  // now illegal (Black to move)
    ASSERT_TRUE(find<MoveRefused>(s.send(a)));
}

// An illegal move found too late to take back: the arbiter lets it stand. The game goes on from
// the position it made, in a new part (its PGN is two games), and the log keeps why.
TEST(X_3, AnIllegalMoveThatStandsStartsANewPartOfTheGame) {
    Script s;
    s.moves({"e2e4", "e7e5"});
    // White's knight went g1-e3 (not a knight's move); the clock was pressed.
    s.send(BoardMismatch{"m1", "b", {chess::SQ_G1, chess::SQ_E3}});
    auto counted = s.send(ClockPressed{"m1", chess::WHITE, 5'300'000});
    ASSERT_TRUE(find<IllegalMoveCounted>(counted));
    ASSERT_TRUE(s.match().restore_required());

    auto a = action(ArbiterActionKind::ILLEGAL_MOVE_STANDS, "noticed only after Black replied");
    a.text = "g1e3";
    const Decision* why = nullptr;
    auto d = s.send(a);
    auto* board = find<RestoreRequired>(d, &why);
    ASSERT_TRUE(board);
    EXPECT_EQ(board->fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    EXPECT_EQ(why->rule, "X-3");
    EXPECT_NE(why->reason.find("illegal move g1e3 stands"), std::string::npos) << why->reason;
    EXPECT_EQ(find<ClockSwitched>(d)->running, chess::BLACK);
    EXPECT_EQ(find<DeviceCommand>(d)->command, DeviceAction::CLOCK_RUN);
    EXPECT_EQ(s.to_move(), chess::BLACK);
    ASSERT_EQ(s.match().earlier_parts().size(), 1u);
    EXPECT_EQ(s.match().earlier_parts()[0].line,
              std::string(chess::Position::START_FEN) + " moves e2e4 e7e5");
    EXPECT_TRUE(s.match().earlier_parts()[0].by_move);

    // The board already shows it: the game goes on.
    s.send(BoardRestored{"m1", "b"});
    EXPECT_FALSE(s.match().restore_required());
    s.move("b8c6");
    EXPECT_EQ(s.match().game().ply_count(), 1u);

    // Two PGN games, the first ending where the edit was made, with every move's clock.
    const auto parts = to_pgn_parts(s.match());
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0].tag("Termination"),
              "position edited: the illegal move g1e3 stood: noticed only after Black replied");
    EXPECT_EQ(parts[1].start.fen(),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    ASSERT_EQ(parts[1].moves.size(), 1u);
    EXPECT_EQ(parts[1].moves[0].clock_ms, s.match().clock_after_move().back());
    EXPECT_EQ(s.match().clock_after_move().size(), 4u);  // e4, e5, the move that stood, Nc6

    // The log rebuilds it, and so does a snapshot.
    testing::expect_replays_exactly(s.events(), s.state());
}

TEST(X_3, AnIllegalMoveThatCannotStandIsRefusedWithTheReason) {
    Script s;
    s.moves({"e2e4", "e7e5"});
    auto a = action(ArbiterActionKind::ILLEGAL_MOVE_STANDS);
    a.text = "e1d1";  // the king onto his own queen
    const Decision* why = nullptr;
    const auto own = s.send(a);
    ASSERT_TRUE(find<MoveRefused>(own, &why));
    EXPECT_NE(why->reason.find("own piece stands on d1"), std::string::npos) << why->reason;
    a.text = "d8h4";  // not White's piece
    const auto theirs = s.send(a);
    ASSERT_TRUE(find<MoveRefused>(theirs, &why));
    EXPECT_NE(why->reason.find("no White piece stands on d8"), std::string::npos);
    EXPECT_TRUE(s.match().earlier_parts().empty());
    EXPECT_EQ(s.match().game().ply_count(), 2u);
}

TEST(X_3, AnIllegalMoveThatStandsCanEndTheGame) {
    // The queen jumps over her own pawn on e2 and mates: the arbiter lets it stand.
    Script s;
    s.moves({"d2d4", "f7f6", "g1f3", "g7g5"});
    auto a = action(ArbiterActionKind::ILLEGAL_MOVE_STANDS, "Black did not object in time");
    a.text = "d1h5";
    auto d = s.send(a);
    auto* ended = find<GameEnded>(d);
    ASSERT_TRUE(ended);
    EXPECT_EQ(ended->result, "1-0");
    EXPECT_EQ(ended->termination, "checkmate");
}

}  // namespace
}  // namespace venue::engine
