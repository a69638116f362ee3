// A game of Betza's Chess for Any Number of Players: the turn structure around the chess of a
// pair (BETZA-3, 4, 6, 7, 8, 9 and their ambiguities). Pure: inputs in, decisions out, no I/O,
// no clock; the only randomness is the batting order, drawn from the seed passed in.
//
// A turn, for the army in the current batting slot:
//
//     begin_turn ──(no legal move on any pair)──> forced self-mate (8.1) / stalemate (A12) ─┐
//        │                                                                                 │
//        v                                                                                 │
//   ┌─> declare_pair(a, b) ──(own king mated there: Rule 8)──> army captured ──────────────┤
//   │      │                                                                               │
//   │      v                                                                               │
//   │   move ──> mates of foreign kings on the pair (7) ──> eliminations (9) ──(one left)──> end
//   │      │                                                                               │
//   │      v                                                                               │
//   └── extra move possible (6, A8)? ──no──> turn ends ─> next army in the batting order <─┘
//               │ yes: declare again, or end_turn
//
// The used-board set U grows by both boards of each move; no board of U may join a later pair
// of the same turn (BETZA-6). Every input returns the decisions it caused (News), or a Refusal
// with a code and the clause that refuses it; a refused input changes nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/result.h"
#include "games/betza/rules/army_position.h"
#include "games/betza/rules/betza_rules.h"
#include "games/betza/rules/pair_chess.h"
#include "games/betza/rules/standing.h"

namespace venue::games::betza {

enum class RefusalCode : std::uint8_t {
    GAME_OVER,
    NOT_ARMY_TURN,          // BETZA-3: not the army in the current batting slot
    NO_PAIR,                // BETZA-4.2: a move without a declared pair, or a "pair" of one board
    NO_SUCH_BOARD,          // BETZA-0.1
    BOARD_USED,             // BETZA-6: a board already used this turn
    NO_OWN_PIECE_ON_PAIR,   // BETZA-A7: neither board holds a piece of the army
    PAIR_ALREADY_DECLARED,  // BETZA-8: a pushed pair must be played on
    PRECHECK_PAIR,          // BETZA-A10 forbidden: a third army's king already in check there
    PIECE_NOT_ON_PAIR,      // BETZA-4, A7: a square outside the declared pair
    NOT_OWN_PIECE,          // BETZA-3.1: the piece is not of the army on move
    ILLEGAL_MOVE,           // BETZA-1, BETZA-8
    FIRST_MOVE_REQUIRED,    // BETZA-A8: no passing
    EXTRA_MOVE_REQUIRED,    // BETZA-A8 compulsory_when_legal
    EXTRA_MOVES_OFF,        // BETZA-A8 none
    REASSIGN_OFF,           // BETZA-A16
    NO_SUCH_PLAYER,
    NO_SUCH_ARMY,
    NO_PENDING_RULING,      // BETZA-A11 arbiter
    ALLIANCES_NOT_RECORDED  // BETZA-A14
};
const char* to_string(RefusalCode code);

struct Refusal {
    RefusalCode code = RefusalCode::ILLEGAL_MOVE;
    std::string clause;
    std::string reason;
};

enum class NewsKind : std::uint8_t {
    PAIR_DECLARED,
    MOVED,
    ARMY_CAPTURED,             // BETZA-7, BETZA-8: control passes (from_player -> to_player)
    SELF_MATE_RULING_PENDING,  // BETZA-A11 arbiter: who takes the army is the arbiter's call
    CONTROL_REASSIGNED,        // BETZA-9.1, A16
    TURN_ENDED,
    TURN_SKIPPED,       // BETZA-A12 skip_turn
    ARMY_RETIRED,       // BETZA-A12 eliminate_army
    PLAYER_ELIMINATED,  // BETZA-9
    ALLIANCE_RECORDED,  // BETZA-A14
    GAME_ENDED          // BETZA-9, A12, A17
};
const char* to_string(NewsKind kind);

struct News {
    NewsKind kind = NewsKind::MOVED;
    int army = NO_ARMY;
    int from_player = NO_PLAYER;
    int to_player = NO_PLAYER;
    Pair pair;
    chess::Move move;  // MOVED: in the joined board's coordinates of `pair`
    // MOVED: the same move on the half-boards (as their owners see them), the man that moved and
    // the man it took, so a record reads without the joining map (BETZA-4.3).
    HalfSquare from, to;
    chess::PieceType piece = chess::NO_PIECE_TYPE;
    Man captured;
    std::string clause;
    std::string reason;
};

using Decided = venue::Result<std::vector<News>, Refusal>;

// One change of an army's controller, for the record (BETZA-7.3).
struct ControlChange {
    int army = NO_ARMY;
    int from_player = NO_PLAYER;
    int to_player = NO_PLAYER;
    std::uint32_t turn = 0;
    std::string clause;
};

class BetzaGame {
  public:
    // A new game of `armies` armies (= players = half-boards), the batting order drawn from
    // `seed` (BETZA-A2), each army on its home board in the layout A3 gives it. An error names
    // the clause when the rules cannot run that many armies.
    static venue::Result<BetzaGame, std::string> start(int armies, const BetzaRules& rules,
                                                       std::uint64_t seed);
    // A game from a given position (set-ups, tests, the two-army bridge to chess): `slot` is the
    // batting slot on move, `chances` the en passant chances open (BETZA-A5). The turn begins at
    // once, so a position with no legal move is decided here (BETZA-8.1, A12).
    BetzaGame(ArmyPosition position, BetzaRules rules, std::vector<int> order, int slot = 0,
              std::vector<PassingChance> chances = {});

    // --- What stands ---
    const ArmyPosition& position() const { return position_; }
    const BetzaRules& rules() const { return rules_; }
    const std::vector<int>& batting_order() const { return order_; }
    int armies() const { return position_.armies; }
    int players() const { return position_.armies; }
    int army_on_move() const { return order_[std::size_t(slot_)]; }
    int controller_of(int army) const { return position_.controller[std::size_t(army)]; }
    std::uint32_t turn() const { return turn_; }
    bool board_used(int board) const { return (used_ >> board) & 1U; }
    int moves_this_turn() const { return moves_this_turn_; }
    const std::optional<Pair>& declared_pair() const { return declared_; }
    const Standing& standing() const { return standing_; }
    bool ended() const { return standing_.ended; }
    const std::vector<int>& eliminated() const { return eliminated_; }
    std::vector<int> players_in() const;
    const std::vector<ControlChange>& control_history() const { return control_history_; }
    const std::vector<int>& pending_self_mate_rulings() const { return pending_self_mates_; }
    const std::vector<std::pair<int, int>>& alliances() const { return alliances_; }
    // What the first turn's beginning decided (a position with no legal move: BETZA-8.1, A12).
    const std::vector<News>& opening_news() const { return opening_news_; }
    // Turns in a row skipped by stalemate (BETZA-A12).
    int consecutive_skips() const { return consecutive_skips_; }

    // --- Questions ---
    // The pairs the army on move may push now: two distinct unused boards, one of them holding a
    // piece of the army (BETZA-4.1, BETZA-6, BETZA-A7).
    std::vector<Pair> open_pairs() const;
    // The en passant chance the army on move may take on this pair now (BETZA-A5).
    std::optional<PassingChance> passing_chance(const Pair& pair) const;
    // The legal moves of the army on move on `pair` (joined coordinates of `pair` as ordered).
    std::vector<chess::Move> legal_moves_on(const Pair& pair) const;
    // Whether the army on move has a legal move on some open pair now.
    bool can_move() const;

    // --- Inputs ---
    // BETZA-4: push two half-boards together. Rule 8: if the army's own king is mated there, the
    // army is captured at once (A11) and its turn ends.
    Decided declare_pair(int army, const Pair& pair);
    // A move on the declared pair in its joined coordinates. A castling is king from -> king to;
    // en passant and castling may come as plain from -> to; a promotion must name its piece.
    Decided move(int army, chess::Move move);
    // The same move given as half-board squares (how the boards read it).
    Decided move(int army, const HalfSquare& from, const HalfSquare& to,
                 chess::PieceType promotion = chess::NO_PIECE_TYPE);
    // declare_pair then move.
    Decided play(int army, const Pair& pair, chess::Move move);
    // "End turn" after at least one move (BETZA-6, A8).
    Decided end_turn(int army);
    // BETZA-A15 per_army_countdown: the army on move's time ran out. Venue's reading: the army
    // leaves the game as a stalemated army does under A12's eliminate_army (its pieces leave the
    // boards, a controller left without an army is out, BETZA-9) and the turn passes on.
    Decided time_forfeit(int army);

    // --- The arbiter ---
    // BETZA-9.1, A16: hand an army to a player (friendly games only).
    Decided reassign(int army, int player);
    // BETZA-A11 arbiter: who takes an army that mated itself.
    Decided rule_self_mate(int army, int player);
    // BETZA-A14: record a declared alliance (display only; it changes no rule: BETZA-5, 5.1).
    Decided record_alliance(int player_a, int player_b);
    // BETZA-A17: the players still in agree a shared draw.
    Decided agree_draw();

    // Every invariant of the state; the first broken one goes to *why.
    bool is_ok(std::string* why = nullptr) const;

  private:
    Refusal refuse(RefusalCode code, std::string clause, std::string reason) const;
    std::optional<Refusal> turn_problem(int army) const;
    std::optional<PassingChance> reply_chance(int army, const Pair& pair) const;
    int next_army_after(int slot) const;
    void capture_mated_armies(const Pair& pair, int mover, std::vector<News>& news);
    void capture_self_mated(int army, const std::vector<Pair>& pairs, const std::string& clause,
                            std::vector<News>& news);
    void transfer(int army, int to_player, const std::string& clause, const std::string& reason,
                  NewsKind kind, std::vector<News>& news);
    void eliminate_players_without_armies(std::vector<News>& news);
    void end_game(std::vector<int> still_in, const std::string& clause, const std::string& reason,
                  std::vector<News>& news);
    void finish_turn(std::vector<News>& news, const std::string& clause, const std::string& reason);
    void begin_turn(std::vector<News>& news);
    // The army leaves the game (A12's eliminate_army, A15's flag): clause and reason say why.
    void retire(int army, const std::string& clause, const std::string& reason,
                std::vector<News>& news);
    int active_armies() const;

    ArmyPosition position_;
    BetzaRules rules_;
    std::vector<int> order_;
    int slot_ = 0;
    std::uint32_t turn_ = 1;
    std::uint32_t used_ = 0;  // bit b: half-board b used this turn (BETZA-6)
    int moves_this_turn_ = 0;
    std::optional<Pair> declared_;
    std::vector<PassingChance> chances_;
    std::vector<int> eliminated_;
    std::vector<ControlChange> control_history_;
    std::vector<int> pending_self_mates_;
    std::vector<std::pair<int, int>> alliances_;
    int consecutive_skips_ = 0;
    Standing standing_;
    std::vector<News> opening_news_;  // what the first begin_turn decided
};

}  // namespace venue::games::betza
