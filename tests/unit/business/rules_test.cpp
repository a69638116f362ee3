// Business Chess: the turn, the clock, the score and the end of the game (BC-I.*, BC-CLK-*,
// BC-A*), as event lists.
#include "business_script.h"

namespace venue::games::business {
namespace {

using namespace testing;

TEST(BusinessChess, BC_BR_2_TheGameStartsOnBranchOneWithTheGameRating) {
    Script s;
    ASSERT_EQ(s.match().branches().size(), 1u);
    const Branch& b = *s.match().branch(1);
    EXPECT_EQ(b.board, "1");
    EXPECT_EQ(b.rating, 10);  // BC-I.3
    EXPECT_TRUE(b.open);
    EXPECT_EQ(s.match().check(), "");
}

TEST(BusinessChess, BC_P_1_TheGameRatingIsAgreedInAdvance) {
    auto c = business_config();
    auto r = BusinessRules::of(c);
    r.game_rating = 12;  // a return game (BC-I.21)
    r.write_to(c);
    Script s(c);
    EXPECT_EQ(s.match().branch(1)->rating, 12);
}

TEST(BusinessChess, BC_I_4_AtMostFivePlayersAndOneReserve) {
    auto c = business_config();
    c.white().players.push_back({"w7", "White 7", 7, {}, ""});
    Script s(c);
    auto* ignored = find<EventIgnored>(s.created());
    ASSERT_TRUE(ignored);
    EXPECT_EQ(s.state().match("m1"), nullptr);
}

TEST(BusinessChess, BC_I_5_OneClockWithoutIncrement) {
    auto c = business_config();
    c.time.increment_ms = 30000;
    Script s(c);
    EXPECT_TRUE(find<EventIgnored>(s.created()));
    EXPECT_EQ(s.state().match("m1"), nullptr);
}

TEST(BusinessChess, BC_I_8e_MovesCountOnlyAtTheClockPress) {
    Script s;
    EXPECT_TRUE(s.move("1", "e2e4").empty());
    EXPECT_EQ(s.match().branch(1)->ply(), 0);
    // BC-A30: before the press the move may still change; the last one read counts.
    s.move("1", "d2d4");
    auto d = s.press(5300000);
    auto* m = find<MoveAccepted>(d);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->uci, "d2d4");
    EXPECT_EQ(m->board, "1");
    ASSERT_TRUE(find<ClockSwitched>(d));
    EXPECT_EQ(find<ClockSwitched>(d)->running, chess::BLACK);
    EXPECT_EQ(s.match().clock().white_ms, 5300000);
}

TEST(BusinessChess, BC_CLK_1_APressWithABranchUnmovedGoesToTheArbiters) {
    Script s;
    s.branch(1, 4);
    s.move("1", "e2e4");  // nothing on board 2
    auto d = s.press();
    const Decision* why = nullptr;
    auto* f = find<ArbiterFlag>(d, &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "INCOMPLETE_TURN");
    EXPECT_EQ(f->board, "2");
    EXPECT_EQ(why->rule, "BC-CLK-1");
    // BC-A8: the clock does not switch; White completes its move.
    EXPECT_FALSE(find<ClockSwitched>(d));
    ASSERT_TRUE(command(d, "clock.run"));
    EXPECT_EQ(command(d, "clock.run")->side, chess::WHITE);
    EXPECT_FALSE(find<MoveAccepted>(d));
    s.move("2", "d2d4");
    d = s.press();
    EXPECT_EQ(count<MoveAccepted>(d), 2);
    EXPECT_EQ(count<ClockSwitched>(d), 1);  // BC-D-3: one clock for all branches
}

TEST(BusinessChess, BC_A8_AnIllegalReadingLeavesTheBranchWithoutAMove) {
    Script s;
    auto d = s.move("1", "e2e5");
    ASSERT_TRUE(find<MoveRefused>(d));
    EXPECT_EQ(find<MoveRefused>(d)->board, "1");
    d = s.press();
    ASSERT_TRUE(find<ArbiterFlag>(d));
    EXPECT_EQ(find<ArbiterFlag>(d)->code, "INCOMPLETE_TURN");
}

TEST(BusinessChess, BC_I_8b_EveryBranchMovesForTheSideOnMove) {
    Script s;
    s.branch(1, 5);
    auto d = full_turn(s);
    EXPECT_EQ(count<MoveAccepted>(d), 2);
    EXPECT_EQ(s.match().branch(1)->ply(), 1);
    EXPECT_EQ(s.match().branch(2)->ply(), 1);
    // BC-A26: the same colour in every branch.
    EXPECT_EQ(s.match().branch(1)->game.position().side_to_move(), chess::BLACK);
    EXPECT_EQ(s.match().branch(2)->game.position().side_to_move(), chess::BLACK);
}

TEST(BusinessChess, BC_I_8d_OnlyTheTeamOnMovePresses) {
    Script s;
    s.move("1", "e2e4");
    auto d = s.send(ClockPressed{"m1", chess::BLACK, std::nullopt});
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(d, &why));
    EXPECT_EQ(why->rule, "BC-I.8d");
}

TEST(BusinessChess, BC_I_19_TheScoreIsResultTimesRating) {
    Script s;
    s.branch(1, 3);  // 7 + 3
    full_turn(s);
    // Black resigns branch 2 (rating 3) without selection: White scores 3.
    auto d = s.key(KeyChangeKind::RESIGN, 2);
    auto* sc = find<ScoreChanged>(d);
    ASSERT_TRUE(sc);
    EXPECT_EQ(sc->white_half_points, 6);
    EXPECT_EQ(sc->black_half_points, 0);
    // BC-A17: open branches are only at stake; the live score is the closed ones.
    EXPECT_EQ(s.match().score(), (Score{6, 0}));
}

TEST(BusinessChess, BC_A25_ADrawScoresHalfTheRatingEach) {
    Script s;
    s.branch(1, 3);
    full_turn(s);
    KeyChange k;
    k.kind = KeyChangeKind::DRAW;
    k.from_branch = 2;
    auto d = s.key_by(chess::WHITE, k);  // BC-A15: either team's representative records it
    auto* c = find<BranchClosed>(d);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->result, "1/2-1/2");
    EXPECT_EQ(c->rating, 3);
    EXPECT_EQ(s.match().score(), (Score{3, 3}));
}

TEST(BusinessChess, BC_I_20_TheFinalScoreIsTheSumAndTheGameEndsWithTheLastBranch) {
    Script s;
    s.branch(1, 4);  // 6 + 4
    full_turn(s);
    s.key(KeyChangeKind::RESIGN, 2);  // Black resigns 2: White +4
    full_turn(s);
    KeyChange k;
    k.kind = KeyChangeKind::DRAW;
    k.from_branch = 1;
    auto d = s.key_by(chess::BLACK, k);  // draw on 1: 3 each
    auto* end = find<GameEnded>(d);      // BC-A22: no branch left
    ASSERT_TRUE(end);
    EXPECT_EQ(end->result, "1-0");
    EXPECT_EQ(s.match().phase(), MatchPhase::FINISHED);
    EXPECT_EQ(s.match().score(), (Score{14, 6}));  // 7 : 3
    EXPECT_TRUE(command(d, "clock.pause"));
    EXPECT_EQ(s.match().return_rating(), 10);  // difference 4: the agreed rating
}

TEST(BusinessChess, BC_I_21_TheReturnGameRatingIsTheDifferencePlusOne) {
    EXPECT_EQ(return_game_rating({20, 0}, 10, true), 11);  // 10 : 0
    EXPECT_EQ(return_game_rating({26, 6}, 10, true), 11);  // 13 : 3
    EXPECT_EQ(return_game_rating({18, 0}, 10, true), 10);  // 9 : 0
    EXPECT_EQ(return_game_rating({19, 0}, 10, true), 10);  // 9.5 : 0
    EXPECT_EQ(return_game_rating({0, 24}, 10, true), 13);  // either team
}

TEST(BusinessChess, BC_A16_AHalfPointDifferenceIsRoundedUp) {
    EXPECT_EQ(return_game_rating({21, 0}, 10, true), 12);   // 10.5 -> 12
    EXPECT_EQ(return_game_rating({21, 0}, 10, false), 11);  // floor
}

TEST(BusinessChess, BC_I_21_TheFinishedMatchNamesItsReturnRating) {
    Script s;
    s.key(KeyChangeKind::RESIGN, 1);  // White resigns the only branch: Black 10 : 0
    EXPECT_EQ(s.match().phase(), MatchPhase::FINISHED);
    EXPECT_EQ(s.match().result(), "0-1");
    EXPECT_EQ(s.match().return_rating(), 11);
}

TEST(BusinessChess, BC_I_22_TheLawsOfChessApplyPerBranch) {
    Script s;
    auto d = s.move("1", "e2e5");  // not a legal move
    ASSERT_TRUE(find<MoveRefused>(d));
    // Stalemate, mate and the automatic draws close the branch they happen in (BC-A28).
    auto c = business_config();
    c.start_fen = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1";
    Script st2(c);
    d = st2.move("1", "g6h6");  // Kh6: the black king on h8 has no move: stalemate
    auto* closed = find<BranchClosed>(d);
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->termination, "stalemate");
    EXPECT_EQ(st2.match().score(), (Score{10, 10}));
}

TEST(BusinessChess, BC_A28_AThreefoldClaimInABranchUsesItsWholeHistory) {
    Script s;
    s.turns({"g1f3", "g8f6", "f3g1", "f6g8"});
    s.branch(1, 5);  // branch 2 inherits the history
    s.move("1", "b1c3");
    s.move("2", "g1f3");
    s.press();
    s.move("1", "b8c6");
    s.move("2", "g8f6");
    s.press();
    s.move("1", "c3b1");
    s.move("2", "f3g1");
    s.press();
    KeyChange k;
    k.kind = KeyChangeKind::DRAW;
    k.from_branch = 2;
    k.claim = "threefold";
    s.move("2", "f6g8");  // the start position for the third time on branch 2
    auto d = s.key_by(chess::BLACK, k);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<KeyChangeAccepted>(d, &why));
    EXPECT_EQ(why->rule, "BC-A28");
    EXPECT_EQ(find<BranchClosed>(d)->termination, "threefold repetition");
    // An incorrect claim in branch 1 is refused and costs time (FIDE-9.5.3).
    k.from_branch = 1;
    d = s.key_by(chess::BLACK, k);
    ASSERT_TRUE(refused(d, "INCORRECT_CLAIM"));
    ASSERT_TRUE(find<TimeAdded>(d));
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::WHITE);
}

TEST(BusinessChess, BC_I_7_ThirtySecondsPerMoveOnceOneBranchRemains) {
    Script s;
    s.branch(1, 5);
    auto d = full_turn(s);
    EXPECT_FALSE(find<TimeAdded>(d));
    s.key(KeyChangeKind::SELECT, 2, 1);  // Black: branch 1 is the last one
    d = full_turn(s);
    auto* t = find<TimeAdded>(d);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->side, chess::BLACK);
    EXPECT_EQ(t->amount_ms, 30000);
    d = s.turn(quiet_move(*s.match().branch(1)).c_str());
    ASSERT_TRUE(find<TimeAdded>(d));
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::WHITE);
}

TEST(BusinessChess, BC_II_4_TheLastBranchMovesToTheControlBoard) {
    Script s;
    s.branch(1, 5);
    KeyChange k;
    k.kind = KeyChangeKind::BOARD_C;
    auto d = s.key_by(chess::BLACK, k);
    ASSERT_TRUE(refused(d, "NOT_ONE_BRANCH"));  // BC-I.7: only with one branch left
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);
    full_turn(s);
    d = s.key_by(chess::BLACK, k);  // at either team's request
    auto* setup = find<BoardSetupRequired>(d);
    ASSERT_TRUE(setup);
    EXPECT_EQ(setup->board, "C");
    EXPECT_EQ(setup->fen, s.match().branch(1)->game.position().fen());
    ASSERT_TRUE(command(d, "clock.pause"));
    // Nothing is played until board C confirms the position.
    EXPECT_TRUE(find<EventIgnored>(s.press()));
    d = s.send(BoardRestored{"m1", "C"});
    ASSERT_TRUE(command(d, "clock.resume"));
    EXPECT_TRUE(s.match().on_control_board());
    EXPECT_EQ(s.match().branch(1)->board, "C");
    d = s.move("C", quiet_move(*s.match().branch(1)));
    d = s.press();
    EXPECT_EQ(find<MoveAccepted>(d)->board, "C");
}

TEST(BusinessChess, BC_A13_NoKeyChangesOnTheControlBoard) {
    Script s;
    one_branch_left(s);
    ASSERT_TRUE(find<BoardSetupRequired>(ask_for_board_c(s, chess::WHITE)));
    s.send(BoardRestored{"m1", "C"});
    ASSERT_TRUE(s.match().on_control_board());
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 5);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "BOARD_C"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-A13");
}

// Issue #20: board C was an unlimited veto. A game that never branched has one branch but no
// "last branch left": either team asking for board C on move 1 would have ended every key
// change for the whole game (BC-A13), the team not on move included. Refused, with the reason;
// branching stays open.
TEST(BusinessChess, BC_I_7_BoardCIsNotOfferedBeforeTheGameHasBranched) {
    Script s;
    KeyChange k;
    k.kind = KeyChangeKind::BOARD_C;
    for (chess::Color team : {chess::WHITE, chess::BLACK}) {
        auto d = s.key_by(team, k);
        ASSERT_TRUE(refused(d, "NEVER_BRANCHED"));
        const Decision* why = nullptr;
        find<KeyChangeRefused>(d, &why);
        EXPECT_EQ(why->rule, "BC-I.7");
        EXPECT_FALSE(find<BoardSetupRequired>(d));
    }
    EXPECT_FALSE(s.match().on_control_board());
    // Branching is still open to the team to move.
    EXPECT_TRUE(find<BoardSetupRequired>(s.key(KeyChangeKind::BRANCH, 1, 0, 5)));
}

TEST(BusinessChess, BC_A14_AFlagLosesEveryOpenBranchUnlessTheOpponentCannotMate) {
    Script s;
    s.branch(1, 6);
    auto d = s.send(FlagFell{"m1", chess::WHITE});
    EXPECT_EQ(count<BranchClosed>(d), 2);
    EXPECT_EQ(s.match().score(), (Score{0, 20}));
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->result, "0-1");

    auto c = business_config();
    c.start_fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";  // Black has a bare king
    Script bare(c);
    d = bare.send(FlagFell{"m1", chess::WHITE});
    EXPECT_EQ(find<BranchClosed>(d)->result, "1/2-1/2");
    EXPECT_EQ(bare.match().score(), (Score{10, 10}));
}

TEST(BusinessChess, BC_A18_OnlyTheTeamToMoveMakesKeyChanges) {
    Script s;
    KeyChange k;
    k.kind = KeyChangeKind::BRANCH;
    k.from_branch = 1;
    k.amount = 5;
    auto d = s.key_by(chess::BLACK, k);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "NOT_TEAM_TURN"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-A18");
    EXPECT_EQ(s.match().branches().size(), 1u);
}

TEST(BusinessChess, BC_A22_TheGameEndsWhenNoBranchIsOpen) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 1, 2);  // Black: White +5
    EXPECT_EQ(s.match().phase(), MatchPhase::PLAYING);
    full_turn(s);
    auto d = s.key(KeyChangeKind::RESIGN, 2);  // White resigns the last (10): Black +10
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(s.match().result(), "0-1");
    EXPECT_EQ(s.match().score(), (Score{10, 20}));
    EXPECT_TRUE(find<EventIgnored>(s.move("2", "e2e4")));
}

TEST(BusinessChess, BC_A17_SelectedRatingIsScoredAgainLater) {
    // Totals may exceed the game rating: 5 selected from 1 into 2 are paid to White now and
    // scored again with branch 2.
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 1, 2);
    full_turn(s);
    full_turn(s);
    s.key(KeyChangeKind::RESIGN, 2);               // Black again
    EXPECT_EQ(s.match().score(), (Score{30, 0}));  // 15 : 0 from a game rating of 10
}

// Issue #20: the "two different continuations" check ran only while mother and daughter were both
// open, and a mating move closes its branch at once, so the same mating move on both boards
// passed. The first mate stands (a mate ends its branch's game at once, BC-I.16); the same move on
// the other branch stays pending, the press is refused until it differs.
TEST(BusinessChess, BC_BR_3_TheSameMatingMoveOnMotherAndDaughterIsNotTwoContinuations) {
    Script s;
    before_fools_mate(s);
    // Black to move, Qh4# on the board: Black branches, then mates on both boards.
    s.branch(1, 5);
    ASSERT_EQ(s.match().branches().size(), 2u);
    auto d = s.move("1", "d8h4");
    ASSERT_TRUE(find<BranchClosed>(d));  // the mother's mate stands at once
    d = s.move("2", "d8h4");
    EXPECT_FALSE(find<BranchClosed>(d)) << "the same move on the daughter is not a second mate";
    EXPECT_TRUE(s.match().branch(2)->open);
    d = s.press();
    const Decision* why = nullptr;
    ASSERT_TRUE(find<ArbiterFlag>(d, &why));
    EXPECT_EQ(why->rule, "BC-BR-3");
    EXPECT_EQ(find<ArbiterFlag>(d)->code, "SAME_MOVE");
    EXPECT_FALSE(find<ClockSwitched>(d));
    EXPECT_EQ(s.match().branch(2)->ply(), 3) << "nothing played on the daughter";
    // Another move on the daughter: the turn completes.
    s.move("2", "b8c6");
    d = s.press();
    EXPECT_TRUE(find<ClockSwitched>(d));
    EXPECT_EQ(s.match().branch(2)->ply(), 4);
    // The same mate made on the daughter first: the daughter's stands, the mother's waits.
    Script t;
    before_fools_mate(t);
    t.branch(1, 5);
    ASSERT_TRUE(find<BranchClosed>(t.move("2", "d8h4")));
    EXPECT_FALSE(find<BranchClosed>(t.move("1", "d8h4")));
    d = t.press();
    ASSERT_TRUE(find<ArbiterFlag>(d));
    EXPECT_EQ(find<ArbiterFlag>(d)->code, "SAME_MOVE");
}

TEST(BusinessChess, BC_I_16_AMatedBranchTakesNoPartInKeyChanges) {
    Script s;
    before_fools_mate(s, true);
    auto d = s.move("1", "d8h4");  // mate on branch 1 closes it at once
    auto* closed = find<BranchClosed>(d);
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->termination, "checkmate");
    EXPECT_EQ(closed->result, "0-1");
    EXPECT_EQ(s.match().score(), (Score{0, 10}));
    // BC-A24: not even the mating team may select it in the same move.
    d = s.key(KeyChangeKind::SELECT, 1, 2);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "BRANCH_CLOSED"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-I.16");
    s.move("2", "b8c6");
    d = s.press();  // branch 1 needs no move any more
    EXPECT_EQ(count<MoveAccepted>(d), 1);
    d = s.key(KeyChangeKind::PASS, 2, 1, 1);
    ASSERT_TRUE(refused(d, "BRANCH_CLOSED"));
}

TEST(BusinessChess, BC_I_17_ALossOrDrawTakesTheChipsToTheArbitersTable) {
    Script s;
    s.branch(1, 3);
    full_turn(s);
    s.key(KeyChangeKind::RESIGN, 2);
    EXPECT_EQ(s.match().chips_on_table(), 3);
    EXPECT_EQ(s.match().branch(2)->rating, 0);
    EXPECT_EQ(s.match().branch(2)->stake, 3);
    EXPECT_EQ(s.match().check(), "");
    // The board is free again (BC-A23): the next branching may use it.
    full_turn(s);
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 2);
    ASSERT_TRUE(find<BranchOpened>(d));
    EXPECT_EQ(find<BranchOpened>(d)->board, "2");
    EXPECT_EQ(find<BranchOpened>(d)->branch, 3);
}

}  // namespace
}  // namespace venue::games::business
