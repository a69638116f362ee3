// Cost from a stable sensed board to a recognised move: MoveRecogniser::tick() at the moment a
// board has stood for the settle time, which settles it (copying the evidence) and reads it
// against the game. Boards come from real and random games, at every ply:
//   OneMove     the board after the next move                     -> Recognised (1 move)
//   TwoMoves    the board after the next two moves (quick reply)  -> Recognised (2 moves)
//   InProgress  the board with the next move's piece in the hand  -> InProgress
//   NoMatch     the board with a stray piece added                -> NoMatch (closest moves)
// Google Benchmark times each read (manual time); p50, p99 and max over all reads are counters.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "chess/pgn.h"
#include "random_games.h"
#include "sensing/recogniser.h"

namespace {

using namespace venue;
using namespace venue::sensing;
using chess::Game;
using chess::Move;
using chess::Position;

enum Case {
    ONE_MOVE,
    TWO_MOVES,
    IN_PROGRESS,
    NO_MATCH
};

struct Source {
    Position start;
    std::vector<Move> moves;
};

const std::vector<Source>& sources() {
    static const std::vector<Source> games = [] {
        std::vector<Source> out;
        std::ifstream in(VENUE_SOURCE_DIR "/tests/data/pgn/famous.pgn");
        std::stringstream text;
        text << in.rdbuf();
        if (auto pgn = chess::read_pgn(text.str()))
            for (const chess::PgnGame& g : *pgn) out.push_back({g.start, g.main_line().moves()});
        for (int i = 0; i < 50; ++i)
            out.push_back(
                {Position::start(), testing::random_game(0x5EED0000u + std::uint64_t(i))});
        return out;
    }();
    return games;
}

// The board for one case at one ply, or nullopt when the case does not apply there.
std::optional<Placement> board_for(Case c, const Game& g, const Source& src, std::size_t ply) {
    Position pos = g.position();
    switch (c) {
        case ONE_MOVE:
            pos.do_move(src.moves[ply]);
            return placement_of(pos);
        case TWO_MOVES:
            if (ply + 1 >= src.moves.size()) return std::nullopt;
            pos.do_move(src.moves[ply]);
            pos.do_move(src.moves[ply + 1]);
            return placement_of(pos);
        case IN_PROGRESS: {
            Placement p = placement_of(pos);
            p[src.moves[ply].from()] = chess::NO_PIECE;
            return p;
        }
        case NO_MATCH: {
            Placement p = placement_of(pos);
            for (int s = 0; s < 64; ++s)
                if (p[s] == chess::NO_PIECE) {
                    p[s] = chess::W_QUEEN;  // a stray queen on the first empty square
                    return p;
                }
            return std::nullopt;
        }
    }
    return std::nullopt;
}

template <class T>
bool is(const Recognition& r) {
    return std::holds_alternative<T>(r);
}

bool expected(Case c, const Recognition& r) {
    switch (c) {
        case ONE_MOVE:
        case TWO_MOVES:
            return is<Recognised>(r);
        case IN_PROGRESS:
            return is<InProgress>(r);
        case NO_MATCH:
            return is<NoMatch>(r) || is<InProgress>(r);
    }
    return false;
}

void BM_StableBoardToReading(benchmark::State& state, Case which) {
    constexpr std::int64_t SETTLE = 250'000;
    std::vector<double> samples_us;
    std::size_t game_index = 0, ply = 0, wrong = 0;
    Game game(sources()[0].start);
    std::int64_t t = 1'000'000;
    for (auto _ : state) {
        // Next sample (outside the timed region).
        std::optional<Placement> board;
        while (!board) {
            const Source& src = sources()[game_index];
            if (ply >= src.moves.size()) {
                game_index = (game_index + 1) % sources().size();
                ply = 0;
                game = Game(sources()[game_index].start);
                continue;
            }
            board = board_for(which, game, src, ply);
            if (!board) {
                game.play(src.moves[ply]);
                ++ply;
            }
        }
        MoveRecogniser rec;
        rec.feed(Snapshot{placement_of(game.position()), t}, game);
        rec.tick(t + SETTLE, game);  // the current position, read and agreed
        if (which == TWO_MOVES) {
            // The first move's board, seen briefly before the reply (as on a real board).
            Position first = game.position();
            first.do_move(sources()[game_index].moves[ply]);
            rec.feed(Snapshot{placement_of(first), t + 2 * SETTLE - 100'000}, game);
        }
        rec.feed(Snapshot{*board, t + 2 * SETTLE}, game);

        const auto begin = std::chrono::steady_clock::now();
        const std::optional<Report> report = rec.tick(t + 3 * SETTLE, game);
        const auto end = std::chrono::steady_clock::now();

        const double us = std::chrono::duration<double, std::micro>(end - begin).count();
        state.SetIterationTime(us * 1e-6);
        samples_us.push_back(us);
        if (!report || !expected(which, report->result)) {
            ++wrong;
            if (std::getenv("VENUE_BENCH_SHOW"))
                std::fprintf(stderr, "%s\n", report ? to_string(report->result).c_str() : "none");
        }
        benchmark::DoNotOptimize(report);
        game.play(sources()[game_index].moves[ply]);
        ++ply;
        t += 4 * SETTLE;
    }
    std::sort(samples_us.begin(), samples_us.end());
    auto pct = [&](double p) {
        return samples_us.empty() ? 0.0
                                  : samples_us[std::size_t(p * double(samples_us.size() - 1))];
    };
    state.counters["p50_us"] = pct(0.50);
    state.counters["p99_us"] = pct(0.99);
    state.counters["max_us"] = samples_us.empty() ? 0.0 : samples_us.back();
    state.counters["reads"] = double(samples_us.size());
    // Reads that did not give the expected kind of result (should be 0).
    state.counters["unexpected"] = double(wrong);
}

#define VENUE_SENSING_CASE(name, which)                     \
    BENCHMARK_CAPTURE(BM_StableBoardToReading, name, which) \
        ->UseManualTime()                                   \
        ->Iterations(20000)                                 \
        ->Unit(benchmark::kMicrosecond)

VENUE_SENSING_CASE(OneMove, ONE_MOVE);
VENUE_SENSING_CASE(TwoMoves, TWO_MOVES);
VENUE_SENSING_CASE(InProgress, IN_PROGRESS);
VENUE_SENSING_CASE(NoMatch, NO_MATCH);

}  // namespace
