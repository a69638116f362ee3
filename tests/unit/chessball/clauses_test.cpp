// One rule test for every Chessball clause and ambiguity of the rules catalogue
// (§3, CB-*) that the other files do not name. Where a clause is not the
// engine's to decide (physical, organisational, or left to the judge), the test
// pins what the engine does with the related events and says so.
#include <fstream>

#include "chess/bitboard.h"
#include "chessball_script.h"
#include "venue/game_rules.h"

namespace venue::games::chessball {
namespace {

using namespace testing;
using chess::Square;

// A judge's action with a reason (the harness's judge() gives none), and for a warning or a
// removal the ground he chose in the console.
ArbiterAction act(ArbiterActionKind kind, std::string player = "", std::string text = "",
                  std::string clause = "") {
    ArbiterAction a;
    a.match = "m1";
    a.kind = kind;
    a.player = std::move(player);
    a.text = std::move(text);
    a.clause = std::move(clause);
    a.arbiter = "judge";
    a.note = "seen by the judge";
    return a;
}

ArbiterAction result(const std::string& r, const std::string& termination) {
    ArbiterAction a = act(ArbiterActionKind::DECLARE_RESULT);
    a.result = r;
    a.text = termination;
    return a;
}

std::string rule_of(const std::vector<Decision>& ds, const Decision* d) {
    return d ? d->rule : "(no decision among " + std::to_string(ds.size()) + ")";
}

template <class T>
std::string rule(const std::vector<Decision>& ds) {
    const Decision* why = nullptr;
    find<T>(ds, &why);
    return rule_of(ds, why);
}

// --- 0. Nature of the game ---------------------------------------------------------------

TEST(Chessball, CB_0_1_TwoTeamsShareOneGameEachWithItsOwnFileTable) {
    Script s;
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(0), "ab");
    EXPECT_EQ(s.match().ownership(chess::BLACK).files_of(3), "gh");
    s.turn(0, "a2a4");
    s.turn(8, "a7a5");
    EXPECT_EQ(s.match().game().ply_count(), 2u);  // one game, the teams alternating
}

TEST(Chessball, CB_0_2_AnyPlayerOfTheTeamToMoveMayClaimAndBlocksHisTeammates) {
    Script s;
    for (int button = 0; button < 4; ++button) {
        auto d = s.press(button);
        ASSERT_TRUE(find<ClaimGranted>(d)) << button;
        EXPECT_EQ(rule<ClaimGranted>(d), "CB-3.2");
        const int other = (button + 1) % 4;
        auto late = s.press(other, ClaimVerdict::LATE, 3);
        ASSERT_TRUE(find<ClaimRefused>(late));
        EXPECT_EQ(find<ClaimRefused>(late)->code, "CLAIM_HELD");
        s.judge(ArbiterActionKind::RELEASE_CLAIM);
    }
}

// CB-0.3 (remote play) is not v1's; what keeps it possible is that the hub orders
// the presses by its own clock and the engine takes the hub's verdict, so the order
// in which reports arrive decides nothing.
TEST(Chessball, CB_0_3_TheHubsTimestampsDecideNotTheArrivalOrder) {
    Script s;
    auto late = s.press(0, ClaimVerdict::LATE, 7);  // reported before the accepted press
    ASSERT_TRUE(find<ClaimRefused>(late));
    EXPECT_EQ(find<ClaimRefused>(late)->code, "CLAIM_HELD");
    EXPECT_EQ(find<ClaimRefused>(late)->margin_us, 7);
    EXPECT_EQ(rule<ClaimRefused>(late), "CB-3.2");
    EXPECT_TRUE(find<ClaimGranted>(s.press(2)));
}

// --- 1. Board, pieces, aim ------------------------------------------------------------

TEST(Chessball, CB_1_1_TheWhiteTeamPlaysTheWhiteMenAsInChess) {
    Script s;
    s.press(2);  // W3 (ef) of the team configured as White
    auto d = s.move("e7e5");
    ASSERT_TRUE(find<RestoreRequired>(d));
    EXPECT_EQ(rule<RestoreRequired>(d), "CB-6.4.2.2");
    s.send(BoardRestored{"m1", "b"});
    s.move("e2e4");
    auto ok = s.clock();
    ASSERT_TRUE(find<MoveAccepted>(ok));
    EXPECT_EQ(find<MoveAccepted>(ok)->san, "e4");
}

// The engine starts every Chessball match from the standard position (a venue may
// set another for tests and exhibitions: start_fen). Before the first move a board
// that does not show the position is the general board check (CB-4.2, X-6): claims
// stay closed until it matches.
TEST(Chessball, CB_1_2_TheGameStartsFromTheStandardPositionAndTheBoardMustShowIt) {
    Script s;
    EXPECT_EQ(s.match().game().position().fen(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    auto d = s.send(BoardMismatch{"m1", "b", {chess::SQ_G1, chess::SQ_F3}});
    ASSERT_TRUE(find<RestoreRequired>(d));
    EXPECT_EQ(rule<RestoreRequired>(d), "CB-4.2");
    EXPECT_EQ(find<RestoreRequired>(d)->fen, s.match().game().position().fen());
    auto refused = s.press(2);
    EXPECT_EQ(find<ClaimRefused>(refused)->code, "BOARD_NOT_RESTORED");
    EXPECT_EQ(rule<ClaimRefused>(refused), "X-6");
    s.send(BoardRestored{"m1", "b"});
    EXPECT_TRUE(find<ClaimGranted>(s.press(2)));
}

// Terminology only: the engine names files a-h in what it says.
TEST(Chessball, CB_1_3_FilesAreNamedAToH) {
    Script s;
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");
    const Decision* why = nullptr;
    ASSERT_TRUE(find<PlayerRemoved>(d, &why));
    EXPECT_NE(why->reason.find("his files ab pass to W2"), std::string::npos) << why->reason;
}

TEST(Chessball, CB_1_5_CheckmateWinsAndStopsClocksAndClaims) {
    Script s;
    s.turn(2, "f2f3");
    s.turn(10, "e7e5");
    s.turn(3, "g2g4");
    s.press(9);  // B2 owns d
    auto d = s.move("d8h4");
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->result, "0-1");
    EXPECT_EQ(find<GameEnded>(d)->termination, "checkmate");
    EXPECT_EQ(rule<GameEnded>(d), "CB-5.2.1");
    EXPECT_EQ(find<ScoreChanged>(d)->black_half_points, 2);
    ASSERT_TRUE(command(d, "clock.pause"));
    EXPECT_FALSE(s.match().claim_holder());
    auto after = s.press(0);
    EXPECT_EQ(rule<EventIgnored>(after), "FIDE-5");
}

TEST(Chessball, CB_1_6_WhenNeitherTeamCanMateTheGameIsDrawn) {
    Script s(four_a_side("4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1"));
    s.press(0);               // W1 owns b
    auto d = s.move("b1c3");  // K+N v K: ends at once, no clock press needed
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->result, "1/2-1/2");
    EXPECT_EQ(find<GameEnded>(d)->termination, "dead position");
    EXPECT_EQ(rule<GameEnded>(d), "CB-5.3.2");
}

// --- 2. Men and players --------------------------------------------------------------------

TEST(Chessball, CB_2_1_EachTeamStartsWithTheFullSet) {
    Script s;
    const chess::Position& pos = s.match().game().position();
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        EXPECT_EQ(chess::popcount(pos.pieces(c, chess::KING)), 1);
        EXPECT_EQ(chess::popcount(pos.pieces(c, chess::QUEEN)), 1);
        EXPECT_EQ(chess::popcount(pos.pieces(c, chess::ROOK)), 2);
        EXPECT_EQ(chess::popcount(pos.pieces(c, chess::BISHOP)), 2);
        EXPECT_EQ(chess::popcount(pos.pieces(c, chess::KNIGHT)), 2);
        EXPECT_EQ(chess::popcount(pos.pieces(c, chess::PAWN)), 8);
    }
}

// --- 3. Claims and moves ---------------------------------------------------------------

TEST(Chessball, CB_3_1_NoSeatHasPriorityOnlyTheFirstPress) {
    Script s;
    EXPECT_TRUE(find<ClaimGranted>(s.press(3)));  // W4, seat 4
    auto d = s.press(0, ClaimVerdict::LATE, 1);   // W1, seat 1, one microsecond later
    EXPECT_EQ(find<ClaimRefused>(d)->code, "CLAIM_HELD");
    EXPECT_EQ(s.match().claim_holder()->index, 3);
}

TEST(Chessball, CB_3_3_TheHolderMovesHisManLikeAChessPieceNeverExposingHisKing) {
    Script s(four_a_side("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"));
    s.press(2);               // W3 owns e: king and the pinned bishop
    auto d = s.move("e2d3");  // the bishop is pinned
    ASSERT_TRUE(find<RestoreRequired>(d));
    EXPECT_EQ(rule<RestoreRequired>(d), "CB-6.4.2.2");
    EXPECT_EQ(find<WarningProposed>(d)->player, "W3");
    s.send(BoardRestored{"m1", "b"});
    s.move("e1d1");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

// --- 4. Other rules ------------------------------------------------------------------

TEST(Chessball, CB_4_0_EveryMoveObeysTheLawsOfChess) {
    Script s;
    s.press(0);
    auto d = s.move("a2a5");  // his own pawn, three squares
    EXPECT_EQ(rule<RestoreRequired>(d), "CB-6.4.2.2");
    EXPECT_EQ(rule<WarningProposed>(d), "CB-6.4.2.2");
    EXPECT_EQ(s.match().game().ply_count(), 0u);
}

// Not sensed (the board sees no hands): the judge may warn for a move made with
// two hands; the warning names the general clause and gives the bonus.
TEST(Chessball, CB_4_1_OneHandIsTheJudgesToWatch) {
    Script s;
    auto d = s.send(act(ArbiterActionKind::WARN, "W2", "moved with both hands"));
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(rule<WarningGiven>(d), "CB-6.4.2");
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::BLACK);
}

// Not sensed: talking and prompting are warned by the judge (CB-6.4.2.4).
TEST(Chessball, CB_4_3_CommunicationIsWarnedByTheJudge) {
    Script s;
    s.press(2);
    auto d = s.send(act(ArbiterActionKind::WARN, "W1", "prompting W3"));
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(rule<WarningGiven>(d), "CB-6.4.2.4");
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::BLACK);
    EXPECT_EQ(s.match().claim_holder()->index, 2);  // W3 keeps the claim
}

// --- 5. End of the game ----------------------------------------------------------------

TEST(Chessball, CB_5_1_TheGameEndsInAWinOrADrawWithAReason) {
    Script s;
    auto bad = s.send(result("2-0", "arbiter decision"));
    EXPECT_EQ(rule<EventIgnored>(bad), "X-3");
    EXPECT_EQ(s.match().result(), "*");
    auto d = s.send(result("1/2-1/2", "arbiter decision"));
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "arbiter decision");
    EXPECT_EQ(find<ScoreChanged>(d)->white_half_points, 1);
    EXPECT_EQ(find<ScoreChanged>(d)->black_half_points, 1);
}

TEST(Chessball, CB_5_3_1_StalemateIsADraw) {
    // Black has nothing but the king; W3 (ef) plays the queen to f7.
    Script s(four_a_side("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"));
    s.press(2);
    auto d = s.move("f1f7");
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->result, "1/2-1/2");
    EXPECT_EQ(find<GameEnded>(d)->termination, "stalemate");
    EXPECT_EQ(rule<GameEnded>(d), "CB-5.3.1");
}

TEST(Chessball, CB_5_3_2_ADeadPositionIsADraw) {
    Script s(four_a_side("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"));
    s.press(2);
    auto d = s.move("e1d2");  // K v K
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "dead position");
    EXPECT_EQ(rule<GameEnded>(d), "CB-5.3.2");
}

// Threefold repetition and agreement are not grounds (CB-A13, CB-A14): a third
// occurrence changes nothing, a claim is refused; the fifth ends the game.
TEST(Chessball, CB_5_3_G_NeitherThreefoldRepetitionNorAgreementDraws) {
    Script s(four_a_side("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    for (int cycle = 0; cycle < 2; ++cycle) {
        s.turn(0, "a1a2");
        s.turn(8, "a8a7");
        s.turn(0, "a2a1");
        s.turn(8, "a7a8");
    }
    EXPECT_EQ(s.match().phase(), MatchPhase::PLAYING);  // the start position for the third time
    auto claim = s.send(DrawClaimed{"m1", chess::WHITE, DrawClaimKind::THREEFOLD, ""});
    EXPECT_EQ(rule<EventIgnored>(claim), "CB-A13");
    s.turn(0, "a1a2");
    s.turn(8, "a8a7");
    s.turn(0, "a2a1");
    s.turn(8, "a7a8");
    s.turn(0, "a1a2");
    s.turn(8, "a8a7");
    s.turn(0, "a2a1");
    s.press(8);
    s.move("a7a8");
    auto d = s.clock();  // the fifth time
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "fivefold repetition");
    EXPECT_EQ(rule<GameEnded>(d), "CB-A13");
}

// --- 6. Conditions and the judge ------------------------------------------------------------

// The conditions come with the match (MatchCreated) and no event changes them.
TEST(Chessball, CB_6_1_TheAgreedConditionsApply) {
    auto c = four_a_side();
    auto r = ChessballRules::of(c);
    r.warning_bonus_ms = 60000;
    r.warnings_to_remove = 2;
    r.third_warning_bonus = false;
    r.write_to(c);
    c.time = {30 * 60 * 1000, 0, TimeMode::SUDDEN_DEATH};
    Script s(c);
    EXPECT_EQ(s.match().clock().white_ms, 30 * 60 * 1000);
    EXPECT_EQ(s.match().clock().black_ms, 30 * 60 * 1000);
    auto first = s.judge(ArbiterActionKind::WARN, "W1");
    EXPECT_EQ(find<TimeAdded>(first)->amount_ms, 60000);
    auto second = s.judge(ArbiterActionKind::WARN, "W1");
    EXPECT_TRUE(find<PlayerRemoved>(second));
    EXPECT_EQ(rule<PlayerRemoved>(second), "CB-6.4.3.1");
    EXPECT_FALSE(find<TimeAdded>(second));
}

// The judge is the arbiter role: his actions need a note saying why.
TEST(Chessball, CB_6_2_TheJudgeActsWithANote) {
    Script s;
    ArbiterAction a = act(ArbiterActionKind::WARN, "W1", "talking");
    a.note.clear();
    auto d = s.send(a);
    EXPECT_EQ(rule<EventIgnored>(d), "X-3");
    EXPECT_EQ(s.match().warnings({chess::WHITE, 0}), 0);
}

TEST(Chessball, CB_6_2_1_TheJudgeControlsTheClockAndMayEnterAMove) {
    Script s;
    ArbiterAction add = act(ArbiterActionKind::ADD_TIME);
    add.side = chess::BLACK;
    add.amount_ms = 30000;
    auto d = s.send(add);
    EXPECT_EQ(rule<TimeAdded>(d), "X-3");
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::BLACK);
    ASSERT_TRUE(command(d, "clock.add_time"));
    // A move the judge enters completes the holder's turn: the claim ends with it.
    s.press(2);
    auto entered = s.send(act(ArbiterActionKind::ENTER_MOVE, "", "e2e4"));
    EXPECT_EQ(rule<MoveAccepted>(entered), "X-3");
    EXPECT_EQ(rule<ClaimEnded>(entered), "CB-6.3");
    EXPECT_FALSE(s.match().claim_holder());
    EXPECT_TRUE(find<ClaimGranted>(s.press(10)));
}

TEST(Chessball, CB_6_2_2_1_TheJudgePausesResumesAndStopsTheGame) {
    Script s;
    s.press(2);
    s.move("e2e4");
    auto paused = s.judge(ArbiterActionKind::PAUSE);
    ASSERT_TRUE(command(paused, "clock.pause"));
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
    EXPECT_EQ(rule<EventIgnored>(s.clock()), "FIDE-6.11.1");  // no move completes
    auto refused = s.press(1, ClaimVerdict::ACCEPTED);
    EXPECT_EQ(find<ClaimRefused>(refused)->code, "PAUSED");
    EXPECT_EQ(rule<ClaimRefused>(refused), "CB-6.2.2.1");
    ASSERT_TRUE(command(s.judge(ArbiterActionKind::RESUME), "clock.resume"));
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
    auto stopped = s.send(result("1-0", "arbiter decision"));
    EXPECT_EQ(rule<GameEnded>(stopped), "X-3");
    EXPECT_EQ(s.match().phase(), MatchPhase::FINISHED);
}

TEST(Chessball, CB_6_2_2_2_TheJudgeWarnsOrRemovesANamedPlayer) {
    Script s;
    EXPECT_EQ(rule<EventIgnored>(s.judge(ArbiterActionKind::WARN, "W9")), "CB-6.2.2.2");
    EXPECT_TRUE(find<WarningGiven>(s.judge(ArbiterActionKind::WARN, "W2")));
    EXPECT_TRUE(find<PlayerRemoved>(s.judge(ArbiterActionKind::REMOVE, "B3")));
}

// Warnings and removals are the only penalties: an impossible move is not counted
// as the Laws' illegal move (no IllegalMoveCounted, no loss on the second one).
TEST(Chessball, CB_6_4_1_TheOnlyPenaltiesAreWarningAndRemoval) {
    auto c = four_a_side();
    auto r = ChessballRules::of(c);
    r.auto_warnings = true;
    r.write_to(c);
    Script s(c);
    std::vector<Decision> all;
    for (int i = 0; i < 2; ++i) {
        s.press(0);
        auto d = s.move("e2e4");
        all.insert(all.end(), d.begin(), d.end());
        s.send(BoardRestored{"m1", "b"});
        s.judge(ArbiterActionKind::RELEASE_CLAIM);
    }
    EXPECT_EQ(venue::engine::testing::count<WarningGiven>(all), 2);
    EXPECT_EQ(venue::engine::testing::count<IllegalMoveCounted>(all), 0);
    EXPECT_EQ(s.match().phase(), MatchPhase::WAITING);
    EXPECT_TRUE(find<PlayerRemoved>(s.judge(ArbiterActionKind::REMOVE, "W2")));
}

// The board sees that a man moved out of turn, not who moved it (CB-A8): the
// judge attributes it, and his warning names the clause.
TEST(Chessball, CB_6_4_2_1_DisplacementIsWarnedOnceTheJudgeAttributesIt) {
    Script s;
    auto flagged = s.move("d7d5");
    EXPECT_EQ(rule<RestoreRequired>(flagged), "CB-4.2");
    EXPECT_FALSE(find<WarningProposed>(flagged));
    auto d = s.send(act(ArbiterActionKind::WARN, "B2", "d7 moved out of turn", "CB-6.4.2.1"));
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(rule<WarningGiven>(d), "CB-6.4.2.1");
    EXPECT_EQ(find<TimeAdded>(d)->side, chess::WHITE);
}

TEST(Chessball, CB_6_4_2_3_DisrespectIsAJudgesWarning) {
    Script s;
    auto d =
        s.send(act(ArbiterActionKind::WARN, "W3", "Disrespect towards the judge", "CB-6.4.2.3"));
    ASSERT_TRUE(find<WarningGiven>(d));
    EXPECT_EQ(rule<WarningGiven>(d), "CB-6.4.2.3");
    EXPECT_EQ(rule<TimeAdded>(d), "CB-6.4.2.5");
}

TEST(Chessball, CB_6_4_3_2_OffensiveBehaviourRemovesWithoutWarnings) {
    Script s;
    auto d = s.send(act(ArbiterActionKind::REMOVE, "W2", "offensive language", "CB-6.4.3.2"));
    ASSERT_TRUE(find<PlayerRemoved>(d));
    EXPECT_EQ(rule<PlayerRemoved>(d), "CB-6.4.3.2");
    EXPECT_EQ(s.match().warnings({chess::WHITE, 1}), 0);
    EXPECT_FALSE(find<TimeAdded>(d));
}

TEST(Chessball, CB_6_4_3_3_AggressiveBehaviourRemovesWithoutWarnings) {
    Script s;
    auto d = s.send(act(ArbiterActionKind::REMOVE, "B1", "pushed an opponent", "CB-6.4.3.3"));
    ASSERT_TRUE(find<PlayerRemoved>(d));
    EXPECT_EQ(rule<PlayerRemoved>(d), "CB-6.4.3.3");
    EXPECT_TRUE(s.match().removed({chess::BLACK, 0}));
}

// The ground the judge chose decides the clause, whatever words his reason uses.
TEST(Chessball, CB_6_4_2_TheGroundTheJudgeChoseIsTheClauseCited) {
    Script s;
    auto d =
        s.send(act(ArbiterActionKind::WARN, "W1", "touched nothing, but was rude", "CB-6.4.2.3"));
    EXPECT_EQ(rule<WarningGiven>(d), "CB-6.4.2.3");
    // A clause that is not a ground for this action is refused, and nothing is given.
    d = s.send(act(ArbiterActionKind::WARN, "W1", "pushed an opponent", "CB-6.4.3.3"));
    EXPECT_FALSE(find<WarningGiven>(d));
    const Decision* refusal = nullptr;
    ASSERT_TRUE(find<EventIgnored>(d, &refusal));
    EXPECT_EQ(refusal->rule, "CB-6.4.2");
    EXPECT_NE(refusal->reason.find("CB-6.4.2.4"), std::string::npos) << refusal->reason;
    d = s.send(act(ArbiterActionKind::REMOVE, "W1", "talking", "CB-6.4.2.4"));
    EXPECT_FALSE(find<PlayerRemoved>(d));
    EXPECT_EQ(s.match().warnings({chess::WHITE, 0}), 1);
}

// Logs written before the console asked for the ground carry none: their replay reads it from
// the reason, as it was read when they were written, so they verify unchanged.
TEST(Chessball, CB_6_4_2_ActionsOfOlderLogsReadTheGroundFromTheReason) {
    Script s;
    EXPECT_EQ(rule<WarningGiven>(s.send(act(ArbiterActionKind::WARN, "W1", "knocked d2 over"))),
              "CB-6.4.2.1");
    EXPECT_EQ(rule<WarningGiven>(s.send(act(ArbiterActionKind::WARN, "W2", "talking"))),
              "CB-6.4.2.4");
    EXPECT_EQ(rule<WarningGiven>(s.send(act(ArbiterActionKind::WARN, "B1", "something else"))),
              "CB-6.4.2");
    EXPECT_EQ(rule<PlayerRemoved>(s.send(act(ArbiterActionKind::REMOVE, "B2", "aggression"))),
              "CB-6.4.3.3");
}

// Every ground the registry offers the console is one the match applies, under its own clause.
TEST(Chessball, CB_6_4_2_EveryGroundOfTheRegistryIsApplied) {
    const engine::GameRules* game = engine::find_game("chessball");
    ASSERT_NE(game, nullptr);
    ASSERT_FALSE(game->penalty_grounds.empty());
    for (const engine::PenaltyGround& g : game->penalty_grounds) {
        Script s;
        const auto d = s.send(act(g.removal ? ArbiterActionKind::REMOVE : ArbiterActionKind::WARN,
                                  "W1", g.words, g.clause));
        if (g.removal)
            EXPECT_EQ(rule<PlayerRemoved>(d), g.clause);
        else
            EXPECT_EQ(rule<WarningGiven>(d), g.clause);
    }
}

TEST(Chessball, CB_6_4_4_2_TheKingIsNeverRemoved) {
    Script s;
    auto d = s.judge(ArbiterActionKind::REMOVE, "W3");  // e and f
    auto* removed = find<PlayerRemoved>(d);
    ASSERT_TRUE(removed);
    EXPECT_EQ(removed->squares, (std::vector<Square>{chess::SQ_F1, chess::SQ_E2, chess::SQ_F2}));
    EXPECT_EQ(s.match().game().position().piece_on(chess::SQ_E1), chess::W_KING);
}

TEST(Chessball, CB_6_4_4_4_HisFilesPassToTheOwnerOfTheNextFile) {
    Script s(four_a_side("4k3/pppppppp/8/8/8/8/PPPP2PP/RNBQK1NR w KQ - 0 1"));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W3");  // only the king on e and f
    const Decision* why = nullptr;
    ASSERT_TRUE(find<PlayerRemoved>(d, &why));
    EXPECT_EQ(find<PlayerRemoved>(d)->files_to, "W4");
    EXPECT_NE(why->reason.find("CB-6.4.4.4"), std::string::npos);
    EXPECT_EQ(s.match().ownership(chess::WHITE).files_of(3), "efgh");
    s.send(BoardRestored{"m1", "b"});
    EXPECT_EQ(find<ClaimRefused>(s.press(2))->code, "REMOVED");
    s.press(3);
    s.move("e1f2");  // the king, now W4's
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

// --- Ambiguities and their defaults -------------------------------------------------------

TEST(Chessball, CB_A7_OnlyTheFromSquareMustBeOnHisFiles) {
    Script s;
    s.press(0);      // W1 owns a and b
    s.move("b1c3");  // to W2's c-file
    EXPECT_EQ(find<MoveAccepted>(s.clock())->san, "Nc3");
}

// The default: flag only, never an automatic warning. A change during a claim is
// taken for the holder's move in progress; only a clock press on it is an
// impossible move, and its warning waits for the judge, who may dismiss it.
TEST(Chessball, CB_A8_TheBoardSeesThatAManMovedNotWho) {
    Script s;
    auto flagged = s.send(BoardMismatch{"m1", "b", {chess::SQ_C7}});
    EXPECT_EQ(rule<RestoreRequired>(flagged), "CB-4.2");
    EXPECT_FALSE(find<WarningProposed>(flagged));
    EXPECT_FALSE(find<WarningGiven>(flagged));
    s.send(BoardRestored{"m1", "b"});  // the judge dismissed it: nobody is warned
    EXPECT_EQ(s.match().warnings({chess::BLACK, 1}), 0);
    s.press(2);
    // During W3's claim, c7 is out of his reach: flagged for the judge as a displacement
    // (CB-4.2), not taken as his move in progress.
    auto during = s.send(BoardMismatch{"m1", "b", {chess::SQ_C7}});
    ASSERT_TRUE(find<ArbiterFlag>(during));
    EXPECT_EQ(find<ArbiterFlag>(during)->code, "DISPLACEMENT");
    EXPECT_FALSE(find<WarningProposed>(during));
    auto pressed = s.clock();
    EXPECT_EQ(rule<WarningProposed>(pressed), "CB-6.4.2.2");
    EXPECT_EQ(find<WarningProposed>(pressed)->player, "W3");
    auto dismissed = s.judge(ArbiterActionKind::REJECT_WARNING, "", 1);
    EXPECT_EQ(rule<EventIgnored>(dismissed), "CB-6.2.3");
    EXPECT_EQ(s.match().warnings({chess::WHITE, 2}), 0);
}

// Touch-move is the judge's (the catalogue's default): the engine keeps the raw
// board readings as evidence and decides nothing from them; the judge can take the
// move back and enter the right one.
TEST(Chessball, CB_A9_TouchMoveIsEnforcedByTheJudge) {
    Script s;
    s.press(2);
    auto lifted = s.send(
        BoardSnapshot{"m1", "b", "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR"});  // e2 lifted
    EXPECT_TRUE(lifted.empty());
    s.move("f2f4");  // ... and put back; another man moved
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
    ArbiterAction back = act(ArbiterActionKind::RESTORE_POSITION);
    back.ply = 0;
    auto d = s.send(back);
    EXPECT_EQ(rule<RestoreRequired>(d), "X-3");
    auto entered = s.send(act(ArbiterActionKind::ENTER_MOVE, "", "e2e4"));
    EXPECT_EQ(find<MoveAccepted>(entered)->san, "e4");
}

TEST(Chessball, CB_A10_AFlagIsADrawWhenTheOtherTeamCannotMate) {
    Script lone(four_a_side("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    auto draw = lone.send(FlagFell{"m1", chess::WHITE});
    EXPECT_EQ(find<GameEnded>(draw)->result, "1/2-1/2");
    EXPECT_EQ(rule<GameEnded>(draw), "CB-A10");
    Script rook(four_a_side("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    auto loss = rook.send(FlagFell{"m1", chess::BLACK});
    EXPECT_EQ(find<GameEnded>(loss)->result, "1-0");
    EXPECT_EQ(rule<GameEnded>(loss), "CB-5.2.2");
}

TEST(Chessball, CB_A11_OnlyMaterialDeadPositionsAreAutomatic) {
    // Bishops all on dark squares: automatic.
    Script bishops(four_a_side("4kb2/8/7p/8/8/8/8/2B1K3 w - - 0 1"));
    bishops.press(1);  // W2 owns c
    auto d = bishops.move("c1h6");
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(rule<GameEnded>(d), "CB-5.3.2");
    // Locked pawns that no king can pass: dead, but only the judge declares it.
    Script locked(four_a_side("8/8/4k3/p1p1p1p1/P1P1P1P1/4K3/8/8 w - - 0 1"));
    locked.press(2);
    locked.move("e3d3");
    auto played = locked.clock();
    EXPECT_TRUE(find<MoveAccepted>(played));
    EXPECT_FALSE(find<GameEnded>(played));
    auto declared = locked.send(result("1/2-1/2", "dead position"));
    EXPECT_EQ(find<GameEnded>(declared)->termination, "dead position");
    EXPECT_EQ(rule<GameEnded>(declared), "X-3");
}

TEST(Chessball, CB_A12_FiftyMovesMeansOneHundredPliesWithoutAClaim) {
    Script s(four_a_side("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"));
    s.press(2);
    s.move("e1f1");
    EXPECT_FALSE(find<GameEnded>(s.clock()));  // 99 plies: not yet
    auto claim = s.send(DrawClaimed{"m1", chess::BLACK, DrawClaimKind::FIFTY_MOVES, ""});
    EXPECT_EQ(rule<EventIgnored>(claim), "CB-A12") << "nobody claims: it comes by itself";
    s.press(10);  // B3 owns e
    s.move("e8e7");
    auto d = s.clock();
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(rule<GameEnded>(d), "CB-5.3.3");
}

// No draw offers (there is no event for one); a team resigns through its captain
// telling the judge, who enters the result.
TEST(Chessball, CB_A14_ACaptainResignsThroughTheJudge) {
    Script s;
    EXPECT_EQ(
        rule<EventIgnored>(s.send(DrawClaimed{"m1", chess::WHITE, DrawClaimKind::THREEFOLD, ""})),
        "CB-A13");
    auto d = s.send(result("1-0", "resignation"));
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "resignation");
    EXPECT_EQ(rule<GameEnded>(d), "X-3");
}

// Default off, and not configurable yet: there is no time-out event; the judge's
// pause is the only way to stop both clocks.
TEST(Chessball, CB_A15_NoCaptainTimeOutOnlyTheJudgesPause) {
    Script s;
    auto paused = s.judge(ArbiterActionKind::PAUSE);
    EXPECT_EQ(command_rule(paused, "clock.pause"), "FIDE-6.11.1");
    ASSERT_TRUE(command(s.judge(ArbiterActionKind::RESUME), "clock.resume"));
    EXPECT_NE(s.match().phase(), MatchPhase::PAUSED);
}

// One clock face per team, set from the venue's time control; the engine mirrors
// what the hub reports and switches it with each completed move.
TEST(Chessball, CB_A16_OneClockFacePerTeamFromTheAgreedTimeControl) {
    auto c = four_a_side();
    c.time = {30 * 60 * 1000, 0, TimeMode::SUDDEN_DEATH};
    Script s(c);
    EXPECT_EQ(s.match().clock().white_ms, 1800000);
    s.press(2);
    s.move("e2e4");
    auto d = s.clock();
    EXPECT_EQ(find<ClockSwitched>(d)->running, chess::BLACK);
    s.send(ClockReading{"m1", 1790000, 1800000, chess::BLACK});
    EXPECT_EQ(s.match().clock().white_ms, 1790000);
}

TEST(Chessball, CB_A17_AfterAnImpossibleMoveTheOffenderKeepsTheClaim) {
    Script s;
    s.press(0);
    s.move("e2e4");  // not W1's file
    EXPECT_EQ(s.match().claim_holder()->index, 0);
    s.send(BoardRestored{"m1", "b"});
    auto other = s.press(2);  // even if the hub lets a teammate in
    EXPECT_EQ(find<ClaimRefused>(other)->code, "CLAIM_HELD");
    ASSERT_TRUE(command(other, "claim.release"));
    s.move("a2a3");
    EXPECT_TRUE(find<MoveAccepted>(s.clock()));
}

TEST(Chessball, CB_A18_TheOffendersClockRunsDuringTheRestore) {
    Script s;
    s.press(0);
    auto d = s.move("e2e4");
    const DeviceCommand* run = command(d, "clock.run");
    ASSERT_TRUE(run);
    EXPECT_EQ(run->side, chess::WHITE);
    EXPECT_EQ(command_rule(d, "clock.run"), "CB-A18");
    EXPECT_EQ(s.match().clock().running, chess::WHITE);
    EXPECT_NE(s.match().phase(), MatchPhase::PAUSED);
}

TEST(Chessball, CB_A19_WarningsAreCountedPerPlayer) {
    Script s;
    s.judge(ArbiterActionKind::WARN, "W1");
    s.judge(ArbiterActionKind::WARN, "W1");
    auto d = s.judge(ArbiterActionKind::WARN, "W2");
    EXPECT_EQ(find<WarningGiven>(d)->count, 1);
    EXPECT_FALSE(find<PlayerRemoved>(d));  // three for the team, but not three for one player
    EXPECT_EQ(s.match().warnings({chess::WHITE, 0}), 2);
    auto third = s.judge(ArbiterActionKind::WARN, "W1");
    EXPECT_TRUE(find<TimeAdded>(third));  // the third one gives the bonus too
    EXPECT_TRUE(find<PlayerRemoved>(third));
}

TEST(Chessball, CB_A20_RemovalTakesTheMenStandingOnHisFilesNow) {
    // A promoted queen on a7 goes; the knight that left b1 for c3 stays.
    Script s(four_a_side("4k3/Q7/8/8/8/2N5/1P6/4K3 w - - 0 1"));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");
    EXPECT_EQ(find<PlayerRemoved>(d)->squares, (std::vector<Square>{chess::SQ_B2, chess::SQ_A7}));
}

// Default: pause and let the judge decide: Resume plays on with the man kept; Remove again
// takes off the men that can come off (CB_A21_RemovingAgain... below).
TEST(Chessball, CB_A21_ARemovalThatWouldExposeAKingPausesForTheJudge) {
    Script s(four_a_side("3rk3/8/8/8/8/8/3N4/3K4 b - - 0 1"));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W2");  // his knight shields his king
    ASSERT_TRUE(find<PlayerRemoved>(d));
    ASSERT_TRUE(command(d, "clock.pause"));
    EXPECT_EQ(command_rule(d, "clock.pause"), "CB-A21");
    EXPECT_EQ(s.match().phase(), MatchPhase::PAUSED);
    EXPECT_FALSE(find<RestoreRequired>(d));
    EXPECT_EQ(s.match().game().position().piece_on(chess::SQ_D2), chess::W_KNIGHT);
    EXPECT_EQ(find<ClaimRefused>(s.press(9))->code, "PAUSED");  // B2: the rook on d8
    s.judge(ArbiterActionKind::RESUME);
    EXPECT_TRUE(find<ClaimGranted>(s.press(9)));
}

// W2 owns c and d: his pawn c2 may go, his knight d2 shields the king from the rook on d8.
constexpr const char* SHIELD = "3rk3/8/8/8/8/8/2PN4/3K4 b - - 0 1";

TEST(Chessball, CB_A21_RemovingAgainTakesOffTheOthersAndLaterTheShield) {
    Script s(four_a_side(SHIELD));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W2");
    const Decision* why = nullptr;
    const auto* f = find<ArbiterFlag>(d, &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "REMOVAL_EXPOSES_KING");
    EXPECT_NE(why->reason.find("the man on d2"), std::string::npos) << why->reason;
    EXPECT_FALSE(find<RestoreRequired>(d)) << "every man stays while the judge decides";
    // The judge takes off what can come off: the pawn; the knight stays; the clocks run.
    d = s.judge(ArbiterActionKind::REMOVE, "W2");
    const auto* off = find<RestoreRequired>(d, &why);
    ASSERT_TRUE(off);
    EXPECT_EQ(off->squares, std::vector<Square>{chess::SQ_C2});
    EXPECT_EQ(why->rule, "CB-A21");
    EXPECT_TRUE(command(d, "clock.resume"));
    EXPECT_NE(s.match().phase(), MatchPhase::PAUSED);
    EXPECT_EQ(s.match().game().position().piece_on(chess::SQ_C2), chess::NO_PIECE);
    EXPECT_EQ(s.match().game().position().piece_on(chess::SQ_D2), chess::W_KNIGHT);
    s.send(BoardRestored{"m1", "b"});
    // While it shields, Remove again changes nothing.
    EXPECT_TRUE(find<EventIgnored>(s.judge(ArbiterActionKind::REMOVE, "W2")));
    // The rook leaves the d-file: the knight no longer shields, and comes off.
    ASSERT_TRUE(find<ClaimGranted>(s.press(9)));  // B2 owns d
    s.move("d8a8");
    ASSERT_TRUE(find<MoveAccepted>(s.clock()));
    d = s.judge(ArbiterActionKind::REMOVE, "W2");
    off = find<RestoreRequired>(d);
    ASSERT_TRUE(off);
    EXPECT_EQ(off->squares, std::vector<Square>{chess::SQ_D2});
    EXPECT_EQ(s.match().game().position().piece_on(chess::SQ_D2), chess::NO_PIECE);
}

TEST(Chessball, CB_A21_KeepBlockingPieceTakesTheOthersOffAtOnce) {
    MatchConfig c = four_a_side(SHIELD);
    c.options.set("removal_exposes_king", std::string("keep_blocking_piece"));
    Script s(c);
    auto d = s.judge(ArbiterActionKind::REMOVE, "W2");
    EXPECT_FALSE(command(d, "clock.pause"));
    const auto* off = find<RestoreRequired>(d);
    ASSERT_TRUE(off);
    EXPECT_EQ(off->squares, std::vector<Square>{chess::SQ_C2});
    const auto* f = find<ArbiterFlag>(d);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "MAN_KEPT");
    EXPECT_EQ(s.match().game().position().piece_on(chess::SQ_D2), chess::W_KNIGHT);
    // The state replays the same (the owed knight is part of it).
    VenueState again;
    for (const Event& e : s.events()) again.apply(e);
    EXPECT_EQ(again.canonical(), s.state().canonical());
    EXPECT_NE(s.state().canonical().find(" owed "), std::string::npos);
}

TEST(Chessball, CB_A21_ARemovalThatLeavesNoLegalMoveEndsTheGame) {
    Script s(four_a_side("7k/8/8/p7/P7/8/5q2/7K w - - 0 1"));
    auto d = s.judge(ArbiterActionKind::REMOVE, "W1");  // the blocked a-pawn goes
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "stalemate");
    EXPECT_EQ(rule<GameEnded>(d), "CB-5.3.1");
}

TEST(Chessball, CB_A22_TheScanWrapsAndGoesOnToTheFirstFileWithMen) {
    Script wrap;
    auto d = wrap.judge(ArbiterActionKind::REMOVE, "W4");  // g and h: next is a, after the wrap
    EXPECT_EQ(find<PlayerRemoved>(d)->files_to, "W1");
    EXPECT_EQ(wrap.match().ownership(chess::WHITE).files_of(0), "abgh");
    // W3's e and f hold only the king, g and h nothing: the scan goes on to a.
    Script on(four_a_side("4k3/pppppppp/8/8/8/8/PPPP4/RNBQK3 w Q - 0 1"));
    auto far = on.judge(ArbiterActionKind::REMOVE, "W3");
    EXPECT_EQ(find<PlayerRemoved>(far)->squares, (std::vector<Square>{chess::SQ_A1, chess::SQ_A2}));
    EXPECT_EQ(find<PlayerRemoved>(far)->files_to, "W4");  // one recipient: the owner of g
}

// Default none, and not configurable yet: the roster is fixed in the match; a
// button nobody in it owns is ignored.
TEST(Chessball, CB_A25_TheRosterIsFixedAtTheStart) {
    Script s;
    auto d = s.press(5);
    EXPECT_EQ(rule<EventIgnored>(d), "CB-3.2");
    EXPECT_FALSE(s.match().claim_holder());
}

TEST(Chessball, CB_A26_TheHolderChoosesThePromotionPiece) {
    Script s(four_a_side("4k3/P6p/8/8/8/8/8/4K3 w - - 0 1"));
    s.press(0);
    s.move("a7a8n");
    auto d = s.clock();
    ASSERT_TRUE(find<MoveAccepted>(d));
    EXPECT_EQ(find<MoveAccepted>(d)->san, "a8=N");
}

// CB-C: the seed's copyright note. Venue credits the author and the note's date where it
// describes the rules.
TEST(Chessball, CB_C_TheRulesAreCreditedToTheirAuthor) {
    std::ifstream in(VENUE_DOCS_DIR "/games/chessball.md");
    ASSERT_TRUE(in);
    std::string head(600, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    EXPECT_NE(head.find("Silvestrov"), std::string::npos) << head;
    EXPECT_NE(head.find("29.06.2009"), std::string::npos) << head;
}

}  // namespace
}  // namespace venue::games::chessball
