// Business Chess: the catalogue's clauses that the other files check only in passing, each named
// by its id (issue #20). The definitions (D, DEF), the agreed parameters (P), the seed's order of
// a move (I.8a, I.8c), the layout of the tree (I.9) and the ambiguity defaults the engine applies
// (BC-A*). The clauses that are equipment or people a venue provides, not behaviour of the
// engine, are listed with their reason in docs/games/business.md.
#include "business_script.h"
#include "games/business/rules/business_pgn.h"
#include "games/business/rules/business_rules.h"
#include "venue/pgn_export.h"

namespace venue::games::business {
namespace {

using namespace testing;

const Decision* decision_of_refusal(const std::vector<Decision>& d) {
    const Decision* why = nullptr;
    find<KeyChangeRefused>(d, &why);
    return why;
}

// The game is a set of branches on the demonstration boards "1".."5", each a whole chess game
// with a rating.
TEST(BusinessChess, BC_D_1_TheGameIsItsBranchesOnTheDemonstrationBoards) {
    Script s;
    s.turns({"e2e4", "e7e5"});
    s.branch(1, 4);
    ASSERT_EQ(s.match().branches().size(), 2u);
    const Branch& mother = *s.match().branch(1);
    const Branch& daughter = *s.match().branch(2);
    EXPECT_EQ(mother.board, "1");
    EXPECT_EQ(daughter.board, "2");
    // Each a full game: the daughter carries the mother's moves (its history for the Laws).
    EXPECT_EQ(daughter.game.moves(), mother.game.moves());
    EXPECT_EQ(daughter.game.position().fen(), mother.game.position().fen());
    EXPECT_EQ(mother.rating + daughter.rating, 10);
    EXPECT_EQ(BusinessRules{}.boards, (std::vector<std::string>{"1", "2", "3", "4", "5"}));
}

// One clock for every branch: one press commits every branch's move and switches it once.
TEST(BusinessChess, BC_D_3_OneClockForEveryBranch) {
    Script s;
    s.branch(1, 5);
    s.move("1", "e2e4");
    s.move("2", "d2d4");
    auto d = s.press(5'000'000);
    EXPECT_EQ(count<MoveAccepted>(d), 2);
    EXPECT_EQ(count<ClockSwitched>(d), 1);
    EXPECT_EQ(s.match().clock().white_ms, 5'000'000);
    EXPECT_EQ(s.match().to_move(), chess::BLACK);
}

// A branch is its board, its game, its rating and its status (open, or closed with a result).
TEST(BusinessChess, BC_BR_1_EachBranchHasItsBoardGameRatingAndStatus) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);  // Black resigns branch 2, its rating to branch 1
    const Branch& one = *s.match().branch(1);
    const Branch& two = *s.match().branch(2);
    EXPECT_TRUE(one.open);
    EXPECT_EQ(one.rating, 10);
    EXPECT_EQ(one.result, "*");
    EXPECT_FALSE(two.open);
    EXPECT_EQ(two.result, "1-0");
    EXPECT_EQ(two.stake, 5);
    EXPECT_EQ(two.rating, 0);
    EXPECT_EQ(two.board, "2");
}

// Branching: one more branch in a single move, the mother doubled and its rating divided between
// the two daughters, which continue with different moves (as BC-BR-3).
TEST(BusinessChess, BC_DEF_1_BranchingDoublesTheMotherAndDividesItsRating) {
    Script s;
    auto d = s.branch(1, 3);
    ASSERT_TRUE(find<BranchOpened>(d));
    EXPECT_EQ(s.match().open_branches(), 2);
    EXPECT_EQ(s.match().branch(1)->rating, 7);
    EXPECT_EQ(s.match().branch(2)->rating, 3);
    s.move("1", "e2e4");
    s.move("2", "e2e4");
    EXPECT_EQ(find<ArbiterFlag>(s.press())->code, "SAME_MOVE");
}

// Passing: one unit of rating from one branch to another in a single move, no points lost.
TEST(BusinessChess, BC_DEF_3_PassingMovesOneUnitWithNoPointsLost) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    full_turn(s);
    auto d = s.key(KeyChangeKind::PASS, 1, 2, 1);  // White
    ASSERT_TRUE(find<KeyChangeAccepted>(d));
    EXPECT_EQ(s.match().branch(1)->rating, 4);
    EXPECT_EQ(s.match().branch(2)->rating, 6);
    EXPECT_EQ(s.match().score(), (Score{0, 0}));
}

// The number of demonstration boards, agreed in advance, is the most branches at once.
TEST(BusinessChess, BC_P_2_TheAgreedBoardsAreTheMostBranches) {
    auto c = business_config();
    auto r = BusinessRules::of(c);
    r.max_branches = 3;
    r.boards = {"1", "2", "3"};
    r.write_to(c);
    Script s(c);
    ASSERT_TRUE(find<BranchOpened>(s.branch(1, 5)));
    full_turn(s);
    ASSERT_TRUE(find<BranchOpened>(s.branch(1, 2)));  // Black: board 3
    full_turn(s);
    auto d = s.key(KeyChangeKind::BRANCH, 2, 0, 2);  // White: a fourth branch
    ASSERT_TRUE(refused(d, "NO_FREE_BOARD"));
    EXPECT_EQ(decision_of_refusal(d)->rule, "BC-I.1");
}

// Players per team and reserves are agreed in advance: a team beyond them is refused.
TEST(BusinessChess, BC_P_3_PlayersAndReservesAreAgreedInAdvance) {
    auto c = business_config();  // six a side: five and a reserve
    auto r = BusinessRules::of(c);
    r.players = 4;
    r.reserves = 1;
    r.write_to(c);
    Script six(c);
    EXPECT_EQ(six.state().match("m1"), nullptr);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(six.created(), &why));
    EXPECT_NE(why->reason.find("at most 4 plus 1"), std::string::npos) << why->reason;
    c.white().players.pop_back();
    c.black().players.pop_back();
    Script five(c);
    ASSERT_NE(five.state().match("m1"), nullptr);
}

TEST(BusinessChess, BC_I_3_TheGameRatingIsTen) {
    Script s;
    EXPECT_EQ(BusinessRules{}.game_rating, 10);
    EXPECT_EQ(s.match().branch(1)->rating, 10);
    EXPECT_EQ(s.match().return_rating(), 10);
}

// The veto's window: the last half hour on the team's own clock (BC-I.18 checks the rest).
TEST(BusinessChess, BC_I_6_TheVetoBelongsToTheLastHalfHour) {
    Script s;
    s.clock(30 * 60000, 30 * 60000, chess::WHITE);
    ASSERT_TRUE(refused(s.key(KeyChangeKind::VETO, 0), "VETO_NOT_ALLOWED"));  // 30:00 exactly
    s.clock(30 * 60000 - 1000, 30 * 60000, chess::WHITE);
    EXPECT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::VETO, 0)));
}

// The veto's effect (the default of the catalogue): the other team may not branch for the rest of
// the game; the vetoing team still may.
TEST(BusinessChess, BC_A1_AVetoForbidsTheOtherTeamToBranchForTheRestOfTheGame) {
    Script s;
    s.clock(20 * 60000, 40 * 60000, chess::WHITE);
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::VETO, 0)));  // White
    full_turn(s);
    for (int turn = 0; turn < 3; ++turn) {  // Black, on every later move
        auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 5);
        ASSERT_TRUE(refused(d, "VETOED")) << turn;
        EXPECT_EQ(decision_of_refusal(d)->rule, "BC-A1");
        full_turn(s);
        full_turn(s);
    }
    full_turn(s);                                     // Black's move: White to move
    EXPECT_TRUE(find<BranchOpened>(s.branch(1, 5)));  // White still may
}

// (a) One member of the team goes to the demonstration boards: one crossing is the move's way
// there, and nothing to flag; a second member beyond the line is (BC-I.10).
TEST(BusinessChess, BC_I_8a_OneMemberGoesToTheBoards) {
    Script s;
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BeamCrossed{"m1", chess::WHITE, true})));
    EXPECT_EQ(s.match().zone_occupancy(chess::WHITE), 1);
    s.move("1", "e2e4");
    s.press();
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BeamCrossed{"m1", chess::WHITE, false})));
    EXPECT_EQ(s.match().zone_occupancy(chess::WHITE), 0);
}

// (c) He changes the ratings in the same move, before the press: entered as key changes, they
// count with the move.
TEST(BusinessChess, BC_I_8c_TheRatingsChangeWithinTheMove) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    full_turn(s);
    move_everywhere(s);  // White's moves on both boards
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::PASS, 2, 1, 1)));
    auto d = s.press();
    EXPECT_EQ(count<MoveAccepted>(d), 2);
    EXPECT_EQ(s.match().branch(1)->rating, 6);
    EXPECT_EQ(s.match().branch(2)->rating, 4);
    // The move is over: Black's move has its own key change.
    EXPECT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::PASS, 1, 2, 1)));
}

// Play starts on branch 1 and spreads to branches 2, 3, ... on the next boards in the agreed order
// (the venue sets the boards from the centre outwards, BC-A3).
TEST(BusinessChess, BC_I_9_TheTreeGrowsOntoTheNextBoardsInOrder) {
    Script s;
    EXPECT_EQ(s.match().branch(1)->board, "1");
    std::vector<std::string> boards;
    for (int i = 0; i < 4; ++i) {
        auto d = s.branch(1, 1);
        ASSERT_TRUE(find<BranchOpened>(d)) << i;
        boards.push_back(find<BranchOpened>(d)->board);
        full_turn(s);
    }
    EXPECT_EQ(boards, (std::vector<std::string>{"2", "3", "4", "5"}));
}

// Any member, one at a time; the representative may change between turns.
TEST(BusinessChess, BC_A10_AnyMemberOneAtATime) {
    Script s;
    s.send(BeamCrossed{"m1", chess::WHITE, true});
    s.move("1", "e2e4");
    s.press();
    s.send(BeamCrossed{"m1", chess::WHITE, false});
    full_turn(s);  // Black
    // Another White member crosses for the next move: nothing to flag.
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BeamCrossed{"m1", chess::WHITE, true})));
}

// Once one branch remains, +30 s per move from that press on (not only after the time is used).
TEST(BusinessChess, BC_A12_ThirtySecondsPerMoveFromTheMomentOneBranchRemains) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);  // Black: one branch left
    auto d = full_turn(s);
    const Decision* why = nullptr;
    auto* added = find<TimeAdded>(d, &why);
    ASSERT_TRUE(added);
    EXPECT_EQ(added->amount_ms, 30000);
    EXPECT_EQ(why->rule, "BC-I.7");
    // The clock still had most of its 90 minutes: the increment does not wait for it to run out.
    EXPECT_GT(s.match().clock().black_ms, 60 * 60000);
}

// A draw is agreed per branch, entered for the teams: that branch is drawn, the others go on.
TEST(BusinessChess, BC_A15_ADrawIsAgreedPerBranch) {
    Script s;
    s.branch(1, 6);
    full_turn(s);
    auto d = s.key(KeyChangeKind::DRAW, 2);  // Black enters the agreement on branch 2
    auto* closed = find<BranchClosed>(d);
    ASSERT_TRUE(closed);
    EXPECT_EQ(closed->branch, 2);
    EXPECT_EQ(closed->result, "1/2-1/2");
    EXPECT_EQ(closed->termination, "agreement");
    EXPECT_TRUE(s.match().branch(1)->open);
    EXPECT_EQ(s.match().score(), (Score{6, 6}));  // 3 of branch 2's 6 each, in half points
}

// Ratings and key changes are not seen by the boards' sensors: they come as entries
// (KeyChange); a move read on a board never changes a rating.
TEST(BusinessChess, BC_A21_RatingsComeFromEntriesNotFromTheBoards) {
    Script s;
    s.branch(1, 5);
    const int before = s.match().branch(1)->rating;
    full_turn(s);
    full_turn(s);
    EXPECT_EQ(s.match().branch(1)->rating, before);
    s.key(KeyChangeKind::PASS, 1, 2, 1);
    EXPECT_EQ(s.match().branch(1)->rating, before - 1);
}

// The board of a closed branch takes a later branch.
TEST(BusinessChess, BC_A23_AClosedBranchsBoardIsReused) {
    Script s;
    s.branch(1, 5);  // board 2
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);  // Black: board 2 free again
    full_turn(s);
    auto d = s.branch(1, 3);  // White
    ASSERT_TRUE(find<BranchOpened>(d));
    EXPECT_EQ(find<BranchOpened>(d)->board, "2");
    EXPECT_EQ(find<BranchOpened>(d)->branch, 3);
}

// A branch mated this turn closes at once: the mating team cannot select it in the same move.
// (BC-I.16's test goes on to later moves; this is the same move only.)
TEST(BusinessChess, BC_A24_AMatedBranchCannotBeSelectedInTheSameMove) {
    Script s;
    before_fools_mate(s, true);
    ASSERT_TRUE(find<BranchClosed>(s.move("1", "d8h4")));
    auto d = s.key(KeyChangeKind::SELECT, 1, 2);
    ASSERT_TRUE(refused(d, "BRANCH_CLOSED"));
    EXPECT_EQ(decision_of_refusal(d)->rule, "BC-I.16");
    // The other branches still move: the mated one needs no move.
    s.move("2", "b8c6");
    EXPECT_EQ(count<MoveAccepted>(s.press()), 1);
}

// Each team has one colour in every branch: White's team moves White's pieces on every board.
TEST(BusinessChess, BC_A26_ATeamHasOneColourInEveryBranch) {
    Script s;
    s.branch(1, 5);
    for (const Branch& b : s.match().branches())
        EXPECT_EQ(b.game.position().side_to_move(), chess::WHITE) << b.number;
    // A Black move on a board while White is to move is not a move of the turn.
    auto d = s.move("2", "e7e5");
    EXPECT_TRUE(find<MoveRefused>(d));
    for (const chess::PgnGame& g : branch_pgns(s.match())) {
        EXPECT_EQ(g.tag("White"), engine::pgn_player_names(business_config().white()));
        EXPECT_EQ(g.tag("WhiteTeam"), "Federation");
    }
}

// The daughters' moves must differ as moves (from one position, two different legal moves give
// two different positions).
TEST(BusinessChess, BC_A27_TheDaughtersMovesDifferAsMoves) {
    Script s;
    s.branch(1, 5);
    s.move("1", "g1f3");
    s.move("2", "g1f3");
    EXPECT_EQ(find<ArbiterFlag>(s.press())->code, "SAME_MOVE");
    s.move("2", "g1h3");
    EXPECT_TRUE(find<ClockSwitched>(s.press()));
}

// Touch-move is the representative's and the arbiters' (not sensed); until the press, the move
// last read on a board is the one that counts. (Withdrawing a key change before the press is
// not there yet: docs/games/business.md.)
TEST(BusinessChess, BC_A30_TheMoveLastReadBeforeThePressCounts) {
    Script s;
    s.branch(1, 5);
    s.move("1", "e2e4");
    s.move("2", "d2d4");
    s.move("2", "c2c4");  // changed on board 2 before the press
    auto d = s.press();
    std::vector<std::string> played;
    for (const Decision& x : d)
        if (auto* m = std::get_if<MoveAccepted>(&x.body)) played.push_back(m->uci);
    EXPECT_EQ(played, (std::vector<std::string>{"e2e4", "c2c4"}));
}

// Board C is a sensed board: its confirmation and its moves come from the board like any other.
TEST(BusinessChess, BC_III_6_TheControlBoardIsASensedBoard) {
    Script s;
    one_branch_left(s);
    ASSERT_TRUE(find<BoardSetupRequired>(ask_for_board_c(s, chess::WHITE)));
    EXPECT_TRUE(find<MoveRefused>(s.move("C", quiet_move(*s.match().branch(1)))))
        << "not before the board shows the branch's position";
    s.send(BoardRestored{"m1", "C"});
    s.move("C", quiet_move(*s.match().branch(1)));
    EXPECT_EQ(find<MoveAccepted>(s.press())->board, "C");
}

// The host computes every change of the score and says it (the information board shows it).
TEST(BusinessChess, BC_II_5_EveryScoreChangeIsComputedAndAnnounced) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    auto d = s.key(KeyChangeKind::SELECT, 2, 1);  // Black resigns branch 2 (5): White +5
    const Decision* why = nullptr;
    auto* score = find<ScoreChanged>(d, &why);
    ASSERT_TRUE(score);
    EXPECT_EQ(score->white_half_points, 10);
    EXPECT_EQ(score->black_half_points, 0);
    EXPECT_FALSE(why->reason.empty());
}

// While a clone is set up the clock is stopped (BC-II.3): a move read on another board counts
// for nothing, with the reason; once the clone is confirmed, moves count again.
TEST(BC_II_3, NoMoveCountsOnAnyBoardWhileACloneIsSetUp) {
    Script s;
    s.turns({"e2e4", "e7e5"});
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 1);
    const BoardSetupRequired* setup = engine::testing::find<BoardSetupRequired>(d);
    ASSERT_NE(setup, nullptr);
    const std::string setup_board = setup->board;  // d is reused below
    const Decision* why = nullptr;
    d = s.move("1", "g1f3");
    const MoveRefused* refused = engine::testing::find<MoveRefused>(d, &why);
    ASSERT_NE(refused, nullptr);
    EXPECT_EQ(why->rule, "BC-II.3");
    EXPECT_NE(why->reason.find("the clock is stopped while board " + setup_board),
              std::string::npos)
        << why->reason;
    EXPECT_FALSE(s.match().branch_on("1")->pending) << "the move is not held for the press";
    s.clone_read(setup_board);
    d = s.move("1", "g1f3");
    EXPECT_EQ(engine::testing::find<MoveRefused>(d), nullptr) << "confirmed: moves count again";
    EXPECT_TRUE(s.match().branch_on("1")->pending);
}

}  // namespace
}  // namespace venue::games::business
