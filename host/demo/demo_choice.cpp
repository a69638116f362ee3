#include "demo/demo_choice.h"

#include <ctime>
#include <fstream>
#include <sstream>

#include "venue/game_rules.h"

namespace venue::demo {

namespace {

std::string name_of(const GameDemo& d) {
    const engine::GameRules* g = engine::find_game(d.game);
    return g ? g->display_name : d.game;
}

std::string or_words(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out;
}

// `text` in lines of at most `width` characters, each starting with `indent`.
std::string wrapped(const std::string& text, const std::string& indent, std::size_t width) {
    std::string out, line = indent;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t j = text.find(' ', i);
        if (j == std::string::npos) j = text.size();
        const std::string word = text.substr(i, j - i);
        if (line.size() > indent.size() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = indent;
        }
        line += (line.size() > indent.size() ? " " : "") + word;
        i = j + 1;
    }
    if (line.size() > indent.size()) out += line + "\n";
    return out;
}

}  // namespace

std::string demo_option_help(std::string_view option) {
    const auto& demos = registered_demos();
    std::vector<std::string> parts;
    if (option == "--game") {
        std::vector<std::string> ids;
        for (const GameDemo* d : demos) ids.push_back(d->game);
        std::string out = "The game: " + or_words(ids);
        if (!demos.empty()) out += " (default " + demos.front()->game + ")";
        for (const GameDemo* d : demos)
            if (d->plays_game_files) {
                out += ", or a PGN file whose first game the " + d->game + " demo plays";
                break;
            }
        return out;
    }
    if (option == "--tree") {
        for (const GameDemo* d : demos) {
            if (d->scenarios.empty()) continue;
            std::vector<std::string> names;
            for (const DemoScenario& s : d->scenarios) names.push_back(s.name);
            parts.push_back(d->game + ": " + or_words(names) + " (default " + names.front() + ")");
        }
        return "The scenario, for a game whose demo has several: " +
               (parts.empty() ? std::string("none") : in_words(parts));
    }
    if (option == "--turns") {
        for (const GameDemo* d : demos)
            if (d->takes_turns) parts.push_back(d->game + ": " + d->turns);
        return "Turns to play, for a game limited by turns whose demo takes it: " +
               (parts.empty() ? std::string("none") : in_words(parts));
    }
    if (option == "--players") {
        for (const GameDemo* d : demos)
            if (d->takes_players) parts.push_back(d->game + ": " + d->players);
        return "Players per team, for a game whose demo lets you choose: " +
               (parts.empty() ? std::string("none") : in_words(parts));
    }
    return "";
}

std::string demo_games_help(std::size_t width) {
    std::string out;
    for (const GameDemo* d : registered_demos()) {
        const engine::GameRules* g = engine::find_game(d->game);
        out += wrapped(d->game + "  " + name_of(*d) + (g ? ": " + g->summary : std::string()), "  ",
                       width);
        out += wrapped("Plays " + d->plays + ". " + d->about, "      ", width);
        if (d->plays_game_files)
            out += wrapped("--game FILE.pgn: the file's first game, played as " + name_of(*d) + ".",
                           "      ", width);
        if (d->takes_players) out += wrapped("--players: " + d->players + ".", "      ", width);
        if (d->takes_turns) out += wrapped("--turns: " + d->turns + ".", "      ", width);
        for (const DemoScenario& s : d->scenarios)
            out += wrapped("--tree " + s.name + ": " + s.help + ".", "      ", width);
    }
    return out;
}

std::string demo_option_refused(const GameDemo& demo, std::string_view option) {
    if (option == "--players" && !demo.takes_players) return demo.players;
    if (option == "--turns" && !demo.takes_turns) return demo.turns;
    if (option == "--tree" && demo.scenarios.empty()) {
        std::vector<std::string> ids;
        for (const GameDemo* d : registered_demos())
            if (!d->scenarios.empty()) ids.push_back(d->game);
        return "only with --game " + or_words(ids);
    }
    return "";
}

Result<DemoGame, std::string> choose_demo_game(const std::string& game) {
    const auto& demos = registered_demos();
    if (demos.empty()) return unexpected(std::string("this build has no game with a demo"));
    if (game.empty()) return DemoGame{demos.front(), ""};
    if (const GameDemo* d = find_demo(game)) return DemoGame{d, ""};
    for (const GameDemo* d : demos)
        if (d->plays_game_files) return DemoGame{d, game};
    std::vector<std::string> ids;
    for (const GameDemo* d : demos) ids.push_back(d->game);
    return unexpected("--game " + game + ": the games with a demo are " + in_words(ids));
}

Result<std::unique_ptr<PlannedDemo>, std::string> plan_demo(const std::string& game,
                                                            const std::string& scenario,
                                                            int players, std::uint64_t seed,
                                                            int turns) {
    auto chosen = choose_demo_game(game);
    if (!chosen) return unexpected(chosen.error());
    const GameDemo& demo = *chosen->demo;
    DemoRequest request;
    request.game_file = chosen->game_file;
    request.seed = seed;
    if (demo.takes_players) request.players = players;
    if (demo.takes_turns) request.turns = turns;
    if (!demo.scenarios.empty()) {
        const DemoScenario* s = find_scenario(demo, scenario);
        if (!s) {
            std::vector<std::string> names;
            for (const DemoScenario& d : demo.scenarios) names.push_back(d.name);
            return unexpected("--tree " + scenario + ": the scenarios are " + in_words(names));
        }
        request.scenario = s->name;
    }
    return demo.plan(request);
}

std::string default_demo_log_name() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "venue-demo-%Y%m%d-%H%M%S.sqlite", &tm);
    return buf;
}

const char* opera_game_pgn() {
    return R"([Event "A Night at the Opera"]
[Site "Paris FRA"]
[Date "1858.11.02"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl of Brunswick and Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
)";
}

Result<chess::PgnGame, std::string> first_game(const std::string& path) {
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

}  // namespace venue::demo
