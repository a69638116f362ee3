#include "games/betza/demo/betza_demo.h"

#include <fmt/core.h>

#include "games/betza/demo/betza_director.h"
#include "games/betza/demo/betza_plan.h"
#include "games/betza/rules/geometry.h"

namespace venue::games::betza {

namespace {

constexpr int DEFAULT_ARMIES = 4;
// Each army's time on the hub: enough for the demo's moves, short enough that a player who
// thinks too long loses his army within the demo.
constexpr std::int64_t CLOCK_MS = 30'000;

class PlannedBetza final : public demo::PlannedDemo {
  public:
    explicit PlannedBetza(BetzaDemoPlan plan) : plan_(std::move(plan)) {}

    const engine::MatchConfig& match() const override { return plan_.match; }
    std::string title() const override {
        std::string names;
        for (int i = 0; i < plan_.match.side_count(); ++i)
            names += (i ? ", " : "") + plan_.match.side(i).players[0].name;
        return names + ", Betza's Chess";
    }
    std::string header() const override {
        const int n = plan_.match.side_count();
        std::string out = fmt::format(
            "Venue demo: Betza's Chess for Any Number of Players, {} armies, {} s each on the "
            "hub's army clock\n",
            n, CLOCK_MS / 1000);
        for (int i = 0; i < n; ++i)
            out += fmt::format(
                "  Army {} ({} layout): {} on board {}, End turn button {}, select button {}\n", i,
                i % 2 ? "Black" : "White", plan_.match.side(i).players[0].name,
                plan_.boards[std::size_t(i)], end_turn_button(i), select_button(i));
        out += "  The story:\n";
        for (const BetzaAct& act : plan_.acts)
            if (!act.shows.empty()) out += "   - " + act.shows + "\n";
        return out;
    }
    // One DGT board per half-board, empty until its player sets his army on its near half; the
    // venue file gives their orientation (they never show chess's start position).
    std::vector<demo::DemoBoard> boards() const override {
        std::vector<demo::DemoBoard> out;
        for (const std::string& id : plan_.boards) out.push_back({id, id, false, true});
        return out;
    }
    std::unique_ptr<demo::People> people(demo::EventDevices devices,
                                         demo::DirectorTiming timing) const override {
        return std::make_unique<BetzaDirector>(plan_, std::move(devices), timing);
    }
    std::string summary(const engine::Match& match) const override {
        std::string out;
        for (const auto& [name, value] : match.facts())
            if (name == "Armies" || name == "Out") out += fmt::format("  {}: {}\n", name, value);
        return out;
    }
    // The turns' story: pairs pushed and refused, moves read from the boards, armies captured,
    // players out, flags, and what the boards showed that the game could not explain.
    std::optional<std::string> account_line(const engine::Decision& d) const override {
        if (std::holds_alternative<engine::EventIgnored>(d.body) && d.rule.rfind("BETZA-", 0) == 0)
            return fmt::format("refused  {} [{}]", d.reason, d.rule);
        const auto* n = std::get_if<engine::GameNews>(&d.body);
        if (!n) return std::nullopt;
        static const char* const SHOWN[] = {"pair_declared",     "moved",
                                            "army_captured",     "turn_ended",
                                            "army_retired",      "player_eliminated",
                                            "board_unexplained", "boards_match"};
        for (const char* kind : SHOWN)
            if (n->kind == kind) return fmt::format("betza    {} [{}]", d.reason, d.rule);
        return std::nullopt;
    }

  private:
    BetzaDemoPlan plan_;
};

Result<std::unique_ptr<demo::PlannedDemo>, std::string> plan(const demo::DemoRequest& r) {
    if (!r.game_file.empty())
        return unexpected(std::string("--game FILE: Betza's demo plays its own game, not a PGN"));
    const int armies = r.players ? r.players : DEFAULT_ARMIES;
    if (armies < MIN_ARMIES || armies > MAX_ARMIES)
        return unexpected(fmt::format(
            "--players {}: Betza's demo plays {} to {} armies, one player each (4 by default)",
            armies, MIN_ARMIES, MAX_ARMIES));
    return std::unique_ptr<demo::PlannedDemo>(
        std::make_unique<PlannedBetza>(betza_demo_plan(armies, CLOCK_MS)));
}

}  // namespace

const demo::GameDemo& demo() {
    static const demo::GameDemo entry{
        .game = "betza",
        .plays = "four armies on four half-boards, one player each",
        .about =
            "Each player sets his army on the near half of his own emulated DGT board. On his "
            "turn he presses the hub's select buttons of the two half-boards he pushes together, "
            "moves (a man crossing the join is lifted from one board and set on the other), and "
            "presses his End-turn button when his turn does not end by itself. Fool's mate "
            "passes an army to the mover, a check is met on its pair, a turn has two moves, a "
            "used board is refused, a flag falls on the hub's army clock, and the last player "
            "holding an army wins.",
        .plays_game_files = false,
        .takes_players = true,
        .players =
            "2 to 8 armies (4 by default: the whole story); 2 is Fool's mate, which is chess; 3 "
            "and 5 to 8 play Fool's mate two by two side by side and the players still in share "
            "the game",
        .takes_turns = false,
        .turns = "Betza's game is played until one player holds every army left",
        .scenarios = {},
        .examples = {{"--game betza --speed 2", "Betza's game, faster"},
                     {"--game betza --players 2", "two armies: Fool's mate, which is chess"},
                     {"--game betza --players 8", "eight armies on eight boards"}},
        .plan = plan,
    };
    return entry;
}

}  // namespace venue::games::betza
