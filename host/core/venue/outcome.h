// A game's result, typed: each side's points, in half points, in the order of the match's sides
// (a win 2, a draw 1 each). It is text only where people and files read it: the log's JSON, PGN,
// the console and the feed ("1-0", "0-1", "1/2-1/2"; in a game of more sides each side's points in
// order, "0-1-0").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace venue::engine {

class Outcome {
  public:
    Outcome() = default;  // not decided: "*"

    // Side `side` of `sides` won: 2 half points, the others none.
    static Outcome win(int side, int sides);
    // A draw: 1 half point each.
    static Outcome draw(int sides);
    // Points as given (a game that weighs its results): every count at least 0.
    static Outcome of(std::vector<int> half_points) { return Outcome(std::move(half_points)); }
    // `text` as a result of `sides` sides, or nullopt: "*", "1-0", "0-1", "1/2-1/2" in a game of
    // two; in a game of more, one number per side ("0-1-0", "1/2-1/2-0"). A game of two takes
    // only the three results of chess.
    static std::optional<Outcome> parse(std::string_view text, int sides);

    bool decided() const { return !half_points_.empty(); }
    const std::vector<int>& half_points() const { return half_points_; }
    // Every side has the same points (and the game is decided).
    bool is_draw() const;
    std::string text() const;

    bool operator==(const Outcome&) const = default;

  private:
    explicit Outcome(std::vector<int> half_points) : half_points_(std::move(half_points)) {}
    std::vector<int> half_points_;
};

}  // namespace venue::engine
