#include "demo/demo_choice.h"

#include <fmt/core.h>

#include <ctime>
#include <fstream>
#include <sstream>

#include "chess/pgn.h"

namespace venue::demo {
namespace {

// The first game of the PGN file at `path`, or of the built-in Opera Game for "".
Result<chess::PgnGame, std::string> load_game(const std::string& path) {
    std::string text;
    if (path.empty()) {
        text = opera_game_pgn();
    } else {
        std::ifstream in(path);
        if (!in) return unexpected("cannot read " + path);
        std::stringstream s;
        s << in.rdbuf();
        text = s.str();
    }
    chess::PgnReader reader(text);
    auto first = reader.next();
    if (!first) return unexpected((path.empty() ? "the built-in game" : path) + " holds no game");
    if (!*first) return unexpected(path + ": " + first->error().to_string());
    return std::move(first->value());
}

}  // namespace

Result<DemoPlan, std::string> chessball_demo_plan(const std::string& game, int players,
                                                  std::uint64_t seed) {
    if (players < 2 || players > 8)
        return unexpected(
            fmt::format("--players {}: Chessball teams have 2 to 8 players (CB-2.2)", players));
    auto source = load_game(game == "chessball" ? "" : game);
    if (!source) return unexpected(source.error());
    return make_plan(*source, demo_match_config(players), seed);
}

Result<BusinessPlan, std::string> business_demo_plan(const std::string& tree, std::uint64_t seed) {
    auto scenario = business_scenario(tree);
    if (!scenario) return unexpected("--tree " + tree + ": the scenarios are short and scheme4");
    return make_business_plan(*scenario, business_match_config(), seed);
}

std::string default_demo_log_name() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "venue-demo-%Y%m%d-%H%M%S.sqlite", &tm);
    return buf;
}

}  // namespace venue::demo
