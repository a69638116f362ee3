// BETZA-6.4: with exactly two armies the game is chess. Real games and seeded random playouts are
// replayed move for move through the chess core and through the Betza engine (two armies on the
// pair (0, 1)); at every position both must give the same legal moves, the same check, and the
// same ending (mate: the mover's player wins; stalemate: a draw).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "chess/game.h"
#include "chess/pgn.h"
#include "games/betza/rules/fide_bridge.h"
#include "venue/seeded_random.h"

namespace venue::games::betza {
namespace {

using namespace chess;

std::vector<std::uint16_t> sorted_raw(std::vector<Move> moves) {
    std::vector<std::uint16_t> raw;
    for (Move m : moves) raw.push_back(m.raw());
    std::sort(raw.begin(), raw.end());
    return raw;
}

std::vector<std::uint16_t> sorted_raw(const MoveList& list) {
    return sorted_raw(std::vector<Move>(list.begin(), list.end()));
}

// Compares the two engines at `game`'s current position; `betza` stands at the same position.
// Returns false (after reporting) on the first difference.
bool same_verdicts(const Game& game, const BetzaGame& betza, const std::string& where) {
    const Position& pos = game.position();
    const MoveList fide = legal_moves(pos);
    const GameStatus status = game.status();
    EXPECT_EQ(placement_of(betza.position(), CHESS_PAIR), pos.fen().substr(0, pos.fen().find(' ')))
        << where;
    if (status == GameStatus::CHECKMATE) {
        // The mated army passed to the player who mated it; that player is the last alive.
        EXPECT_TRUE(betza.ended()) << where;
        EXPECT_EQ(betza.standing().winner, pos.side_to_move() == WHITE ? 1 : 0) << where;
        EXPECT_EQ(betza.controller_of(pos.side_to_move() == WHITE ? 0 : 1),
                  pos.side_to_move() == WHITE ? 1 : 0)
            << where;
        return !::testing::Test::HasFailure();
    }
    if (status == GameStatus::STALEMATE) {
        EXPECT_TRUE(betza.ended()) << where;
        EXPECT_TRUE(betza.standing().drawn) << where;
        return !::testing::Test::HasFailure();
    }
    EXPECT_FALSE(betza.ended()) << where;
    const int army = pos.side_to_move() == WHITE ? 0 : 1;
    EXPECT_EQ(betza.army_on_move(), army) << where;
    EXPECT_EQ(in_check(betza.position(), betza.rules(), army, CHESS_PAIR), pos.in_check()) << where;
    EXPECT_EQ(sorted_raw(betza.legal_moves_on(CHESS_PAIR)), sorted_raw(fide)) << where;
    return !::testing::Test::HasFailure();
}

// Plays `moves` from `start` through both engines; returns the plies compared.
int replay(const Position& start, const std::vector<Move>& moves, const std::string& name) {
    Game game(start);
    BetzaGame betza = two_army_game(start);
    int plies = 0;
    if (!same_verdicts(game, betza, name + " start")) return plies;
    for (Move m : moves) {
        if (game.status() != GameStatus::ONGOING) break;
        const int army = game.position().side_to_move() == WHITE ? 0 : 1;
        EXPECT_TRUE(game.play(m)) << name;
        const Decided played = betza.play(army, CHESS_PAIR, m);
        EXPECT_TRUE(played.ok()) << name << " ply " << plies + 1 << ": "
                                 << (played.ok() ? "" : played.error().reason);
        ++plies;
        std::string why;
        EXPECT_TRUE(betza.is_ok(&why)) << why;
        if (!same_verdicts(game, betza, name + " ply " + std::to_string(plies))) break;
    }
    return plies;
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(BETZA_6_4, TwoArmiesReplayEveryRecordedGameAsChess) {
    std::vector<std::filesystem::path> files = {std::filesystem::path(VENUE_SOURCE_DIR) /
                                                "tests/data/pgn/famous.pgn"};
    for (const auto& entry : std::filesystem::directory_iterator(
             std::filesystem::path(VENUE_SOURCE_DIR) / "tests/fuzz/chess/seeds/pgn"))
        files.push_back(entry.path());
    int games = 0, plies = 0;
    for (const auto& file : files) {
        const std::string text = read_text(file);  // the reader keeps a view of it
        PgnReader reader(text);
        while (auto next = reader.next()) {
            if (!next->ok()) continue;  // the fuzz seeds include deliberately broken games
            const PgnGame& pgn = next->value();
            std::vector<Move> moves;
            for (const PgnMove& pm : pgn.moves) moves.push_back(pm.move);
            plies += replay(pgn.start, moves,
                            file.filename().string() + " game " + std::to_string(++games));
            if (HasFailure()) return;
        }
    }
    EXPECT_GE(games, 7);
    EXPECT_GE(plies, 300);
    RecordProperty("plies", plies);
}

// Random legal moves from the chess core, drawn from a fixed seed.
std::vector<Move> random_playout(const Position& start, std::uint64_t seed, int max_plies) {
    Game game(start);
    std::vector<Move> moves;
    for (int ply = 0; ply < max_plies && game.status() == GameStatus::ONGOING; ++ply) {
        const MoveList legal = legal_moves(game.position());
        const Move m =
            legal[std::size_t(engine::seeded_below(seed, std::uint64_t(ply), legal.size()))];
        game.play(m);
        moves.push_back(m);
    }
    return moves;
}

TEST(BETZA_6_4, TwoArmiesMatchTheChessCoreOverSeededRandomPlayouts) {
    int plies = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const Position start = Position::start();
        plies += replay(start, random_playout(start, seed, 200), "playout " + std::to_string(seed));
        if (HasFailure()) return;
    }
    EXPECT_GE(plies, 4000);
}

// Positions rich in castling, en passant and promotion (the perft suite's), played out at random.
TEST(BETZA_6_4, TwoArmiesMatchTheChessCoreFromTrickyPositions) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "7k/8/6Q1/8/8/8/8/K7 b - - 0 1",
        "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
        "R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1",
    };
    int plies = 0;
    for (const char* fen : fens) {
        const Position start = Position::from_fen(fen).value();
        for (std::uint64_t seed = 1; seed <= 15; ++seed) {
            plies += replay(start, random_playout(start, seed * 7919, 60), std::string(fen));
            if (HasFailure()) return;
        }
    }
    EXPECT_GE(plies, 1000);
}

}  // namespace
}  // namespace venue::games::betza
