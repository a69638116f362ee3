// Chessball's console entry.
#include "games/chessball/console/chessball_console.h"

namespace venue::games::chessball {

namespace {

console::SetupSides setup_sides(const engine::MatchConfig& /*match*/) {
    return {2, 8, 4};  // CB-2.2: two to eight players a team; a new team has four
}

// The captains' entries the judge makes (chessball_match.h), in words.
std::string input_words(const engine::GameInput& in, const std::string& side) {
    if (in.kind == "captain_timeout") return "Time-out for the captain of " + side;
    if (in.kind == "draw_offer") return "The captain of " + side + " offers a draw";
    if (in.kind == "draw_accept") return "The captain of " + side + " accepts the draw offer";
    if (in.kind == "draw_decline") return "The captain of " + side + " declines the draw offer";
    if (in.kind == "substitute") {
        auto arg = [&](const char* key) {
            const auto it = in.args.find(key);
            return it == in.args.end() || it->second.empty() ? std::string("?") : it->second;
        };
        return "Substitution for " + side + ": " + arg("in") + " comes on for " + arg("out");
    }
    if (in.kind == "confirm_conditions")
        return "The captain of " + side + " signs the agreed conditions";
    if (in.kind == "fifty_move_claim")
        return "The captain of " + side + " claims a draw by the 50-move rule";
    return "'" + in.kind + "' for " + side;
}

console::GameConsole make() {
    console::GameConsole g;
    g.game = "chessball";
    g.players_own_files = true;     // CB-2.3
    g.players_have_buttons = true;  // CB-3.2
    g.files_rule = "CB-2.3";
    g.file_owner_rule = "CB-A24";
    g.buttons_rule = "CB-3.2";
    // CB-A16: 30 minutes a team, sudden death.
    g.setup_time = engine::TimeControl{30 * 60000, 0, engine::TimeMode::SUDDEN_DEATH};
    g.setup_sides = &setup_sides;
    g.input_words = &input_words;
    return g;
}

}  // namespace

const console::GameConsole& console_entry() {
    static const console::GameConsole entry = make();
    return entry;
}

}  // namespace venue::games::chessball
