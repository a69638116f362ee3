#include "games/grassi/rules/grassi_game.h"

#include <algorithm>
#include <cstdlib>

#include "games/grassi/rules/ball_path.h"
#include "games/grassi/rules/dice.h"
#include "games/grassi/rules/substitution.h"

namespace venue::games::grassi {

using chess::BLACK;
using chess::Color;
using chess::PieceType;
using chess::WHITE;

namespace {

constexpr int MOVES_PER_TURN = 6;  // three each, alternating (GCB-TURN-1)

std::string side_word(Color c) {
    return c == WHITE ? "white" : "black";
}

int sum(const std::vector<int>& faces, std::size_t from, std::size_t count) {
    int s = 0;
    for (std::size_t i = from; i < from + count && i < faces.size(); ++i) s += faces[i];
    return s;
}

std::string faces_text(const std::vector<int>& faces) {
    std::string s;
    for (int f : faces) s += (s.empty() ? "" : " ") + std::to_string(f);
    return s;
}

std::string path_text(const std::vector<Point>& path) {
    std::string s;
    for (const Point& p : path)
        s += (s.empty() ? "" : " ") + std::to_string(p.x) + "," + std::to_string(p.y);
    return s;
}

// "1st", "2nd", "3rd" move of a player's three.
std::string ordinal(int n) {
    return std::to_string(n) + (n == 1 ? "st" : n == 2 ? "nd" : n == 3 ? "rd" : "th");
}

// The eight neighbours' directions, anticlockwise from +x.
constexpr Point RING[8] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

int distance2(Point a, Point b) {
    return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

Refusal refusal(const char* code, const char* clause, std::string reason) {
    return Refusal{code, clause, std::move(reason)};
}

Refusal refusal(const char* code, const MoveProblem& p) {
    return Refusal{code, p.clause, p.words};
}

}  // namespace

const char* to_string(Stage s) {
    switch (s) {
        case Stage::PLACEMENT:
            return "kick_off";
        case Stage::PLAY:
            return "play";
        case Stage::OVER:
            return "over";
    }
    return "?";
}

const char* to_string(Roll r) {
    switch (r) {
        case Roll::NONE:
            return "none";
        case Roll::COIN:
            return "coin";
        case Roll::MOVEMENT:
            return "movement";
        case Roll::KEEPER:
            return "keeper";
        case Roll::PARRY:
            return "parry";
        case Roll::TACKLE:
            return "tackle";
    }
    return "?";
}

int dice_of(Roll r) {
    switch (r) {
        case Roll::NONE:
            return 0;
        case Roll::COIN:
        case Roll::PARRY:
            return 1;
        case Roll::KEEPER:
            return 3;
        case Roll::MOVEMENT:
        case Roll::TACKLE:
            return 6;
    }
    return 0;
}

// --- The start ----------------------------------------------------------------------------------

GrassiGame::GrassiGame(GrassiRules rules, std::uint64_t seed)
    : rules_(rules), seed_(seed), last_turn_(rules.turns) {
    reset_field(true);
    if (rules_.first_kickoff == FirstKickoff::WHITE) {
        first_kicker_ = WHITE;
        news(opening_, "kickoff_taker", "GCB-A25", "White kicks off first (first_kickoff = white)",
             {{"side", "white"}});
        call_kick_off(WHITE, opening_);
        return;
    }
    pending_.roll = Roll::COIN;
    settle(opening_);
}

void GrassiGame::reset_field(bool undo_substitutions) {
    // GCB-PREP-2, PREP-3: the keepers on their home points; a bishop, a knight and a rook each
    // (after a goal; half-time keeps substitutions by default, GCB-A29), to be placed.
    constexpr PieceType FIELD[3] = {chess::BISHOP, chess::KNIGHT, chess::ROOK};
    for (Color side : {WHITE, BLACK}) {
        FieldPiece& keeper = pieces_[std::size_t(index_of(side, 0))];
        keeper = FieldPiece{chess::KING, side, keeper_home(side), true};
        for (int slot = 1; slot <= 3; ++slot) {
            FieldPiece& p = pieces_[std::size_t(index_of(side, slot))];
            if (undo_substitutions || p.type == chess::NO_PIECE_TYPE) p.type = FIELD[slot - 1];
            p.side = side;
            p.at = Point{-1, -1};
            p.placed = false;
        }
    }
    ball_ = BallState{};
}

void GrassiGame::call_kick_off(Color kicker, NewsList& out) {
    kicker_ = kicker;
    stage_ = Stage::PLACEMENT;
    placed_ = {false, false};
    carrier_slot_ = 0;
    news(out, "kick_off_due", "GCB-PREP-4",
         std::string(chess::color_name(kicker)) +
             " kicks off: each side places its three field pieces in its own half, the kicker "
             "at least one next to the ball at " +
             to_string(KICK_OFF),
         {{"kicker", side_word(kicker)}});
}

// --- Refusals every move shares -----------------------------------------------------------------

std::optional<Refusal> GrassiGame::not_ready(Color side) const {
    if (stage_ == Stage::OVER)
        return refusal("GAME_OVER", end_clause_.empty() ? "GCB-OBJ-1" : end_clause_.c_str(),
                       "the game is over");
    if (pending_.roll != Roll::NONE)
        return refusal("AWAITING_DICE", "GCB-A28",
                       "the game waits for the dice: " + pending_words());
    if (stage_ == Stage::PLACEMENT)
        return refusal("KICK_OFF", "GCB-PREP-4",
                       "the kick-off: both sides place their field pieces first");
    if (side != mover())
        return refusal("NOT_YOUR_MOVE", "GCB-TURN-1",
                       std::string(chess::color_name(mover())) + " has the " +
                           ordinal(moves_made_ / 2 + 1) + " of its three moves now");
    return std::nullopt;
}

Color GrassiGame::mover() const {
    return moves_made_ % 2 == 0 ? first_ : ~first_;
}

std::optional<int> GrassiGame::piece_at(Point p) const {
    for (int i = 0; i < PIECES; ++i) {
        const FieldPiece& f = pieces_[std::size_t(i)];
        if (f.placed && f.at == p) return i;
    }
    return std::nullopt;
}

Occupancy GrassiGame::occupancy(std::optional<int> except, bool with_ball) const {
    Occupancy o;
    for (int i = 0; i < PIECES; ++i) {
        const FieldPiece& f = pieces_[std::size_t(i)];
        if (f.placed && (!except || *except != i)) o.pieces.push_back(f.at);
    }
    if (with_ball) o.ball = ball_.at;
    return o;
}

std::string GrassiGame::piece_words(int piece) const {
    const FieldPiece& f = pieces_[std::size_t(piece)];
    return std::string(chess::color_name(f.side)) + "'s " + chess::type_name(f.type) +
           (f.placed ? " at " + to_string(f.at) : "");
}

void GrassiGame::news(NewsList& out, std::string kind, const char* clause, std::string reason,
                      std::map<std::string, std::string> facts) const {
    out.push_back(News{std::move(kind), clause, std::move(reason), std::move(facts)});
}

// --- Dice ---------------------------------------------------------------------------------------

std::string GrassiGame::pending_words() const {
    switch (pending_.roll) {
        case Roll::NONE:
            return "";
        case Roll::COIN:
            return "one die for the first kick-off (1-3 White, 4-6 Black)";
        case Roll::MOVEMENT:
            return "turn " + std::to_string(turn_) +
                   "'s movement points: three dice for White, then three for Black";
        case Roll::KEEPER:
            return std::string("three dice for ") +
                   chess::color_name(pieces_[std::size_t(pending_.keeper)].side) +
                   "'s keeper against a shot of power " + std::to_string(pending_.power);
        case Roll::PARRY:
            return "one die for the parry's direction (1-2 left, 3-4 centre, 5-6 right)";
        case Roll::TACKLE:
            return "the tackle: three dice for White, then three for Black";
    }
    return "";
}

std::vector<int> GrassiGame::throw_host_dice(int n) {
    std::vector<int> faces;
    for (int i = 0; i < n; ++i) faces.push_back(d6(seed_, draws_++));
    return faces;
}

void GrassiGame::settle(NewsList& out) {
    // Each throw may call for another (a parry's direction after the keeper's, a tackle's
    // re-roll): the host throws them all now; physical dice wait for enter_dice.
    while (pending_.roll != Roll::NONE && rules_.dice == Dice::HOST && stage_ != Stage::OVER)
        resolve(throw_host_dice(dice_of(pending_.roll)), out);
}

void GrassiGame::resolve(const std::vector<int>& faces, NewsList& out) {
    const Pending p = pending_;
    pending_ = Pending{};
    const std::string roll = std::string(to_string(p.roll)) + " roll: " + faces_text(faces);
    if (recent_rolls_.size() == RECENT_ROLLS) recent_rolls_.erase(recent_rolls_.begin());
    recent_rolls_.push_back("turn " + std::to_string(turn_) + ": " + roll);
    news(out, "dice", rules_.dice == Dice::HOST ? "GCB-KIT-2" : "GCB-A28", roll,
         {{"for", to_string(p.roll)},
          {"faces", faces_text(faces)},
          {"total", std::to_string(sum(faces, 0, faces.size()))}});
    switch (p.roll) {
        case Roll::NONE:
            return;
        case Roll::COIN: {
            first_kicker_ = faces.at(0) <= 3 ? WHITE : BLACK;
            news(out, "kickoff_taker", "GCB-A25",
                 std::string("the coin (a die: ") + std::to_string(faces.at(0)) +
                     "): " + chess::color_name(first_kicker_) + " kicks off first",
                 {{"side", side_word(first_kicker_)}});
            call_kick_off(first_kicker_, out);
            return;
        }
        case Roll::MOVEMENT: {
            // GCB-MP-1, A3: 3d6 each, added to what is carried over (nothing by default).
            mp_[WHITE] += sum(faces, 0, 3);
            mp_[BLACK] += sum(faces, 3, 3);
            turn_rolled_ = true;
            news(out, "movement_points", "GCB-MP-1",
                 "turn " + std::to_string(turn_) + ": White " + std::to_string(mp_[WHITE]) +
                     " MP, Black " + std::to_string(mp_[BLACK]) + " MP",
                 {{"turn", std::to_string(turn_)},
                  {"white", std::to_string(mp_[WHITE])},
                  {"black", std::to_string(mp_[BLACK])}});
            return;
        }
        case Roll::KEEPER:
            return after_shot_on_keeper(p, faces, out);
        case Roll::PARRY:
            return after_parry(p, faces.at(0), out);
        case Roll::TACKLE:
            return after_tackle(p, faces, out);
    }
}

Decided GrassiGame::enter_dice(const std::vector<int>& faces) {
    if (rules_.dice != Dice::PHYSICAL_ENTERED)
        return refusal("HOST_DICE", "GCB-A28",
                       "the host rolls the dice in this match (dice = host), from the logged seed");
    if (pending_.roll == Roll::NONE)
        return refusal("NO_ROLL_DUE", "GCB-A28", "no throw of the dice is due now");
    const int n = dice_of(pending_.roll);
    if (int(faces.size()) != n)
        return refusal("WRONG_DICE", "GCB-A28",
                       "the throw due is " + std::to_string(n) + " dice (" + pending_words() +
                           "), not " + std::to_string(faces.size()));
    for (int f : faces)
        if (f < 1 || f > 6)
            return refusal("WRONG_DICE", "GCB-KIT-2",
                           "a die shows 1 to 6, not " + std::to_string(f));
    NewsList out;
    resolve(faces, out);
    return out;
}

// --- Turns, halves, goals and the result --------------------------------------------------------

void GrassiGame::begin_turn(NewsList& out) {
    switch (rules_.turn_order) {  // GCB-A2
        case TurnOrder::WHITE_FIRST:
            first_ = WHITE;
            break;
        case TurnOrder::KICKOFF_TAKER_FIRST:
            first_ = kicker_;
            break;
        case TurnOrder::POSSESSOR_FIRST:
            first_ = ball_.carrier ? pieces_[std::size_t(*ball_.carrier)].side : WHITE;
            break;
    }
    moves_made_ = 0;
    contests_ = {0, 0};
    contested_.clear();
    moved_.fill(false);
    turn_rolled_ = false;
    news(out, "turn", "GCB-TURN-1",
         "turn " + std::to_string(turn_) + " (half " + std::to_string(half_) +
             "): " + chess::color_name(first_) + " moves first",
         {{"turn", std::to_string(turn_)},
          {"half", std::to_string(half_)},
          {"first", side_word(first_)}});
    pending_ = Pending{};
    pending_.roll = Roll::MOVEMENT;
    settle(out);
}

void GrassiGame::end_move_or_throw(NewsList& out) {
    if (pending_.roll == Roll::NONE) return finish_move(true, out);
    pending_.counts = true;  // the throw's outcome ends the move
    settle(out);
}

void GrassiGame::finish_move(bool counts, NewsList& out) {
    if (stage_ != Stage::PLAY) return;
    if (counts) ++moves_made_;
    if (moves_made_ >= MOVES_PER_TURN) end_turn(out);
}

void GrassiGame::end_turn(NewsList& out) {
    news(out, "turn_ended", "GCB-TURN-1", "turn " + std::to_string(turn_) + " is over",
         {{"turn", std::to_string(turn_)}});
    if (!rules_.mp_carry_over) mp_ = {0, 0};  // GCB-A3: unused MP are lost
    moves_made_ = 0;
    if (turn_ >= last_turn_ && !golden_goal_) {
        full_time(out);
        if (stage_ == Stage::OVER) return;
    }
    ++turn_;
    if (half_ == 1 && turn_ == rules_.turns / 2 + 1) {
        // GCB-OBJ-1, A29: half-time; the second half's kick-off is the other player's (A25).
        half_ = 2;
        news(out, "half_time", "GCB-A29",
             "half-time after turn " + std::to_string(turn_ - 1) +
                 (rules_.halftime_reset_pieces ? ": substitutions undone" : ""),
             {{"turn", std::to_string(turn_ - 1)}});
        resume_turn_ = false;
        reset_field(rules_.halftime_reset_pieces);
        call_kick_off(~first_kicker_, out);
        return;
    }
    if (stage_ == Stage::PLACEMENT) return;  // a goal's kick-off first; the turn begins after it
    begin_turn(out);
}

void GrassiGame::full_time(NewsList& out) {
    const std::string score = std::to_string(goals_[WHITE]) + "-" + std::to_string(goals_[BLACK]);
    if (goals_[WHITE] != goals_[BLACK]) {
        const Color w = goals_[WHITE] > goals_[BLACK] ? WHITE : BLACK;
        return over(w, "GCB-OBJ-1",
                    std::string(chess::color_name(w)) + " wins " + score + " after turn " +
                        std::to_string(turn_),
                    out);
    }
    if (rules_.tie == Tie::DRAW || (rules_.tie == Tie::EXTRA_TURNS && half_ == 3))
        return over(std::nullopt, "GCB-A27",
                    "level at " + score + " after turn " + std::to_string(turn_) + ": a draw", out);
    half_ = 3;
    if (rules_.tie == Tie::EXTRA_TURNS) {
        last_turn_ += rules_.extra_turns;
        news(out, "extra_turns", "GCB-A27",
             "level at " + score + ": " + std::to_string(rules_.extra_turns) + " extra turns",
             {{"turns", std::to_string(rules_.extra_turns)}});
    } else {
        golden_goal_ = true;
        news(out, "golden_goal", "GCB-A27", "level at " + score + ": the next goal wins");
    }
    resume_turn_ = false;
    reset_field(false);
    call_kick_off(first_kicker_, out);
}

void GrassiGame::over(std::optional<Color> winner, const char* clause, std::string why,
                      NewsList& out) {
    stage_ = Stage::OVER;
    winner_ = winner;
    end_clause_ = clause;
    end_reason_ = why;
    pending_ = Pending{};
    news(out, "game_ended", clause, std::move(why),
         {{"winner", winner ? side_word(*winner) : "none"},
          {"score", std::to_string(goals_[WHITE]) + "-" + std::to_string(goals_[BLACK])}});
}

void GrassiGame::score(Color scorer, int power, Point at, const char* clause, NewsList& out) {
    ++goals_[scorer];
    news(out, "goal", clause,
         std::string("goal for ") + chess::color_name(scorer) + " at " + to_string(at) + ": " +
             std::to_string(goals_[WHITE]) + "-" + std::to_string(goals_[BLACK]),
         {{"scorer", side_word(scorer)},
          {"at", to_string(at)},
          {"power", std::to_string(power)},
          {"white", std::to_string(goals_[WHITE])},
          {"black", std::to_string(goals_[BLACK])}});
    if (golden_goal_)
        return over(scorer, "GCB-A27",
                    std::string("golden goal: ") + chess::color_name(scorer) + " wins", out);
    // GCB-PARATA-6, PREP-3: the kick-off by the conceding player, the field pieces reset.
    reset_field(true);
    call_kick_off(~scorer, out);
    // GCB-A26: the goal ends the turn, or the turn goes on after the kick-off.
    ++moves_made_;
    if (rules_.after_goal == AfterGoal::END_TURN || moves_made_ >= MOVES_PER_TURN) {
        resume_turn_ = false;
        end_turn(out);
    } else {
        resume_turn_ = true;
    }
}

// --- The kick-off -------------------------------------------------------------------------------

Decided GrassiGame::place(Color side, const std::array<Point, 3>& points, int carrier_slot) {
    if (stage_ == Stage::OVER) return refusal("GAME_OVER", "GCB-OBJ-1", "the game is over");
    if (pending_.roll != Roll::NONE)
        return refusal("AWAITING_DICE", "GCB-A28",
                       "the game waits for the dice: " + pending_words());
    if (stage_ != Stage::PLACEMENT)
        return refusal("NOT_KICK_OFF", "GCB-PREP-4",
                       "pieces are placed for a kick-off only; in play they move");
    const std::string who = chess::color_name(side);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Point p = points[i];
        if (!on_field(p))
            return refusal("BAD_PLACE", "GCB-PREP-5", to_string(p) + " is off the field");
        if (p == KICK_OFF)
            return refusal("BAD_PLACE", "GCB-MOV-8", to_string(p) + " is the ball's point");
        if (p == keeper_home(WHITE) || p == keeper_home(BLACK))
            return refusal("BAD_PLACE", "GCB-MOV-8", to_string(p) + " is a keeper's point");
        for (std::size_t j = 0; j < i; ++j)
            if (points[j] == p)
                return refusal("BAD_PLACE", "GCB-MOV-8", "two pieces on " + to_string(p));
        if (const auto other = piece_at(p); other && pieces_[std::size_t(*other)].side != side)
            return refusal("BAD_PLACE", "GCB-MOV-8",
                           to_string(p) + " is taken by " + piece_words(*other));
        if (!in_own_half(p, side))
            return refusal("BAD_PLACE", "GCB-A25",
                           to_string(p) + " is not in " + who + "'s half (" +
                               (side == WHITE ? "y 0 to 8" : "y 8 to 16") + ")");
        if (!rules_.field_pieces_on_goal_line && (p.y == 0 || p.y == LATTICE - 1))
            return refusal("BAD_PLACE", "GCB-A30",
                           "field pieces keep off the goal lines in this match: " + to_string(p));
    }
    int carrier = 0;
    if (side == kicker_) {
        for (int slot = 1; slot <= 3 && !carrier; ++slot)
            if (adjacent(points[std::size_t(slot - 1)], KICK_OFF)) carrier = slot;
        if (!carrier)
            return refusal("NO_KICKER", "GCB-PREP-4",
                           who + " kicks off: at least one of its pieces next to the ball at " +
                               to_string(KICK_OFF));
        if (carrier_slot != 0) {
            if (carrier_slot < 1 || carrier_slot > 3 ||
                !adjacent(points[std::size_t(carrier_slot - 1)], KICK_OFF))
                return refusal("NO_KICKER", "GCB-PREP-4",
                               "the piece that has the ball at the kick-off stands next to it");
            carrier = carrier_slot;
        }
    }
    NewsList out;
    std::vector<Point> placed;
    for (int slot = 1; slot <= 3; ++slot) {
        FieldPiece& f = pieces_[std::size_t(index_of(side, slot))];
        f.at = points[std::size_t(slot - 1)];
        f.placed = true;
        placed.push_back(f.at);
    }
    placed_[side] = true;
    if (side == kicker_) carrier_slot_ = carrier;
    news(out, "placed", "GCB-PREP-4", who + " places its pieces: " + path_text(placed),
         {{"side", side_word(side)}, {"points", path_text(placed)}});
    if (placed_[WHITE] && placed_[BLACK]) kick_off(out);
    return out;
}

void GrassiGame::kick_off(NewsList& out) {
    stage_ = Stage::PLAY;
    const int carrier = index_of(kicker_, carrier_slot_);
    ball_ = BallState{KICK_OFF, carrier};
    news(
        out, "kick_off", "GCB-PREP-4",
        "kick-off: " + piece_words(carrier) + " has the ball at " + to_string(KICK_OFF),
        {{"kicker", side_word(kicker_)}, {"carrier", to_string(pieces_[std::size_t(carrier)].at)}});
    if (resume_turn_) {  // GCB-A26 continue_turn_after_reset: the turn's moves and MP go on
        resume_turn_ = false;
        return;
    }
    begin_turn(out);
}

// --- Moves --------------------------------------------------------------------------------------

Decided GrassiGame::move(Color side, const std::vector<Point>& path, bool leave_ball) {
    if (auto r = not_ready(side)) return *r;
    if (path.size() < 2)
        return refusal("BAD_PATH", "GCB-TURN-2", "a move goes somewhere: give its path");
    const auto idx = piece_at(path[0]);
    if (!idx || pieces_[std::size_t(*idx)].side != side)
        return refusal(
            "NOT_YOUR_PIECE", "GCB-TURN-2",
            "no piece of " + std::string(chess::color_name(side)) + "'s at " + to_string(path[0]));
    FieldPiece& piece = pieces_[std::size_t(*idx)];
    if (piece.type == chess::KNIGHT && moved_[std::size_t(*idx)])
        return refusal("KNIGHT_ONCE_PER_TURN", "GCB-MOV-4",
                       "this knight has moved in this turn already (once a turn)");
    const bool carrying = ball_.carrier == *idx && !leave_ball;
    if (auto problem = path_problem(piece.type, side, path, occupancy(*idx, !carrying), rules_))
        return refusal("BAD_PATH", *problem);
    if (!rules_.field_pieces_on_goal_line && piece.type != chess::KING)
        for (std::size_t i = 1; i < path.size(); ++i)
            if (path[i].y == 0 || path[i].y == LATTICE - 1)
                return refusal(
                    "BAD_PATH", "GCB-A30",
                    "field pieces keep off the goal lines in this match: " + to_string(path[i]));
    // A dribble (GCB-BALL-1): the ball keeps its place beside the piece at every step; a
    // knight's leaps with it (GCB-BALL-3).
    std::vector<Point> ball_path;
    std::optional<Color> goal_of;  // the goal the dribbled ball ends in
    if (carrying) {
        const Point offset{ball_.at.x - path[0].x, ball_.at.y - path[0].y};
        const Occupancy others = occupancy(*idx, false);
        ball_path.push_back(ball_.at);
        const std::size_t first = piece.type == chess::KNIGHT ? path.size() - 1 : 1;
        for (std::size_t i = first; i < path.size(); ++i) {
            const Point b{path[i].x + offset.x, path[i].y + offset.y};
            if (!on_field(b))
                return refusal("BALL_BLOCKED", "GCB-BALL-1",
                               "the ball beside the " + std::string(chess::type_name(piece.type)) +
                                   " would leave the field at " + to_string(b));
            if (others.occupied(b, false))
                return refusal("BALL_BLOCKED", "GCB-BALL-1",
                               "the ball cannot pass " + to_string(b) + ": a piece stands there");
            for (Color s : {WHITE, BLACK})
                if (in_goal_mouth(b, s, rules_.posts_inside)) {
                    if (i + 1 != path.size())
                        return refusal("BAD_PATH", "GCB-A12",
                                       "the ball is in the goal at " + to_string(b) +
                                           ": the dribble ends there");
                    goal_of = s;
                }
            ball_path.push_back(b);
        }
        if (goal_of && *goal_of == side && rules_.own_goals == OwnGoals::IMPOSSIBLE)
            return refusal("OWN_GOAL", "GCB-A12", "no ball into one's own goal in this match");
    }
    const int steps = int(path.size()) - 1;
    const int cost =
        carrying ? dribble_cost(piece.type, path, steps, rules_) : move_cost(piece.type, path);
    if (cost > mp_[side])
        return refusal("INSUFFICIENT_MP", "GCB-MP-3",
                       "this move costs " + std::to_string(cost) + " MP; " +
                           std::string(chess::color_name(side)) + " has " +
                           std::to_string(mp_[side]) + " left");
    NewsList out;
    const Point from = path.front(), to = path.back();
    piece.at = to;
    mp_[side] -= cost;
    moved_[std::size_t(*idx)] = true;
    if (carrying) ball_.at = ball_path.back();
    if (ball_.carrier == *idx && leave_ball) ball_.carrier.reset();  // GCB-TURN-2 (a) without it
    const char* clause = carrying ? (piece.type == chess::KNIGHT ? "GCB-BALL-3" : "GCB-BALL-1")
                         : piece.type == chess::KNIGHT ? "GCB-MOV-3"
                                                       : "GCB-HALF-3";
    news(out, carrying ? "dribbled" : "moved", clause,
         std::string(chess::color_name(side)) + "'s " + chess::type_name(piece.type) + " " +
             to_string(from) + " to " + to_string(to) + (carrying ? " with the ball" : "") + ": " +
             std::to_string(cost) + " MP, " + std::to_string(mp_[side]) + " left",
         {{"side", side_word(side)},
          {"piece", chess::type_name(piece.type)},
          {"from", to_string(from)},
          {"to", to_string(to)},
          {"path", path_text(path)},
          {"cost", std::to_string(cost)},
          {"mp_left", std::to_string(mp_[side])}});
    if (goal_of) {
        news(out, "shot", "GCB-A12",
             "the dribbled ball reaches " + std::string(chess::color_name(*goal_of)) +
                 "'s goal mouth at " + to_string(ball_.at) + " with the keeper elsewhere",
             {{"at", to_string(ball_.at)},
              {"power", std::to_string(shot_power(steps))},
              {"goal", side_word(*goal_of)}});
        score(~*goal_of, shot_power(steps), ball_.at, "GCB-TIRO-3", out);
        return out;
    }
    // A loose ball beside the piece that moved is taken (GCB-A32).
    if (!ball_.carrier) possession_at_rest(side, std::nullopt, to, "GCB-A32", out);
    end_move_or_throw(out);
    return out;
}

Decided GrassiGame::move_ball(Color side, const std::vector<Point>& path,
                              std::optional<Point> receiver) {
    if (auto r = not_ready(side)) return *r;
    if (!ball_.carrier || pieces_[std::size_t(*ball_.carrier)].side != side)
        return refusal("BALL_NOT_YOURS", "GCB-TURN-2",
                       "only a player whose piece has the ball moves it (TURN-2 b)");
    if (path.size() < 2 || !(path[0] == ball_.at))
        return refusal("BAD_PATH", "GCB-PASS-1",
                       "the ball's path starts at its point " + to_string(ball_.at));
    const int carrier = *ball_.carrier;
    const Point c = pieces_[std::size_t(carrier)].at;
    const int steps = int(path.size()) - 1;
    NewsList out;

    // Round its still carrier (GCB-BALL-2): every point beside the carrier.
    bool circling = true;
    for (std::size_t i = 1; i < path.size(); ++i) circling = circling && adjacent(path[i], c);
    if (circling) {
        for (std::size_t i = 1; i < path.size(); ++i) {
            if (!adjacent(path[i - 1], path[i]))
                return refusal("BAD_PATH", "GCB-BALL-2",
                               to_string(path[i - 1]) + " to " + to_string(path[i]) +
                                   " is not one half-square step");
            if (const auto o = piece_at(path[i]))
                return refusal("BALL_BLOCKED", "GCB-MOV-9",
                               "the ball cannot pass " + to_string(path[i]) + ": " +
                                   piece_words(*o) + " stands there");
        }
        if (steps > mp_[side])
            return refusal("INSUFFICIENT_MP", "GCB-MP-3",
                           "the ball's " + std::to_string(steps) + " steps cost " +
                               std::to_string(steps) + " MP; " + std::to_string(mp_[side]) +
                               " left");
        ball_.at = path.back();
        mp_[side] -= steps;
        news(out, "ball_moved", "GCB-BALL-2",
             "the ball goes round " + piece_words(carrier) + " to " + to_string(ball_.at) + ": " +
                 std::to_string(steps) + " MP, " + std::to_string(mp_[side]) + " left",
             {{"side", side_word(side)},
              {"from", to_string(path.front())},
              {"to", to_string(ball_.at)},
              {"path", path_text(path)},
              {"cost", std::to_string(steps)},
              {"mp_left", std::to_string(mp_[side])}});
        finish_move(true, out);
        return out;
    }

    // A pass, a throw or a shot (GCB-PASS-*, TIRO-*).
    if (auto problem = ball_path_problem(path, rules_)) return refusal("BAD_PATH", *problem);
    if (mp_[side] == 0)
        return refusal("INSUFFICIENT_MP", "GCB-MP-3", "no MP left to move the ball");
    const int reach = std::min(steps, mp_[side]);  // GCB-TIRO-4: it stops when the MP run out
    for (int i = 1; i <= reach; ++i) {
        const Point p = path[std::size_t(i)];
        const auto occupant = piece_at(p);
        std::optional<Color> mouth;
        for (Color s : {WHITE, BLACK})
            if (in_goal_mouth(p, s, rules_.posts_inside)) mouth = s;
        if (mouth && *mouth == side && rules_.own_goals == OwnGoals::IMPOSSIBLE)
            return refusal("OWN_GOAL", "GCB-A12", "no ball into one's own goal in this match");
        if (occupant && *occupant == carrier)
            return refusal("BAD_PATH", "GCB-PASS-3",
                           "the ball cannot go through its own carrier at " + to_string(p));
        const bool keeper = occupant && mouth &&
                            pieces_[std::size_t(*occupant)].type == chess::KING &&
                            pieces_[std::size_t(*occupant)].side == *mouth;
        if (!occupant && !mouth) continue;
        const std::vector<Point> travelled(path.begin(), path.begin() + i + 1);
        mp_[side] -= i;
        ball_.carrier.reset();
        // A shot's facts, saved or not: where from and to, its power, the MP it cost.
        const auto shot_facts = [&] {
            return std::map<std::string, std::string>{{"side", side_word(side)},
                                                      {"from", to_string(path.front())},
                                                      {"at", to_string(p)},
                                                      {"path", path_text(travelled)},
                                                      {"power", std::to_string(shot_power(i))},
                                                      {"goal", side_word(*mouth)},
                                                      {"cost", std::to_string(i)},
                                                      {"mp_left", std::to_string(mp_[side])}};
        };
        if (keeper) {
            // GCB-TIRO-3: the keeper stands where the ball arrives: his dice decide.
            ball_.at = path[std::size_t(i - 1)];
            news(out, "shot", "GCB-TIRO-2",
                 std::string(chess::color_name(side)) + " shoots: the ball reaches " +
                     chess::color_name(*mouth) + "'s keeper at " + to_string(p) + " with power " +
                     std::to_string(shot_power(i)),
                 shot_facts());
            pending_ = Pending{};
            pending_.roll = Roll::KEEPER;
            pending_.side = side;
            pending_.power = shot_power(i);
            pending_.arrival = p;
            pending_.keeper = *occupant;
            settle(out);
            return out;
        }
        if (occupant) {
            // GCB-PASS-3, A33: the piece in its way takes it; the ball at its path's last free
            // point.
            ball_.at = path[std::size_t(i - 1)];
            ball_.carrier = *occupant;
            news(out, "intercepted", "GCB-PASS-3",
                 "the ball stops at " + piece_words(*occupant) + ", who has it: " +
                     std::to_string(i) + " MP, " + std::to_string(mp_[side]) + " left",
                 {{"side", side_word(side)},
                  {"from", to_string(path.front())},
                  {"to", to_string(ball_.at)},
                  {"by", to_string(p)},
                  {"path", path_text(travelled)},
                  {"cost", std::to_string(i)},
                  {"mp_left", std::to_string(mp_[side])}});
            finish_move(true, out);
            return out;
        }
        // A free point of a goal mouth: the keeper is elsewhere, a goal (GCB-TIRO-3).
        ball_.at = p;
        news(out, "shot", "GCB-TIRO-2",
             std::string(chess::color_name(side)) + " shoots into " + chess::color_name(*mouth) +
                 "'s goal at " + to_string(p) + " with power " + std::to_string(shot_power(i)) +
                 ": the keeper is not there",
             shot_facts());
        score(~*mouth, shot_power(i), p, "GCB-TIRO-3", out);
        return out;
    }
    // At rest at the end of its path, or where the MP ran out.
    mp_[side] -= reach;
    ball_.at = path[std::size_t(reach)];
    ball_.carrier.reset();
    const std::vector<Point> travelled(path.begin(), path.begin() + reach + 1);
    news(out, "ball_moved", reach < steps ? "GCB-TIRO-4" : "GCB-PASS-1",
         "the ball goes from " + to_string(path.front()) + " to " + to_string(ball_.at) + ": " +
             std::to_string(reach) + " MP, " + std::to_string(mp_[side]) + " left" +
             (reach < steps ? " (the MP ran out " + std::to_string(steps - reach) +
                                  " steps short of " + to_string(path.back()) + ")"
                            : ""),
         {{"side", side_word(side)},
          {"from", to_string(path.front())},
          {"to", to_string(ball_.at)},
          {"path", path_text(travelled)},
          {"cost", std::to_string(reach)},
          {"mp_left", std::to_string(mp_[side])}});
    possession_at_rest(side, carrier, receiver, "GCB-PASS-1", out);
    end_move_or_throw(out);
    return out;
}

void GrassiGame::possession_at_rest(Color mover, std::optional<int> except,
                                    std::optional<Point> receiver, const char* clause,
                                    NewsList& out) {
    std::vector<int> mine, theirs;
    for (int i = 0; i < PIECES; ++i) {
        const FieldPiece& f = pieces_[std::size_t(i)];
        if (!f.placed || (except && *except == i) || !adjacent(f.at, ball_.at)) continue;
        (f.side == mover ? mine : theirs).push_back(i);
    }
    if (mine.empty() && theirs.empty()) {
        ball_.carrier.reset();
        news(out, "loose", "GCB-PASS-2",
             "the ball is loose at " + to_string(ball_.at) +
                 ": the first piece to stop next to "
                 "it takes it",
             {{"at", to_string(ball_.at)}});
        return;
    }
    if (rules_.multi_adjacent == MultiAdjacent::NEAREST_THEN_MOVER) {
        // The nearest of them (an edge's neighbour before a corner's), then the mover's side.
        int best = 1000;
        for (int i : mine) best = std::min(best, distance2(pieces_[std::size_t(i)].at, ball_.at));
        for (int i : theirs) best = std::min(best, distance2(pieces_[std::size_t(i)].at, ball_.at));
        const auto farther = [&](int i) {
            return distance2(pieces_[std::size_t(i)].at, ball_.at) > best;
        };
        mine.erase(std::remove_if(mine.begin(), mine.end(), farther), mine.end());
        theirs.erase(std::remove_if(theirs.begin(), theirs.end(), farther), theirs.end());
    }
    const auto chosen_of = [&](const std::vector<int>& v) {
        for (int i : v)
            if (receiver && pieces_[std::size_t(i)].at == *receiver) return i;
        return v.front();
    };
    if (rules_.multi_adjacent == MultiAdjacent::AUTO_CONTEST && !mine.empty() && !theirs.empty()) {
        news(out, "contested_ball", "GCB-A10",
             "the ball stops next to pieces of both sides at " + to_string(ball_.at) +
                 ": a tackle decides (multi_adjacent = auto_contest)",
             {{"at", to_string(ball_.at)}});
        pending_ = Pending{};
        pending_.roll = Roll::TACKLE;
        pending_.side = mover;
        pending_.attacker = chosen_of(mine);
        pending_.defender = chosen_of(theirs);
        return;  // the caller throws it (settle) once it has said what the move counts for
    }
    const int taker = chosen_of(mine.empty() ? theirs : mine);
    ball_.carrier = taker;
    news(out, "possession", clause,
         piece_words(taker) + " takes the ball at " + to_string(ball_.at) +
             (mine.empty()      ? ""
              : !theirs.empty() ? " (the side that moved it keeps it, GCB-A10)"
                                : ""),
         {{"side", side_word(pieces_[std::size_t(taker)].side)},
          {"piece", to_string(pieces_[std::size_t(taker)].at)},
          {"at", to_string(ball_.at)}});
}

std::optional<Point> GrassiGame::free_point_beside(Point from, Point dir) const {
    int start = 0;
    for (int i = 0; i < 8; ++i)
        if (RING[i] == dir) start = i;
    // Straight along `dir` first, then turning further from it, left and right alternately.
    for (int turn = 0; turn <= 4; ++turn)
        for (int sign : {1, -1}) {
            if (turn == 0 && sign == -1) continue;
            if (turn == 4 && sign == -1) continue;
            const Point d = RING[(start + sign * turn + 8) % 8];
            const Point p{from.x + d.x, from.y + d.y};
            if (on_field(p) && !piece_at(p)) return p;
        }
    return std::nullopt;
}

void GrassiGame::after_shot_on_keeper(const Pending& p, const std::vector<int>& faces,
                                      NewsList& out) {
    const int roll = sum(faces, 0, 3);
    const KeeperResult r = keeper_result(p.power, roll, rules_);
    const FieldPiece& keeper = pieces_[std::size_t(p.keeper)];
    const char* clause = r.outcome == KeeperOutcome::SAVE         ? "GCB-PARATA-2"
                         : r.outcome == KeeperOutcome::PARRY      ? "GCB-PARATA-3"
                         : r.outcome == KeeperOutcome::PARRY_ZERO ? "GCB-A14"
                                                                  : "GCB-PARATA-4";
    const char* words = r.outcome == KeeperOutcome::SAVE    ? "saves: the keeper holds the ball"
                        : r.outcome == KeeperOutcome::PARRY ? "parries"
                        : r.outcome == KeeperOutcome::PARRY_ZERO
                            ? "parries with nothing left: the keeper's ball"
                            : "is beaten";
    news(out, "keeper", clause,
         std::string(chess::color_name(keeper.side)) + "'s keeper rolls " + std::to_string(roll) +
             " against power " + std::to_string(p.power) + " and " + words +
             (r.outcome == KeeperOutcome::PARRY ? " by " + std::to_string(r.residual) : ""),
         {{"roll", std::to_string(roll)},
          {"power", std::to_string(p.power)},
          {"outcome", to_string(r.outcome)},
          {"residual", std::to_string(r.residual)},
          {"keeper", side_word(keeper.side)}});
    switch (r.outcome) {
        case KeeperOutcome::GOAL:  // for the side attacking that goal (an own goal counts too)
            return score(~keeper.side, p.power, p.arrival, "GCB-PARATA-4", out);
        case KeeperOutcome::SAVE: {
            // GCB-A33: the ball at the point straight in front of the keeper.
            const Point ahead{0, keeper.side == WHITE ? 1 : -1};
            if (const auto spot = free_point_beside(keeper.at, ahead)) ball_.at = *spot;
            ball_.carrier = p.keeper;
            return finish_move(p.counts, out);
        }
        case KeeperOutcome::PARRY:
        case KeeperOutcome::PARRY_ZERO: {
            Pending next = p;
            next.roll = Roll::PARRY;
            next.residual = r.residual;
            pending_ = next;
            return;  // settle() throws the direction's die, or the arbiter enters it
        }
    }
}

void GrassiGame::after_parry(const Pending& p, int face, NewsList& out) {
    const FieldPiece& keeper = pieces_[std::size_t(p.keeper)];
    const Point dir = parry_direction(keeper.side, face, rules_);
    const char* side = face <= 2 ? "left" : face <= 4 ? "centre" : "right";
    if (p.residual == 0) {
        // GCB-A14: the ball drops beside the keeper on the parry's side, and is his.
        if (const auto spot = free_point_beside(keeper.at, dir)) ball_.at = *spot;
        ball_.carrier = p.keeper;
        news(out, "parry", "GCB-A14",
             std::string("the ball drops to the ") + side + " of the keeper, at " +
                 to_string(ball_.at) + ": the keeper's ball",
             {{"direction", side}, {"at", to_string(ball_.at)}, {"residual", "0"}});
        return finish_move(p.counts, out);
    }
    // GCB-A17: the rebound steps from the keeper's point; the first piece in its way takes it, the
    // field's edge stops it.
    Point at = keeper.at;
    int stopper = -1;  // the piece in its way
    for (int s = 0; s < p.residual; ++s) {
        const Point next{at.x + dir.x, at.y + dir.y};
        if (!on_field(next)) break;
        if (const auto o = piece_at(next)) {
            stopper = *o;
            break;
        }
        at = next;
    }
    if (at == keeper.at) {
        // Blocked at once: the ball drops at the nearest free point beside the keeper.
        if (const auto spot = free_point_beside(keeper.at, dir)) at = *spot;
        stopper = -1;
    }
    ball_.at = at;
    ball_.carrier.reset();
    news(out, "parry", "GCB-PARATA-3",
         std::string("parried to the ") + side + ": the ball rebounds to " + to_string(at) +
             (stopper >= 0 ? ", where " + piece_words(stopper) + " stops it" : ""),
         {{"direction", side}, {"at", to_string(at)}, {"residual", std::to_string(p.residual)}});
    if (stopper >= 0 && adjacent(pieces_[std::size_t(stopper)].at, at)) {
        ball_.carrier = stopper;
    } else {
        possession_at_rest(p.side, std::nullopt, std::nullopt, "GCB-A17", out);
    }
    if (pending_.roll == Roll::NONE)
        finish_move(p.counts, out);
    else
        pending_.counts = p.counts;
}

// --- Tackles, substitutions, pass moves ---------------------------------------------------------

Decided GrassiGame::contest(Color side, Point attacker_at, std::optional<Point> against) {
    if (auto r = not_ready(side)) return *r;
    const auto attacker = piece_at(attacker_at);
    if (!attacker || pieces_[std::size_t(*attacker)].side != side)
        return refusal("NOT_YOUR_PIECE", "GCB-CONTR-1",
                       "no piece of " + std::string(chess::color_name(side)) + "'s at " +
                           to_string(attacker_at));
    if (!adjacent(attacker_at, ball_.at))
        return refusal("NOT_BESIDE_BALL", "GCB-CONTR-1",
                       "a tackle is made by a piece next to the ball at " + to_string(ball_.at));
    int defender = -1;
    bool holder_defends = false;
    if (ball_.carrier) {
        if (pieces_[std::size_t(*ball_.carrier)].side == side)
            return refusal("HAS_BALL", "GCB-A21", "only the side without the ball starts a tackle");
        defender = *ball_.carrier;
        holder_defends = true;
        if (against && !(pieces_[std::size_t(defender)].at == *against))
            return refusal("NOT_BESIDE_BALL", "GCB-CONTR-1",
                           "the tackle is against the ball's carrier, " + piece_words(defender));
    } else {
        for (int i = 0; i < PIECES && defender < 0; ++i) {
            const FieldPiece& f = pieces_[std::size_t(i)];
            if (f.placed && f.side != side && adjacent(f.at, ball_.at) &&
                (!against || f.at == *against))
                defender = i;
        }
        if (defender < 0)
            return refusal("NO_OPPONENT", "GCB-CONTR-1",
                           "no opposing piece next to the loose ball" +
                               std::string(against ? " at " + to_string(*against) : "") +
                               ": move next to it to take it (GCB-A32)");
    }
    const std::pair<int, int> pair{std::min(*attacker, defender), std::max(*attacker, defender)};
    switch (rules_.contest_limit) {  // GCB-A19
        case ContestLimit::PER_PLAYER_PER_TURN:
            if (contests_[side] > 0)
                return refusal(
                    "CONTEST_USED", "GCB-A19",
                    std::string(chess::color_name(side)) + " has started its tackle of this turn");
            break;
        case ContestLimit::PER_TURN_TOTAL:
            if (contests_[WHITE] + contests_[BLACK] > 0)
                return refusal("CONTEST_USED", "GCB-A19", "this turn's one tackle has been made");
            break;
        case ContestLimit::PER_PAIR_PER_TURN:
            if (contested_.count(pair))
                return refusal("CONTEST_USED", "GCB-A19",
                               "these two pieces have contested the ball in this turn");
            break;
    }
    if (rules_.contest_mp > mp_[side])
        return refusal("INSUFFICIENT_MP", "GCB-A21",
                       "a tackle costs " + std::to_string(rules_.contest_mp) + " MP; " +
                           std::to_string(mp_[side]) + " left");
    NewsList out;
    mp_[side] -= rules_.contest_mp;
    ++contests_[side];
    contested_.insert(pair);
    news(out, "tackle_started", "GCB-CONTR-1",
         piece_words(*attacker) + " tackles " + piece_words(defender) + " for the ball",
         {{"side", side_word(side)},
          {"attacker", to_string(attacker_at)},
          {"defender", to_string(pieces_[std::size_t(defender)].at)}});
    pending_ = Pending{};
    pending_.roll = Roll::TACKLE;
    pending_.side = side;
    pending_.attacker = *attacker;
    pending_.defender = defender;
    pending_.holder_defends = holder_defends;
    pending_.counts = rules_.contest_cost == ContestCost::USES_MOVE;  // GCB-A21
    settle(out);
    return out;
}

void GrassiGame::after_tackle(const Pending& p, const std::vector<int>& faces, NewsList& out) {
    const int white = sum(faces, 0, 3), black = sum(faces, 3, 3);
    const auto won = tackle_winner(white, black);
    int taker = -1;
    if (won) {
        taker = int(pieces_[std::size_t(p.attacker)].side) == *won ? p.attacker : p.defender;
    } else if (rules_.contest_tie == ContestTie::HOLDER_KEEPS && p.holder_defends) {
        taker = p.defender;
    } else {
        news(out, "tackle_tie", "GCB-A20",
             "equal totals, " + std::to_string(white) + " each: the tackle is rolled again",
             {{"white", std::to_string(white)}, {"black", std::to_string(black)}});
        pending_ = p;
        return;
    }
    ball_.carrier = taker;
    news(out, "tackle", won ? "GCB-CONTR-2" : "GCB-A20",
         "White " + std::to_string(white) + ", Black " + std::to_string(black) + ": " +
             piece_words(taker) + (won ? " wins the ball" : " keeps the ball (equal totals)"),
         {{"white", std::to_string(white)},
          {"black", std::to_string(black)},
          {"winner", side_word(pieces_[std::size_t(taker)].side)},
          {"piece", to_string(pieces_[std::size_t(taker)].at)}});
    finish_move(p.counts, out);
}

bool GrassiGame::counts_within_limits(Color side, PieceType in, int slot) const {
    // GCB-A24 standard_set: at most the pieces of one set on the field.
    std::array<int, chess::PIECE_TYPE_NB> count{};
    for (int s = 1; s <= 3; ++s)
        ++count[s == slot ? in : pieces_[std::size_t(index_of(side, s))].type];
    return count[chess::QUEEN] <= 1 && count[chess::ROOK] <= 2 && count[chess::BISHOP] <= 2 &&
           count[chess::KNIGHT] <= 2 && count[chess::PAWN] <= 8;
}

Decided GrassiGame::substitute(Color side, Point at, PieceType in) {
    if (auto r = not_ready(side)) return *r;
    const auto idx = piece_at(at);
    if (!idx || pieces_[std::size_t(*idx)].side != side)
        return refusal(
            "NOT_YOUR_PIECE", "GCB-SOST-1",
            "no piece of " + std::string(chess::color_name(side)) + "'s at " + to_string(at));
    FieldPiece& piece = pieces_[std::size_t(*idx)];
    if (auto problem =
            substitution_problem(piece.type, in, mp_[side], turn_, last_sub_[side], rules_))
        return refusal("SUBSTITUTION", *problem);
    if (rules_.piece_limits == PieceLimits::STANDARD_SET &&
        !counts_within_limits(side, in, *idx - index_of(side, 0)))
        return refusal("PIECE_LIMIT", "GCB-A24",
                       std::string("one standard set per side: no more ") + chess::type_name(in) +
                           "s on the field");
    const PieceType out_type = piece.type;
    const int change = substitution_mp(*substitution_value(out_type, in), rules_);
    piece.type = in;
    mp_[side] += change;
    last_sub_[side] = turn_;
    NewsList out;
    news(out, "substituted", "GCB-SOST-1",
         std::string(chess::color_name(side)) + "'s " + chess::type_name(out_type) + " at " +
             to_string(at) + " goes out, a " + chess::type_name(in) +
             " comes in: " + (change >= 0 ? "+" : "") + std::to_string(change) + " MP, " +
             std::to_string(mp_[side]) + " left",
         {{"side", side_word(side)},
          {"at", to_string(at)},
          {"out", chess::type_name(out_type)},
          {"in", chess::type_name(in)},
          {"mp_change", std::to_string(change)},
          {"mp_left", std::to_string(mp_[side])}});
    finish_move(true, out);
    return out;
}

Decided GrassiGame::pass_move(Color side) {
    if (auto r = not_ready(side)) return *r;
    if (!rules_.allow_pass_move)
        return refusal("PASS_MOVE_OFF", "GCB-A4", "every move must do something in this match");
    NewsList out;
    news(out, "pass_move", "GCB-A4",
         std::string(chess::color_name(side)) + " passes its " + ordinal(moves_made_ / 2 + 1) +
             " move",
         {{"side", side_word(side)}});
    finish_move(true, out);
    return out;
}

// --- The arbiter's corrections (X-3) ------------------------------------------------------------

Decided GrassiGame::correct_piece(Point from, Point to) {
    if (stage_ == Stage::OVER) return refusal("GAME_OVER", "GCB-OBJ-1", "the game is over");
    const auto idx = piece_at(from);
    if (!idx) return refusal("NO_PIECE", "X-3", "no piece at " + to_string(from));
    if (!on_field(to) || piece_at(to) || to == ball_.at)
        return refusal("BAD_PLACE", "X-3", to_string(to) + " is not a free point of the field");
    FieldPiece& piece = pieces_[std::size_t(*idx)];
    if (piece.type == chess::KING && to.y != goal_line(piece.side))
        return refusal("BAD_PLACE", "GCB-MOV-7", "the keeper stays on its goal line");
    const std::string before = piece_words(*idx);
    piece.at = to;
    NewsList out;
    if (ball_.carrier == *idx && !adjacent(to, ball_.at)) ball_.carrier.reset();
    news(out, "corrected", "X-3", before + " set to " + to_string(to) + " by the arbiter",
         {{"from", to_string(from)}, {"to", to_string(to)}});
    return out;
}

Decided GrassiGame::correct_ball(Point to, std::optional<Point> carrier) {
    if (stage_ == Stage::OVER) return refusal("GAME_OVER", "GCB-OBJ-1", "the game is over");
    if (!on_field(to) || piece_at(to))
        return refusal("BAD_PLACE", "X-3", to_string(to) + " is not a free point of the field");
    std::optional<int> holder;
    if (carrier) {
        holder = piece_at(*carrier);
        if (!holder || !adjacent(*carrier, to))
            return refusal(
                "BAD_PLACE", "X-3",
                "the ball's carrier is a piece next to it; none at " + to_string(*carrier));
    }
    ball_.at = to;
    ball_.carrier = holder;
    NewsList out;
    news(out, "corrected", "X-3",
         "the ball set to " + to_string(to) + " by the arbiter" +
             (holder ? ", with " + piece_words(*holder) : ", loose"),
         {{"ball", to_string(to)}});
    return out;
}

// --- Invariants ---------------------------------------------------------------------------------

bool GrassiGame::is_ok(std::string* why) const {
    const auto fail = [&](std::string what) {
        if (why) *why = std::move(what);
        return false;
    };
    for (int i = 0; i < PIECES; ++i) {
        const FieldPiece& a = pieces_[std::size_t(i)];
        if (!a.placed) continue;
        if (!on_field(a.at)) return fail(piece_words(i) + " is off the field");
        if (a.at == ball_.at && stage_ != Stage::OVER)
            return fail(piece_words(i) + " stands on the ball");
        for (int j = i + 1; j < PIECES; ++j)
            if (pieces_[std::size_t(j)].placed && pieces_[std::size_t(j)].at == a.at)
                return fail("two pieces on " + to_string(a.at));
    }
    if (ball_.carrier) {
        const FieldPiece& c = pieces_[std::size_t(*ball_.carrier)];
        if (!c.placed || !adjacent(c.at, ball_.at))
            return fail("the ball's carrier is not next to it");
    }
    if (mp_[WHITE] < 0 || mp_[BLACK] < 0) return fail("a pool of MP below zero");
    if (moves_made_ < 0 || moves_made_ >= MOVES_PER_TURN) return fail("the turn's move count");
    if (stage_ == Stage::OVER && pending_.roll != Roll::NONE) return fail("dice due after the end");
    return true;
}

}  // namespace venue::games::grassi
