#include "games/grassi/demo/grassi_demo.h"

#include <fmt/core.h>

#include "games/grassi/demo/grassi_director.h"
#include "games/grassi/rules/grassi_options.h"
#include "venue/game_rules.h"

namespace venue::games::grassi {

namespace {

engine::MatchConfig demo_match(const demo::DemoRequest& r) {
    engine::MatchConfig c;
    c.id = "gb1";
    c.game = "grassi";
    c.event = "Venue demo";
    c.site = "Firenze ITA";
    c.round = "1";
    c.white().name = "Fiorentina Scacchi";
    c.black().name = "Torre Pisa";
    c.white().players.push_back({"W", "Chiara", 0, {}, ""});
    c.black().players.push_back({"B", "Paolo", 0, {}, ""});
    // The catalogue's defaults, but for the length of the match the scenario asks for.
    for (const engine::GameOption& o : grassi_options()) c.options.set(o.key, o.default_value);
    if (r.scenario == "short") c.options.set("turns", std::int64_t(10));
    if (r.turns) c.options.set("turns", std::int64_t(r.turns));  // --turns, over the scenario
    c.time = {.base_ms = 90 * 60 * 1000, .increment_ms = 0, .mode = engine::TimeMode::SUDDEN_DEATH};
    return c;
}

class PlannedGrassi final : public demo::PlannedDemo {
  public:
    explicit PlannedGrassi(GrassiDemoPlan plan) : plan_(std::move(plan)) {}

    const engine::MatchConfig& match() const override { return plan_.match; }
    std::string title() const override {
        return plan_.match.white().name + " - " + plan_.match.black().name + ", Grassi's ChessBall";
    }
    std::string header() const override {
        const GrassiRules r = rules_of(plan_.match.options);
        return fmt::format(
            "Venue demo: Grassi's ChessBall, {} ({}) v {} ({})\n"
            "  {} turns in two halves; dice from seed {}. The positions are entered as on the\n"
            "  players' touch panel (no e-board senses edges and corners): paths, passes, shots.\n",
            plan_.match.white().players[0].name, plan_.match.white().name,
            plan_.match.black().players[0].name, plan_.match.black().name, r.turns, plan_.seed);
    }
    // No board: the field is entered, not sensed (catalogue §7.4).
    std::vector<demo::DemoBoard> boards() const override { return {}; }
    std::unique_ptr<demo::People> people(demo::EventDevices devices,
                                         demo::DirectorTiming timing) const override {
        return std::make_unique<GrassiDirector>(plan_, std::move(devices), timing);
    }
    std::string summary(const engine::Match& match) const override {
        std::string out;
        for (const auto& [name, value] : match.facts())
            if (name == "Score" || name == "Turn") out += fmt::format("  {}: {}\n", name, value);
        return out;
    }
    std::optional<std::uint64_t> seed() const override { return plan_.seed; }
    // The ball's story: shots and the keeper's verdict, goals, tackles, interceptions, the
    // substitution, the kick-offs and half-time; what the rules refused, with its clause.
    std::optional<std::string> account_line(const engine::Decision& d) const override {
        if (std::holds_alternative<engine::EventIgnored>(d.body) && d.rule.rfind("GCB-", 0) == 0)
            return fmt::format("refused  {} [{}]", d.reason, d.rule);
        const auto* n = std::get_if<engine::GameNews>(&d.body);
        if (!n) return std::nullopt;
        static const char* const SHOWN[] = {"shot",      "keeper",       "parry",       "goal",
                                            "tackle",    "intercepted",  "substituted", "kick_off",
                                            "half_time", "kickoff_taker"};
        for (const char* kind : SHOWN)
            if (n->kind == kind) return fmt::format("ball     {} [{}]", d.reason, d.rule);
        return std::nullopt;
    }

  private:
    GrassiDemoPlan plan_;
};

Result<std::unique_ptr<demo::PlannedDemo>, std::string> plan(const demo::DemoRequest& r) {
    if (!r.game_file.empty())
        return unexpected(std::string(
            "--game FILE: Grassi's ChessBall is played on a lattice, not from a PGN game"));
    GrassiDemoPlan p;
    p.match = demo_match(r);
    // An odd number of turns has no two halves (GCB-OBJ-1): the engine's own check says so.
    if (const auto why = engine::validate_match(p.match))
        return unexpected((r.turns ? "--turns " + std::to_string(r.turns) + ": " : std::string()) +
                          *why);
    p.seed = r.seed;
    return std::unique_ptr<demo::PlannedDemo>(std::make_unique<PlannedGrassi>(std::move(p)));
}

}  // namespace

const demo::GameDemo& demo() {
    static const demo::GameDemo entry{
        .game = "grassi",
        .plays = "a whole match of 50 turns, one player a side",
        .about =
            "The players enter every move as on their touch panel: the kick-off's placements (a "
            "first one in the wrong half is refused), dribbles, passes, a throw cut out, shots "
            "with spin, the keeper's dice (a save, a parry and a goal), tackles, a substitution "
            "paid in movement points, half-time and the result. The dice come from the logged "
            "seed.",
        .plays_game_files = false,
        .takes_players = false,
        .players = "one a side (GCB-TURN-1)",
        .takes_turns = true,
        .turns = "an even number from 2 (two halves, GCB-OBJ-1), default 50",
        .scenarios = {{"match", "the whole match of 50 turns (the default)"},
                      {"short", "10 turns, two halves of 5"}},
        .examples = {{"--game grassi --speed 3", "Grassi's ChessBall, faster"},
                     {"--game grassi --tree short --seed 7", "10 turns, another seed"},
                     {"--game grassi --turns 20", "20 turns, two halves of 10"}},
        .plan = plan,
    };
    return entry;
}

}  // namespace venue::games::grassi
