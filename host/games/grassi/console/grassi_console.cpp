// Grassi's ChessBall's console entry.
#include "games/grassi/console/grassi_console.h"

namespace venue::games::grassi {

namespace {

std::string arg(const engine::GameInput& in, const char* key) {
    const auto it = in.args.find(key);
    return it == in.args.end() || it->second.empty() ? std::string("?") : it->second;
}

// "1,1 2,1 3,1" as people read it: "(1, 1) → (2, 1) → (3, 1)".
std::string path_words(const std::string& path) {
    std::string out, point;
    const auto flush = [&] {
        if (point.empty()) return;
        const auto comma = point.find(',');
        out += (out.empty() ? "(" : " \u2192 (") +
               (comma == std::string::npos
                    ? point + ")"
                    : point.substr(0, comma) + ", " + point.substr(comma + 1) + ")");
        point.clear();
    };
    for (char c : path) {
        if (c == ' ' || c == ';')
            flush();
        else
            point += c;
    }
    flush();
    return out.empty() ? "?" : out;
}

// The inputs of grassi_match.h, in words.
std::string input_words(const engine::GameInput& in, const std::string& side) {
    if (in.kind == "place")
        return side + " places bishop, knight and rook on " + path_words(arg(in, "points"));
    if (in.kind == "move")
        return side + " moves the piece along " + path_words(arg(in, "path")) +
               (arg(in, "leave_ball") == "true" ? ", leaving the ball" : "");
    if (in.kind == "ball") return side + " plays the ball along " + path_words(arg(in, "path"));
    if (in.kind == "contest")
        return side + " tackles with the piece on " + path_words(arg(in, "at")) +
               (in.args.count("against") ? " against " + path_words(arg(in, "against")) : "");
    if (in.kind == "substitute")
        return side + " substitutes the piece on " + path_words(arg(in, "at")) + ": a " +
               arg(in, "piece") + " comes on";
    if (in.kind == "pass_move") return side + " spends a move doing nothing";
    if (in.kind == "dice") return "The physical dice show " + arg(in, "faces");
    if (in.kind == "correct") {
        if (in.args.count("ball"))
            return "Correction: the ball to " + path_words(arg(in, "ball")) +
                   (in.args.count("carrier")
                        ? ", with the piece on " + path_words(arg(in, "carrier"))
                        : ", loose");
        return "Correction: the piece on " + path_words(arg(in, "from")) + " to " +
               path_words(arg(in, "to"));
    }
    return "'" + in.kind + "' for " + side;
}

console::GameConsole make() {
    console::GameConsole g;
    g.game = "grassi";
    g.input_words = &input_words;
    g.illegal_move_stands = false;  // a refused input changes nothing (grassi_match.h)
    g.actions_share = 0.70f;        // the corrections and the dice below the common actions
    g.help = {{"F2", "the players' touch panel: the field, tap a piece and its path, Confirm"},
              {"tap", "a point of the field (the last one again: taken back)"}};
    return g;
}

}  // namespace

const console::GameConsole& console_entry() {
    static const console::GameConsole entry = make();
    return entry;
}

}  // namespace venue::games::grassi
