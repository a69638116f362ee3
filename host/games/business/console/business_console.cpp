// Business Chess's console entry: its words, its entries as events and the setup wizard's checks
// (what it draws is business_actions.cpp, its GamePanels entry).
#include "games/business/console/business_console.h"

#include "console/setup_wizard.h"
#include "games/business/console/key_change_intent.h"
#include "games/business/rules/business_rules.h"

namespace venue::games::business {

using namespace console;

namespace {

// A warning is a red-line offence shown as a yellow card, a removal a red card (BC-I.11).
std::string describe_card(const ArbiterIntent& in, const std::string& who) {
    if (in.kind == engine::ArbiterActionKind::WARN)
        return "Show " + who + " a yellow card: " + in.text;
    return "Show " + who + " a red card (expulsion): " + in.text;
}

// BC-I.4: a team is its players and its reserves; the wizard starts with all of them.
SetupSides setup_sides(const engine::MatchConfig& m) {
    const BusinessRules r = BusinessRules::of(m);
    return {r.players, r.players + r.reserves, r.players + r.reserves};
}

void setup_issues(const engine::MatchConfig& m, const std::string& mk, WizardStep step,
                  std::vector<WizardIssue>& out) {
    const BusinessRules r = BusinessRules::of(m);
    if (step == WizardStep::GAME && m.time.increment_ms != 0)
        out.push_back({mk + ".time.increment_seconds",
                       "Business Chess has one clock without increment (BC-I.5)"});
    if (step != WizardStep::TEAMS) return;
    const int most = r.players + r.reserves;
    for (const char* side : {"white", "black"}) {
        const int n = int((std::string(side) == "white" ? m.white() : m.black()).players.size());
        if (n < 1 || n > most)
            out.push_back({mk + "." + side + ".players", std::to_string(n) + " players; at most " +
                                                             std::to_string(most) + " (BC-I.4)"});
    }
}

std::string boards_note(const engine::MatchConfig& m) {
    const BusinessRules r = BusinessRules::of(m);
    std::string ids;
    for (const std::string& b : r.boards) ids += b + ", ";
    return "Business Chess plays on the boards " + ids + "and board " + r.control_board +
           " (Game step).";
}

GameConsole make() {
    GameConsole g;
    g.game = "business";
    g.penalties.warn = "Yellow card";
    g.penalties.remove = "Red card";
    g.penalties.removed = "expelled";
    g.penalties.reason_hint = "crossed the red line, a second member beyond it";
    g.penalties.cards = true;
    g.penalties.describe = &describe_card;
    g.tree_game = "Branch";
    g.rating_one = "chip";
    g.rating_many = "chips";
    // A new part of one branch is not offered: the engine refuses it.
    g.illegal_move_stands = false;
    g.setup_sides = &setup_sides;
    g.setup_issues = &setup_issues;
    g.boards_note = &boards_note;
    g.entry_event = &key_change_event;
    g.entry_words = &key_change_words;
    g.help = {
        {"S / L / A", "Business Chess: branch / select / pass"},
        {"G / E", "Business Chess: resign a branch / draw a branch"},
        {"V / O / U", "Business Chess: veto / board C / replace a player"},
        {"Z", "Business Chess: withdraw the team's key changes before the press (BC-A30)"},
        {"K", "Business Chess: confirm the score as it stands (BC-II.5)"},
    };
    // The entries add a block to the actions (the devices panel scrolls instead).
    g.actions_share = 0.66f;
    return g;
}

}  // namespace

const GameConsole& console_entry() {
    static const GameConsole entry = make();
    return entry;
}

}  // namespace venue::games::business
