// Chess Eleven's console entry.
#include "games/eleven/console/eleven_console.h"

namespace venue::games::eleven {

namespace {

std::string arg(const engine::GameInput& in, const char* key) {
    const auto it = in.args.find(key);
    return it == in.args.end() || it->second.empty() ? std::string("?") : it->second;
}

// The inputs of eleven_match.h, in words.
std::string input_words(const engine::GameInput& in, const std::string& side) {
    if (in.kind == "pass") return side + " passes from " + arg(in, "from") + " to " + arg(in, "to");
    if (in.kind == "shot") return side + " shoots at " + arg(in, "target");
    if (in.kind == "end_turn") return side + " ends its turn";
    if (in.kind == "ready") return side + " is Ready";
    // Hidden until the kick-off reveals it (C11-A26): the words do not say where.
    if (in.kind == "formation") return side + " enters its formation (hidden until the kick-off)";
    if (in.kind == "substitute") return side + " declares its substitute: " + arg(in, "piece");
    if (in.kind == "upgrade") return side + " brings its substitute on for a pawn";
    if (in.kind == "select")
        return side + " asks what the piece on " + arg(in, "square") + " may do";
    if (in.kind == "half_time") return "Half time";
    if (in.kind == "full_time") return "Full time";
    if (in.kind == "formation_time_up") return "The formation's time is up";
    if (in.kind == "seed") return "Shots are drawn from seed " + arg(in, "value");
    if (in.kind == "ball")
        return arg(in, "to") == "centre" ? "The ball back on the centre circle"
                                         : "The ball to the piece on " + arg(in, "to");
    return "'" + in.kind + "' for " + side;
}

console::GameConsole make() {
    console::GameConsole g;
    g.game = "eleven";
    g.fixed_orientation =
        "a Chess Eleven board shows formations, never chess's start position, from which a "
        "board on auto learns which way round it lies (C11-FORM-1)";
    g.input_words = &input_words;
    g.illegal_move_stands = false;  // no chess game to go on from (ElevenMatch is no ChessMatch)
    g.actions_share = 0.70f;        // the arbiter's ball and declarations below the common actions
    return g;
}

}  // namespace

const console::GameConsole& console_entry() {
    static const console::GameConsole entry = make();
    return entry;
}

}  // namespace venue::games::eleven
