// Portable Game Notation: reading (tolerant of real-world files) and writing
// (the PGN standard's export format).
//
// Comments keep their text; a `[%clk h:mm:ss]` command inside a comment is
// read into PgnMove::clock_ms and written back as `{[%clk h:mm:ss]}`.
// Suffix annotations (!, ?, !!, ??, !?, ?!) become NAGs 1-6.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess/game.h"
#include "common/result.h"

namespace venue::chess {

struct PgnMove;
using PgnLine = std::vector<PgnMove>;

struct PgnMove {
    Move move;
    std::vector<int> nags;
    std::string comment;                   // text after the move, without [%clk]
    std::optional<std::int64_t> clock_ms;  // remaining time after the move
    std::vector<PgnLine> variations;       // alternatives to this move
};

struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    Position start = Position::start();
    std::string comment;  // before the first move
    PgnLine moves;        // the main line
    std::string result = "*";

    // The value of a tag, or "" when absent.
    std::string tag(std::string_view name) const;
    void set_tag(std::string_view name, std::string value);
    // The main line replayed as a Game.
    Game main_line() const;
};

struct PgnError {
    int game = 0;  // 1-based index of the game in the file
    int line = 0;  // 1-based line in the text
    std::string message;
    std::string to_string() const;
};

struct PgnReadOptions {
    bool keep_variations = true;  // false: variations are skipped unread
};

// Reads games one at a time. A game with an error is reported and skipped, and
// reading goes on with the next game.
class PgnReader {
  public:
    explicit PgnReader(std::string_view text, PgnReadOptions options = {});
    // The next game, an error for a broken game, or nullopt at the end.
    std::optional<Result<PgnGame, PgnError>> next();

  private:
    struct Token;
    Token next_token();
    Result<bool, std::string> parse_line(Position pos, PgnLine* line, int depth);
    void skip_to_next_game();

    std::string_view text_;
    PgnReadOptions options_;
    size_t pos_ = 0;
    int line_ = 1;
    int game_index_ = 0;
    std::optional<std::string> pending_result_;
    std::string* comment_sink_ = nullptr;  // where the main line's leading comment goes
};

// Reads every game, or fails on the first error.
Result<std::vector<PgnGame>, PgnError> read_pgn(std::string_view text, PgnReadOptions options = {});

// Export format: Seven Tag Roster first, SetUp/FEN for a non-standard start,
// move text wrapped at 80 columns, variations and comments kept.
std::string write_pgn(const PgnGame& game);

// "1:02:03" from milliseconds (tenths are dropped), and back.
std::string format_clock(std::int64_t ms);
std::optional<std::int64_t> parse_clock(std::string_view text);

}  // namespace venue::chess
