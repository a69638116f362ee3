// Betza's console entry.
#include "games/betza/console/betza_console.h"

namespace venue::games::betza {

namespace {

std::string arg(const engine::GameInput& in, const char* key) {
    const auto it = in.args.find(key);
    return it == in.args.end() || it->second.empty() ? std::string("?") : it->second;
}

// The inputs of betza_match.h, in words; `side` names the army the input is for.
std::string input_words(const engine::GameInput& in, const std::string& side) {
    if (in.kind == "select_pair")
        return side + " pushes half-boards " + arg(in, "board_a") + " and " + arg(in, "board_b") +
               " together";
    if (in.kind == "move") return side + " plays " + arg(in, "uci") + " on the pushed pair";
    if (in.kind == "end_turn") return side + " ends its turn";
    if (in.kind == "add_time") {
        const std::string ms = arg(in, "ms");
        const bool less = !ms.empty() && ms[0] == '-';
        return std::string(less ? "Time taken from" : "Time added to") + " army " +
               arg(in, "army") + ": " + (less ? ms.substr(1) : ms) + " ms";
    }
    if (in.kind == "reassign")
        return "Army " + arg(in, "army") + " handed to player " + arg(in, "player");
    if (in.kind == "rule_self_mate")
        return "Army " + arg(in, "army") + ", which mated itself, goes to player " +
               arg(in, "player");
    if (in.kind == "alliance")
        return "An alliance of " + arg(in, "player_a") + " and " + arg(in, "player_b");
    if (in.kind == "agree_draw") return "The players still in share the game";
    if (in.kind == "seed") return "The batting order is drawn from seed " + arg(in, "value");
    return "'" + in.kind + "' for " + side;
}

// The boards step: a DGT board per half-board, named in the game's settings.
std::string boards_note(const engine::MatchConfig& m) {
    const std::vector<std::string> boards = m.options.list("boards", {});
    std::string note =
        "Betza's Chess reads one DGT board per army, its near half being the "
        "army's half-board (BETZA-4): list their serial numbers in board order "
        "in the Game step (betza.boards) and each here with its port";
    if (boards.empty()) return note + "; none is listed yet (the moves are entered instead).";
    note += ". Listed:";
    for (std::size_t i = 0; i < boards.size(); ++i)
        note += " half-board " + std::to_string(i) + " on " + boards[i] +
                (i + 1 < boards.size() ? "," : ".");
    return note;
}

console::GameConsole make() {
    console::GameConsole g;
    g.game = "betza";
    // Each station's End-turn button (its player's first button, BETZA-6 and the army clock).
    g.players_have_buttons = true;
    g.button_word = "End-turn button";
    g.buttons_rule = "BETZA-6";
    g.setup_side_count = 4;  // the seed's game for four, the demo's
    g.boards_note = &boards_note;
    g.fixed_orientation =
        "a half-board's DGT board shows an army on its near half, never chess's start position, "
        "from which a board on auto learns which way round it lies (BETZA-4)";
    g.input_words = &input_words;
    g.illegal_move_stands = false;  // no chess game to go on from (BetzaMatch is no ChessMatch)
    g.actions_share = 0.70f;        // the game's entries below the common actions
    return g;
}

}  // namespace

const console::GameConsole& console_entry() {
    static const console::GameConsole entry = make();
    return entry;
}

}  // namespace venue::games::betza
