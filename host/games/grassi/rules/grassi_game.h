// A game of Grassi's ChessBall (seed 004; catalogue §7, GCB-*) as a fold of its inputs: the
// field of pieces on the half-square lattice, the ball, the turns of three alternating moves
// with their movement points, kick-offs, passes, throws and shots, the keeper's dice, tackles,
// substitutions, goals, the halves and the result. Pure: no I/O, no clock; dice come from the
// seed it is given (the log's) and the number of dice thrown so far, or are entered (GCB-A28).
//
//   PLACEMENT ──both sides placed (GCB-PREP-4)──▶ PLAY ──goal, half-time──▶ PLACEMENT
//                                                  │
//                                                  └──after the last turn (GCB-OBJ-1, A27)──▶ OVER
//
// A turn (GCB-TURN-1): the movement points are rolled (3d6 each, GCB-MP-1), then the two players
// alternate three moves each, the first mover set by GCB-A2. A move is one of: a piece's path
// (with the ball if it carries it), the ball's path (its carrier's side only), a substitution,
// a tackle (GCB-A21: one of the three moves by default), or a pass move (GCB-A4).
//
// Dice (GCB-KIT-2): whenever the game needs a throw it says which (Roll) and waits; with the
// host's dice the throw is made at once from the seed, with physical dice (GCB-A28) it waits for
// the faces (enter_dice) and refuses everything else meanwhile. Every throw is news.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "chess/types.h"
#include "common/result.h"
#include "games/grassi/rules/grassi_rules.h"
#include "games/grassi/rules/keeper.h"
#include "games/grassi/rules/lattice.h"
#include "games/grassi/rules/movement.h"

namespace venue::games::grassi {

enum class Stage : std::uint8_t {
    PLACEMENT,  // a kick-off: the sides place their field pieces (GCB-PREP-4)
    PLAY,
    OVER
};
const char* to_string(Stage s);

// A throw of dice the game waits for (GCB-KIT-2).
enum class Roll : std::uint8_t {
    NONE,
    COIN,      // who kicks off first (GCB-A25): one die, 1-3 White, 4-6 Black
    MOVEMENT,  // a turn's movement points (GCB-MP-1): three dice for White, then three for Black
    KEEPER,    // the keeper's 3d6 against a shot (GCB-PARATA-1)
    PARRY,     // the d6 of a parry's direction (GCB-PARATA-3)
    TACKLE     // a tackle (GCB-CONTR-2): three dice for White, then three for Black
};
const char* to_string(Roll r);
int dice_of(Roll r);  // how many dice the throw has

// Pieces are numbered side * 4 + slot: slot 0 the king (the keeper), 1..3 the field pieces.
constexpr int PIECES = 8;
constexpr int index_of(chess::Color side, int slot) {
    return int(side) * 4 + slot;
}

struct FieldPiece {
    chess::PieceType type = chess::NO_PIECE_TYPE;
    chess::Color side = chess::WHITE;
    Point at;
    bool placed = true;  // false while a kick-off waits for its side's placement
};

struct BallState {
    Point at = KICK_OFF;
    std::optional<int> carrier;  // the piece that has it; nullopt: loose (GCB-PASS-2)
};

struct Refusal {
    std::string code;    // NOT_YOUR_MOVE, INSUFFICIENT_MP, KNIGHT_ONCE_PER_TURN, ...
    std::string clause;  // "GCB-MP-3"
    std::string reason;
};

// What the game decided: its kind (the feed's and the console's word), the clause and the words,
// and facts for displays ("from" = "(1, 1)", "mp_left" = "7").
struct News {
    std::string kind;
    std::string clause;
    std::string reason;
    std::map<std::string, std::string> facts;
};

using Decided = venue::Result<std::vector<News>, Refusal>;

class GrassiGame {
  public:
    // A game under `rules` drawing its dice from `seed` (the host's dice); `rules` have passed
    // rules_problem(). opening() says what the start decided.
    GrassiGame(GrassiRules rules, std::uint64_t seed);
    // The kick-off's taker (tossed from the seed, or White), and the first kick-off's wait.
    const std::vector<News>& opening() const { return opening_; }

    // --- The players' inputs; each is refused with its clause, or changes the game -----------
    // `side` places its three field pieces (slots 1..3, in order) for a kick-off; the kicker
    // names which of them, next to the ball, has it (`carrier_slot`, 0: the first next to it).
    Decided place(chess::Color side, const std::array<Point, 3>& points, int carrier_slot = 0);
    // A piece's move along `path` (every point it stands on, from where it is); a carrier takes
    // the ball along (a dribble, the ball keeping its place beside it) unless `leave_ball`.
    Decided move(chess::Color side, const std::vector<Point>& path, bool leave_ball = false);
    // The ball's move along `path` (from its point): round its still carrier (GCB-BALL-2), or a
    // pass, throw or shot. `receiver`: which piece takes it, when several may (GCB-A10).
    Decided move_ball(chess::Color side, const std::vector<Point>& path,
                      std::optional<Point> receiver = std::nullopt);
    // A tackle by `side`'s piece on `attacker` against the piece on `against` (the carrier when
    // the ball is carried; an opposing piece next to a loose ball).
    Decided contest(chess::Color side, Point attacker, std::optional<Point> against = std::nullopt);
    // `side`'s piece on `at` goes out and a `in` comes in on its point (GCB-SOST-*).
    Decided substitute(chess::Color side, Point at, chess::PieceType in);
    // One of `side`'s three moves spent doing nothing (GCB-A4).
    Decided pass_move(chess::Color side);
    // The faces of the physical dice the game waits for (GCB-A28), all of the throw at once.
    Decided enter_dice(const std::vector<int>& faces);
    // The arbiter's corrections (a position entered wrong, a physical board out of step): a piece
    // to another free point; the ball to a free point, to the piece next to it on `carrier` or
    // loose. Neither costs MP nor counts as a move.
    Decided correct_piece(Point from, Point to);
    Decided correct_ball(Point to, std::optional<Point> carrier);

    // --- The state --------------------------------------------------------------------------
    const GrassiRules& rules() const { return rules_; }
    Stage stage() const { return stage_; }
    const std::array<FieldPiece, PIECES>& pieces() const { return pieces_; }
    const BallState& ball() const { return ball_; }
    std::optional<int> piece_at(Point p) const;
    // The turn (1..), the half (1, 2; 3 for extra turns or the golden goal, GCB-A27).
    int turn() const { return turn_; }
    int half() const { return half_; }
    int last_turn() const { return last_turn_; }  // the turn after which the result is taken
    bool golden_goal() const { return golden_goal_; }
    // Moves made in this turn (0..5) and the side whose move it is.
    int moves_made() const { return moves_made_; }
    chess::Color mover() const;
    // The side that has each move of the turn first (GCB-A2).
    chess::Color first_mover() const { return first_; }
    int mp(chess::Color side) const { return mp_[side]; }
    int goals(chess::Color side) const { return goals_[side]; }
    chess::Color kicker() const { return kicker_; }
    bool placed(chess::Color side) const { return placed_[side]; }
    std::optional<int> last_substitution(chess::Color side) const { return last_sub_[side]; }
    // The throw the game waits for (NONE: none) and why, in words.
    Roll pending_roll() const { return pending_.roll; }
    std::string pending_words() const;
    std::uint64_t dice_thrown() const { return draws_; }
    // The last RECENT_ROLLS throws in words, the latest last ("turn 12: keeper roll: 4 5 6"),
    // for the console and the feed. Shown, not ruled on: the log's dice news are the record.
    static constexpr std::size_t RECENT_ROLLS = 6;
    const std::vector<std::string>& recent_rolls() const { return recent_rolls_; }
    // The winner when over (nullopt: a draw, or not over).
    std::optional<chess::Color> winner() const { return winner_; }
    const std::string& end_reason() const { return end_reason_; }
    const std::string& end_clause() const { return end_clause_; }

    // Whether the state's invariants hold: no two things on one point, a carrier beside the
    // ball, no pool below zero, the turn's counters in range; what is wrong in *why.
    bool is_ok(std::string* why = nullptr) const;

  private:
    using NewsList = std::vector<News>;
    // What a throw the game waits for will decide.
    struct Pending {
        Roll roll = Roll::NONE;
        chess::Color side = chess::WHITE;  // the shooter, the tackle's starter
        int power = 0;                     // KEEPER: the shot's power
        Point arrival;                     // KEEPER: the keeper's point the ball reached
        int keeper = -1;                   // KEEPER, PARRY: the keeper's piece
        int residual = 0;                  // PARRY: the rebound's steps (0: PARRY_0)
        int attacker = -1, defender = -1;  // TACKLE: the contesting pieces
        bool holder_defends = false;       // TACKLE: the defender had the ball
        bool counts = true;                // the action is one of the mover's three moves
    };

    std::optional<Refusal> not_ready(chess::Color side) const;
    Occupancy occupancy(std::optional<int> except, bool with_ball) const;
    void news(NewsList& out, std::string kind, const char* clause, std::string reason,
              std::map<std::string, std::string> facts = {}) const;
    // Throws the dice the game waits for while it can (the host's dice: always), and carries on.
    void settle(NewsList& out);
    void resolve(const std::vector<int>& faces, NewsList& out);
    std::vector<int> throw_host_dice(int n);

    // A move is made: counts it (unless free) and ends the turn after the sixth.
    void finish_move(bool counts, NewsList& out);
    // A piece's or the ball's move is made, unless a throw it called for (a tackle for the ball,
    // GCB-A10 auto_contest) is due: then that throw's outcome ends it.
    void end_move_or_throw(NewsList& out);
    void end_turn(NewsList& out);
    void begin_turn(NewsList& out);
    void full_time(NewsList& out);
    // The keepers home, the field pieces off the field to be placed (a bishop, a knight and a
    // rook again when `undo_substitutions`), the ball on the kick-off point.
    void reset_field(bool undo_substitutions);
    // A kick-off by `kicker` is due: the sides place their pieces (GCB-PREP-4).
    void call_kick_off(chess::Color kicker, NewsList& out);
    // Both sides have placed: the kicker's piece has the ball, and the turn begins (or goes on).
    void kick_off(NewsList& out);
    void score(chess::Color scorer, int power, Point at, const char* clause, NewsList& out);
    void over(std::optional<chess::Color> winner, const char* clause, std::string why,
              NewsList& out);
    // Who takes the ball now at rest on its point (GCB-PASS-1, A10, A17, A32): the pieces beside
    // it but `except`; `mover` the side that moved it. May leave a tackle to throw (auto_contest).
    void possession_at_rest(chess::Color mover, std::optional<int> except,
                            std::optional<Point> receiver, const char* clause, NewsList& out);
    void after_shot_on_keeper(const Pending& p, const std::vector<int>& faces, NewsList& out);
    void after_parry(const Pending& p, int face, NewsList& out);
    void after_tackle(const Pending& p, const std::vector<int>& faces, NewsList& out);
    // The free point nearest `from` among its neighbours, straight `dir` first.
    std::optional<Point> free_point_beside(Point from, Point dir) const;
    bool counts_within_limits(chess::Color side, chess::PieceType in, int slot) const;
    std::string piece_words(int piece) const;

    GrassiRules rules_;
    std::uint64_t seed_ = 0;
    std::uint64_t draws_ = 0;  // dice thrown from the seed so far
    std::vector<std::string> recent_rolls_;
    std::vector<News> opening_;
    Stage stage_ = Stage::PLACEMENT;
    std::array<FieldPiece, PIECES> pieces_{};
    BallState ball_;
    int turn_ = 1;
    int half_ = 1;
    int last_turn_ = 50;
    bool golden_goal_ = false;
    int moves_made_ = 0;
    chess::Color first_ = chess::WHITE;
    std::array<int, 2> mp_{0, 0};
    std::array<int, 2> goals_{0, 0};
    chess::Color kicker_ = chess::WHITE;
    chess::Color first_kicker_ = chess::WHITE;  // the first half's (GCB-A25)
    std::array<bool, 2> placed_{false, false};
    int carrier_slot_ = 0;      // the kicker's choice of the piece with the ball
    bool resume_turn_ = false;  // after_goal = continue: the kick-off resumes the turn
    bool turn_rolled_ = false;  // this turn's movement points are rolled
    std::array<std::optional<int>, 2> last_sub_{};
    std::array<int, 2> contests_{0, 0};        // tackles started this turn
    std::set<std::pair<int, int>> contested_;  // pairs that contested this turn (GCB-A19)
    std::array<bool, PIECES> moved_{};         // pieces moved this turn (the knight's once)
    Pending pending_;
    std::optional<chess::Color> winner_;
    std::string end_reason_;
    std::string end_clause_;
};

}  // namespace venue::games::grassi
