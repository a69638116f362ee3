// `venue bench perft`: move generation speed, measured beside Stockfish's own
// `go perft` in the same run so that the ratio does not depend on the machine.
#include <fmt/core.h>

#include <chrono>
#include <filesystem>

#include "chess/perft.h"
#include "cli/commands.h"
#include "cli/subprocess.h"

namespace venue::cli {
namespace {

struct BenchCase {
    const char* name;
    const char* fen;
    int depth;
};

constexpr BenchCase PERFT_CASES[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
};

struct Timed {
    std::uint64_t nodes = 0;
    double seconds = 0;
};

Timed time_venue(const chess::Position& pos, int depth) {
    auto t0 = std::chrono::steady_clock::now();
    std::uint64_t n = chess::perft(pos, depth);
    return {n, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()};
}

// Times `go perft` in a running Stockfish from the command to its total line,
// so start-up and network loading are not counted.
std::optional<Timed> time_stockfish(Subprocess& sf, const char* fen, int depth) {
    sf.write_line(std::string("position fen ") + fen);
    sf.write_line("isready");
    while (auto line = sf.read_line(60000))
        if (*line == "readyok") break;
    auto t0 = std::chrono::steady_clock::now();
    sf.write_line("go perft " + std::to_string(depth));
    while (auto line = sf.read_line(600000)) {
        if (line->starts_with("Nodes searched:")) {
            double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            return Timed{std::stoull(line->substr(15)), s};
        }
    }
    return std::nullopt;
}

int run_perft_bench(const std::string& stockfish_path, int repeat) {
    std::optional<Subprocess> sf;
    if (std::filesystem::exists(stockfish_path)) {
        sf.emplace(std::vector<std::string>{stockfish_path});
        if (!sf->running()) {
            fmt::print(stderr, "bench: cannot start {}: {}\n", stockfish_path, sf->error());
            sf.reset();
        } else {
            sf->write_line("uci");
            while (auto line = sf->read_line(10000))
                if (*line == "uciok") break;
            sf->write_line("setoption name Threads value 1");
        }
    } else {
        fmt::print(stderr, "bench: no Stockfish at {} (install the `stockfish` package)\n",
                   stockfish_path);
    }

    fmt::print("perft speed, single thread, no hashing, leaves counted in bulk; best of {}\n",
               repeat);
    fmt::print("{:<10} {:>5} {:>12} {:>14} {:>18} {:>7}\n", "position", "depth", "nodes",
               "venue Mnps", "stockfish Mnps", "ratio");
    int failures = 0;
    for (const BenchCase& c : PERFT_CASES) {
        auto pos = chess::Position::from_fen(c.fen);
        Timed best_v, best_s;
        bool have_sf = false;
        for (int i = 0; i < repeat; ++i) {
            Timed v = time_venue(*pos, c.depth);
            if (i == 0 || v.seconds < best_v.seconds) best_v = v;
            if (sf) {
                if (auto s = time_stockfish(*sf, c.fen, c.depth)) {
                    if (!have_sf || s->seconds < best_s.seconds) best_s = *s;
                    have_sf = true;
                }
            }
        }
        double v_mnps = double(best_v.nodes) / best_v.seconds / 1e6;
        if (have_sf) {
            double s_mnps = double(best_s.nodes) / best_s.seconds / 1e6;
            fmt::print("{:<10} {:>5} {:>12} {:>14.1f} {:>18.1f} {:>7.2f}\n", c.name, c.depth,
                       best_v.nodes, v_mnps, s_mnps, v_mnps / s_mnps);
            if (best_s.nodes != best_v.nodes) {
                fmt::print(stderr, "bench: node counts differ: venue {} stockfish {}\n",
                           best_v.nodes, best_s.nodes);
                ++failures;
            }
        } else {
            fmt::print("{:<10} {:>5} {:>12} {:>14.1f} {:>18} {:>7}\n", c.name, c.depth,
                       best_v.nodes, v_mnps, "-", "-");
        }
    }
    if (sf) sf->write_line("quit");
    return failures ? 1 : 0;
}

}  // namespace

void register_bench_command(CLI::App& app) {
    CLI::App* bench = app.add_subcommand("bench", "Measure speed and print the figures");
    bench->require_subcommand(1);

    struct Options {
        std::string stockfish = "/usr/games/stockfish";
        int repeat = 1;
    };
    auto opts = std::make_shared<Options>();
    CLI::App* perft = bench->add_subcommand(
        "perft",
        "Nodes per second of `venue perft` (start position depth 6, Kiwipete depth 5)\n"
        "beside Stockfish's `go perft` on the same positions in the same run, and the ratio.");
    perft->add_option("--stockfish", opts->stockfish, "Path of the Stockfish binary")
        ->capture_default_str();
    perft->add_option("--repeat", opts->repeat, "Runs per position; the best is kept")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    register_bench_log_command(*bench);
    register_bench_publish_command(*bench);
    perft->callback([opts] {
        int rc = run_perft_bench(opts->stockfish, opts->repeat);
        if (rc) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
