// Chessball: the alternatives of the catalogue's ambiguities as [match.chessball] keys (CB-A2,
// A4, A12, A17, A18, A23). The defaults are checked in the other files; each test here names
// the clause and sets the alternative.
#include "chessball_script.h"

namespace venue::games::chessball {
namespace {

using namespace testing;

// White may castle king side: the king on e (W3's file), the rook on h (W4's).
constexpr const char* CASTLE = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";

const Decision* restore_reason(const std::vector<Decision>& d) {
    const Decision* why = nullptr;
    find<RestoreRequired>(d, &why);
    return why;
}

TEST(ChessballOptions, CB_A2_SameOwnerOnlyForbidsCastlingAcrossOwners) {
    Script s(with("castling", std::string("same_owner_only"), CASTLE));
    s.press(2);  // W3: the king's owner, not the rook's
    auto d = s.move("e1g1");
    const Decision* why = restore_reason(d);
    ASSERT_TRUE(why);
    EXPECT_NE(why->reason.find("CB-A2"), std::string::npos) << why->reason;
}

TEST(ChessballOptions, CB_A2_RookOwnerTooLetsTheRooksOwnerCastle) {
    Script s(with("castling", std::string("rook_owner_too"), CASTLE));
    s.press(3);  // W4 owns g and h
    s.move("e1g1");
    const auto pressed = s.clock();
    const auto* m = find<MoveAccepted>(pressed);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->san, "O-O");
    // Under the default only the king's owner castles.
    Script plain(four_a_side(CASTLE));
    plain.press(3);
    EXPECT_TRUE(restore_reason(plain.move("e1g1")));
}

TEST(ChessballOptions, CB_A2_ForbiddenCastling) {
    Script s(with("castling", std::string("forbidden"), CASTLE));
    s.press(2);
    EXPECT_TRUE(restore_reason(s.move("e1g1")));
}

TEST(ChessballOptions, CB_A4_AClaimWithoutMovesMayBeGranted) {
    const char* kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";  // W1 (a, b) has nothing to move
    Script plain(four_a_side(kings));
    EXPECT_EQ(find<ClaimRefused>(plain.press(0))->code, "NO_LEGAL_MOVE");
    Script s(with("claim_without_moves", std::string("accept"), kings));
    auto d = s.press(0);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<ClaimGranted>(d, &why));
    EXPECT_NE(why->reason.find("must release"), std::string::npos) << why->reason;
    EXPECT_TRUE(find<ClaimEnded>(s.judge(ArbiterActionKind::RELEASE_CLAIM)));
}

TEST(ChessballOptions, CB_A12_FiftyPliesWhenAgreed) {
    const char* late = "4k3/8/8/8/8/8/8/R3K3 w - - 49 30";
    Script s(with("fifty_move_plies", std::int64_t(50), late));
    s.press(0);  // W1: the rook on a1
    s.move("a1a2");
    auto d = s.clock();
    const Decision* why = nullptr;
    ASSERT_TRUE(find<GameEnded>(d, &why));
    EXPECT_EQ(find<GameEnded>(d)->termination, "50-move rule");
    EXPECT_EQ(why->rule, "CB-5.3.3");
    Script plain(four_a_side(late));
    plain.turn(0, "a1a2");
    EXPECT_EQ(plain.match().result(), "*");
}

TEST(ChessballOptions, CB_A17_TheClaimMayGoBackToTheTeamAfterAnImpossibleMove) {
    Script s(with("after_illegal", std::string("release_to_team")));
    s.press(2);
    auto d = s.move("e2e5");
    ASSERT_TRUE(find<RestoreRequired>(d));
    ASSERT_TRUE(command(d, "claim.release"));
    const Decision* why = nullptr;
    ASSERT_TRUE(find<ClaimEnded>(d, &why));
    EXPECT_EQ(why->rule, "CB-A17");
    EXPECT_FALSE(s.match().claim_holder());
}

TEST(ChessballOptions, CB_A18_TheClocksMayStopWhileTheBoardIsRestored) {
    Script s(with("pause_on_illegal", true));
    s.press(2);
    auto d = s.move("e2e5");
    const DeviceCommand* pause = command(d, "clock.pause");
    ASSERT_TRUE(pause);
    EXPECT_EQ(command_rule(d, "clock.pause"), "CB-A18");
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
    d = s.send(BoardRestored{"m1", "b"});
    ASSERT_TRUE(command(d, "clock.resume"));
    EXPECT_NE(s.match().phase(), MatchPhase::PAUSED);
    s.move("e2e4");
    EXPECT_TRUE(find<MoveAccepted>(s.clock())) << "he kept the claim (CB-A17's default)";
}

TEST(ChessballOptions, CB_A23_TheJudgeDecidesWhenEveryPlayerIsRemoved) {
    Script s(with("all_removed", std::string("arbiter")));
    std::vector<Decision> d;
    for (const char* p : {"W1", "W2", "W3", "W4"}) {
        d = s.judge(ArbiterActionKind::REMOVE, p);
        s.send(BoardRestored{"m1", "b"});
    }
    EXPECT_FALSE(find<GameEnded>(d));
    const auto* f = find<ArbiterFlag>(d);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "ALL_REMOVED");
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
}

TEST(ChessballOptions, CB_A2_TheOptionsRoundTrip) {
    ChessballRules r;
    r.castling = Castling::ROOK_OWNER_TOO;
    r.claim_without_moves = true;
    r.fifty_move_plies = 50;
    r.release_after_illegal = true;
    r.pause_on_illegal = true;
    r.all_removed_forfeit = false;
    MatchConfig c;
    r.write_to(c);
    const ChessballRules back = ChessballRules::of(c);
    EXPECT_EQ(back.castling, Castling::ROOK_OWNER_TOO);
    EXPECT_TRUE(back.claim_without_moves);
    EXPECT_EQ(back.fifty_move_plies, 50);
    EXPECT_TRUE(back.release_after_illegal);
    EXPECT_TRUE(back.pause_on_illegal);
    EXPECT_FALSE(back.all_removed_forfeit);
}

BoardFieldUpdate lifted(chess::Square s) {
    BoardFieldUpdate u;
    u.match = "m1";
    u.board = "b";
    u.piece_code = 0;  // empty: the man left the square
    u.square = s;
    return u;
}

TEST(ChessballOptions, CB_A9_MovingAnotherManThanTheFirstLiftedIsFlagged) {
    Script s;
    s.press(2);  // W3: e and f
    s.send(lifted(chess::SQ_E2));
    auto d = s.move("f2f4");
    const Decision* why = nullptr;
    const auto* f = find<ArbiterFlag>(d, &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "TOUCH_MOVE");
    EXPECT_EQ(why->rule, "CB-A9");
    EXPECT_NE(why->reason.find("e2"), std::string::npos) << why->reason;
    EXPECT_TRUE(find<MoveAccepted>(s.clock())) << "flagged, not refused: the judge rules";
}

TEST(ChessballOptions, CB_A9_TheTouchedManMovingOrAManThatCannotMoveIsNotFlagged) {
    Script s;
    s.press(2);
    s.send(lifted(chess::SQ_E2));
    EXPECT_FALSE(find<ArbiterFlag>(s.move("e2e4")));
    s.clock();
    // Black: B3 lifts his king (it cannot move), then plays f7f5.
    s.press(10);
    s.send(lifted(chess::SQ_E8));
    EXPECT_FALSE(find<ArbiterFlag>(s.move("f7f5")));
    s.clock();
    // White: W3 lifts W1's a-pawn (not his: an impossible move, not a touch), then moves his own.
    s.press(2);
    s.send(lifted(chess::SQ_A2));
    EXPECT_FALSE(find<ArbiterFlag>(s.move("f2f4")));
    // With touch_move off nothing is flagged.
    Script off(with("touch_move", false));
    off.press(2);
    off.send(lifted(chess::SQ_E2));
    EXPECT_FALSE(find<ArbiterFlag>(off.move("f2f4")));
}

TEST(ChessballOptions, CB_A9_AfterAnImpossibleMoveTheSameManMustMove) {
    // CB-A17: he keeps the claim; the man he lifted first is still the one he touched.
    Script s;
    s.press(2);
    s.send(lifted(chess::SQ_E2));
    s.move("e2e5");  // impossible
    s.send(BoardRestored{"m1", "b"});
    const auto moved = s.move("f2f3");
    const auto* f = find<ArbiterFlag>(moved);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "TOUCH_MOVE");
}

}  // namespace
}  // namespace venue::games::chessball
