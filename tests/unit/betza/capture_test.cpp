// Armies captured by checkmate on the pushed pair, Rule 8's self-mates, stalemates, eliminations
// and the result (BETZA-0.4, 5, 7, 7.3, 8, 8.1, 9, 9.1, A9, A10, A11, A12, A14, A16, A17, A19).
#include <gtest/gtest.h>

#include "betza_setup.h"

namespace venue::games::betza {
namespace {

using namespace chess;
using namespace test;

// A back-rank mate waiting to happen on the pair (mover, victim): the victim's king in the corner
// of its home board behind two of its pawns (h8, g7, h7 of that pair), the mover's rook on a4 of
// its own board; Ra4-a8 mates.
ArmyPosition back_rank(int armies, int mover, int victim) {
    ArmyPosition p = empty_boards(armies);
    kings_at_home(p, victim);
    put(p, victim, KING, victim, 0, 0);
    put(p, victim, PAWN, victim, 0, 1);
    put(p, victim, PAWN, victim, 1, 1);
    put(p, mover, ROOK, mover, 0, 3);
    return p;
}

const Move MATE = Move(SQ_A4, SQ_A8);

int pieces_of(const ArmyPosition& p, int army) {
    int n = 0;
    for (int b = 0; b < p.armies; ++b)
        for (const Man& m : p.boards[std::size_t(b)]) n += (!m.empty() && m.army == army) ? 1 : 0;
    return n;
}

TEST(BETZA_7, AMatedArmyPassesWithItsPiecesToThePlayerWhoMatedItAndKeepsItsSlot) {
    BetzaGame g(back_rank(3, 0, 1), BetzaRules{}, seating(3));
    const std::vector<News> news = accepted(g.play(0, {0, 1}, MATE));
    const News* captured = find_news(news, NewsKind::ARMY_CAPTURED, 1);
    ASSERT_NE(captured, nullptr);
    EXPECT_EQ(captured->from_player, 1);
    EXPECT_EQ(captured->to_player, 0);
    EXPECT_EQ(captured->clause, "BETZA-7");
    EXPECT_EQ(g.controller_of(1), 0);
    EXPECT_EQ(g.eliminated(), std::vector<int>{1});
    EXPECT_FALSE(g.ended());         // player 2 is still in
    EXPECT_EQ(g.army_on_move(), 1);  // army 1's slot, now played by player 0
    EXPECT_EQ(g.controller_of(g.army_on_move()), 0);
    EXPECT_TRUE(g.can_move());
}

TEST(BETZA_A19, TheKingOfACapturedArmyStaysOnTheBoard) {
    BetzaGame g(back_rank(3, 0, 1), BetzaRules{}, seating(3));
    const int before = pieces_of(g.position(), 1);
    accepted(g.play(0, {0, 1}, MATE));
    EXPECT_EQ(g.position().king_of(1), (HalfSquare{1, 0, 0}));
    EXPECT_EQ(pieces_of(g.position(), 1), before);
}

TEST(BETZA_0_4, ArmiesAreCapturedByCheckmateAndTheLastPlayerAliveWins) {
    ArmyPosition p = back_rank(3, 0, 2);
    p.controller[1] = 0;  // player 0 took army 1 earlier: player 1 is out
    BetzaGame g(p, BetzaRules{}, seating(3));
    const std::vector<News> news = accepted(g.play(0, {0, 2}, MATE));
    EXPECT_NE(find_news(news, NewsKind::ARMY_CAPTURED, 2), nullptr);
    EXPECT_TRUE(g.ended());
    EXPECT_EQ(g.standing().winner, 0);
}

TEST(BETZA_9, APlayerWithoutAnArmyIsOutTheLastOneHoldingAnArmyWins) {
    ArmyPosition p = back_rank(3, 0, 2);
    p.controller[1] = 0;
    BetzaGame g(p, BetzaRules{}, seating(3));
    EXPECT_EQ(g.eliminated(), std::vector<int>{1});
    const std::vector<News> news = accepted(g.play(0, {0, 2}, MATE));
    const News* out = find_news(news, NewsKind::PLAYER_ELIMINATED);
    ASSERT_NE(out, nullptr);
    EXPECT_EQ(out->from_player, 2);
    EXPECT_EQ(out->clause, "BETZA-9");
    ASSERT_NE(find_news(news, NewsKind::GAME_ENDED), nullptr);
    EXPECT_EQ(g.eliminated(), (std::vector<int>{1, 2}));
    EXPECT_EQ(refused(g.declare_pair(1, {1, 2})), RefusalCode::GAME_OVER);
}

TEST(BETZA_A17, OthersRankInReverseOrderOfEliminationOrShareADraw) {
    ArmyPosition p = back_rank(3, 0, 2);
    p.controller[1] = 0;
    BetzaGame last(p, BetzaRules{}, seating(3));
    accepted(last.play(0, {0, 2}, MATE));
    EXPECT_EQ(last.standing().places, (std::vector<std::vector<int>>{{0}, {2}, {1}}));
    EXPECT_EQ(last.standing().points, (std::vector<double>{1, 0, 0}));
    BetzaRules places;
    places.scoring = Scoring::PLACE_POINTS;
    BetzaGame placed(p, places, seating(3));
    accepted(placed.play(0, {0, 2}, MATE));
    EXPECT_EQ(placed.standing().points, (std::vector<double>{2, 0, 1}));

    BetzaGame agreed = BetzaGame::start(3, BetzaRules{}, 5).value();
    const std::vector<News> news = accepted(agreed.agree_draw());
    EXPECT_EQ(find_news(news, NewsKind::GAME_ENDED)->clause, "BETZA-A17");
    EXPECT_TRUE(agreed.standing().drawn);
    EXPECT_EQ(agreed.standing().places.front(), (std::vector<int>{0, 1, 2}));
    EXPECT_NEAR(agreed.standing().points[1], 1.0 / 3, 1e-9);
}

TEST(BETZA_7_3, AnArmyChangesHandsAndAPlayerLivesOnWithAnotherArmy) {
    ArmyPosition p = back_rank(3, 2, 0);  // army 2 will mate army 0
    p.controller[1] = 0;                  // but player 0 also holds army 1
    BetzaRules friendly;
    friendly.friendly_reassign = true;
    BetzaGame g(p, friendly, {2, 0, 1});
    accepted(g.play(2, {2, 0}, MATE));
    EXPECT_EQ(g.controller_of(0), 2);
    EXPECT_EQ(g.players_in(), (std::vector<int>{0, 2}));  // player 0 lives on with army 1
    accepted(g.reassign(0, 0));
    ASSERT_EQ(g.control_history().size(), 2u);
    EXPECT_EQ(g.control_history()[0].to_player, 2);
    EXPECT_EQ(g.control_history()[1].to_player, 0);
    EXPECT_EQ(g.control_history()[1].clause, "BETZA-9.1");
}

// Army 1's king (h8 on the pair (0, 1)) is already in check from army 2's rook on a8; army 0's
// knight d4-f5 takes g7, its last flight square: a mating net of two players.
ArmyPosition allied_net() {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p, 1);
    put(p, 1, KING, 1, 0, 0);
    put(p, 1, PAWN, 1, 0, 1);
    put(p, 2, ROOK, 1, 7, 0);
    put(p, 0, KNIGHT, 0, 3, 3);
    return p;
}

TEST(BETZA_A9, TheMoverTakesAnArmyMatedByAnAlliedNet) {
    BetzaGame g(allied_net(), BetzaRules{}, seating(3));
    accepted(g.play(0, {0, 1}, Move(SQ_D4, SQ_F5)));
    EXPECT_EQ(g.controller_of(1), 0);
    BetzaRules checker;
    checker.capturer = Capturer::CONTROLLER_OF_CHECKING_PIECE;
    BetzaGame by_checker(allied_net(), checker, seating(3));
    accepted(by_checker.play(0, {0, 1}, Move(SQ_D4, SQ_F5)));
    EXPECT_EQ(by_checker.controller_of(1), 2);
    // Checking pieces of two controllers (army 0's bishop b2 and army 2's rook a8): the mover.
    ArmyPosition tie = allied_net();
    tie.at({0, 3, 3}) = Man{};
    put(tie, 0, BISHOP, 0, 2, 0);  // c1
    BetzaGame tied(tie, checker, seating(3));
    accepted(tied.play(0, {0, 1}, Move(SQ_C1, SQ_B2)));
    EXPECT_EQ(tied.controller_of(1), 0);
}

TEST(BETZA_A10, APairWhereAThirdKingIsAlreadyInCheckMayBePushed) {
    BetzaGame g(allied_net(), BetzaRules{}, seating(3));
    EXPECT_TRUE(in_check(g.position(), g.rules(), 1, {0, 1}));
    accepted(g.declare_pair(0, {0, 1}));
    BetzaRules forbidden;
    forbidden.precheck_pairs = PrecheckPairs::FORBIDDEN;
    BetzaGame strict(allied_net(), forbidden, seating(3));
    const Decided d = strict.declare_pair(0, {0, 1});
    EXPECT_EQ(refused(d), RefusalCode::PRECHECK_PAIR);
    EXPECT_EQ(d.error().clause, "BETZA-A10");
}

// Army 0's king on h1 of its board behind its g2 and h2 pawns, in check from army 2's rook on a1
// and army 3's knight on f2, both standing on board 0: mated on every pair holding board 0. Its
// knight on board 3 can still move on pairs without board 0.
ArmyPosition self_mate(std::uint32_t rook_moved_at, std::uint32_t knight_moved_at) {
    ArmyPosition p = empty_boards(4);
    kings_at_home(p);
    put(p, 0, PAWN, 0, 6, 1);
    put(p, 0, PAWN, 0, 7, 1);
    put(p, 2, ROOK, 0, 0, 0).moved_at = rook_moved_at;
    put(p, 3, KNIGHT, 0, 5, 1).moved_at = knight_moved_at;
    put(p, 0, KNIGHT, 3, 1, 1);
    return p;
}

TEST(BETZA_8, AKingInCheckOnThePushedPairMustBeDefendedThere) {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p, 0);
    put(p, 0, KING, 0, 4, 0);    // e1
    put(p, 0, KNIGHT, 0, 2, 2);  // c3
    put(p, 2, ROOK, 2, 3, 0);    // e8 on the pair (0, 2)
    BetzaGame g(p, BetzaRules{}, seating(3));
    accepted(g.declare_pair(0, {0, 2}));
    EXPECT_EQ(refused(g.declare_pair(0, {0, 1})), RefusalCode::PAIR_ALREADY_DECLARED);
    const Decided ignores = g.move(0, Move(SQ_C3, SQ_B5));
    EXPECT_EQ(refused(ignores), RefusalCode::ILLEGAL_MOVE);
    EXPECT_EQ(ignores.error().clause, "BETZA-8");
    accepted(g.move(0, Move(SQ_C3, SQ_E4)));  // blocks on the pair
}

TEST(BETZA_8, PushingAPairWhereYouAreMatedLosesTheArmy) {
    BetzaGame g(self_mate(3, 9), BetzaRules{}, seating(4));
    ASSERT_EQ(g.army_on_move(), 0);  // it can move elsewhere, so the turn began
    const std::vector<News> news = accepted(g.declare_pair(0, {0, 1}));
    const News* captured = find_news(news, NewsKind::ARMY_CAPTURED, 0);
    ASSERT_NE(captured, nullptr);
    EXPECT_EQ(captured->clause, "BETZA-8");
    EXPECT_EQ(g.army_on_move(), 1);  // its turn is over
}

TEST(BETZA_A11, TheControllerOfTheLastCheckingPieceToMoveTakesASelfMatedArmy) {
    BetzaGame knight_last(self_mate(3, 9), BetzaRules{}, seating(4));
    accepted(knight_last.declare_pair(0, {0, 2}));
    EXPECT_EQ(knight_last.controller_of(0), 3);
    BetzaGame rook_last(self_mate(9, 3), BetzaRules{}, seating(4));
    accepted(rook_last.declare_pair(0, {0, 2}));
    EXPECT_EQ(rook_last.controller_of(0), 2);

    BetzaRules arbiter;
    arbiter.self_mate_capturer = SelfMateCapturer::ARBITER;
    BetzaGame ruled(self_mate(3, 9), arbiter, seating(4));
    const std::vector<News> news = accepted(ruled.declare_pair(0, {0, 1}));
    EXPECT_NE(find_news(news, NewsKind::SELF_MATE_RULING_PENDING, 0), nullptr);
    EXPECT_EQ(ruled.controller_of(0), 0);  // until the arbiter rules
    EXPECT_EQ(ruled.pending_self_mate_rulings(), std::vector<int>{0});
    EXPECT_EQ(refused(ruled.rule_self_mate(1, 2)), RefusalCode::NO_PENDING_RULING);
    accepted(ruled.rule_self_mate(0, 2));
    EXPECT_EQ(ruled.controller_of(0), 2);
    EXPECT_EQ(ruled.eliminated(), std::vector<int>{0});
}

TEST(BETZA_8_1, AnArmyMatedOnEveryPairItCouldPushIsCapturedAtTheStartOfItsTurn) {
    ArmyPosition p = self_mate(3, 9);
    p.at({3, 1, 1}) = Man{};  // no knight elsewhere: every pair it may push holds board 0
    BetzaGame g(p, BetzaRules{}, seating(4));
    const News* captured = find_news(g.opening_news(), NewsKind::ARMY_CAPTURED, 0);
    ASSERT_NE(captured, nullptr);
    EXPECT_EQ(captured->clause, "BETZA-8.1");
    EXPECT_EQ(captured->to_player, 3);
    EXPECT_EQ(g.army_on_move(), 1);
    EXPECT_EQ(g.eliminated(), std::vector<int>{0});
}

// Army 0's king on a1 of its board, not in check, every flight square covered by army 1's queen
// on b3 of the same board: no legal move on any pair.
ArmyPosition stalemate() {
    ArmyPosition p = empty_boards(3);
    kings_at_home(p, 0);
    put(p, 0, KING, 0, 0, 0);
    put(p, 1, QUEEN, 0, 1, 2);
    return p;
}

TEST(BETZA_A12, AStalematedArmySkipsItsTurn) {
    BetzaGame g(stalemate(), BetzaRules{}, seating(3));
    const News* skipped = find_news(g.opening_news(), NewsKind::TURN_SKIPPED, 0);
    ASSERT_NE(skipped, nullptr);
    EXPECT_EQ(skipped->clause, "BETZA-A12");
    EXPECT_EQ(g.army_on_move(), 1);
    EXPECT_EQ(g.consecutive_skips(), 1);
    EXPECT_FALSE(g.ended());

    BetzaRules retire;
    retire.stalemate = Stalemate::ELIMINATE_ARMY;
    BetzaGame retired(stalemate(), retire, seating(3));
    EXPECT_TRUE(retired.position().retired[0]);
    EXPECT_FALSE(retired.position().king_of(0).has_value());
    EXPECT_EQ(retired.eliminated(), std::vector<int>{0});
    EXPECT_EQ(retired.army_on_move(), 1);

    BetzaRules draw;
    draw.stalemate = Stalemate::DRAW_GAME;
    BetzaGame drawn(stalemate(), draw, seating(3));
    EXPECT_TRUE(drawn.ended());
    EXPECT_TRUE(drawn.standing().drawn);
}

// Every army boxed in on a foreign half-board's outer edge, none in check, none able to move on
// any pair: player 0 holds armies 0 and 1 (player 1 lost his army earlier), player 2 holds army 2.
// On boards 0 and 1 the outer rank holds kings, queens, rooks and bishops, and the rank above it
// eight pawns of an army whose home is elsewhere, so they move toward that outer rank and are
// blocked (BETZA-X.1); their captures would land on friends (BETZA-7.1). Board 2 stays empty.
ArmyPosition all_stalemated() {
    ArmyPosition p = empty_boards(3);
    p.controller[1] = 0;
    // Board 0: army 0's king and pieces on files a-d, army 1's on e-h, army 1's pawns above.
    const PieceType board_0[] = {KING, ROOK, BISHOP, QUEEN, KING, BISHOP, ROOK, QUEEN};
    // Board 1: army 2's king, its pieces and its pawns.
    const PieceType board_1[] = {KING, ROOK, BISHOP, QUEEN, ROOK, BISHOP, ROOK, QUEEN};
    for (int file = 0; file < 8; ++file) {
        put(p, file < 4 ? 0 : 1, board_0[file], 0, file, 0);
        put(p, 1, PAWN, 0, file, 1);
        put(p, 2, board_1[file], 1, file, 0);
        put(p, 2, PAWN, 1, file, 1);
    }
    return p;
}

TEST(BETZA_A12, WhenEveryRemainingArmyIsStalematedInTurnTheGameIsDrawn) {
    BetzaGame g(all_stalemated(), BetzaRules{}, seating(3));
    const std::vector<News>& news = g.opening_news();
    for (int army = 0; army < 3; ++army) {
        const News* skipped = find_news(news, NewsKind::TURN_SKIPPED, army);
        ASSERT_NE(skipped, nullptr) << "army " << army;
        EXPECT_EQ(skipped->clause, "BETZA-A12");
    }
    ASSERT_TRUE(g.ended());
    const Standing s = g.standing();
    EXPECT_TRUE(s.drawn);
    EXPECT_EQ(s.clause, "BETZA-A12");
    EXPECT_EQ(s.reason, "every army is stalemated");
    ASSERT_FALSE(s.places.empty());
    EXPECT_EQ(s.places[0], (std::vector<int>{0, 2}));  // player 1 was already out

    // One army able to move breaks the run: army 2's pawn on b2 with room ahead moves, and the
    // skips before it do not draw the game.
    ArmyPosition free_pawn = all_stalemated();
    free_pawn.at({1, 1, 0}) = Man{};
    BetzaGame open(free_pawn, BetzaRules{}, seating(3));
    EXPECT_FALSE(open.ended());
    EXPECT_EQ(open.army_on_move(), 2);
    EXPECT_EQ(open.consecutive_skips(), 2);
    EXPECT_TRUE(open.can_move());
}

TEST(BETZA_9_1, FriendlyGamesMayHandArmiesToPlayersByTheArbiter) {
    BetzaGame g(back_rank(3, 0, 1), BetzaRules{}, seating(3));
    accepted(g.play(0, {0, 1}, MATE));
    EXPECT_EQ(g.eliminated(), std::vector<int>{1});
    BetzaRules friendly;
    friendly.friendly_reassign = true;
    BetzaGame f(back_rank(3, 0, 1), friendly, seating(3));
    accepted(f.play(0, {0, 1}, MATE));
    // An ally hands the captured army back: its player is in the game again.
    const std::vector<News> news = accepted(f.reassign(1, 1));
    EXPECT_NE(find_news(news, NewsKind::CONTROL_REASSIGNED, 1), nullptr);
    EXPECT_EQ(f.controller_of(1), 1);
    EXPECT_TRUE(f.eliminated().empty());
}

TEST(BETZA_A16, TournamentModeRefusesReassignment) {
    BetzaGame g = BetzaGame::start(3, BetzaRules{}, 1).value();
    const Decided d = g.reassign(1, 0);
    EXPECT_EQ(refused(d), RefusalCode::REASSIGN_OFF);
    EXPECT_EQ(d.error().clause, "BETZA-A16");
    EXPECT_EQ(g.controller_of(1), 1);
}

TEST(BETZA_5, AlliancesAreInformalAndChangeNoRule) {
    BetzaGame g = BetzaGame::start(3, BetzaRules{}, 1).value();
    EXPECT_EQ(refused(g.record_alliance(0, 1)), RefusalCode::ALLIANCES_NOT_RECORDED);
    BetzaRules recorded;
    recorded.record_alliances = true;
    BetzaGame r(stalemate(), recorded, {1, 2, 0});
    const int before = int(r.legal_moves_on({1, 0}).size());
    accepted(r.record_alliance(0, 1));
    EXPECT_EQ(int(r.legal_moves_on({1, 0}).size()), before);
}

TEST(BETZA_A14, AlliancesAreNotRecordedByDefault) {
    EXPECT_FALSE(BetzaRules{}.record_alliances);
    BetzaRules recorded;
    recorded.record_alliances = true;
    BetzaGame g = BetzaGame::start(4, recorded, 1).value();
    const std::vector<News> news = accepted(g.record_alliance(0, 3));
    EXPECT_EQ(news.front().kind, NewsKind::ALLIANCE_RECORDED);
    EXPECT_EQ(g.alliances(), (std::vector<std::pair<int, int>>{{0, 3}}));
}

}  // namespace
}  // namespace venue::games::betza
