// PGN reading: a tolerant lexer and a recursive reader of lines and variations.
#include <cctype>

#include "chess/pgn.h"
#include "chess/san.h"

namespace venue::chess {

enum class TokenKind : std::uint8_t {
    END,
    TAG,
    COMMENT,
    NAG,
    SYMBOL,
    RESULT,
    OPEN,
    CLOSE,
    BAD
};

struct PgnReader::Token {
    TokenKind kind = TokenKind::END;
    std::string text;   // symbol, comment text, tag name, result, or error
    std::string value;  // tag value
    int nag = 0;
    int line = 0;
};

namespace {

bool is_result(std::string_view s) {
    return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*" || s == "½-½";
}

bool is_move_number(std::string_view s) {
    size_t i = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == 0) return false;
    while (i < s.size() && s[i] == '.') ++i;
    return i == s.size();
}

// "12.e4" or "12...Nf6": strip the move number glued to a move.
std::string_view strip_move_number(std::string_view s) {
    size_t i = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == 0 || i == s.size() || s[i] != '.') return s;
    while (i < s.size() && s[i] == '.') ++i;
    return s.substr(i);
}

int annotation_nag(std::string_view s) {
    if (s == "!") return 1;
    if (s == "?") return 2;
    if (s == "!!") return 3;
    if (s == "??") return 4;
    if (s == "!?") return 5;
    if (s == "?!") return 6;
    return 0;
}

// Moves a [%clk h:mm:ss] command out of a comment into *clock.
std::string extract_clock(std::string comment, std::optional<std::int64_t>* clock) {
    size_t at = comment.find("[%clk");
    if (at == std::string::npos) return comment;
    size_t end = comment.find(']', at);
    if (end == std::string::npos) return comment;
    std::string value(comment.substr(at + 5, end - at - 5));
    size_t b = value.find_first_not_of(' '), e = value.find_last_not_of(' ');
    if (b != std::string::npos) *clock = parse_clock(value.substr(b, e - b + 1));
    comment.erase(at, end - at + 1);
    size_t first = comment.find_first_not_of(" \t\n\r");
    if (first == std::string::npos) return "";
    size_t last = comment.find_last_not_of(" \t\n\r");
    return comment.substr(first, last - first + 1);
}

void append_comment(std::string& to, const std::string& text) {
    if (text.empty()) return;
    if (!to.empty()) to += ' ';
    to += text;
}

}  // namespace

PgnReader::PgnReader(std::string_view text, PgnReadOptions options)
    : text_(text), options_(options) {
    if (text_.starts_with("\xEF\xBB\xBF")) pos_ = 3;  // UTF-8 byte order mark
}

PgnReader::Token PgnReader::next_token() {
    Token t;
    for (;;) {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
            if (text_[pos_] == '\n') ++line_;
            ++pos_;
        }
        if (pos_ >= text_.size()) {
            t.line = line_;
            return t;
        }
        // '%' in the first column escapes the whole line.
        if (text_[pos_] == '%' && (pos_ == 0 || text_[pos_ - 1] == '\n')) {
            while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
            continue;
        }
        break;
    }
    t.line = line_;
    const char c = text_[pos_];
    if (c == ';') {
        size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        t.kind = TokenKind::COMMENT;
        t.text = std::string(text_.substr(pos_ + 1, end - pos_ - 1));
        pos_ = end;
        return t;
    }
    if (c == '{') {
        size_t end = text_.find('}', pos_);
        if (end == std::string_view::npos) {
            t.kind = TokenKind::BAD;
            t.text = "comment '{' never closed";
            pos_ = text_.size();
            return t;
        }
        std::string_view body = text_.substr(pos_ + 1, end - pos_ - 1);
        for (char ch : body) line_ += ch == '\n';
        t.kind = TokenKind::COMMENT;
        t.text = std::string(body);
        for (char& ch : t.text)
            if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
        pos_ = end + 1;
        return t;
    }
    if (c == '[') {
        // [Name "value"], with \" and \\ escapes in the value.
        size_t i = pos_ + 1;
        while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t')) ++i;
        size_t name_start = i;
        while (i < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[i])) ||
                                    text_[i] == '_' || text_[i] == '-'))
            ++i;
        t.text = std::string(text_.substr(name_start, i - name_start));
        while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t')) ++i;
        if (t.text.empty() || i >= text_.size() || text_[i] != '"') {
            size_t end = text_.find('\n', pos_);
            pos_ = end == std::string_view::npos ? text_.size() : end;
            t.kind = TokenKind::BAD;
            t.text = "malformed tag pair";
            return t;
        }
        ++i;
        while (i < text_.size() && text_[i] != '"' && text_[i] != '\n') {
            if (text_[i] == '\\' && i + 1 < text_.size()) ++i;
            t.value += text_[i++];
        }
        if (i < text_.size() && text_[i] == '"') ++i;
        while (i < text_.size() && text_[i] != ']' && text_[i] != '\n') ++i;
        if (i < text_.size() && text_[i] == ']') ++i;
        pos_ = i;
        t.kind = TokenKind::TAG;
        return t;
    }
    if (c == '(' || c == ')') {
        t.kind = c == '(' ? TokenKind::OPEN : TokenKind::CLOSE;
        ++pos_;
        return t;
    }
    if (c == '$') {
        size_t i = pos_ + 1;
        while (i < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i]))) {
            if (t.nag < 1000) t.nag = t.nag * 10 + (text_[i] - '0');  // NAGs are 0-255
            ++i;
        }
        pos_ = i;
        t.kind = TokenKind::NAG;
        return t;
    }
    if (c == '!' || c == '?') {
        size_t i = pos_;
        while (i < text_.size() && (text_[i] == '!' || text_[i] == '?')) ++i;
        t.kind = TokenKind::NAG;
        t.nag = annotation_nag(text_.substr(pos_, i - pos_));
        pos_ = i;
        return t;
    }
    size_t i = pos_;
    while (i < text_.size()) {
        char ch = text_[i];
        if (std::isspace(static_cast<unsigned char>(ch)) || ch == '{' || ch == '}' || ch == '(' ||
            ch == ')' || ch == '[' || ch == ']' || ch == ';' || ch == '$' || ch == '!' || ch == '?')
            break;
        ++i;
    }
    if (i == pos_) {  // a stray '}' or ']'
        t.kind = TokenKind::BAD;
        t.text = std::string("unexpected '") + c + "'";
        ++pos_;
        return t;
    }
    t.text = std::string(text_.substr(pos_, i - pos_));
    pos_ = i;
    t.kind = is_result(t.text) ? TokenKind::RESULT : TokenKind::SYMBOL;
    return t;
}

void PgnReader::skip_to_next_game() {
    // A new game starts with a tag at the start of a line.
    while (pos_ < text_.size()) {
        size_t nl = text_.find('\n', pos_);
        if (nl == std::string_view::npos) {
            pos_ = text_.size();
            return;
        }
        pos_ = nl + 1;
        ++line_;
        if (pos_ < text_.size() && text_[pos_] == '[') return;
    }
}

// Reads moves into *line starting from pos until the line ends: a ')' closes a
// variation (depth > 0); a result, a tag or the end of text closes the game.
// Returns an error message naming the offending token.
Result<bool, std::string> PgnReader::parse_line(Position pos, PgnLine* line, int depth) {
    Position before = pos;
    std::string leading_comment;
    for (;;) {
        const size_t save_pos = pos_;
        const int save_line = line_;
        Token t = next_token();
        switch (t.kind) {
            case TokenKind::END:
                if (depth > 0) return unexpected(std::string("variation never closed"));
                return true;
            case TokenKind::BAD:
                return unexpected("line " + std::to_string(t.line) + ": " + t.text);
            case TokenKind::TAG:
                if (depth > 0)
                    return unexpected("line " + std::to_string(t.line) + ": tag inside variation");
                pos_ = save_pos;  // the next game's first tag: leave it for next()
                line_ = save_line;
                return true;
            case TokenKind::RESULT:
                if (depth == 0) {
                    pending_result_ = t.text == "½-½" ? "1/2-1/2" : t.text;
                    return true;
                }
                break;  // a result inside a variation says nothing about the game
            case TokenKind::COMMENT:
                if (line->empty())
                    append_comment(leading_comment, t.text);
                else
                    append_comment(line->back().comment,
                                   extract_clock(t.text, &line->back().clock_ms));
                break;
            case TokenKind::NAG:
                if (!line->empty() && t.nag > 0 && t.nag < 256) line->back().nags.push_back(t.nag);
                break;
            case TokenKind::CLOSE:
                if (depth == 0)
                    return unexpected("line " + std::to_string(t.line) + ": ')' without '('");
                return true;
            case TokenKind::OPEN: {
                if (line->empty())
                    return unexpected("line " + std::to_string(t.line) +
                                      ": variation before any move");
                if (options_.keep_variations) {
                    PgnLine& variation = line->back().variations.emplace_back();
                    auto r = parse_line(before, &variation, depth + 1);
                    if (!r) return r;
                } else {
                    int open = 1;
                    while (open > 0) {
                        Token s = next_token();
                        if (s.kind == TokenKind::END)
                            return unexpected(std::string("variation never closed"));
                        open += s.kind == TokenKind::OPEN;
                        open -= s.kind == TokenKind::CLOSE;
                    }
                }
                break;
            }
            case TokenKind::SYMBOL: {
                if (is_move_number(t.text)) break;
                std::string_view san = strip_move_number(t.text);
                if (san == "--" || san == "Z0")
                    return unexpected("line " + std::to_string(t.line) +
                                      ": null moves are not supported");
                auto m = parse_san(pos, san);
                if (!m) return unexpected("line " + std::to_string(t.line) + ": " + m.error());
                PgnMove& pm = line->emplace_back();
                pm.move = *m;
                if (!leading_comment.empty()) {
                    // A comment before a variation's first move: keep it with that move.
                    pm.comment = extract_clock(leading_comment, &pm.clock_ms);
                    leading_comment.clear();
                }
                before = pos;
                pos.do_move(*m);
                break;
            }
        }
        if (depth == 0 && line->empty() && !leading_comment.empty() && comment_sink_) {
            append_comment(*comment_sink_, leading_comment);
            leading_comment.clear();
        }
    }
}

std::optional<Result<PgnGame, PgnError>> PgnReader::next() {
    PgnGame game;
    bool saw_anything = false;
    ++game_index_;
    int start_line = line_;
    auto fail = [&](std::string message) -> Result<PgnGame, PgnError> {
        skip_to_next_game();
        return unexpected(PgnError{game_index_, start_line, std::move(message)});
    };
    // Tag pairs (and any comments between them).
    for (;;) {
        const size_t save_pos = pos_;
        const int save_line = line_;
        Token t = next_token();
        if (!saw_anything) start_line = t.line;
        if (t.kind == TokenKind::TAG) {
            game.tags.emplace_back(t.text, t.value);
            saw_anything = true;
            continue;
        }
        if (t.kind == TokenKind::BAD) return fail("line " + std::to_string(t.line) + ": " + t.text);
        if (t.kind == TokenKind::END && !saw_anything) {
            --game_index_;
            return std::nullopt;
        }
        pos_ = save_pos;
        line_ = save_line;
        break;
    }
    std::string fen = game.tag("FEN");
    if (!fen.empty()) {
        auto start = Position::from_fen(fen);
        if (!start) return fail("FEN tag: " + start.error().to_string());
        game.start = *start;
    }
    pending_result_.reset();
    comment_sink_ = &game.comment;
    auto r = parse_line(game.start, &game.moves, 0);
    comment_sink_ = nullptr;
    if (!r) return fail(r.error());
    if (!saw_anything && game.moves.empty() && !pending_result_ && game.comment.empty()) {
        --game_index_;
        return std::nullopt;
    }
    // Without a result in the move text, trust the Result tag only if it is one.
    const std::string tag_result = game.tag("Result");
    game.result = pending_result_.value_or(is_result(tag_result) ? tag_result : "*");
    return Result<PgnGame, PgnError>(std::move(game));
}

Result<std::vector<PgnGame>, PgnError> read_pgn(std::string_view text, PgnReadOptions options) {
    PgnReader reader(text, options);
    std::vector<PgnGame> games;
    while (auto g = reader.next()) {
        if (!*g) return unexpected(g->error());
        games.push_back(std::move(g->value()));
    }
    return games;
}

std::string PgnError::to_string() const {
    return "game " + std::to_string(game) + " (from line " + std::to_string(line) + "): " + message;
}

}  // namespace venue::chess
