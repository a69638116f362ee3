#include "sensing/recognition.h"

#include "chess/uci.h"

namespace venue::sensing {

namespace {

template <class... F>
struct Overload : F... {
    using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

std::string at(std::int64_t t_us) {
    return " at " + std::to_string(t_us);
}

}  // namespace

std::string to_string(const MoveSeq& moves) {
    std::string out;
    for (Move m : moves) {
        if (!out.empty()) out += ' ';
        out += chess::to_uci(m);
    }
    return out;
}

std::string to_string(const Reading& r) {
    switch (r.kind) {
        case ReadingKind::MOVES:
            return "moves " + to_string(r.moves);
        case ReadingKind::WRONG_MOVER:
            return "wrong mover " + to_string(r.moves) + " (refused #" + std::to_string(r.refused) +
                   ")";
        case ReadingKind::TAKE_BACK:
            return "take back " + std::to_string(r.plies_back) +
                   (r.moves.empty() ? "" : " then " + to_string(r.moves));
        case ReadingKind::WRONG_SIDE:
            return "wrong side " + to_string(r.moves);
    }
    return "?";
}

std::string to_string(const Recognition& r) {
    return std::visit(
        Overload{
            [](const Unchanged&) { return std::string("unchanged"); },
            [](const Recognised& x) {
                return "recognised " + to_string(x.moves) + at(x.at_us) +
                       (x.also_take_back
                            ? " (also a take-back of " + std::to_string(x.also_take_back) + ")"
                            : "");
            },
            [](const TakeBack& x) {
                return "take back " + std::to_string(x.plies) +
                       (x.then.empty() ? "" : " then " + to_string(x.then)) + at(x.at_us);
            },
            [](const WrongMover& x) {
                return std::string(x.wrong_side ? "wrong side " : "wrong mover ") +
                       to_string(x.moves) + at(x.at_us);
            },
            [](const InProgress& x) {
                return "in progress [" + squares_to_string(x.squares) + "]" +
                       (x.made.is_none() ? "" : " after " + chess::to_uci(x.made));
            },
            [](const NoMatch& x) {
                std::string out = "no match [" + squares_to_string(x.squares) + "] closest";
                for (int i = 0; i < x.closest_count; ++i)
                    out += " " + chess::to_uci(x.closest[i].move) + "(" +
                           std::to_string(x.closest[i].distance) + ")";
                return out;
            },
            [](const Ambiguous& x) {
                std::string out = "ambiguous:";
                for (int i = 0; i < x.readings.size; ++i)
                    out += " {" + to_string(x.readings.items[i]) + "}";
                if (x.readings.dropped) out += " +" + std::to_string(x.readings.dropped);
                return out;
            },
        },
        r);
}

}  // namespace venue::sensing
