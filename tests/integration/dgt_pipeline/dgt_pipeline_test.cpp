// Games through the real board pipeline: DgtEmulator -> pty -> io::dgt::BoardRunner ->
// runtime::BoardBridge (move recogniser) -> engine::VenueState, on several boards at once.
//
// Environment (optional):
//   VENUE_PIPELINE_BOARDS    boards played on at once (10)
//   VENUE_PIPELINE_GAMES     games in all (50): the PGN fixture's, then seeded random ones
//   VENUE_PIPELINE_SETTLE_MS the recogniser's settle time (40)
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>

#include "chess/uci.h"
#include "pipeline_harness.h"
#include "random_games.h"

namespace venue::pipeline_test {
namespace {

int env_int(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

Timing test_timing() {
    Timing t;
    t.settle_us = std::int64_t(env_int("VENUE_PIPELINE_SETTLE_MS", 40)) * 1000;
    return t;
}

const std::string FIXTURE = VENUE_SOURCE_DIR "/tests/integration/dgt_pipeline/famous_games.pgn";

std::string moves_text(const std::vector<chess::Move>& moves) {
    std::string s;
    for (chess::Move m : moves) s += (s.empty() ? "" : " ") + chess::to_uci(m);
    return s;
}

// Where two move lists first differ, in words.
std::string first_difference(const std::vector<chess::Move>& want,
                             const std::vector<chess::Move>& got) {
    std::size_t i = 0;
    while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
    return "ply " + std::to_string(i + 1) + ": source " +
           (i < want.size() ? chess::to_uci(want[i]) : std::string("(end)")) + ", played " +
           (i < got.size() ? chess::to_uci(got[i]) : std::string("(end)")) + " (" +
           std::to_string(got.size()) + " of " + std::to_string(want.size()) + " plies played)";
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

struct Played {
    std::vector<GameResult> games;
    TableCounters counters;
    HumanStats stats;
    io::dgt::BoardStatus status;
};

TEST(DgtPipeline, GamesOnTenBoardsAtOnceAreRecognisedMoveForMove) {
    const int boards = std::max(1, env_int("VENUE_PIPELINE_BOARDS", 10));
    const int total = std::max(1, env_int("VENUE_PIPELINE_GAMES", 50));
    const Timing timing = test_timing();

    // The fixture's games, then seeded random games that reach every special move.
    auto games = read_games(FIXTURE);
    ASSERT_GE(games.size(), 5u);
    sensing::testing::RandomGameOptions options;
    options.max_plies = 120;
    for (std::uint64_t seed = 1; int(games.size()) < total; ++seed)
        games.push_back({"random game " + std::to_string(seed),
                         sensing::testing::random_game(seed * 7919, options)});
    games.resize(std::size_t(total));
    sensing::testing::SpecialMoveCounts special;
    std::size_t plies = 0;
    for (const auto& [name, moves] : games) {
        chess::Game g;
        for (chess::Move m : moves) {
            special.add(g.position(), m);
            ASSERT_TRUE(g.play(m)) << name;
        }
        plies += moves.size();
    }
    std::cout << "[ games    ] " << games.size() << " games, " << plies << " plies on " << boards
              << " boards, settle " << timing.settle_us / 1000
              << " ms; special moves: " << special.to_string() << "\n";
    if (total >= 50) {
        EXPECT_GT(special.white_oo, 0);
        EXPECT_GT(special.white_ooo, 0);
        EXPECT_GT(special.black_oo, 0);
        EXPECT_GT(special.black_ooo, 0);
        EXPECT_GT(special.en_passant, 0);
        for (auto pt : {chess::QUEEN, chess::ROOK, chess::BISHOP, chess::KNIGHT})
            EXPECT_GT(special.promotions[pt], 0) << "promotions to piece type " << int(pt);
        EXPECT_GT(special.captures, 0);
    }

    // Each board its own emulator, runner, bridge and engine, played by its own thread.
    const auto started = std::chrono::steady_clock::now();
    std::vector<Played> played(static_cast<std::size_t>(boards));
    std::vector<std::thread> threads;
    for (int b = 0; b < boards; ++b) {
        threads.emplace_back([&, b] {
            Played& out = played[std::size_t(b)];
            try {
                Table table("board" + std::to_string(b + 1), timing, std::uint64_t(1000 + b));
                for (std::size_t i = std::size_t(b); i < games.size(); i += std::size_t(boards))
                    out.games.push_back(table.play(games[i].first, games[i].second));
                out.counters = table.counters();
                out.stats = table.stats();
                out.status = table.status();
            } catch (const std::exception& e) {
                GameResult r;
                r.failures.push_back("board " + std::to_string(b + 1) + ": " + e.what());
                out.games.push_back(r);
            }
        });
    }
    for (auto& t : threads) t.join();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    HumanStats stats;
    TableCounters all;
    int games_played = 0, exact = 0;
    for (const Played& p : played) {
        stats.add(p.stats);
        all.move_sensed += p.counters.move_sensed;
        all.board_snapshots += p.counters.board_snapshots;
        all.field_updates += p.counters.field_updates;
        all.mismatches += p.counters.mismatches;
        all.expected_mismatches += p.counters.expected_mismatches;
        all.restored += p.counters.restored;
        all.disconnects += p.counters.disconnects;
        all.two_move_readings += p.counters.two_move_readings;
        all.presses_held += p.counters.presses_held;
        all.presses_after += p.counters.presses_after;
        for (const auto& w : p.counters.wrong_sensed) ADD_FAILURE() << "wrong MoveSensed: " << w;
        for (const auto& w : p.counters.unexpected_mismatch)
            ADD_FAILURE() << "unexpected BoardMismatch: " << w;
        for (const auto& w : p.counters.bad_decisions) ADD_FAILURE() << "decision: " << w;
        all.sense_ms.insert(all.sense_ms.end(), p.counters.sense_ms.begin(),
                            p.counters.sense_ms.end());
        EXPECT_EQ(p.status.parse_errors, 0u);
        EXPECT_EQ(p.status.dropped_events, 0u);
        for (const GameResult& g : p.games) {
            ++games_played;
            for (const auto& f : g.failures) ADD_FAILURE() << f;
            if (g.played == g.source) {
                ++exact;
            } else {
                ADD_FAILURE() << g.name << ": the recognised game differs from the source at "
                              << first_difference(g.source, g.played)
                              << "\n  source: " << moves_text(g.source)
                              << "\n  played: " << moves_text(g.played);
            }
        }
    }
    EXPECT_EQ(games_played, total);
    EXPECT_EQ(exact, total);
    EXPECT_EQ(all.move_sensed, int(plies)) << "one MoveSensed per ply, no more";
    std::cout << "[ result   ] " << exact << "/" << games_played << " games exact in " << seconds
              << " s; " << all.move_sensed << " MoveSensed, " << all.board_snapshots
              << " board snapshots, " << all.field_updates << " field updates, " << all.mismatches
              << " mismatches (" << all.expected_mismatches
              << " from pieces knocked onto another square), " << all.restored << " restored, "
              << all.disconnects << " links lost (SILENT or DISCONNECTED; only under heavy load), "
              << all.two_move_readings << " boards read as a move and its quick reply (their "
              << all.presses_held << " presses held until the board was read, " << all.presses_after
              << " made after)\n"
              << "[ people   ] " << stats.to_string() << "\n"
              << "[ latency  ] last action -> MoveSensed applied (settle included): p50 "
              << percentile(all.sense_ms, 0.5) << " ms, p99 " << percentile(all.sense_ms, 0.99)
              << " ms, max " << percentile(all.sense_ms, 1.0) << " ms\n";
    EXPECT_GT(stats.castle_king_first, 0);
    EXPECT_GT(stats.castle_rook_first, 0);
    EXPECT_GT(stats.captures_target_first, 0);
    EXPECT_GT(stats.captures_mover_first, 0);
    EXPECT_GT(stats.slides, 0);
    EXPECT_GT(stats.flickers, 0);
    EXPECT_GT(stats.knocks_off + stats.knocks_onto, 0);
    EXPECT_GT(stats.quick_replies, 0);
    EXPECT_GT(all.two_move_readings, 0);
    EXPECT_GT(all.presses_held, 0);
    EXPECT_GT(all.presses_after, 0);
}

// The cable pulled mid-game, in every phase of a move: nothing is lost, nothing misread, and the
// game goes on over the new link. (Runner-level reconnects are covered by
// tests/integration/dgt_driver; this is the same fault through the bridge and the engine.)
TEST(DgtPipeline, CablePulledMidGameLosesNothing) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("venue_dgt_pipeline_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto games = read_games(FIXTURE);
    // Kasparov - Topalov: castling on both wings, many captures, 87 plies.
    const auto it = std::find_if(games.begin(), games.end(), [](const auto& g) {
        return g.first.find("Topalov") != std::string::npos;
    });
    ASSERT_NE(it, games.end());
    Timing timing = test_timing();
    timing.knock = 0;
    timing.quick_reply = 0;  // the faults' moves as planned (quick replies: the test above)
    Faults faults;
    faults.unplug_before = {4, 21, 50};     // 3. Nc3 ... the move made while the cable is out
    faults.unplug_mid_move = {13, 27, 60};  // 7... Nbd7, 14. Nb3, 31. Qxf6: lifted, pulled, put
    faults.unplug_after = {20, 43, 70};     // 11. O-O-O, 22. Nd5 ...: pulled before it settled
    faults.unplug_idle = {33, 80};          // pulled, nothing moved, then the move
    const int pulls = 11;
    GameResult r;
    TableCounters c;
    io::dgt::BoardStatus status;
    {
        Table table("board-unplug", timing, 4242, (dir / "board").string());
        r = table.play(it->first, it->second, faults);
        c = table.counters();
        status = table.status();
        EXPECT_EQ(table.stats().unplugs, pulls);
    }
    std::filesystem::remove_all(dir);
    for (const auto& f : r.failures) ADD_FAILURE() << f;
    for (const auto& w : c.wrong_sensed) ADD_FAILURE() << "wrong MoveSensed: " << w;
    for (const auto& w : c.unexpected_mismatch) ADD_FAILURE() << "unexpected BoardMismatch: " << w;
    for (const auto& w : c.bad_decisions) ADD_FAILURE() << "decision: " << w;
    EXPECT_EQ(r.played, r.source) << first_difference(r.source, r.played);
    EXPECT_EQ(c.move_sensed, int(r.source.size()));
    EXPECT_EQ(c.disconnects, pulls);
    EXPECT_GE(status.opens, std::uint64_t(pulls + 1));
    EXPECT_EQ(status.state, io::dgt::BoardLinkState::CONNECTED);
    std::cout << "[ unplug   ] " << r.played.size() << " plies in " << r.seconds << " s, "
              << c.disconnects << " disconnects, " << status.opens << " opens, " << c.move_sensed
              << " MoveSensed\n";
}

}  // namespace
}  // namespace venue::pipeline_test
