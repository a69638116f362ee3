// Whole games through the simulated physical board: famous games and seeded random games with
// every special move, played with human habits (see physical_board.h), replayed into the
// recogniser at several tick rates. The recognised game must equal the source move for move;
// an Ambiguous board passes only if exactly one of its readings continues the source game.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "chess/pgn.h"
#include "physical_board.h"
#include "random_games.h"
#include "replay.h"

namespace venue::sensing::testing {
namespace {

using namespace chess;

struct SourceGame {
    std::string name;
    Position start;
    std::vector<Move> moves;
};

constexpr int RANDOM_GAMES = 50;

std::vector<SourceGame> source_games() {
    std::vector<SourceGame> out;
    std::ifstream in(VENUE_SOURCE_DIR "/tests/data/pgn/famous.pgn");
    std::stringstream text;
    text << in.rdbuf();
    auto games = read_pgn(text.str());
    EXPECT_TRUE(games) << (games ? "" : games.error().to_string());
    if (games) {
        for (const PgnGame& g : *games) {
            const Game line = g.main_line();
            out.push_back({g.tag("White") + " - " + g.tag("Black"), g.start, line.moves()});
        }
    }
    // VENUE_SENSING_GAMES=<n> plays n random games instead (a longer soak run by hand).
    const char* count_env = std::getenv("VENUE_SENSING_GAMES");
    const int random_games = count_env ? std::atoi(count_env) : RANDOM_GAMES;
    for (int i = 0; i < random_games; ++i)
        out.push_back({"random #" + std::to_string(i), Position::start(),
                       random_game(0x5EED0000u + std::uint64_t(i))});
    return out;
}

// The boards of one game played on the simulated board.
std::vector<Snapshot> play_on_board(const SourceGame& g, std::uint64_t seed, HumanStyle style,
                                    ActionCounts* counts) {
    PhysicalBoard board(g.start, seed, style);
    Position pos = g.start;
    board.think(false);
    bool quick = false;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        board.make_move(pos, g.moves[i]);
        pos.do_move(g.moves[i]);
        // Never two quick moves in a row: three moves inside one settle window are not read.
        quick = !quick && i + 1 < g.moves.size() && board.want_quick_reply();
        board.think(quick);
    }
    if (counts) {
        const ActionCounts& c = board.counts();
        counts->slides += c.slides, counts->slide_pauses += c.slide_pauses;
        counts->two_squares += c.two_squares, counts->flickers += c.flickers;
        counts->knock_overs += c.knock_overs, counts->quick_replies += c.quick_replies;
        counts->pawn_on_last_rank += c.pawn_on_last_rank;
        counts->promotion_swaps += c.promotion_swaps;
        counts->rook_first_settled += c.rook_first_settled;
        counts->captured_first += c.captured_first, counts->captured_last += c.captured_last;
        counts->castled_king_first += c.castled_king_first;
        counts->castled_rook_first += c.castled_rook_first;
    }
    return board.snapshots();
}

TEST(PhysicalGames, RandomGamesCoverEverySpecialMove) {
    SpecialMoveCounts counts;
    for (const SourceGame& g : source_games()) {
        Position pos = g.start;
        for (Move m : g.moves) {
            counts.add(pos, m);
            pos.do_move(m);
        }
    }
    std::cout << "special moves over all games: " << counts.to_string() << "\n";
    EXPECT_GT(counts.white_oo, 0);
    EXPECT_GT(counts.white_ooo, 0);
    EXPECT_GT(counts.black_oo, 0);
    EXPECT_GT(counts.black_ooo, 0);
    EXPECT_GT(counts.en_passant, 0);
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) EXPECT_GT(counts.promotions[pt], 0) << pt;
}

TEST(PhysicalGames, EveryGameRecognisedMoveForMove) {
    const std::vector<SourceGame> games = source_games();
    ASSERT_GE(games.size(), 50u);
    ReplayStats total;
    ActionCounts actions;
    std::size_t boards = 0, plies = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const SourceGame& g = games[i];
        plies += g.moves.size();
        const auto snaps = play_on_board(g, 0xB0A2D000u + i, HumanStyle{}, &actions);
        boards += snaps.size();
        // The same boards at several tick rates (0: reports from feeds only).
        // VENUE_SENSING_TRACE=<game index> writes that game's reports to stderr.
        const char* trace_env = std::getenv("VENUE_SENSING_TRACE");
        const bool trace = trace_env && std::atoi(trace_env) == int(i);
        if (trace)
            for (const Snapshot& b : snaps)
                std::cerr << b.t_us << " board " << to_string(b.squares) << "\n";
        for (std::int64_t period : {0, 10'000, 50'000, 100'000}) {
            if (trace) std::cerr << g.name << ", tick period " << period << "\n";
            const ReplayResult r = replay(g.start, snaps, RecogniserConfig{}, period,
                                          trace ? &std::cerr : nullptr, &g.moves);
            EXPECT_EQ(first_difference(r.game.moves(), g.moves), "")
                << g.name << ", tick period " << period << " us";
            EXPECT_TRUE(r.stats.unexpected.empty())
                << g.name << ", tick period " << period << ": " << r.stats.unexpected.size()
                << " unexpected, first: " << r.stats.unexpected.front();
            if (period > 0) {
                // Never read before the settle time; never later than one tick after it.
                EXPECT_LE(r.stats.max_latency_us, 250'000 + period) << g.name;
            }
            total.add(r.stats);
        }
    }
    std::cout << games.size() << " games, " << plies << " plies, " << boards
              << " sensed boards, 4 tick rates\n"
              << "actions: slides " << actions.slides << " (paused " << actions.slide_pauses
              << ", seen on two squares " << actions.two_squares << "), flickers "
              << actions.flickers << ", knock-overs " << actions.knock_overs << ", quick replies "
              << actions.quick_replies << ", pawn on last rank " << actions.pawn_on_last_rank
              << ", promotion swaps " << actions.promotion_swaps << ", castling king first "
              << actions.castled_king_first << " rook first " << actions.castled_rook_first
              << " (rook read " << actions.rook_first_settled << "), captured piece off first "
              << actions.captured_first << " last " << actions.captured_last << "\n"
              << "reports: " << total.to_string() << "\n";
    for (const std::string& a : total.resolved) std::cout << "  arbiter resolved: " << a << "\n";
    // The habits really occurred, and the recogniser really used each kind of reading.
    EXPECT_GT(actions.quick_replies, 0);
    EXPECT_GT(actions.slide_pauses, 0);
    EXPECT_GT(actions.knock_overs, 0);
    EXPECT_GT(actions.rook_first_settled, 0);
    EXPECT_GT(actions.promotion_swaps, 0);
    EXPECT_GT(total.two_moves, 0);
    EXPECT_GT(total.corrections, 0);
    EXPECT_GT(total.in_progress, 0);
}

// A slower board: the same habits scaled to a 600 ms settle time.
TEST(PhysicalGames, SlowerSettleTime) {
    const std::vector<SourceGame> games = source_games();
    HumanStyle style;
    style.settle_us = 600'000;
    RecogniserConfig config;
    config.settle_us = 600'000;
    for (std::size_t i = 0; i < games.size(); i += 5) {
        const auto snaps = play_on_board(games[i], 0x51000u + i, style, nullptr);
        const ReplayResult r =
            replay(games[i].start, snaps, config, 20'000, nullptr, &games[i].moves);
        EXPECT_EQ(first_difference(r.game.moves(), games[i].moves), "") << games[i].name;
        EXPECT_TRUE(r.stats.unexpected.empty())
            << games[i].name << ": " << r.stats.unexpected.front();
    }
}

}  // namespace
}  // namespace venue::sensing::testing
