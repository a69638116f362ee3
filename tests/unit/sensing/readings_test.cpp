// read_board on single stable boards: one test per kind of result, promotion by the piece set
// down, quick replies, take-backs, corrections, wrong movers and ambiguity.
#include <gtest/gtest.h>

#include "sensing_test_util.h"

namespace venue::sensing::testing {
namespace {

using namespace chess;

template <class T>
const T& as(const Recognition& r) {
    static const T none{};
    EXPECT_TRUE(std::holds_alternative<T>(r)) << to_string(r);
    return std::holds_alternative<T>(r) ? std::get<T>(r) : none;
}

TEST(Readings, Unchanged) {
    const Game g = game_of(start_pos(), {"e2e4"});
    EXPECT_TRUE(std::holds_alternative<Unchanged>(read(board_after(start_pos(), {"e2e4"}), g)));
}

TEST(Readings, OneMove) {
    const Game g(start_pos());
    const auto r = as<Recognised>(read_board(board_after(start_pos(), {"g1f3"}), 1234, g, {}));
    EXPECT_EQ(r.moves, MoveSeq{uci(start_pos(), "g1f3")});
    EXPECT_EQ(r.at_us, 1234);
    EXPECT_EQ(r.also_take_back, 0);
}

TEST(Readings, EverySpecialMove) {
    const char* kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (const char* m : {"e1g1", "e1c1", "e5f7", "d5e6"}) {
        const Game g(fen(kiwipete));
        EXPECT_EQ(as<Recognised>(read(board_after(g.position(), {m}), g)).moves,
                  MoveSeq{uci(g.position(), m)})
            << m;
    }
    const Game ep(fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"));
    EXPECT_EQ(as<Recognised>(read(board_after(ep.position(), {"e5f6"}), ep)).moves,
              MoveSeq{uci(ep.position(), "e5f6")});
}

// The piece set down decides the promotion, under-promotions included, with or without capture.
TEST(Readings, PromotionByThePieceSetDown) {
    const Game g(fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    for (const char* piece : {"Q", "R", "B", "N"}) {
        const std::string push = std::string("a8=") + piece;
        const std::string take = std::string("b8=") + piece;
        const Placement straight = edit(placement_of(g.position()), {"a7=", push.c_str()});
        const Placement capture = edit(placement_of(g.position()), {"a7=", take.c_str()});
        const std::string lower(1, char(std::tolower(piece[0])));
        EXPECT_EQ(as<Recognised>(read(straight, g)).moves,
                  MoveSeq{uci(g.position(), ("a7a8" + lower).c_str())});
        EXPECT_EQ(as<Recognised>(read(capture, g)).moves,
                  MoveSeq{uci(g.position(), ("a7b8" + lower).c_str())});
    }
    // The pawn itself on the last rank: on the way (the piece is about to be swapped).
    EXPECT_TRUE(std::holds_alternative<InProgress>(
        read(edit(placement_of(g.position()), {"a7=", "a8=P"}), g)));
    // A piece of the wrong colour or a king set down: nothing legal.
    EXPECT_TRUE(std::holds_alternative<NoMatch>(
        read(edit(placement_of(g.position()), {"a7=", "a8=q"}), g)));
    EXPECT_TRUE(std::holds_alternative<NoMatch>(
        read(edit(placement_of(g.position()), {"a7=", "a8=K"}), g)));
}

TEST(Readings, QuickReplyGivesBothMovesInOrder) {
    const Game g(start_pos());
    const auto r = as<Recognised>(read(board_after(start_pos(), {"e2e4", "e7e5"}), g));
    Position after = start_pos();
    after.do_move(uci(start_pos(), "e2e4"));
    EXPECT_EQ(r.moves, (MoveSeq{uci(start_pos(), "e2e4"), uci(after, "e7e5")}));
}

TEST(Readings, QuickReplyCastling) {
    const Game g = game_of(start_pos(), {"e2e4", "d7d5", "g1f3", "g8f6", "f1c4", "e7e6"});
    EXPECT_EQ(as<Recognised>(read(board_after(g.position(), {"e1g1", "f8e7"}), g)).moves.size(), 2);
}

// exd5 exd5 made at once leaves e4 and e6 empty and d5 as it was: the board alone cannot tell it
// from both pawns in the hands. The white pawn seen on d5 on the way tells.
TEST(Readings, QuickRecaptureNeedsTheFirstLandingSeen) {
    const Game g = game_of(start_pos(), {"e2e4", "d7d5", "g1f3", "g8f6", "f1c4", "e7e6"});
    const Placement now = placement_of(g.position());
    const Placement final_board = board_after(g.position(), {"e4d5", "e6d5"});
    EXPECT_TRUE(std::holds_alternative<InProgress>(read(final_board, g)));
    const Evidence ev =
        evidence_of({now, edit(now, {"d5="}), edit(now, {"d5=", "e4="}), edit(now, {"e4=", "d5=P"}),
                     edit(now, {"e4=", "d5="}), edit(now, {"e4=", "d5=", "e6="}), final_board});
    const auto r = as<Recognised>(read_board(final_board, 0, g, {}, &ev));
    EXPECT_EQ(r.moves.size(), 2);
}

TEST(Readings, TakeBackToAnEarlierPosition) {
    const Game g = game_of(start_pos(), {"e2e4", "e7e5", "g1f3"});
    const auto one = as<TakeBack>(read(board_after(start_pos(), {"e2e4", "e7e5"}), g));
    EXPECT_EQ(one.plies, 1);
    EXPECT_TRUE(one.then.empty());
    EXPECT_EQ(as<TakeBack>(read(board_after(start_pos(), {"e2e4"}), g)).plies, 2);
    EXPECT_EQ(as<TakeBack>(read(placement_of(start_pos()), g)).plies, 3);
}

// A rook slid a1-a4, stood long enough to be read, then went on to a8: the last move replaced.
TEST(Readings, CorrectionOfAPausedSlide) {
    const Game g = game_of(fen("4k3/8/8/8/8/8/1P6/R3K3 w Q - 0 1"), {"a1a4"});
    const auto r = as<TakeBack>(read(board_after(g.position_at(0), {"a1a8"}), g));
    EXPECT_EQ(r.plies, 1);
    EXPECT_EQ(r.then, MoveSeq{uci(g.position_at(0), "a1a8")});
}

// Castling rook first, with the king left standing long enough for Rf1 to be read.
TEST(Readings, CorrectionToCastlingAfterTheRookWasRead) {
    const Game g = game_of(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), {"h1f1"});
    const auto r = as<TakeBack>(read(board_after(g.position_at(0), {"e1g1"}), g));
    EXPECT_EQ(r.plies, 1);
    EXPECT_EQ(r.then, MoveSeq{uci(g.position_at(0), "e1g1")});
    // And the same with the opponent's reply already made.
    const auto r2 = as<TakeBack>(read(board_after(g.position_at(0), {"e1g1", "e8c8"}), g));
    EXPECT_EQ(r2.then.size(), 2);
}

// A queen set down and read, then swapped for a knight.
TEST(Readings, CorrectionOfAPromotionPiece) {
    const Game g = game_of(fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), {"a7a8q"});
    const auto r = as<TakeBack>(read(board_after(g.position_at(0), {"a7a8n"}), g));
    EXPECT_EQ(r.then, MoveSeq{uci(g.position_at(0), "a7a8n")});
}

// A correction must move the piece the last move moved: another piece is not a reading.
TEST(Readings, NoCorrectionWithAnotherPiece) {
    const Game g = game_of(start_pos(), {"e2e4"});
    EXPECT_FALSE(std::holds_alternative<TakeBack>(read(board_after(start_pos(), {"d2d4"}), g)));
}

// Team games: only the pieces of one player (here, by identity: the queen's side) may move.
TEST(Readings, WrongMoverByFilter) {
    RecogniserConfig config;
    config.may_move = [](const Position& before, Move m) {
        return file_of(Square(before.id_on(m.from()))) < 4;  // pieces that started on files a-d
    };
    const Game g(start_pos());
    EXPECT_TRUE(
        std::holds_alternative<Recognised>(read(board_after(start_pos(), {"d2d4"}), g, config)));
    const auto w = as<WrongMover>(read(board_after(start_pos(), {"g1f3"}), g, config));
    EXPECT_EQ(w.moves, MoveSeq{uci(start_pos(), "g1f3")});
    EXPECT_EQ(w.refused, 0);
    EXPECT_FALSE(w.wrong_side);
    // In a quick pair, the reply is refused: black moved a king's-side piece.
    const auto w2 = as<WrongMover>(read(board_after(start_pos(), {"d2d4", "g8f6"}), g, config));
    EXPECT_EQ(w2.moves.size(), 2);
    EXPECT_EQ(w2.refused, 1);
}

TEST(Readings, WrongSideMovedOutOfTurn) {
    const Game g(start_pos());
    // Black moves at white's turn.
    Position black_to_move = start_pos();
    black_to_move.do_null_move();
    const auto r = as<WrongMover>(read(board_after(black_to_move, {"e7e5"}), g));
    EXPECT_TRUE(r.wrong_side);
    EXPECT_EQ(r.moves, MoveSeq{uci(black_to_move, "e7e5")});
}

// A king sliding e1-f1-g1 to castle, read at f1: on g1 with the rook still on h1 it is castling
// under way, not White moving twice.
TEST(Readings, LastMoverGoingOnIsNotAWrongSide) {
    const Game g = game_of(fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), {"e1f1"});
    const Placement king_on_g1 = edit(placement_of(g.position()), {"f1=", "g1=K"});
    EXPECT_TRUE(std::holds_alternative<InProgress>(read(king_on_g1, g)))
        << to_string(read(king_on_g1, g));
    const auto c = as<TakeBack>(read(board_after(g.position_at(0), {"e1g1"}), g));
    EXPECT_EQ(c.then, MoveSeq{uci(g.position_at(0), "e1g1")});
}

TEST(Readings, WrongSideOffFallsBackToNoMatch) {
    RecogniserConfig config;
    config.detect_wrong_side = false;
    Position black_to_move = start_pos();
    black_to_move.do_null_move();
    EXPECT_TRUE(std::holds_alternative<NoMatch>(
        read(board_after(black_to_move, {"e7e5"}), Game(start_pos()), config)));
}

// b7-b8 promoted, and the rook took the new piece before the board settled. The final board
// cannot tell which piece was set down: only the pieces seen on b8 on the way can.
TEST(Readings, PromotionTakenAtOnceIsReadFromThePieceSeen) {
    const Game g(fen("r7/1P5k/8/8/8/8/8/7K w - - 0 1"));
    const Placement now = placement_of(g.position());
    const Placement board = edit(now, {"b7=", "a8=", "b8=r"});
    // Nothing seen: not read (no piece was visibly promoted).
    EXPECT_TRUE(std::holds_alternative<InProgress>(read(board, g)));
    // A knight seen on b8: an under-promotion.
    const Placement lifted = edit(now, {"b7="});
    const Evidence knight =
        evidence_of({now, lifted, edit(lifted, {"b8=N"}), edit(lifted, {"a8="}), board});
    EXPECT_EQ(as<Recognised>(read_board(board, 0, g, {}, &knight)).moves,
              (MoveSeq{uci(g.position(), "b7b8n"), Move(SQ_A8, SQ_B8)}));
    // A queen set down, swapped for a knight, then taken: both seen, so both readings remain.
    const Evidence both = evidence_of({now, lifted, edit(lifted, {"b8=Q"}), lifted,
                                       edit(lifted, {"b8=N"}), edit(lifted, {"a8="}), board});
    const auto a = as<Ambiguous>(read_board(board, 0, g, {}, &both));
    ASSERT_EQ(a.readings.total(), 2);
    for (int i = 0; i < a.readings.size; ++i) {
        EXPECT_EQ(a.readings.items[i].kind, ReadingKind::MOVES);
        EXPECT_EQ(a.readings.items[i].moves.size(), 2);
    }
}

// Nxg6 fxg6 leaves e5 and f7 empty and g6 as it was: exactly the board of Nxf7 with the knight
// and the f7 pawn both in the hands. No piece was visibly set down, so it is not read as moves.
TEST(Readings, ExchangeWithoutAVisibleLandingIsNotAMove) {
    const Game g(fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
    const Recognition r = read(edit(placement_of(g.position()), {"e5=", "f7="}), g);
    EXPECT_TRUE(std::holds_alternative<InProgress>(r)) << to_string(r);
    // Even with evidence, as long as no white knight was seen on g6.
    const Placement now = placement_of(g.position());
    const Evidence ev = evidence_of({now, edit(now, {"e5="}), edit(now, {"e5=", "f7="})});
    EXPECT_TRUE(
        std::holds_alternative<InProgress>(read_board(edit(now, {"e5=", "f7="}), 0, g, {}, &ev)));
}

// A move that repeats an earlier placement is also a take-back of three plies. By default the
// move wins and says so; in strict mode the recogniser reports both and waits.
TEST(Readings, RepetitionMoveOrTakeBack) {
    const Game g = game_of(start_pos(), {"g1f3", "g8f6", "f3g1"});
    const Placement board = placement_of(start_pos());  // black's knight back on g8
    const auto r = as<Recognised>(read(board, g));
    EXPECT_EQ(r.moves, MoveSeq{uci(g.position(), "f6g8")});
    EXPECT_EQ(r.also_take_back, 3);

    RecogniserConfig strict;
    strict.move_beats_take_back = false;
    const auto a = as<Ambiguous>(read(board, g, strict));
    ASSERT_EQ(a.readings.total(), 2);
    EXPECT_EQ(a.readings.items[0].kind, ReadingKind::MOVES);
    EXPECT_EQ(a.readings.items[1].kind, ReadingKind::TAKE_BACK);
    EXPECT_EQ(a.readings.items[1].plies_back, 3);
}

// In strict mode the next move resolves the wait: the pair (Ng8, then white's move) matches,
// while no single reading of "take back three, then a move" is searched.
TEST(Readings, StrictAmbiguityResolvedByTheNextMove) {
    RecogniserConfig strict;
    strict.move_beats_take_back = false;
    const Game g = game_of(start_pos(), {"g1f3", "g8f6", "f3g1"});
    const auto r = as<Recognised>(read(board_after(g.position(), {"f6g8", "e2e4"}), g, strict));
    EXPECT_EQ(r.moves.size(), 2);
}

TEST(Readings, FindReadingsListsEveryExactReading) {
    const Game g = game_of(start_pos(), {"g1f3", "g8f6", "f3g1"});
    const Placement board = placement_of(start_pos());
    const Readings r = find_readings(board, differing_squares(board, g.position()), g,
                                     legal_moves(g.position()), {});
    EXPECT_EQ(r.moves.total(), 1);
    EXPECT_EQ(r.take_backs.total(), 1);
    EXPECT_EQ(r.wrong_side.total(), 0);  // not searched: other readings matched
}

}  // namespace
}  // namespace venue::sensing::testing
