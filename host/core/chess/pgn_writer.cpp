// PGN writing in the standard's export format.
#include <array>

#include "chess/pgn.h"
#include "chess/san.h"

namespace venue::chess {
namespace {

constexpr std::array<std::string_view, 7> SEVEN_TAG_ROSTER = {"Event", "Site",  "Date",  "Round",
                                                              "White", "Black", "Result"};

std::string escape_tag_value(std::string_view v) {
    std::string out;
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n' || c == '\r') c = ' ';
        out += c;
    }
    return out;
}

// A comment may not contain '}' (it would end the comment early).
std::string comment_text(const PgnMove& m) {
    std::string text;
    if (m.clock_ms) text = "[%clk " + format_clock(*m.clock_ms) + "]";
    if (!m.comment.empty()) {
        if (!text.empty()) text += ' ';
        for (char c : m.comment) text += c == '}' ? ')' : c;
    }
    return text;
}

void write_line(Position pos, const PgnLine& line, std::vector<std::string>& tokens) {
    bool need_number = true;
    for (const PgnMove& m : line) {
        const int number = pos.fullmove_number();
        if (pos.side_to_move() == WHITE)
            tokens.push_back(std::to_string(number) + ".");
        else if (need_number)
            tokens.push_back(std::to_string(number) + "...");
        tokens.push_back(to_san(pos, m.move));
        need_number = false;
        for (int nag : m.nags) tokens.push_back("$" + std::to_string(nag));
        std::string comment = comment_text(m);
        if (!comment.empty()) {
            tokens.push_back("{" + comment + "}");
            need_number = true;
        }
        for (const PgnLine& variation : m.variations) {
            std::vector<std::string> inner;
            write_line(pos, variation, inner);
            if (inner.empty()) continue;
            inner.front() = "(" + inner.front();
            inner.back() += ")";
            tokens.insert(tokens.end(), inner.begin(), inner.end());
            need_number = true;
        }
        pos.do_move(m.move);
    }
}

}  // namespace

std::string write_pgn(const PgnGame& game) {
    std::string out;
    for (std::string_view name : SEVEN_TAG_ROSTER) {
        std::string value = name == "Result" ? game.result : game.tag(name);
        if (value.empty()) value = name == "Date" ? "????.??.??" : "?";
        out += "[" + std::string(name) + " \"" + escape_tag_value(value) + "\"]\n";
    }
    const bool custom_start = game.start.fen() != Position::START_FEN;
    for (const auto& [name, value] : game.tags) {
        bool in_roster = false;
        for (std::string_view r : SEVEN_TAG_ROSTER) in_roster |= name == r;
        if (in_roster || name == "SetUp" || name == "FEN") continue;
        out += "[" + name + " \"" + escape_tag_value(value) + "\"]\n";
    }
    if (custom_start) {
        out += "[SetUp \"1\"]\n";
        out += "[FEN \"" + game.start.fen() + "\"]\n";
    }
    out += '\n';

    std::vector<std::string> tokens;
    if (!game.comment.empty()) {
        std::string c;
        for (char ch : game.comment) c += ch == '}' ? ')' : ch;
        tokens.push_back("{" + c + "}");
    }
    write_line(game.start, game.moves, tokens);
    tokens.push_back(game.result);

    // Wrap at 80 columns; long comments are split at spaces (allowed in PGN).
    size_t column = 0;
    auto emit = [&](std::string_view word) {
        if (column > 0 && column + 1 + word.size() > 79) {
            out += '\n';
            column = 0;
        } else if (column > 0) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
    };
    for (const std::string& token : tokens) {
        size_t start = 0;
        while (start < token.size()) {
            size_t space = token.find(' ', start);
            if (space == std::string::npos) space = token.size();
            if (space > start) emit(std::string_view(token).substr(start, space - start));
            start = space + 1;
        }
    }
    out += "\n\n";
    return out;
}

}  // namespace venue::chess
