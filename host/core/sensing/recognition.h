// What the recogniser says about a stable sensed board: the result types.
//
// Every stable board gets exactly one Recognition. Only the board positions a legal move (or a
// known correction) would leave produce moves; everything in between is InProgress or NoMatch.
//
//   Unchanged    the board shows the game's current position (nothing happened, or restored)
//   Recognised   one move, or a move and the reply made before the first settled
//   TakeBack     the board shows an earlier position (plies back), possibly followed by moves:
//                a take-back, or a correction (a piece set down briefly, then moved on)
//   WrongMover   a legal move, but the filter refuses who made it, or the side not to move made
//                it; team games turn this into an "impossible move" warning
//   InProgress   a partial move: pieces lifted, a capture or castling half done; or a move
//                made and the reply begun (`made`: the board is the position after it with
//                pieces of the side then to move lifted)
//   NoMatch      nothing explains the board: the squares that differ and the closest moves
//   Ambiguous    more than one reading fits; the recogniser waits for the next board
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <variant>

#include "sensing/placement.h"

namespace venue::sensing {

// One or two moves in playing order (fixed capacity: readings are built in the hot path).
class MoveSeq {
  public:
    static constexpr int CAPACITY = 2;
    MoveSeq() = default;
    MoveSeq(std::initializer_list<Move> moves) {
        for (Move m : moves) push(m);
    }
    void push(Move m) { moves_[size_++] = m; }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](int i) const { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    bool operator==(const MoveSeq& o) const {
        if (size_ != o.size_) return false;
        for (int i = 0; i < size_; ++i)
            if (moves_[i] != o.moves_[i]) return false;
        return true;
    }

  private:
    std::array<Move, CAPACITY> moves_{};
    std::uint8_t size_ = 0;
};

// One way of explaining a stable board exactly.
enum class ReadingKind : std::uint8_t {
    MOVES,        // `moves` played from the current position, all allowed
    WRONG_MOVER,  // `moves` played from the current position; moves[refused] not allowed
    TAKE_BACK,    // `plies_back` undone, then `moves` (maybe none) played
    WRONG_SIDE,   // moves[0] made by the side not to move
};

struct Reading {
    ReadingKind kind = ReadingKind::MOVES;
    MoveSeq moves;
    std::uint16_t plies_back = 0;
    std::int8_t refused = -1;
    bool operator==(const Reading&) const = default;
};

// Fixed-capacity list of readings; `dropped` counts readings beyond the capacity.
struct ReadingList {
    static constexpr int CAPACITY = 8;
    std::array<Reading, CAPACITY> items{};
    std::uint8_t size = 0;
    std::uint16_t dropped = 0;
    void push(const Reading& r) {
        if (size < CAPACITY)
            items[size++] = r;
        else
            ++dropped;
    }
    int total() const { return size + dropped; }

    // The readings `keep` accepts, in order; what was dropped stays counted.
    template <class Keep>
    ReadingList filtered(Keep keep) const {
        ReadingList out;
        for (int i = 0; i < size; ++i)
            if (keep(items[std::size_t(i)])) out.push(items[std::size_t(i)]);
        out.dropped = dropped;
        return out;
    }
};

struct Unchanged {
    bool operator==(const Unchanged&) const = default;
};

struct Recognised {
    MoveSeq moves;
    std::int64_t at_us = 0;  // when the board showing the (last) move was first sensed
    // Plies of a take-back that would leave the same board (the game repeats a placement), or 0.
    // The move reading was preferred (see RecogniserConfig::move_beats_take_back).
    std::uint16_t also_take_back = 0;
    bool operator==(const Recognised&) const = default;
};

struct TakeBack {
    std::uint16_t plies = 0;
    MoveSeq then;  // moves played after the take-back (a correction), often none
    std::int64_t at_us = 0;
    bool operator==(const TakeBack&) const = default;
};

struct WrongMover {
    MoveSeq moves;            // the reading, from the current position
    std::int8_t refused = 0;  // index of the move the filter refused
    bool wrong_side = false;  // the side not to move moved (moves has one move)
    std::int64_t at_us = 0;
    bool operator==(const WrongMover&) const = default;
};

struct InProgress {
    Bitboard squares = 0;  // where the board differs from the current position
    // The one move of the side to move (allowed by the filter) the board shows made, with only
    // pieces of the side then to move lifted since: the reply under way. A player who lifts his
    // piece before the mover has pressed the clock has not undone the move (see
    // made_under_reply in matcher.h). Move::none() when no move, or more than one, fits.
    Move made = Move::none();
    bool operator==(const InProgress&) const = default;
};

struct Candidate {
    Move move;
    std::uint8_t distance = 0;  // squares where the board differs from the position after move
    bool operator==(const Candidate&) const = default;
};

struct NoMatch {
    static constexpr int MAX_CLOSEST = 3;
    Bitboard squares = 0;  // where the board differs from the current position
    std::array<Candidate, MAX_CLOSEST> closest{};  // legal moves, nearest first
    std::uint8_t closest_count = 0;
    bool operator==(const NoMatch&) const = default;
};

struct Ambiguous {
    ReadingList readings;
};

using Recognition =
    std::variant<Unchanged, Recognised, TakeBack, WrongMover, InProgress, NoMatch, Ambiguous>;

// One line for logs and test messages, moves in UCI: "recognised e2e4 e7e5 at 1250000".
std::string to_string(const Recognition& r);
std::string to_string(const Reading& r);
std::string to_string(const MoveSeq& moves);

}  // namespace venue::sensing
