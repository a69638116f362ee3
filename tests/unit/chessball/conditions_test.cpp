// Chessball: the agreed conditions about claims, draws and time-outs (CB-A3, A5, A7, A10, A12,
// A13, A14, A15) as [match.chessball] keys. Each test names the clause, checks the default where
// the other files do not, and sets the alternative.
#include "chessball_script.h"

namespace venue::games::chessball {
namespace {

using namespace testing;

// The reason of the first decision of type T in `d` ("" when there is none).
template <typename T>
std::string reason_of(const std::vector<Decision>& d) {
    const Decision* why = nullptr;
    return find<T>(d, &why) ? why->reason : std::string();
}

template <typename T>
std::string rule_of(const std::vector<Decision>& d) {
    const Decision* why = nullptr;
    return find<T>(d, &why) ? why->rule : std::string();
}

ClaimPressed tie(int button, int winner) {
    ClaimPressed p;
    p.match = "m1";
    p.button = button;
    p.verdict = ClaimVerdict::TIE;
    p.tied_with = {0, 1};
    p.winner = winner;
    p.tie_rule = "LFSR16 uniform draw";
    return p;
}

GameInput captain(const char* kind, chess::Color team) {
    return captain_entry(kind, team);
}

// --- CB-A3: a tie in one sample -----------------------------------------------------------------

TEST(ChessballConditions, CB_A3_ByDefaultTheHubsDrawPicksTheWinner) {
    Script s;
    EXPECT_EQ(find<ClaimRefused>(s.send(tie(0, 1)))->code, "TIE_LOST");
    auto won = s.send(tie(1, 1));
    ASSERT_TRUE(find<ClaimGranted>(won));
    EXPECT_EQ(rule_of<ClaimGranted>(won), "CB-A3");
}

TEST(ChessballConditions, CB_A3_RejectBothRefusesEveryPressOfTheTie) {
    Script s(with("claim_tie", std::string("reject_both")));
    auto lost = s.send(tie(0, 1));
    EXPECT_EQ(find<ClaimRefused>(lost)->code, "TIE_REJECTED");
    EXPECT_FALSE(command(lost, "claim.release")) << "the hub never granted the loser";
    auto drawn = s.send(tie(1, 1));
    EXPECT_EQ(find<ClaimRefused>(drawn)->code, "TIE_REJECTED");
    EXPECT_EQ(rule_of<ClaimRefused>(drawn), "CB-A3");
    EXPECT_TRUE(command(drawn, "claim.release")) << "the hub's grant is taken back";
    EXPECT_FALSE(s.match().claim_holder());
    EXPECT_TRUE(find<ClaimGranted>(s.press(1))) << "a new press claims";
}

// --- CB-A5: the holder releases by pressing again
// -------------------------------------------------

TEST(ChessballConditions, CB_A5_TheHoldersSecondPressReleasesTheClaim) {
    Script s;
    s.press(0);
    auto d = s.press(0, ClaimVerdict::LATE, 4'000'000);
    ASSERT_TRUE(find<ClaimEnded>(d));
    EXPECT_EQ(rule_of<ClaimEnded>(d), "CB-A5");
    EXPECT_TRUE(command(d, "claim.release"));
    EXPECT_FALSE(s.match().claim_holder());
    EXPECT_FALSE(find<WarningProposed>(d));
    EXPECT_EQ(s.match().game().position().side_to_move(), chess::WHITE) << "his team still moves";
    EXPECT_TRUE(find<ClaimGranted>(s.press(2))) << "a teammate may claim now";
}

TEST(ChessballConditions, CB_A5_NoReleaseWithHisMoveOnTheBoard) {
    Script s;
    s.press(0);
    s.move("b1c3");
    auto d = s.press(0, ClaimVerdict::LATE, 4'000'000);
    EXPECT_EQ(find<ClaimRefused>(d)->code, "MOVE_ON_BOARD");
    EXPECT_FALSE(command(d, "claim.release"));
    EXPECT_TRUE(s.match().claim_holder());
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(ChessballConditions, CB_A5_AnotherPlayersLatePressIsStillLate) {
    Script s;
    s.press(0);
    EXPECT_EQ(find<ClaimRefused>(s.press(1, ClaimVerdict::LATE, 800))->code, "CLAIM_HELD");
    EXPECT_TRUE(s.match().claim_holder());
}

TEST(ChessballConditions, CB_A5_ReleaseForbidden) {
    Script s(with("claim_release", std::string("forbidden")));
    s.press(0);
    auto d = s.press(0, ClaimVerdict::LATE, 4'000'000);
    EXPECT_EQ(find<ClaimRefused>(d)->code, "RELEASE_FORBIDDEN");
    EXPECT_EQ(rule_of<ClaimRefused>(d), "CB-A5");
    EXPECT_TRUE(s.match().claim_holder());
}

TEST(ChessballConditions, CB_A5_ReleaseWithAWarningProposed) {
    Script s(with("claim_release", std::string("warning")));
    s.press(0);
    auto d = s.press(0, ClaimVerdict::LATE, 4'000'000);
    ASSERT_TRUE(find<ClaimEnded>(d));
    const auto* w = find<WarningProposed>(d);
    ASSERT_TRUE(w);
    EXPECT_EQ(w->player, "W1");
    EXPECT_EQ(rule_of<WarningProposed>(d), "CB-A5");
}

// --- CB-A7: the destination -------------------------------------------------------------------

TEST(ChessballConditions, CB_A7_ByDefaultOnlyTheStartingFileCounts) {
    Script s;
    s.press(0);  // W1: a and b
    s.move("b1c3");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(ChessballConditions, CB_A7_DestinationRestricted) {
    Script s(with("destination_restricted", true));
    s.press(0);
    auto d = s.move("b1c3");
    ASSERT_TRUE(find<RestoreRequired>(d));
    EXPECT_NE(reason_of<RestoreRequired>(d).find("c3, on a file he does not own"),
              std::string::npos)
        << reason_of<RestoreRequired>(d);
    s.send(BoardRestored{"m1", "b"});
    s.move("b1a3");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

// --- CB-A10: the flag --------------------------------------------------------------------------

// Black has only his king: he can never mate.
constexpr const char* LONE_BLACK_KING = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

TEST(ChessballConditions, CB_A10_ByDefaultAFlagAgainstALoneKingDraws) {
    Script s(four_a_side(LONE_BLACK_KING));
    auto d = s.send(FlagFell{"m1", chess::WHITE});
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(s.match().result(), "1/2-1/2");
    EXPECT_EQ(rule_of<GameEnded>(d), "CB-A10");
}

TEST(ChessballConditions, CB_A10_StrictLossReadsTheSeedLiterally) {
    Script s(with("flag_rule", std::string("strict_loss"), LONE_BLACK_KING));
    auto d = s.send(FlagFell{"m1", chess::WHITE});
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(s.match().result(), "0-1");
    EXPECT_EQ(rule_of<GameEnded>(d), "CB-5.2.2");
    EXPECT_NE(reason_of<GameEnded>(d).find("CB-A10"), std::string::npos);
}

// --- CB-A12: who brings the 50-move draw --------------------------------------------------------

constexpr const char* QUIET_99 = "4k3/8/8/8/8/8/8/R3K3 w - - 99 60";

TEST(ChessballConditions, CB_A12_CaptainClaimNoDrawByItself) {
    Script s(with("fifty_move_mode", std::string("captain_claim"), QUIET_99));
    s.turn(0, "a1a2");  // the 100th quiet ply
    EXPECT_EQ(s.match().result(), "*");
    auto d = s.send(DrawClaimed{"m1", chess::BLACK, DrawClaimKind::FIFTY_MOVES, ""});
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(s.match().result(), "1/2-1/2");
    EXPECT_EQ(rule_of<GameEnded>(d), "CB-A12");
}

TEST(ChessballConditions, CB_A12_AnEarlyCaptainsClaimIsRefusedWithTime) {
    Script s(
        with("fifty_move_mode", std::string("captain_claim"), "4k3/8/8/8/8/8/8/R3K3 w - - 90 60"));
    auto d = s.send(DrawClaimed{"m1", chess::WHITE, DrawClaimKind::FIFTY_MOVES, ""});
    EXPECT_EQ(find<ClaimRefused>(d)->code, "INCORRECT_CLAIM");
    const auto* t = find<TimeAdded>(d);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->side, chess::BLACK);
    EXPECT_EQ(s.match().result(), "*");
}

TEST(ChessballConditions, CB_A12_ACaptainsClaimWithTheIntendedMove) {
    Script s(with("fifty_move_mode", std::string("captain_claim"), QUIET_99));
    auto d = s.send(DrawClaimed{"m1", chess::WHITE, DrawClaimKind::FIFTY_MOVES, "a1a2"});
    EXPECT_EQ(s.match().result(), "1/2-1/2") << reason_of<ClaimRefused>(d);
}

TEST(ChessballConditions, CB_A12_ByDefaultNobodyClaims) {
    Script s(four_a_side(QUIET_99));
    auto d = s.send(DrawClaimed{"m1", chess::WHITE, DrawClaimKind::FIFTY_MOVES, "a1a2"});
    EXPECT_TRUE(find<EventIgnored>(d));
    EXPECT_EQ(rule_of<EventIgnored>(d), "CB-A12");
    EXPECT_EQ(s.match().result(), "*");
}

// --- CB-A13: repetition -------------------------------------------------------------------------

// Knights that go out and back: W1 b1-a3-b1, B4 g8-h6-g8; every four plies the start again.
constexpr const char* KNIGHTS = "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1";

// Plays the four-ply cycle `times` times; the decisions of the last clock press.
std::vector<Decision> shuffle(Script& s, int times) {
    std::vector<Decision> last;
    for (int i = 0; i < times && s.match().result() == "*"; ++i)
        for (const auto& [button, uci] : {std::pair{0, "b1a3"}, std::pair{11, "g8h6"},
                                          std::pair{0, "a3b1"}, std::pair{11, "h6g8"}}) {
            if (s.match().result() != "*") break;
            s.press(button);
            s.move(uci);
            last = s.clock();
        }
    return last;
}

TEST(ChessballConditions, CB_A13_FivefoldByDefault) {
    Script s(four_a_side(KNIGHTS));
    shuffle(s, 2);  // the start position the third time
    EXPECT_EQ(s.match().result(), "*") << "no threefold by default";
    auto d = shuffle(s, 2);  // the fifth time
    EXPECT_EQ(s.match().result(), "1/2-1/2");
    EXPECT_EQ(rule_of<GameEnded>(d), "CB-A13");
}

TEST(ChessballConditions, CB_A13_ThreefoldAutomaticWhenAgreed) {
    Script s(with("repetition", std::string("threefold_auto"), KNIGHTS));
    auto d = shuffle(s, 2);
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "threefold repetition");
    EXPECT_EQ(rule_of<GameEnded>(d), "CB-A13");
}

TEST(ChessballConditions, CB_A13_RepetitionOff) {
    Script s(with("repetition", std::string("off"), KNIGHTS));
    shuffle(s, 6);  // the start position seven times
    EXPECT_EQ(s.match().result(), "*");
    EXPECT_GE(s.match().game().repetition_count(), 5);
}

// --- CB-A14: the captains' draw offers
// ------------------------------------------------------------

TEST(ChessballConditions, CB_A14_NoDrawOffersByDefault) {
    Script s;
    auto d = s.send(captain("draw_offer", chess::WHITE));
    EXPECT_TRUE(find<EventIgnored>(d));
    EXPECT_EQ(rule_of<EventIgnored>(d), "CB-A14");
    EXPECT_TRUE(find<EventIgnored>(s.send(captain("draw_accept", chess::BLACK))));
    EXPECT_EQ(s.match().result(), "*");
}

TEST(ChessballConditions, CB_A14_AnOfferOutlivesTheOfferersMoveAndIsAccepted) {
    Script s(with("captain_draw_offers", std::string("on")));
    auto offered = s.send(captain("draw_offer", chess::WHITE));
    const auto* news = find<GameNews>(offered);
    ASSERT_TRUE(news);
    EXPECT_EQ(news->kind, "draw_offered");
    EXPECT_TRUE(find<EventIgnored>(s.send(captain("draw_accept", chess::WHITE))))
        << "not his own offer";
    s.turn(2, "e2e4");
    auto d = s.send(captain("draw_accept", chess::BLACK));
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "agreement");
    EXPECT_EQ(s.match().result(), "1/2-1/2");
}

TEST(ChessballConditions, CB_A14_AnOfferLapsesOnceTheOtherTeamHasMoved) {
    Script s(with("captain_draw_offers", std::string("on")));
    s.turn(2, "e2e4");
    s.send(captain("draw_offer", chess::WHITE));  // Black on move
    s.turn(10, "e7e5");
    EXPECT_TRUE(find<EventIgnored>(s.send(captain("draw_accept", chess::BLACK))));
    EXPECT_EQ(s.match().result(), "*");
}

TEST(ChessballConditions, CB_A14_ADeclinedOfferIsGone) {
    Script s(with("captain_draw_offers", std::string("on")));
    s.send(captain("draw_offer", chess::BLACK));
    auto d = s.send(captain("draw_decline", chess::WHITE));
    ASSERT_TRUE(find<GameNews>(d));
    EXPECT_EQ(find<GameNews>(d)->kind, "draw_declined");
    EXPECT_TRUE(find<EventIgnored>(s.send(captain("draw_accept", chess::WHITE))));
    EXPECT_EQ(s.match().result(), "*");
}

// --- CB-A15: the captain's time-out ------------------------------------------------------------

TEST(ChessballConditions, CB_A15_NoTimeOutsByDefault) {
    Script s;
    s.turn(2, "e2e4");
    auto d = s.send(captain("captain_timeout", chess::BLACK));
    EXPECT_TRUE(find<EventIgnored>(d));
    EXPECT_EQ(rule_of<EventIgnored>(d), "CB-A15");
    EXPECT_NE(s.match().phase(), MatchPhase::PAUSED);
}

TEST(ChessballConditions, CB_A15_ATimeOutStopsTheClocksUntilTheJudgeResumes) {
    MatchConfig c = with("captain_timeouts", std::int64_t(1));
    c.options.set("captain_timeout_ms", std::int64_t(90000));
    Script s(c);
    EXPECT_TRUE(find<EventIgnored>(s.send(captain("captain_timeout", chess::WHITE))))
        << "before the first move the clocks do not run";
    s.turn(2, "e2e4");
    auto d = s.send(captain("captain_timeout", chess::BLACK));
    ASSERT_TRUE(command(d, "clock.pause"));
    EXPECT_EQ(command_rule(d, "clock.pause"), "CB-A15");
    const auto* news = find<GameNews>(d);
    ASSERT_TRUE(news);
    EXPECT_EQ(news->facts.at("seconds"), "90");
    EXPECT_EQ(news->facts.at("left"), "0");
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
    EXPECT_EQ(find<ClaimRefused>(s.press(10))->code, "PAUSED");
    EXPECT_TRUE(command(s.judge(ArbiterActionKind::RESUME), "clock.resume"));
    s.turn(10, "e7e5");
    s.turn(3, "g1f3");
    auto again = s.send(captain("captain_timeout", chess::BLACK));
    EXPECT_TRUE(find<EventIgnored>(again)) << "Black has used its one";
    EXPECT_NE(reason_of<EventIgnored>(again).find("used its 1"), std::string::npos);
    EXPECT_TRUE(command(s.send(captain("captain_timeout", chess::WHITE)), "clock.pause"))
        << "White has its own";
}

// --- the keys ------------------------------------------------------------------------------------

TEST(ChessballConditions, CB_A13_TheConditionsRoundTrip) {
    ChessballRules r;
    r.claim_tie = ClaimTie::REJECT_BOTH;
    r.claim_release = ClaimRelease::WARNING;
    r.destination_restricted = true;
    r.flag_strict_loss = true;
    r.fifty_move_claim = true;
    r.repetition = Repetition::THREEFOLD_AUTO;
    r.captain_draw_offers = true;
    r.captain_timeouts = 2;
    r.captain_timeout_ms = 45000;
    MatchConfig c;
    r.write_to(c);
    const ChessballRules back = ChessballRules::of(c);
    EXPECT_EQ(back.claim_tie, ClaimTie::REJECT_BOTH);
    EXPECT_EQ(back.claim_release, ClaimRelease::WARNING);
    EXPECT_TRUE(back.destination_restricted);
    EXPECT_TRUE(back.flag_strict_loss);
    EXPECT_TRUE(back.fifty_move_claim);
    EXPECT_EQ(back.repetition, Repetition::THREEFOLD_AUTO);
    EXPECT_TRUE(back.captain_draw_offers);
    EXPECT_EQ(back.captain_timeouts, 2);
    EXPECT_EQ(back.captain_timeout_ms, 45000);
}

TEST(ChessballConditions, CB_A15_ASnapshotKeepsTheTimeOutsAndTheOffer) {
    MatchConfig c = with("captain_timeouts", std::int64_t(2));
    c.options.set("captain_draw_offers", std::string("on"));
    Script s(c);
    s.turn(2, "e2e4");
    s.send(captain("captain_timeout", chess::BLACK));
    s.judge(ArbiterActionKind::RESUME);
    s.send(captain("draw_offer", chess::BLACK));
    ChessballMatch copy(c);
    ASSERT_TRUE(copy.restore_extra(s.match().extra_snapshot()));
    EXPECT_EQ(copy.extra_snapshot(), s.match().extra_snapshot());
}

}  // namespace
}  // namespace venue::games::chessball

namespace venue::games::chessball {
namespace {

using namespace testing;

GameInput signs(chess::Color team) {
    return captain_entry("confirm_conditions", team);
}

std::string fact(const ChessballMatch& m, const std::string& name) {
    for (const auto& [k, v] : m.facts())
        if (k == name) return v;
    return "";
}

TEST(ChessballConditions, CB_6_1_TheCaptainsSignTheConditionsBeforeTheStart) {
    Script s;
    EXPECT_EQ(fact(s.match(), "Conditions"), "not signed by the captains (CB-6.1)");
    auto d = s.send(signs(chess::WHITE));
    const Decision* why = nullptr;
    const auto* news = find<GameNews>(d, &why);
    ASSERT_TRUE(news);
    EXPECT_EQ(news->kind, "conditions_confirmed");
    EXPECT_EQ(why->rule, "CB-6.1");
    EXPECT_TRUE(find<EventIgnored>(s.send(signs(chess::WHITE)))) << "once";
    s.send(signs(chess::BLACK));
    EXPECT_EQ(fact(s.match(), "Conditions"), "signed by both captains");
    // The first move freezes the form.
    Script late;
    late.turn(2, "e2e4");
    EXPECT_TRUE(find<EventIgnored>(late.send(signs(chess::BLACK))));
    EXPECT_EQ(fact(late.match(), "Conditions"), "not signed by the captains (CB-6.1)");
}

TEST(ChessballConditions, CB_6_1_WithoutAJudgeAWarningAppliesAtOnce) {
    MatchConfig c = four_a_side();
    c.options.set("judge_present", false);
    Script s(c);
    s.press(2);
    auto d = s.move("e2e5");  // impossible
    EXPECT_TRUE(find<WarningGiven>(d));
    EXPECT_FALSE(find<WarningProposed>(d));
    Script judged;
    judged.press(2);
    EXPECT_TRUE(find<WarningProposed>(judged.move("e2e5")));
}

}  // namespace
}  // namespace venue::games::chessball

namespace venue::games::chessball {
namespace {

using namespace testing;

// White's files dealt unevenly: W1 a and d, W2 b and c, W3 e and f, W4 g and h.
MatchConfig split_files(const char* key = nullptr, OptionValue value = false) {
    MatchConfig c = four_a_side();
    c.white().players[0].files = "ad";
    c.white().players[1].files = "bc";
    if (key) c.options.set(key, std::move(value));
    return c;
}

TEST(ChessballConditions, CB_A22_ByDefaultOneHeirAfterTheHighestFile) {
    Script s(split_files());
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");
    EXPECT_EQ(find<PlayerRemoved>(d)->files_to, "W3");  // after d: e
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(2), "adef");
}

TEST(ChessballConditions, CB_A22_SuccessorFromEachFileStartsAfterHisFirst) {
    Script s(split_files("successor_from", std::string("each_file")));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");
    EXPECT_EQ(find<PlayerRemoved>(d)->files_to, "W2");  // after a: b
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(1), "abcd");
}

TEST(ChessballConditions, CB_A22_PerFileControlTransfer) {
    Script s(split_files("control_transfer", std::string("per_file")));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");
    const Decision* why = nullptr;
    const auto* removed = find<PlayerRemoved>(d, &why);
    ASSERT_TRUE(removed);
    EXPECT_EQ(removed->files_to, "W2,W3");
    EXPECT_NE(why->reason.find("a to W2, d to W3"), std::string::npos) << why->reason;
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(1), "abc");
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(2), "def");
}

TEST(ChessballConditions, CB_A22_WithoutWrapTheScanTurnsBack) {
    Script s(with("successor_wrap", false));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W4");  // g and h: nothing after h
    EXPECT_EQ(find<PlayerRemoved>(d)->files_to, "W3");  // f, the nearest file before his
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(2), "efgh");
}

TEST(ChessballConditions, CB_A22_TheFallbackMayLookAtTheNextFileOnly) {
    // W3's e and f hold only the king, g and h nothing.
    const char* fen = "4k3/pppppppp/8/8/8/8/PPPP4/RNBQK3 w Q - 0 1";
    Script s(with("fallback_scan", std::string("single_next_file"), fen));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W3");
    EXPECT_TRUE(find<PlayerRemoved>(d)->squares.empty()) << "g holds nothing: nothing comes off";
    EXPECT_EQ(find<PlayerRemoved>(d)->files_to, "W4");
}

TEST(ChessballConditions, CB_A22_TheSuccessionRoundTrips) {
    ChessballRules r;
    r.succession = {true, false, true, true};
    MatchConfig c;
    r.write_to(c);
    const Succession back = ChessballRules::of(c).succession;
    EXPECT_TRUE(back.from_each_file);
    EXPECT_FALSE(back.wrap);
    EXPECT_TRUE(back.single_next_file);
    EXPECT_TRUE(back.per_file);
}

}  // namespace
}  // namespace venue::games::chessball

namespace venue::games::chessball {
namespace {

using namespace testing;

// Four a side and a White reserve, W5, without files or button.
MatchConfig with_reserve(bool substitutes = true) {
    MatchConfig c = four_a_side();
    c.white().players.push_back({"W5", "White 5", 5, {}, ""});
    if (substitutes) c.options.set("substitutes", std::string("on_own_clock_stopped"));
    return c;
}

GameInput substitution(const char* out, const char* in) {
    GameInput g = captain_entry("substitute", chess::WHITE);
    g.args = {{"out", out}, {"in", in}};
    return g;
}

TEST(ChessballConditions, CB_A25_NoSubstitutesByDefault) {
    const auto refused = ChessballMatch::validate(with_reserve(false));
    ASSERT_TRUE(refused);
    EXPECT_NE(refused->find("CB-A25"), std::string::npos) << *refused;
    EXPECT_FALSE(ChessballMatch::validate(with_reserve()));
    Script s;
    auto d = s.send(substitution("W1", "W2"));
    EXPECT_TRUE(find<EventIgnored>(d));
    EXPECT_EQ(rule_of<EventIgnored>(d), "CB-A25");
}

TEST(ChessballConditions, CB_A25_AReserveComesOnWhileHisTeamsClockIsStopped) {
    Script s(with_reserve());
    EXPECT_EQ(s.match().player_status(chess::WHITE, 4).reserve, true);
    s.turn(2, "e2e4");  // Black to move: White's clock is stopped
    auto d = s.send(substitution("W1", "W5"));
    const auto* news = find<GameNews>(d);
    ASSERT_TRUE(news) << reason_of<EventIgnored>(d);
    EXPECT_EQ(news->kind, "substitution");
    EXPECT_EQ(news->facts.at("files"), "ab");
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(4), "ab");
    EXPECT_TRUE(s.match().player_status(chess::WHITE, 0).out);
    s.turn(10, "e7e5");
    // W1's seat button is W5's now.
    auto granted = s.press(0);
    ASSERT_TRUE(find<ClaimGranted>(granted));
    EXPECT_EQ(find<ClaimGranted>(granted)->player, "W5");
    s.move("b1c3");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
    // A snapshot keeps who took whose seat.
    ChessballMatch copy(with_reserve());
    ASSERT_TRUE(copy.restore_extra(s.match().extra_snapshot()));
    EXPECT_EQ(copy.extra_snapshot(), s.match().extra_snapshot());
}

TEST(ChessballConditions, CB_A25_NotWhileTheTeamsClockRuns) {
    Script s(with_reserve());
    s.turn(2, "e2e4");
    s.turn(10, "e7e5");  // White to move: its clock runs
    auto d = s.send(substitution("W1", "W5"));
    EXPECT_TRUE(find<EventIgnored>(d));
    EXPECT_NE(reason_of<EventIgnored>(d).find("clock is running"), std::string::npos);
    EXPECT_TRUE(find<GameNews>(s.send(substitution("W9", "W5"))) == nullptr);
    s.judge(ArbiterActionKind::PAUSE);
    EXPECT_TRUE(find<GameNews>(s.send(substitution("W1", "W5")))) << "the judge's pause";
    EXPECT_TRUE(find<EventIgnored>(s.send(substitution("W2", "W5")))) << "W5 is on already";
}

}  // namespace
}  // namespace venue::games::chessball

namespace venue::games::chessball {
namespace {

using namespace testing;

TEST(ChessballConditions, CB_A24_TheAllocationIsPublicUnlessAgreedOtherwise) {
    Script open_;
    EXPECT_TRUE(open_.match().player_status(chess::WHITE, 0).files_public);
    MatchConfig c = four_a_side();
    c.options.set("publish_allocation", false);
    Script hidden(c);
    const PlayerStatus st = hidden.match().player_status(chess::BLACK, 1);
    EXPECT_FALSE(st.files_public);
    EXPECT_EQ(st.files, "cd") << "the arbiter still sees it";
}

}  // namespace
}  // namespace venue::games::chessball
