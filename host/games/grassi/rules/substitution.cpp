#include "games/grassi/rules/substitution.h"

#include <algorithm>

namespace venue::games::grassi {

using chess::PieceType;

namespace {

struct Entry {
    PieceType out, in;
    int mp;
};

// The seed's table (catalogue §7.2), entry by entry: not a formula (it is not symmetric).
constexpr Entry TABLE[] = {
    {chess::QUEEN, chess::ROOK, +3},   {chess::QUEEN, chess::BISHOP, +5},  // T01, T02
    {chess::QUEEN, chess::KNIGHT, +5}, {chess::QUEEN, chess::PAWN, +10},   // T03, T04
    {chess::ROOK, chess::QUEEN, -5},   {chess::ROOK, chess::BISHOP, +3},   // T05, T06
    {chess::ROOK, chess::KNIGHT, +3},  {chess::ROOK, chess::PAWN, +7},     // T07, T08
    {chess::BISHOP, chess::QUEEN, -8}, {chess::BISHOP, chess::ROOK, -5},   // T09, T10
    {chess::BISHOP, chess::KNIGHT, 0}, {chess::BISHOP, chess::PAWN, +4},   // T11, T12
    {chess::KNIGHT, chess::QUEEN, -8}, {chess::KNIGHT, chess::ROOK, -5},   // T13, T14
    {chess::KNIGHT, chess::BISHOP, 0}, {chess::KNIGHT, chess::PAWN, +4},   // T15, T16
    {chess::PAWN, chess::QUEEN, -15},  {chess::PAWN, chess::ROOK, -10},    // T17, T18
    {chess::PAWN, chess::BISHOP, -7},  {chess::PAWN, chess::KNIGHT, -7},   // T19, T20
};

}  // namespace

std::optional<int> substitution_value(PieceType out, PieceType in) {
    for (const Entry& e : TABLE)
        if (e.out == out && e.in == in) return e.mp;
    return std::nullopt;
}

int substitution_mp(int table_value, const GrassiRules& rules) {
    return rules.sub_sign == SubSign::PLUS_IS_GAIN ? table_value : -table_value;
}

int next_substitution_turn(int turn, std::optional<int> last, const GrassiRules& rules) {
    const int every = rules.substitution_every_turns;
    if (rules.sub_frequency == SubFrequency::FIXED_TURNS) {
        // GCB-A23 fixed_turns_1_4_7: only in turns 1, 4, 7, ..., once in each.
        const int into_window = (turn - 1) % every;
        if (into_window == 0 && last != turn) return turn;
        return turn + every - into_window;
    }
    // GCB-A23 sliding (the default): from the last one's turn + every.
    return last ? std::max(turn, *last + every) : turn;
}

std::optional<MoveProblem> substitution_problem(PieceType out, PieceType in, int pool, int turn,
                                                std::optional<int> last, const GrassiRules& rules) {
    if (out == chess::KING || in == chess::KING)
        return MoveProblem{"GCB-SOST-4", "the king is never substituted"};
    const auto value = substitution_value(out, in);
    if (!value)
        return MoveProblem{"GCB-SOST-2", std::string("the table has no ") + chess::type_name(out) +
                                             " for " + chess::type_name(in)};
    if (const int next = next_substitution_turn(turn, last, rules); next != turn) {
        const int every = rules.substitution_every_turns;
        if (rules.sub_frequency == SubFrequency::FIXED_TURNS)
            return MoveProblem{
                "GCB-A23", "substitutions only in turns 1, " + std::to_string(1 + every) + ", " +
                               std::to_string(1 + 2 * every) +
                               ", ..., one in each: the next in turn " + std::to_string(next)};
        return MoveProblem{"GCB-A23", "one substitution every " + std::to_string(every) +
                                          " turns: the next from turn " + std::to_string(next)};
    }
    const int change = substitution_mp(*value, rules);
    if (pool + change < 0)
        return MoveProblem{"GCB-A22", std::string(chess::type_name(out)) + " for " +
                                          chess::type_name(in) + " costs " +
                                          std::to_string(-change) + " MP; " + std::to_string(pool) +
                                          " left"};
    return std::nullopt;
}

}  // namespace venue::games::grassi
