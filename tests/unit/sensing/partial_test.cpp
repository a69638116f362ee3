// Boards between positions: always InProgress or NoMatch, never a move.
#include <gtest/gtest.h>

#include "sensing_test_util.h"

namespace venue::sensing::testing {
namespace {

using namespace chess;

bool in_progress(const Placement& board, const Game& g) {
    const Recognition r = read(board, g);
    EXPECT_TRUE(std::holds_alternative<InProgress>(r)) << to_string(r) << " " << to_string(board);
    return std::holds_alternative<InProgress>(r);
}

TEST(Partial, LiftedPieces) {
    const Game g(start_pos());
    EXPECT_TRUE(in_progress(edit(placement_of(start_pos()), {"e2="}), g));
    EXPECT_TRUE(in_progress(edit(placement_of(start_pos()), {"e2=", "d1=", "a8="}), g));
    const auto r = std::get<InProgress>(read(edit(placement_of(start_pos()), {"e2="}), g));
    EXPECT_EQ(r.squares, square_bb(SQ_E2));
}

TEST(Partial, CaptureHalfDone) {
    const Game g = game_of(start_pos(), {"e2e4", "d7d5"});
    const Placement now = placement_of(g.position());
    EXPECT_TRUE(in_progress(edit(now, {"d5="}), g));         // captured piece off first
    EXPECT_TRUE(in_progress(edit(now, {"e4="}), g));         // capturing piece in the hand
    EXPECT_TRUE(in_progress(edit(now, {"e4=", "d5="}), g));  // both off the board
}

// The mover's move stands, and the opponent has lifted a piece of his own to reply: the move is
// made (the board is the position after it, with the replier's piece in the air).
TEST(Partial, AMoveMadeWithTheReplyBegunNamesTheMove) {
    const Game g(start_pos());
    const Placement after_e4 = board_after(start_pos(), {"e2e4"});
    const auto r = std::get<InProgress>(read(edit(after_e4, {"g8="}), g));
    EXPECT_EQ(r.made, uci(start_pos(), "e2e4"));
    EXPECT_EQ(to_string(Recognition(r)), "in progress [e2 e4 g8] after e2e4");
    // Two of the replier's pieces in the air (a capture begun with the capturing piece, then
    // the one taken... or a knocked piece picked up): still the move made.
    EXPECT_EQ(std::get<InProgress>(read(edit(after_e4, {"g8=", "d7="}), g)).made,
              uci(start_pos(), "e2e4"));
}

TEST(Partial, AMoveMadeWithTheReplyCapturingBegunNamesTheMove) {
    // 1. e4 d5 2. Nc3: Black lifts his d5 pawn to take on e4 before White has pressed.
    const Game g = game_of(start_pos(), {"e2e4", "d7d5"});
    const auto r =
        std::get<InProgress>(read(edit(board_after(g.position(), {"b1c3"}), {"d5="}), g));
    EXPECT_EQ(r.made, uci(g.position(), "b1c3"));
}

TEST(Partial, AMoveMadeWithTheReplyBegunByLiftingThePieceItTakesNamesTheMove) {
    // 1. e4 d5 2. Nc3: Black lifts White's e4 pawn first, to take it with the d5 pawn.
    const Game g = game_of(start_pos(), {"e2e4", "d7d5"});
    const auto r =
        std::get<InProgress>(read(edit(board_after(g.position(), {"b1c3"}), {"e4="}), g));
    EXPECT_EQ(r.made, uci(g.position(), "b1c3"));
    // A piece of White's no reply can take: not a reply under way (White is still at work).
    EXPECT_TRUE(std::get<InProgress>(read(edit(board_after(g.position(), {"b1c3"}), {"a2="}), g))
                    .made.is_none());
}

TEST(Partial, NoMoveMadeWhileTheRookIsDownAndTheKingInTheAir) {
    // Castling rook first: Rf1 stands, the king is lifted from e1. Not the rook move made.
    const Game g(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    const Recognition r = read(edit(placement_of(g.position()), {"h1=", "f1=R", "e1="}), g);
    ASSERT_TRUE(std::holds_alternative<InProgress>(r)) << to_string(r);
    EXPECT_TRUE(std::get<InProgress>(r).made.is_none());
}

TEST(Partial, NoMoveMadeWhileTheMoversOwnPieceIsInTheAir) {
    // A piece with one legal move, lifted: not that move made (the mover still holds it).
    const Game g(fen("7k/8/8/8/8/8/PP6/K7 w - - 0 1"));  // the king's one move: Kb1
    EXPECT_TRUE(
        std::get<InProgress>(read(edit(placement_of(g.position()), {"a1="}), g)).made.is_none());
    // The move made and the mover's own piece lifted again (a correction under way): not named.
    const Placement after_e4 = board_after(start_pos(), {"e2e4"});
    const Game start(start_pos());
    EXPECT_TRUE(std::get<InProgress>(read(edit(after_e4, {"d2="}), start)).made.is_none());
    // The reply begun by lifting the piece the move set down (to take it): the board is the
    // mover's piece in the hand; nothing is named (the clock press waits for the reply instead).
    const Game g2 = game_of(start_pos(), {"e2e4", "d7d5"});
    const Recognition r = read(edit(board_after(g2.position(), {"e4e5"}), {"e5="}), g2);
    ASSERT_TRUE(std::holds_alternative<InProgress>(r)) << to_string(r);
    EXPECT_TRUE(std::get<InProgress>(r).made.is_none());
}

TEST(Partial, AMoveTheFilterRefusesIsNotNamed) {
    const Game g(start_pos());
    RecogniserConfig config;
    config.may_move = [](const Position& before, Move m) {
        return type_of(before.piece_on(m.from())) != PAWN;
    };
    const Placement board = edit(board_after(start_pos(), {"e2e4"}), {"g8="});
    const Recognition r = read_board(board, 0, g, config);
    ASSERT_TRUE(std::holds_alternative<InProgress>(r)) << to_string(r);
    EXPECT_TRUE(std::get<InProgress>(r).made.is_none());
}

TEST(Partial, CastlingHalfDone) {
    const Game g(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    const Placement now = placement_of(g.position());
    EXPECT_TRUE(in_progress(edit(now, {"e1=", "g1=K"}), g));  // king first, rook still on h1
    EXPECT_TRUE(in_progress(edit(now, {"e1=", "c1=K"}), g));
    EXPECT_TRUE(in_progress(edit(now, {"e1=", "h1="}), g));  // both in the air
    EXPECT_TRUE(in_progress(edit(now, {"a1=", "d1=R", "e1="}), g));
}

TEST(Partial, EnPassantHalfDone) {
    const Game g(fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"));
    const Placement now = placement_of(g.position());
    EXPECT_TRUE(in_progress(edit(now, {"f5="}), g));
    EXPECT_TRUE(in_progress(edit(now, {"e5=", "f6=P"}), g));  // captured pawn still there
}

TEST(Partial, PieceSeenOnTwoSquares) {
    const Game g(start_pos());
    EXPECT_TRUE(in_progress(edit(placement_of(start_pos()), {"d4=P"}), g));  // d2 not yet empty
}

TEST(Partial, ReplyUnderWayBeforeTheMoveSettled) {
    const Game g(start_pos());
    // e4 made; black's pawn is in the hand.
    EXPECT_TRUE(in_progress(edit(board_after(start_pos(), {"e2e4"}), {"e7="}), g));
    // e4 made; black's knight set on f6 while its start square still reads (scan order).
    EXPECT_TRUE(in_progress(edit(board_after(start_pos(), {"e2e4"}), {"f6=n"}), g));
}

TEST(Partial, TakeBackUnderWay) {
    const Game g = game_of(start_pos(), {"e2e4", "e7e5", "g1f3"});
    // Knight back on g1 while it is also still seen on f3, and e5 already lifted.
    EXPECT_TRUE(in_progress(edit(placement_of(g.position()), {"g1=N", "e5="}), g));
}

TEST(Partial, NoMatchGivesSquaresAndClosestMoves) {
    const Game g(start_pos());
    const Recognition r = read(edit(placement_of(start_pos()), {"e2=", "e5=P"}), g);
    ASSERT_TRUE(std::holds_alternative<NoMatch>(r)) << to_string(r);
    const NoMatch& n = std::get<NoMatch>(r);
    EXPECT_EQ(n.squares, square_bb(SQ_E2) | square_bb(SQ_E5));
    ASSERT_EQ(n.closest_count, NoMatch::MAX_CLOSEST);
    // e2e3 and e2e4 both leave two squares wrong; every other move leaves four.
    EXPECT_EQ(n.closest[0].distance, 2);
    EXPECT_EQ(n.closest[1].distance, 2);
    EXPECT_EQ(n.closest[2].distance, 4);
    for (int i = 0; i < 2; ++i) EXPECT_EQ(n.closest[i].move.from(), SQ_E2);
}

TEST(Partial, ExtraPieceIsNoMatch) {
    const Game g(start_pos());
    EXPECT_TRUE(
        std::holds_alternative<NoMatch>(read(edit(placement_of(start_pos()), {"e4=Q"}), g)));
}

// Every board on the way of every legal move (each of its squares as before, lifted, or as
// after) is read as InProgress or the move itself, never as another move, except castling's rook
// half, which is a rook move in its own right (and is corrected when the king follows).
TEST(Partial, NoIntermediateBoardIsReadAsAMove) {
    for (const char* text : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                             "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                             "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1"}) {
        const Game g(fen(text));
        const Position& pos = g.position();
        for (Move m : legal_moves(pos)) {
            const Footprint f = footprint(pos, m);
            // Each footprint square: as before, lifted (empty), or as after.
            int states = 1;
            for (int i = 0; i < f.count; ++i) states *= 3;
            for (int code = 0; code < states; ++code) {
                Placement board = placement_of(pos);
                int c = code;
                for (int i = 0; i < f.count; ++i, c /= 3) {
                    if (c % 3 == 1) board[f.square[i]] = NO_PIECE;
                    if (c % 3 == 2) board[f.square[i]] = f.after[i];
                }
                const Recognition r = read(board, g);
                if (auto* rec = std::get_if<Recognised>(&r)) {
                    // The one exception is real: castling's rook half is itself a legal rook move.
                    const bool rook_half =
                        m.kind() == MoveKind::CASTLING && rec->moves.size() == 1 &&
                        type_of(pos.piece_on(rec->moves[0].from())) == ROOK &&
                        (footprint(pos, rec->moves[0]).squares & ~f.squares) == 0;
                    EXPECT_TRUE(rec->moves == MoveSeq{m} || rook_half)
                        << text << " " << to_uci(m) << " state " << code << ": " << to_string(r);
                } else {
                    EXPECT_TRUE(std::holds_alternative<InProgress>(r) ||
                                std::holds_alternative<Unchanged>(r))
                        << text << " " << to_uci(m) << " state " << code << ": " << to_string(r);
                }
            }
        }
    }
}

}  // namespace
}  // namespace venue::sensing::testing
