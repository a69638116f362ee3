#include "sensing/evidence.h"

namespace venue::sensing {

Evidence::Evidence(std::int64_t glitch_us) : glitch_us_(glitch_us) {
    for (auto& per_piece : left_us_) per_piece.fill(NEVER);
}

void Evidence::record(const Placement* before, const Placement& board, std::int64_t t_us) {
    for (int s = 0; s < chess::SQUARE_NB; ++s) {
        auto& h = history_[s];
        if (!before) {
            h[0] = Interval{NEVER, board[s]};
            continue;
        }
        if ((*before)[s] == board[s]) continue;
        for (int i = HISTORY - 1; i > 0; --i) h[i] = h[i - 1];
        h[0] = Interval{t_us, board[s]};
        left_us_[s][(*before)[s]] = t_us;
    }
    now_ = board;
}

std::int64_t Evidence::held_since_us(Square s) const {
    const auto& h = history_[s];
    const Piece content = h[0].content;
    int i = 0;
    // Step back over short excursions that returned to the same content.
    while (i + 2 < HISTORY && h[i + 1].start_us != NEVER && h[i + 2].content == content &&
           h[i].start_us - h[i + 1].start_us < glitch_us_)
        i += 2;
    return h[i].start_us;
}

bool Evidence::was_placed(Square s, Piece p) const {
    if (now_[s] == p) return true;
    if (left_us_[s][p] <= since_us_) return false;
    const auto& h = history_[s];
    bool in_history = false;
    for (int i = 1; i < HISTORY; ++i) {
        if (h[i].content != p) continue;
        const std::int64_t end = h[i - 1].start_us;
        if (end <= since_us_) break;  // older stays ended before the window too
        in_history = true;
        if (h[i].start_us == NEVER || i + 1 == HISTORY) return true;  // no flicker: stood long
        const bool returned = h[i + 1].content == h[i - 1].content;
        if (end - h[i].start_us >= glitch_us_ || !returned) return true;
    }
    // Every stay of p inside the window that the history still holds could be a flicker; a stay
    // older than the history is taken as placed (it was followed by five more changes).
    return !in_history;
}

Bitboard Evidence::touched() const {
    Bitboard out = 0;
    for (int s = 0; s < chess::SQUARE_NB; ++s)
        if (history_[s][0].start_us > since_us_) out |= chess::square_bb(Square(s));
    return out;
}

}  // namespace venue::sensing
