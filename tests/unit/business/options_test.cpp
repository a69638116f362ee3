// Business Chess: the alternatives of the catalogue's ambiguities as [match.business] keys
// (BC-A1, A8, A10, A11, A12, A20) and the arbiters' confirmations (BC-II.5). Each test names the
// clause it checks; the defaults are checked in rules_test.cpp, tree_test.cpp, members_test.cpp.
#include "business_script.h"

namespace venue::games::business::testing {
namespace {

Script with(std::initializer_list<std::pair<const char*, OptionValue>> options) {
    MatchConfig c = business_config();
    for (const auto& [key, value] : options) c.options.set(key, value);
    return Script(c);
}

const ArbiterFlag* flag_with(const std::vector<Decision>& d, const std::string& code,
                             const Decision** why = nullptr) {
    for (const Decision& x : d)
        if (const auto* f = std::get_if<ArbiterFlag>(&x.body); f && f->code == code) {
            if (why) *why = &x;
            return f;
        }
    return nullptr;
}

// Black to move with 29 minutes on its running clock: it may veto (BC-I.18).
void black_may_veto(Script& s) {
    s.clock(40 * 60000, 29 * 60000, chess::BLACK);
}

TEST(BusinessOptions, BC_A1_BanAllBranchingForbidsTheVetoingTeamToo) {
    Script s = with({{"veto_effect", std::string("ban_all_branching")}});
    full_turn(s);
    black_may_veto(s);
    auto d = s.key(KeyChangeKind::VETO, 0);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<KeyChangeAccepted>(d, &why));
    EXPECT_NE(why->reason.find("neither team may branch"), std::string::npos) << why->reason;
    full_turn(s);                                                           // Black's move
    ASSERT_TRUE(refused(s.key(KeyChangeKind::BRANCH, 1, 0, 5), "VETOED"));  // White
    full_turn(s);
    d = s.key(KeyChangeKind::BRANCH, 1, 0, 5);  // Black, the vetoing team
    ASSERT_TRUE(refused(d, "VETOED"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-A1");
}

TEST(BusinessOptions, BC_A1_AVetoForTheOpponentsNextTurnLapses) {
    Script s =
        with({{"veto_scope", std::string("opponent_next_turn")}, {"veto_count", std::int64_t(2)}});
    full_turn(s);  // White's first move; Black to move
    black_may_veto(s);
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::VETO, 0)));
    EXPECT_TRUE(s.match().vetoed(chess::BLACK));
    full_turn(s);                                                           // Black's move
    ASSERT_TRUE(refused(s.key(KeyChangeKind::BRANCH, 1, 0, 5), "VETOED"));  // White's next move
    auto d = full_turn(s);  // White's move is complete: the veto lapses
    const Decision* why = nullptr;
    const auto* news = find<GameNews>(d, &why);
    ASSERT_TRUE(news);
    EXPECT_EQ(news->kind, "veto_lapsed");
    EXPECT_EQ(why->rule, "BC-A1");
    EXPECT_FALSE(s.match().vetoed(chess::BLACK));
    full_turn(s);  // Black
    ASSERT_TRUE(find<BranchOpened>(s.branch(1, 5))) << "White may branch again";
    full_turn(s);  // White (two branches now)
    // veto_count = 2: Black may veto a second time, and not a third.
    black_may_veto(s);
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::VETO, 0)));
    EXPECT_EQ(s.match().vetoes_declared(chess::BLACK), 2);
    // The state survives a snapshot and its restore (a restart mid-game).
    const std::string snap = s.match().extra_snapshot();
    EXPECT_NE(snap.find("\"vetoes\":[0,2]"), std::string::npos) << snap;
}

TEST(BusinessOptions, BC_A1_OneVetoByDefault) {
    Script s;
    full_turn(s);
    black_may_veto(s);
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::VETO, 0)));
    full_turn(s);
    full_turn(s);
    black_may_veto(s);
    ASSERT_TRUE(refused(s.key(KeyChangeKind::VETO, 0), "VETO_USED"));
}

TEST(BusinessOptions, BC_A8_UnderFlagTheClockRunsOnAndTheArbiterGivesItBack) {
    Script s = with({{"incomplete_commit", std::string("flag")}});
    auto d = s.press();  // White pressed without a move on branch 1
    const Decision* why = nullptr;
    ASSERT_TRUE(flag_with(d, "INCOMPLETE_COMMIT", &why));
    EXPECT_EQ(why->rule, "BC-A8");
    EXPECT_FALSE(command(d, "clock.run")) << "an independent clock: the host does not switch it";
    EXPECT_EQ(s.match().clock().running, chess::BLACK);
    EXPECT_EQ(s.match().to_move(), chess::WHITE) << "the move is not committed";
    s.arbiter(ArbiterActionKind::PAUSE);
    d = s.arbiter(ArbiterActionKind::RESUME);
    const DeviceCommand* run = command(d, "clock.run");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->side, chess::WHITE);
    EXPECT_EQ(s.match().clock().running, chess::WHITE);
    d = s.turn("e2e4");
    EXPECT_TRUE(find<MoveAccepted>(d));
    EXPECT_EQ(s.match().to_move(), chess::BLACK);
}

TEST(BusinessOptions, BC_A8_UnderPenaltyThePressIsRefusedAndTheOpponentGetsTime) {
    Script s = with({{"incomplete_commit", std::string("penalty")},
                     {"incomplete_penalty_ms", std::int64_t(45000)}});
    auto d = s.press();
    const DeviceCommand* run = command(d, "clock.run");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->side, chess::WHITE);
    const Decision* why = nullptr;
    const auto* t = find<TimeAdded>(d, &why);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->side, chess::BLACK);
    EXPECT_EQ(t->amount_ms, 45000);
    EXPECT_EQ(why->rule, "BC-A8");
}

TEST(BusinessOptions, BC_A8_BlockGivesNoTimeByDefault) {
    Script s;
    auto d = s.press();
    EXPECT_TRUE(engine::testing::command(d, "clock.run"));
    EXPECT_FALSE(find<TimeAdded>(d));
}

TEST(BusinessOptions, BC_A10_OnlyTheDesignatedRepresentativeEntersKeyChanges) {
    Script s = with({{"representative", std::string("designated")}});
    KeyChange k;
    k.kind = KeyChangeKind::BRANCH;
    k.from_branch = 1;
    k.amount = 5;
    k.player = "w2";
    auto d = s.key_by(chess::WHITE, k);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "NOT_REPRESENTATIVE"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-A10");
    EXPECT_NE(why->reason.find("w1"), std::string::npos) << why->reason;
    full_turn(s);  // Black's clock runs: White may replace its representative (BC-I.12)
    ASSERT_TRUE(find<PlayerReplaced>(s.key_by(chess::WHITE, replacement("w1", "w6"))));
    EXPECT_EQ(s.match().representative(chess::WHITE), 5);
    full_turn(s);
    k.player = "w1";
    ASSERT_TRUE(refused(s.key_by(chess::WHITE, k), "NOT_REPRESENTATIVE"));
    k.player = "w6";
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key_by(chess::WHITE, k)));
}

TEST(BusinessOptions, BC_A10_AnyMemberOneAtATimeByDefault) {
    Script s;
    KeyChange k;
    k.kind = KeyChangeKind::BRANCH;
    k.from_branch = 1;
    k.amount = 5;
    k.player = "w4";
    EXPECT_TRUE(find<KeyChangeAccepted>(s.key_by(chess::WHITE, k)));
}

TEST(BusinessOptions, BC_A11_CrossingOnTheOpponentsTurnIsFlagged) {
    Script s = with({{"cross_only_on_own_turn", true}});
    auto d = s.send(BeamCrossed{"m1", chess::BLACK, true});  // White is to move
    const Decision* why = nullptr;
    const auto* f = flag_with(d, "CROSSED_OUT_OF_TURN", &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->side, chess::BLACK);
    EXPECT_EQ(why->rule, "BC-A11");
    s.send(BeamCrossed{"m1", chess::BLACK, false});
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BeamCrossed{"m1", chess::WHITE, true})));
    // By default a member may cross during the other team's turn.
    Script plain;
    EXPECT_FALSE(find<ArbiterFlag>(plain.send(BeamCrossed{"m1", chess::BLACK, true})));
}

TEST(BusinessOptions, BC_A12_OvertimeOnlyOnceTheMainTimeIsUsedUp) {
    Script s = with({{"single_branch_time", std::string("overtime_after_flag")}});
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);  // Black: one branch remains
    auto d = full_turn(s);
    EXPECT_FALSE(find<TimeAdded>(d)) << "no increment before the main time is used up";
    d = s.send(FlagFell{"m1", chess::WHITE});
    const Decision* why = nullptr;
    const auto* t = find<TimeAdded>(d, &why);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->side, chess::WHITE);
    EXPECT_EQ(t->amount_ms, 30000);
    EXPECT_EQ(why->rule, "BC-A12");
    EXPECT_TRUE(command(d, "clock.resume"));
    EXPECT_FALSE(find<GameEnded>(d));
    EXPECT_TRUE(s.match().in_overtime(chess::WHITE));
    d = full_turn(s);  // White's move in overtime: 30 s more
    t = find<TimeAdded>(d, &why);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->side, chess::WHITE);
    EXPECT_EQ(why->rule, "BC-A12");
    EXPECT_FALSE(find<TimeAdded>(full_turn(s))) << "Black still has main time";
    d = s.send(FlagFell{"m1", chess::WHITE});  // the overtime's own flag ends the game
    EXPECT_TRUE(find<GameEnded>(d));
}

TEST(BusinessOptions, BC_A20_TheNumberOfReplacementsIsLimited) {
    Script s = with({{"max_replacements", std::int64_t(1)}});
    full_turn(s);  // Black's clock runs
    ASSERT_TRUE(find<PlayerReplaced>(s.key_by(chess::WHITE, replacement("w2", "w6"))));
    auto d = s.key_by(chess::WHITE, replacement("w6", "w2"));
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "NO_REPLACEMENTS_LEFT"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-A20");
}

TEST(BusinessOptions, BC_A20_AnExpelledMemberMayGoUnreplaced) {
    Script s = with({{"replace_expelled", false}});
    s.arbiter(ArbiterActionKind::REMOVE, "b4", "red card");
    ASSERT_TRUE(
        refused(s.key_by(chess::BLACK, replacement("b4", "b6")), "NO_REPLACEMENT_FOR_EXPELLED"));
    // An active member may still be replaced.
    ASSERT_TRUE(find<PlayerReplaced>(s.key_by(chess::BLACK, replacement("b2", "b6"))));
}

TEST(BusinessOptions, BC_II_5_TheArbiterConfirmsEachScoreChange) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    auto d = s.key(KeyChangeKind::SELECT, 2, 1);  // Black resigns branch 2: White scores 5
    ASSERT_TRUE(find<ScoreChanged>(d)) << "the display follows the host's score at once";
    EXPECT_EQ(s.match().confirmed_score(), Score{});
    const auto facts = s.match().facts();
    ASSERT_FALSE(facts.empty());
    EXPECT_EQ(facts[0].first, "Score confirmed");
    EXPECT_NE(facts[0].second.find("confirm it"), std::string::npos) << facts[0].second;
    d = s.arbiter(ArbiterActionKind::CONFIRM_SCORE);
    const Decision* why = nullptr;
    const auto* news = find<GameNews>(d, &why);
    ASSERT_TRUE(news);
    EXPECT_EQ(news->kind, "score_confirmed");
    EXPECT_EQ(news->facts.at("white"), "5");
    EXPECT_EQ(why->rule, "BC-II.5");
    EXPECT_EQ(s.match().confirmed_score(), s.match().score());
    EXPECT_TRUE(find<EventIgnored>(s.arbiter(ArbiterActionKind::CONFIRM_SCORE)))
        << "nothing new to confirm";
}

TEST(BusinessOptions, BC_II_5_TheConfirmationReplaysToTheSameState) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);
    s.arbiter(ArbiterActionKind::CONFIRM_SCORE);
    VenueState again;
    for (const Event& e : s.events()) again.apply(e);
    EXPECT_EQ(again.canonical(), s.state().canonical());
    EXPECT_NE(s.state().canonical().find("confirmed 10:0"), std::string::npos);
}

std::vector<Decision> withdraw(Script& s) {
    KeyChange k;
    k.kind = KeyChangeKind::WITHDRAW;
    return s.key_by(s.match().to_move(), k);
}

TEST(BusinessOptions, BC_A30_ABranchingIsWithdrawnBeforeThePress) {
    Script s;
    auto d = s.key(KeyChangeKind::BRANCH, 1, 0, 4);  // the clone of board 2 is being set up
    ASSERT_TRUE(command(d, "clock.pause"));
    d = withdraw(s);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<KeyChangeAccepted>(d, &why));
    EXPECT_EQ(why->rule, "BC-A30");
    EXPECT_TRUE(command(d, "clock.resume")) << "no board is set up any more";
    const auto* gone = find<GameNews>(d);
    ASSERT_TRUE(gone);
    EXPECT_EQ(gone->kind, "branch_withdrawn");
    EXPECT_EQ(gone->facts.at("board"), "2");
    ASSERT_EQ(s.match().branches().size(), 1u);
    EXPECT_EQ(s.match().branch(1)->rating, 10);
    EXPECT_FALSE(s.match().board_role("2").game) << "board 2 is free again";
    EXPECT_EQ(s.match().turn().key_changes, 0) << "the team may make a key change again";
    // The team branches after all, differently: the new branch is branch 2 again.
    ASSERT_TRUE(find<BranchOpened>(s.branch(1, 3)));
    EXPECT_EQ(s.match().branch(2)->rating, 3);
    EXPECT_EQ(s.match().check(), "");
}

TEST(BusinessOptions, BC_A30_AWithdrawnSelectionGivesTheScoreBack) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);  // Black: White scores branch 2's 5
    EXPECT_EQ(s.match().score().white, 10);
    auto d = withdraw(s);
    const auto* score = find<ScoreChanged>(d);
    ASSERT_TRUE(score);
    EXPECT_EQ(score->white_half_points, 0);
    EXPECT_EQ(s.match().score(), Score{});
    ASSERT_TRUE(s.match().branch(2)->open);
    EXPECT_EQ(s.match().branch(2)->rating, 5);
    EXPECT_EQ(s.match().branch(1)->rating, 5);
    EXPECT_GE(count<RatingChanged>(d), 2);
    EXPECT_EQ(s.match().check(), "");
    // Black passes instead, and completes its move.
    ASSERT_TRUE(find<KeyChangeAccepted>(s.key(KeyChangeKind::PASS, 1, 2, 1)));
    EXPECT_TRUE(find<ClockSwitched>(full_turn(s)));
}

TEST(BusinessOptions, BC_A30_MovesAndCardsStandAWithdrawal) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.move("1", quiet_move(*s.match().branch(1)));  // Black's move on branch 1, then a pass
    s.key(KeyChangeKind::PASS, 1, 2, 1);
    s.arbiter(ArbiterActionKind::WARN, "b3", "second member beyond the red line");
    withdraw(s);
    EXPECT_TRUE(s.match().branch(1)->pending) << "the move on the board stands";
    EXPECT_EQ(s.match().member(chess::BLACK, 2).offences, 1) << "the card stands";
    EXPECT_EQ(s.match().branch(1)->rating, 5);
    EXPECT_EQ(s.match().branch(2)->rating, 5);
}

TEST(BusinessOptions, BC_A30_OnlyBeforeThePress) {
    Script s;
    auto d = withdraw(s);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "NOTHING_TO_WITHDRAW"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-A30");
    s.branch(1, 5);
    full_turn(s);  // the press commits the branching
    ASSERT_TRUE(refused(withdraw(s), "NOTHING_TO_WITHDRAW"));
    EXPECT_EQ(s.match().branches().size(), 2u);
}

TEST(BusinessOptions, BC_A30_AWithdrawalReplaysToTheSameState) {
    Script s;
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);
    withdraw(s);
    VenueState again;
    for (const Event& e : s.events()) again.apply(e);
    EXPECT_EQ(again.canonical(), s.state().canonical());
}

}  // namespace
}  // namespace venue::games::business::testing

namespace venue::games::business::testing {
namespace {

BoardFieldUpdate lifted(const std::string& board, chess::Square s) {
    BoardFieldUpdate u;
    u.match = "m1";
    u.board = board;
    u.piece_code = 0;  // empty: the man left the square
    u.square = s;
    return u;
}

TEST(BusinessOptions, BC_A30_TouchMoveOnTheDemonstrationBoards) {
    Script s;
    s.send(lifted("1", chess::SQ_E2));
    auto d = s.move("1", "d2d4");
    const Decision* why = nullptr;
    const auto* f = find<ArbiterFlag>(d, &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "TOUCH_MOVE");
    EXPECT_EQ(f->board, "1");
    EXPECT_EQ(why->rule, "BC-A30");
    EXPECT_NE(why->reason.find("e2"), std::string::npos) << why->reason;
    EXPECT_TRUE(find<MoveAccepted>(s.press())) << "flagged, not refused: the arbiter rules";
    // Black: the touched man is the one moved; then White's next lift binds afresh.
    s.send(lifted("1", chess::SQ_G8));
    EXPECT_FALSE(find<ArbiterFlag>(s.move("1", "g8f6")));
    s.press();
    s.send(lifted("1", chess::SQ_C2));
    EXPECT_FALSE(find<ArbiterFlag>(s.move("1", "c2c4")));
}

TEST(BusinessOptions, BC_A30_TouchMoveOff) {
    Script s = with({{"touch_move", false}});
    s.send(lifted("1", chess::SQ_E2));
    EXPECT_FALSE(find<ArbiterFlag>(s.move("1", "d2d4")));
}

TEST(BusinessOptions, BC_A30_AManThatCannotMoveDoesNotBind) {
    Script s;
    s.send(lifted("1", chess::SQ_E1));  // the king, boxed in
    EXPECT_FALSE(find<ArbiterFlag>(s.move("1", "e2e4")));
}

}  // namespace
}  // namespace venue::games::business::testing

namespace venue::games::business::testing {
namespace {

ArbiterAction restore_to(int ply) {
    ArbiterAction a;
    a.match = "m1";
    a.kind = ArbiterActionKind::RESTORE_POSITION;
    a.ply = ply;
    a.arbiter = "chief";
    a.note = "the board was knocked; back to the last agreed position";
    return a;
}

TEST(BusinessTakeBack, X_3_TheArbiterTakesTheGameBackOnEveryBranch) {
    Script s;
    s.turns({"e2e4", "e7e5", "g1f3"});
    auto d = s.send(restore_to(1));
    const Decision* why = nullptr;
    const auto* r = find<RestoreRequired>(d, &why);
    ASSERT_TRUE(r) << (find<EventIgnored>(d) ? "ignored" : "nothing");
    EXPECT_EQ(why->rule, "X-3");
    EXPECT_EQ(r->fen, s.match().branch_on("1")->game.position().fen());
    EXPECT_EQ(s.match().branch_on("1")->ply(), 1);
    EXPECT_EQ(s.match().to_move(), chess::BLACK);
    EXPECT_TRUE(engine::testing::command(d, "clock.run"));
    s.send(BoardRestored{"m1", "1"});
    EXPECT_TRUE(find<MoveAccepted>(s.turn("c7c5"))) << "play goes on from there";
}

TEST(BusinessTakeBack, X_3_NotAcrossABranching) {
    Script s;
    full_turn(s);
    full_turn(s);
    s.branch(1, 5);  // white branches at ply 2
    move_everywhere(s);
    s.press();
    const int plies = s.match().branch_on("1")->ply();
    auto d = s.send(restore_to(1));
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(d, &why));
    EXPECT_NE(why->reason.find("would undo the tree"), std::string::npos) << why->reason;
    EXPECT_NE(why->reason.find("branch 2"), std::string::npos) << why->reason;
    EXPECT_EQ(s.match().branch_on("1")->ply(), plies) << "nothing changed";
    EXPECT_TRUE(find<EventIgnored>(s.send(restore_to(plies - 1))))
        << "the turn of the branching is not taken back either";
    full_turn(s);  // Black's reply on both branches
    EXPECT_TRUE(find<RestoreRequired>(s.send(restore_to(plies))))
        << "a turn after the branching may be taken back";
    for (const Branch& b : s.match().branches()) EXPECT_EQ(b.ply(), plies);
}

}  // namespace
}  // namespace venue::games::business::testing
