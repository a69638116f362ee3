#include "games/business/demo/business_demo.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "games/business/demo/business_director.h"
#include "games/business/demo/business_plan.h"
#include "games/business/rules/business_match.h"
#include "games/business/rules/business_rules.h"

namespace venue::games::business {

namespace {

std::string branch_line(const Branch& b) {
    std::string ratings;
    for (const auto& h : b.history)
        ratings += (ratings.empty() ? "" : " > ") + std::to_string(h.rating);
    std::string from = b.parent ? fmt::format("from branch {} after ply {}", b.parent, b.split_ply)
                                : std::string("from the start");
    return fmt::format("branch {} on board {}, {}; ratings {}; {} {} (stake {})", b.number, b.board,
                       from, ratings, b.result, b.termination.empty() ? "open" : b.termination,
                       b.stake);
}

class PlannedBusiness final : public demo::PlannedDemo {
  public:
    PlannedBusiness(BusinessPlan plan, std::string description)
        : plan_(std::move(plan)), description_(std::move(description)) {}

    const engine::MatchConfig& match() const override { return plan_.match; }
    std::string title() const override { return "Business Chess, branch 1 on " + plan_.title; }
    std::string header() const override {
        const BusinessRules r = BusinessRules::of(plan_.match);
        std::string out = fmt::format("Venue demo: Business Chess, the {} scenario: {}\n",
                                      plan_.scenario, description_);
        for (const engine::TeamConfig* t : {&plan_.match.white(), &plan_.match.black()}) {
            out += fmt::format("  {} {}: ", t == &plan_.match.white() ? "White" : "Black", t->name);
            for (std::size_t i = 0; i < t->players.size(); ++i)
                out += fmt::format("{}{} {}{}", i ? ", " : "", t->players[i].id, t->players[i].name,
                                   int(i) >= r.players ? " (reserve)" : "");
            out += "\n";
        }
        out += fmt::format(
            "  Game rating {}, up to {} branches on boards {}, board {} for the last one; one "
            "clock, {} minutes a team\n  Branch 1 follows {}\n",
            r.game_rating, r.max_branches, fmt::join(r.boards, " "), r.control_board,
            plan_.match.time.base_ms / 60000, plan_.title);
        return out;
    }
    // Every demonstration board and board C: the first in the start position (branch 1), the
    // others empty until a branch is cloned onto them. Serial numbers "BC001" .. and "BC00C".
    std::vector<demo::DemoBoard> boards() const override {
        const BusinessRules r = BusinessRules::of(plan_.match);
        std::vector<std::string> ids = r.boards;
        ids.push_back(r.control_board);
        std::vector<demo::DemoBoard> out;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            std::string serial = "BC00" + ids[i];
            serial = serial.size() > 5 ? serial.substr(serial.size() - 5) : serial;
            out.push_back({ids[i], serial, i == 0});
        }
        return out;
    }
    std::unique_ptr<demo::People> people(demo::EventDevices devices,
                                         demo::DirectorTiming timing) const override {
        return std::make_unique<BusinessDirector>(plan_, std::move(devices), timing);
    }
    // The score and every branch of the tree.
    std::string summary(const engine::Match& match) const override {
        const auto* m = dynamic_cast<const BusinessMatch*>(&match);
        if (!m) return "";
        const auto s = m->score();
        std::string out = fmt::format(
            "Score: {} {} - {} {} (branch results times ratings); return game rating {}\n",
            m->config().white().name, s.white / 2.0, s.black / 2.0, m->config().black().name,
            m->return_rating());
        for (const auto& b : m->branches()) out += fmt::format("  {}\n", branch_line(b));
        return out;
    }

    // A red-line offence's card (WarningGiven: yellow; PlayerRemoved: red, an expulsion): the
    // reason says which.
    std::optional<std::string> account_line(const engine::Decision& d) const override {
        const bool card = std::holds_alternative<engine::WarningGiven>(d.body) ||
                          std::holds_alternative<engine::PlayerRemoved>(d.body);
        if (!card || d.rule.rfind("BC-", 0) != 0) return std::nullopt;
        return fmt::format("CARD     {} [{}]", d.reason, d.rule);
    }

  private:
    BusinessPlan plan_;
    std::string description_;
};

Result<std::unique_ptr<demo::PlannedDemo>, std::string> plan(const demo::DemoRequest& r) {
    auto scenario = business_scenario(r.scenario);
    if (!scenario) return unexpected("--tree " + r.scenario + ": no such scenario");
    auto made = make_business_plan(*scenario, business_match_config(), r.seed);
    if (!made) return unexpected(made.error());
    return std::unique_ptr<demo::PlannedDemo>(
        std::make_unique<PlannedBusiness>(std::move(*made), scenario->description));
}

}  // namespace

const demo::GameDemo& demo() {
    static const demo::GameDemo entry{
        .game = "business",
        .plays = "the short scenario",
        .about =
            "Two teams of five play on five emulated demonstration boards and board C under the "
            "hub's one clock: branchings cloned onto free boards, passes and selections of "
            "rating, a red-line violation and its card, the score after every move, the return "
            "game's rating.",
        .plays_game_files = false,
        .takes_players = false,
        .players = "Business Chess teams are five and a reserve (BC-I.4)",
        .takes_turns = false,
        .turns = "Business Chess is played to its result, not for a number of turns",
        .scenarios = {{"short",
                       "about 20 moves: three branches, a pass, a selection, a yellow card, "
                       "Morphy's mate on branch 1, board C and a draw"},
                      {"scheme4",
                       "the seed's Scheme 4, 41 moves: five branches, selections and a draw, a "
                       "yellow and a red card, a replacement, board C, Black resigns"}},
        .examples = {{"--game business", "a short Business Chess match"},
                     {"--game business --tree scheme4 --speed 4", "the seed's Scheme 4 tree"}},
        .plan = plan,
    };
    return entry;
}

}  // namespace venue::games::business
