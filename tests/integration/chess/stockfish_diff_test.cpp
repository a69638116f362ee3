// Differential test: for 200 positions reached by seeded random play that
// favours castling, en passant and promotions, Stockfish's `go perft 3` and
// `venue perft --divide --depth 3` must agree move by move.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>
#include <sstream>

#include "chess/movegen.h"
#include "chess/uci.h"
#include "cli/subprocess.h"
#include "command.h"

namespace venue::chess {
namespace {

constexpr const char* STOCKFISH = "/usr/games/stockfish";

using Divide = std::map<std::string, long long>;

Divide parse_divide(const std::string& text) {
    Divide d;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        size_t colon = line.find(": ");
        if (colon == std::string::npos || colon < 4 || colon > 5) continue;
        if (line.starts_with("nodes") || line.starts_with("Nodes")) continue;
        d[line.substr(0, colon)] = std::stoll(line.substr(colon + 2));
    }
    return d;
}

bool is_special(const Position& pos, Move m) {
    if (m.kind() != MoveKind::NORMAL) return true;
    if (type_of(pos.piece_on(m.from())) != PAWN) return false;
    const int advance = rank_of(m.to()) - rank_of(m.from());
    return advance == 2 || advance == -2 || rank_of(m.to()) >= 5 || rank_of(m.to()) <= 2;
}

bool has_kind(const MoveList& moves, MoveKind kind) {
    for (Move m : moves)
        if (m.kind() == kind) return true;
    return false;
}

// Random playouts from several start positions. Moves that castle, take en
// passant, promote, push a pawn two squares or far up the board are chosen
// far more often, and positions where such a move is available are sampled
// far more often, so the sample is rich in the special moves.
std::vector<Position> random_positions(std::size_t count, std::uint64_t seed) {
    const char* starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "4k3/1pp2pp1/8/P2P3P/p2p3p/8/1PP2PP1/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        // Pawns waiting beside every double-push path: en passant at almost every move.
        "r3k2r/p1p1p1p1/8/1P1P1P1P/1p1p1p1p/8/P1P1P1P1/R3K2R w KQkq - 0 1",
        "r3k2r/p1p1p1p1/8/1P1P1P1P/1p1p1p1p/8/P1P1P1P1/R3K2R b KQkq - 0 1",
    };
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    while (out.size() < count) {
        Position pos = *Position::from_fen(starts[rng() % std::size(starts)]);
        for (int ply = 0; ply < 80 && out.size() < count; ++ply) {
            MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            // En passant is the rarest chance: take every one.
            const unsigned percent = has_kind(moves, MoveKind::EN_PASSANT)  ? 100
                                     : has_kind(moves, MoveKind::PROMOTION) ? 25
                                     : has_kind(moves, MoveKind::CASTLING)  ? 25
                                                                            : 3;
            if (rng() % 100 < percent) out.push_back(pos);
            std::vector<Move> special;
            for (Move m : moves)
                if (is_special(pos, m)) special.push_back(m);
            Move m = (!special.empty() && rng() % 10 < 7) ? special[rng() % special.size()]
                                                          : moves[rng() % moves.size()];
            pos.do_move(m);
        }
    }
    return out;
}

TEST(StockfishDifferential, PerftDivideAgreesOn200RandomPositions) {
    if (!std::filesystem::exists(STOCKFISH))
        FAIL() << STOCKFISH << " missing: scripts/setup installs the stockfish package";
    venue::cli::Subprocess sf({STOCKFISH});
    ASSERT_TRUE(sf.running()) << sf.error();
    sf.write_line("uci");
    while (auto line = sf.read_line(10000))
        if (*line == "uciok") break;

    auto positions = random_positions(200, 20261122);
    int with_castling = 0, with_ep = 0, with_promotion = 0;
    for (const Position& pos : positions) {
        MoveList moves = legal_moves(pos);
        bool castle = false, ep = false, promo = false;
        for (Move m : moves) {
            castle |= m.kind() == MoveKind::CASTLING;
            ep |= m.kind() == MoveKind::EN_PASSANT;
            promo |= m.kind() == MoveKind::PROMOTION;
        }
        with_castling += pos.castling_rights() != 0 || castle;
        with_ep += ep;
        with_promotion += promo;

        sf.write_line("position fen " + pos.fen());
        sf.write_line("go perft 3");
        std::string sf_out;
        while (auto line = sf.read_line(60000)) {
            if (line->starts_with("Nodes searched")) break;
            sf_out += *line + "\n";
        }
        auto venue_out = venue::testing::run_command(
            venue::testing::venue_binary() + " perft --divide --depth 3 --fen '" + pos.fen() + "'");
        ASSERT_EQ(venue_out.status, 0) << pos.fen();
        Divide expected = parse_divide(sf_out), actual = parse_divide(venue_out.out);
        ASSERT_FALSE(expected.empty()) << "no output from Stockfish for " << pos.fen();
        EXPECT_EQ(actual, expected) << pos.fen();
    }
    std::printf("positions: %zu, with castling rights: %d, en passant: %d, promotion: %d\n",
                positions.size(), with_castling, with_ep, with_promotion);
    // The sample must actually exercise the special moves it is meant to.
    EXPECT_GE(with_castling, 40);
    EXPECT_GE(with_ep, 20);
    EXPECT_GE(with_promotion, 20);
    sf.write_line("quit");
}

}  // namespace
}  // namespace venue::chess
