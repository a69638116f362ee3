// Who may move what (CB-2.3, CB-3.3, CB-4.2 with CB-A1, CB-A2, CB-A8) and the endings.
#include "chessball_script.h"
#include "venue/snapshot.h"

namespace venue::games::chessball {
namespace {

using namespace testing;

TEST(CB_2_3, OnlyPiecesOnTheHoldersFilesMayMove) {
    Script s;
    s.press(0);  // W1 owns a and b
    auto d = s.move("e2e4");
    const Decision* why = nullptr;
    ASSERT_TRUE(find<RestoreRequired>(d, &why));
    EXPECT_EQ(why->rule, "CB-6.4.2.2");
    ASSERT_TRUE(find<WarningProposed>(d));  // CB-6.4.2.2: the judge confirms (default)
    EXPECT_EQ(find<WarningProposed>(d)->player, "W1");
    EXPECT_EQ(s.match().game().ply_count(), 0u);
    // CB-A17: he keeps the claim; once the board is restored he plays his own piece.
    EXPECT_EQ(s.match().claim_holder()->index, 0);
    s.send(BoardRestored{"m1", "b"});
    s.move("b1c3");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(CB_A1, OwnershipFollowsTheFileThePieceStandsOnNow) {
    Script s;
    s.turn(0, "b1c3");  // W1's knight goes to the c-file
    s.turn(8, "a7a6");
    s.press(0);
    auto refused = s.move("c3d5");  // no longer W1's
    ASSERT_TRUE(find<RestoreRequired>(refused));
    s.send(BoardRestored{"m1", "b"});
    s.judge(ArbiterActionKind::RELEASE_CLAIM);
    s.press(1);  // W2 owns c and d
    s.move("c3d5");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

MatchConfig start_file_ownership() {
    MatchConfig c = four_a_side();
    auto r = ChessballRules::of(c);
    r.ownership = Ownership::START_FILE;
    r.write_to(c);
    return c;
}

TEST(CB_A1, WithStartFileAPieceStaysItsStartingOwnersWhereverItStands) {
    Script s(start_file_ownership());
    s.turn(0, "b1c3");  // W1's knight (b-file) goes to the c-file
    s.turn(8, "a7a6");
    s.press(1);  // W2 owns c and d, where the knight stands now: not his
    auto refused = s.move("c3d5");
    ASSERT_TRUE(find<RestoreRequired>(refused));
    EXPECT_EQ(find<WarningProposed>(refused)->player, "W2");
    s.send(BoardRestored{"m1", "b"});
    s.judge(ArbiterActionKind::RELEASE_CLAIM);
    s.press(0);  // W1 still owns it
    s.move("c3d5");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(CB_A1, WithStartFileAPawnThatCapturedOntoAnotherFileStaysItsOwners) {
    Script s(start_file_ownership());
    s.turn(0, "b2b4");  // W1's b-pawn
    s.turn(9, "c7c5");
    s.turn(0, "b4c5");  // captures onto the c-file, W2's
    s.turn(8, "a7a6");
    s.press(1);  // W2 owns c and d: not the pawn that started on b
    ASSERT_TRUE(find<RestoreRequired>(s.move("c5c6")));
    s.send(BoardRestored{"m1", "b"});
    s.judge(ArbiterActionKind::RELEASE_CLAIM);
    s.press(0);
    s.move("c5c6");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(CB_A20, WithStartFileARemovalTakesTheMenThatStartedOnHisFiles) {
    Script s(start_file_ownership());
    s.turn(0, "b1c3");  // W1's knight onto the c-file
    s.turn(8, "a7a6");
    s.turn(3, "g1f3");  // W4's knight onto the f-file (W3's)
    s.turn(9, "d7d5");
    // W1 is removed: his men that started on a and b, the knight on c3 among them; nothing
    // that merely stands on his files.
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");
    auto* removed = find<PlayerRemoved>(d);
    ASSERT_TRUE(removed);
    EXPECT_EQ(removed->squares,
              (std::vector<chess::Square>{chess::SQ_A1, chess::SQ_A2, chess::SQ_B2, chess::SQ_C3}));
    EXPECT_EQ(removed->files_to, "W2");
    s.send(BoardRestored{"m1", "b"});
    // The game goes on from the edited position (a new part): the knight on f3 is still W4's.
    s.press(2);  // W3 owns e and f
    ASSERT_TRUE(find<RestoreRequired>(s.move("f3e5")));
    s.send(BoardRestored{"m1", "b"});
    s.judge(ArbiterActionKind::RELEASE_CLAIM);
    s.press(3);
    s.move("f3e5");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(CB_A1, StartFileOwnershipSurvivesASnapshotAfterARemoval) {
    Script s(start_file_ownership());
    s.turn(3, "g1f3");  // W4's knight onto W3's f-file
    s.turn(8, "a7a6");
    s.judge(ArbiterActionKind::REMOVE, "W1");  // a new part: its ids are its squares
    s.send(BoardRestored{"m1", "b"});
    // A snapshot restored, then the same events on both: W3 still may not move the knight.
    auto restored = restore_state(snapshot_state(s.state()));
    ASSERT_TRUE(restored) << restored.error();
    EXPECT_EQ(restored->state_hash(), s.state().state_hash());
    ClaimPressed w3;
    w3.match = "m1";
    w3.button = 2;  // W3 owns e and f
    restored->apply(Event{1'000'000, 1'000, w3});
    EXPECT_TRUE(find<RestoreRequired>(
        restored->apply(Event{1'001'000, 1'001, MoveSensed{"m1", "b", "f3e5"}})));
}

// The judge lets an illegal move stand: the holder's turn is over, and in the new part of
// the game the man that moved is still his starting owner's.
TEST(CB_A1, AnIllegalMoveThatStandsEndsTheClaimAndKeepsStartFiles) {
    Script s(start_file_ownership());
    s.press(3);  // W4 (g and h) ...
    ArbiterAction stands;
    stands.match = "m1";
    stands.kind = ArbiterActionKind::ILLEGAL_MOVE_STANDS;
    stands.text = "g1e3";  // ... moved his knight g1-e3, and nobody objected in time
    stands.arbiter = "judge";
    stands.note = "found after the press";
    auto d = s.send(stands);
    EXPECT_EQ(find<ClaimEnded>(d)->player, "W4");
    EXPECT_FALSE(s.match().claim_holder());
    EXPECT_EQ(s.match().earlier_parts().size(), 1u);
    s.send(BoardRestored{"m1", "b"});  // the board shows it
    s.turn(8, "a7a6");
    s.press(2);  // W3 owns e, where the knight stands now: not his
    ASSERT_TRUE(find<RestoreRequired>(s.move("e3c4")));
    s.send(BoardRestored{"m1", "b"});
    s.judge(ArbiterActionKind::RELEASE_CLAIM);
    s.press(3);
    s.move("e3c4");
    const auto pressed = s.clock();
    const auto* accepted = find<MoveAccepted>(pressed);
    ASSERT_TRUE(accepted);
    EXPECT_EQ(accepted->san, "Nc4");
}

TEST(CB_A2, CastlingBelongsToTheOwnerOfTheKingsFile) {
    Script s;
    s.turn(2, "e2e4");
    s.turn(10, "e7e5");
    s.turn(3, "g1f3");
    s.turn(11, "g8f6");
    s.turn(2, "f1c4");
    s.turn(10, "f8c5");
    s.press(3);  // W4 owns g and h, not the king's file
    ASSERT_TRUE(find<RestoreRequired>(s.move("e1g1")));
    s.send(BoardRestored{"m1", "b"});
    s.judge(ArbiterActionKind::RELEASE_CLAIM);
    s.press(2);  // W3 owns e
    s.move("e1g1");
    EXPECT_EQ(find<MoveAccepted>(s.clock())->san, "O-O");
}

TEST(CB_4_2, APieceMovedWithoutAClaimIsFlaggedNotWarned) {
    Script s;
    auto d = s.move("e2e4");
    const Decision* why = nullptr;
    ASSERT_TRUE(find<RestoreRequired>(d, &why));
    EXPECT_EQ(why->rule, "CB-4.2");
    EXPECT_FALSE(find<WarningProposed>(d));  // CB-A8: the judge attributes it
    // claims stay closed until the board is restored.
    EXPECT_EQ(find<ClaimRefused>(s.press(2))->code, "BOARD_NOT_RESTORED");
    s.send(BoardRestored{"m1", "b"});
    EXPECT_TRUE(find<ClaimGranted>(s.press(2)));
}

TEST(CB_4_2, BoardChangesWithoutAClaimAreFlagged) {
    Script s;
    auto d = s.send(BoardMismatch{"m1", "b", {chess::SQ_D2}});
    ASSERT_TRUE(find<RestoreRequired>(d));
    EXPECT_EQ(find<RestoreRequired>(d)->squares, std::vector<chess::Square>{chess::SQ_D2});
}

TEST(CB_4_2, AManKnockedDuringAClaimWhereTheHolderCannotReachIsFlagged) {
    Script s;
    s.press(2);  // W3 (files e and f) holds the claim
    // His move in progress (e2 lifted): no flag.
    auto d = s.send(BoardMismatch{"m1", "b", {chess::SQ_E2}});
    EXPECT_FALSE(find<ArbiterFlag>(d));
    // A man knocked over on b2 (W1's file; no move of W3's reaches b2): a displacement.
    d = s.send(BoardMismatch{"m1", "b", {chess::SQ_E2, chess::SQ_B2}});
    const Decision* why = nullptr;
    const auto* f = find<ArbiterFlag>(d, &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "DISPLACEMENT");
    EXPECT_EQ(why->rule, "CB-4.2");
    EXPECT_NE(why->reason.find("b2"), std::string::npos) << why->reason;
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BoardMismatch{"m1", "b", {chess::SQ_E2, chess::SQ_B2}})))
        << "flagged once";
    // Set back, the holder completes his move: it counts as usual.
    s.send(BoardMismatch{"m1", "b", {chess::SQ_E2}});
    s.move("e2e4");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(CB_4_2, ASquareTheHoldersMoveReachesIsHisMoveInProgress) {
    Script s;
    s.press(3);  // W4 (files g and h): Nf3 lands on the f-file, W3's
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BoardMismatch{"m1", "b", {chess::SQ_G1, chess::SQ_F3}})));
}

TEST(CB_6_4_2_2, PressingTheClockOnAnImpossiblePositionIsAnImpossibleMove) {
    Script s;
    s.press(2);
    s.send(BoardMismatch{"m1", "b", {chess::SQ_E2, chess::SQ_E5}});
    auto d = s.clock();
    ASSERT_TRUE(find<RestoreRequired>(d));
    ASSERT_TRUE(find<WarningProposed>(d));
    ASSERT_TRUE(command(d, "clock.run"));  // CB-A18: White's clock runs again
    EXPECT_EQ(s.match().game().ply_count(), 0u);
}

TEST(CB_5_2_1, CheckmateWins) {
    Script s;
    s.turn(2, "f2f3");
    s.turn(10, "e7e5");
    s.turn(3, "g2g4");
    s.press(9);
    auto d = s.move("d8h4");
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->result, "0-1");
}

TEST(CB_5_3_3, FiftyMovesWithoutPawnMoveOrCaptureDrawAutomatically) {
    Script s(four_a_side("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    s.press(2);
    s.move("e1f1");
    auto d = s.clock();
    const Decision* why = nullptr;
    ASSERT_TRUE(find<GameEnded>(d, &why));
    EXPECT_EQ(why->rule, "CB-5.3.3");
    EXPECT_EQ(find<GameEnded>(d)->result, "1/2-1/2");
}

TEST(CB_5_2_2, AFlagLosesUnlessTheOtherTeamCannotMate) {
    Script s;
    s.turn(2, "e2e4");
    auto d = s.send(FlagFell{"m1", chess::BLACK});
    EXPECT_EQ(find<GameEnded>(d)->result, "1-0");
}

}  // namespace
}  // namespace venue::games::chessball
