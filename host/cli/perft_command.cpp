// `venue perft`: count the leaves of the legal move tree (the move generator's oracle).
#include <fmt/core.h>

#include <chrono>

#include "chess/perft.h"
#include "chess/uci.h"
#include "cli/commands.h"

namespace venue::cli {

void register_perft_command(CLI::App& app) {
    struct Options {
        std::string fen{chess::Position::START_FEN};
        int depth = 5;
        bool divide = false;
        bool stats = false;
    };
    auto opts = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand(
        "perft",
        "Count leaf nodes of the legal move tree to a depth.\n"
        "The last line printed is `nodes: N`. With --divide, one line `MOVE: N` per\n"
        "root move (UCI notation) comes first, as Stockfish's `go perft` prints them.\n"
        "Example: venue perft --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R "
        "w KQkq - 0 1\" --depth 4 --divide");
    cmd->add_option("--fen", opts->fen, "Position in FEN (default: the start position)");
    cmd->add_option("--depth,-d", opts->depth, "Depth in plies")
        ->check(CLI::Range(0, 20))
        ->capture_default_str();
    cmd->add_flag("--divide", opts->divide, "Print the count under each root move first");
    cmd->add_flag("--stats", opts->stats, "Print time and nodes per second to standard error");
    cmd->callback([opts] {
        auto pos = chess::Position::from_fen(opts->fen);
        if (!pos) throw CLI::ValidationError("--fen", pos.error().to_string());
        auto start = std::chrono::steady_clock::now();
        std::uint64_t total = 0;
        if (opts->divide) {
            for (const auto& entry : chess::perft_divide(*pos, opts->depth)) {
                fmt::print("{}: {}\n", chess::to_uci(entry.move), entry.nodes);
                total += entry.nodes;
            }
            if (opts->depth == 0) total = 1;
        } else {
            total = chess::perft(*pos, opts->depth);
        }
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (opts->stats)
            fmt::print(stderr, "time: {:.3f} s, {:.1f} Mnodes/s\n", seconds,
                       seconds > 0 ? double(total) / seconds / 1e6 : 0.0);
        fmt::print("nodes: {}\n", total);
    });
}

}  // namespace venue::cli
