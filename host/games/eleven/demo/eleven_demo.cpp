#include "games/eleven/demo/eleven_demo.h"

#include <fmt/core.h>

#include "games/eleven/demo/eleven_director.h"
#include "games/eleven/rules/eleven_rules.h"

namespace venue::games::eleven {

namespace {

constexpr const char* BOARD = "11111";  // the emulated board's id and serial number

engine::MatchConfig demo_match(const demo::DemoRequest& r) {
    engine::MatchConfig c;
    c.id = "c11";
    c.game = "eleven";
    c.event = "Venue demo";
    c.site = "Milano ITA";
    c.round = "1";
    c.board = BOARD;
    c.white().name = "Inter Scacchi";
    c.black().name = "Torre Milano";
    c.white().players.push_back({"W", "Giulia", 0, {0}, ""});
    c.black().players.push_back({"B", "Marco", 0, {8}, ""});
    ElevenRules rules;
    // Short halves, so that a demo shows half time and full time on the hub's countdown, and
    // two of them with the formations between the goals take under two minutes.
    rules.half_ms = r.scenario == "goals" ? 60'000 : 40'000;
    rules.formation_ms = 20'000;
    if (r.scenario == "goals") rules.target_goals = 2;
    rules.write_to(c);
    c.time = {.base_ms = rules.half_ms, .increment_ms = 0, .mode = engine::TimeMode::SUDDEN_DEATH};
    return c;
}

class PlannedEleven final : public demo::PlannedDemo {
  public:
    explicit PlannedEleven(ElevenDemoPlan plan) : plan_(std::move(plan)) {}

    const engine::MatchConfig& match() const override { return plan_.match; }
    std::string title() const override {
        return plan_.match.white().name + " - " + plan_.match.black().name + ", Chess Eleven";
    }
    std::string header() const override {
        const ElevenRules r = ElevenRules::of(plan_.match);
        std::string out =
            fmt::format("Venue demo: Chess Eleven, {} ({}) v {} ({})\n",
                        plan_.match.white().players[0].name, plan_.match.white().name,
                        plan_.match.black().players[0].name, plan_.match.black().name);
        out += r.target_goals ? fmt::format("  The first to {} goals wins; ", r.target_goals)
                              : fmt::format("  Two halves of {} s on the hub's White face; ",
                                            r.half_ms / 1000);
        out += fmt::format(
            "formations in {} s on its Black face. Seed {}.\n  Passes and shots are declared by "
            "tapping pieces; the hub's button is Ready, then End turn.\n",
            r.formation_ms / 1000, plan_.seed);
        return out;
    }
    // The match's one board, empty until the players set their formations; its orientation is
    // the venue file's, since it never shows the start position.
    std::vector<demo::DemoBoard> boards() const override {
        return {{plan_.match.board, plan_.match.board, false, true}};
    }
    std::unique_ptr<demo::People> people(demo::EventDevices devices,
                                         demo::DirectorTiming timing) const override {
        return std::make_unique<ElevenDirector>(plan_, std::move(devices), timing);
    }
    std::string summary(const engine::Match& match) const override {
        std::string out;
        for (const auto& [name, value] : match.facts())
            if (name == "Goals" || name == "Half") out += fmt::format("  {}: {}\n", name, value);
        return out;
    }
    std::optional<std::uint64_t> seed() const override { return plan_.seed; }
    // The ball's story: won, passed, in hand, shot at goal, the kick-offs and the halves; what
    // the rules refused, with its clause.
    std::optional<std::string> account_line(const engine::Decision& d) const override {
        if (std::holds_alternative<engine::EventIgnored>(d.body) && d.rule.rfind("C11-", 0) == 0)
            return fmt::format("refused  {} [{}]", d.reason, d.rule);
        const auto* n = std::get_if<engine::GameNews>(&d.body);
        if (!n) return std::nullopt;
        static const char* const SHOWN[] = {
            "ball_won",          "ball_passed", "ball_in_hand", "shot",
            "kick_off",          "restart",     "half_over",    "ready",
            "upgrade",           "no_pass",     "substitute",   "golden_goal",
            "formation_default", "extra_time"};
        for (const char* kind : SHOWN)
            if (n->kind == kind) return fmt::format("ball     {} [{}]", d.reason, d.rule);
        return std::nullopt;
    }

  private:
    ElevenDemoPlan plan_;
};

Result<std::unique_ptr<demo::PlannedDemo>, std::string> plan(const demo::DemoRequest& r) {
    if (!r.game_file.empty())
        return unexpected(
            std::string("--game FILE: Chess Eleven plays from formations, not from "
                        "a PGN game"));
    if (r.players != 0 && r.players != 1)
        return unexpected(
            fmt::format("--players {}: Chess Eleven is one player a side (C11-KIT-1)", r.players));
    ElevenDemoPlan p;
    p.match = demo_match(r);
    p.seed = r.seed;
    return std::unique_ptr<demo::PlannedDemo>(std::make_unique<PlannedEleven>(std::move(p)));
}

}  // namespace

const demo::GameDemo& demo() {
    static const demo::GameDemo entry{
        .game = "eleven",
        .plays = "two halves of 40 s, one player a side",
        .about =
            "The arbiter starts the formation's 20 s on the hub's clock; the players set the "
            "default formation piece by piece on an emulated board and press their buttons "
            "(Ready). In play the carrier dribbles towards goal, the ball is passed and shot by "
            "tapping pieces (the carrier twice, then the receiver; a third time to shoot), "
            "contested shots are drawn from the logged seed, goals restart the formations, and "
            "the hub's countdown ends each half.",
        .plays_game_files = false,
        .takes_players = false,
        .players = "one a side (C11-KIT-1)",
        .takes_turns = false,
        .turns =
            "Chess Eleven is played in halves of time or to a number of goals (--tree halves "
            "or goals), not for a number of turns",
        .scenarios = {{"halves", "two timed halves of 40 s (the default)"},
                      {"goals", "the first to two goals wins"}},
        .examples = {{"--game eleven --speed 3", "Chess Eleven, faster"},
                     {"--game eleven --tree goals --seed 7", "to two goals, another seed"}},
        .plan = plan,
    };
    return entry;
}

}  // namespace venue::games::eleven
