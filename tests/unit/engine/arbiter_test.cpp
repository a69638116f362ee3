// Arbiter actions (catalogue X-3): every one needs a note, none edits history.
#include "script.h"

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
    EXPECT_EQ(find<DeviceCommand>(p)->command, "clock.pause");
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
    s.send(MoveSensed{"m1", "b", "e7e5"});
    auto blocked = s.send(ClockPressed{"m1", chess::BLACK, std::nullopt});
    ASSERT_TRUE(find<EventIgnored>(blocked));
    auto r = s.send(action(ArbiterActionKind::RESUME));
    EXPECT_EQ(find<DeviceCommand>(r)->command, "clock.resume");
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

}  // namespace
}  // namespace venue::engine
