// Replays a stream of sensed boards into a MoveRecogniser as a driver would (a tick every
// period, a feed per board) and applies the reports as a caller would: recognised moves played,
// take-backs undone. Anything a caller would have to ask the arbiter about is recorded.
#pragma once

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "chess/uci.h"
#include "sensing/recogniser.h"

namespace venue::sensing::testing {

struct ReplayStats {
    int unchanged = 0, one_move = 0, two_moves = 0, take_backs = 0, corrections = 0,
        in_progress = 0, no_match = 0, ambiguous = 0, wrong_mover = 0, also_take_back = 0;
    int arbiter = 0;                      // Ambiguous reports resolved by the (simulated) arbiter
    std::int64_t max_latency_us = 0;      // tick time minus when the board was first sensed
    std::vector<std::string> unexpected;  // reports a caller could not apply by itself
    std::vector<std::string> resolved;    // the Ambiguous reports the arbiter resolved
    void add(const ReplayStats& o) {
        unchanged += o.unchanged, one_move += o.one_move, two_moves += o.two_moves;
        take_backs += o.take_backs, corrections += o.corrections, in_progress += o.in_progress;
        no_match += o.no_match, ambiguous += o.ambiguous, wrong_mover += o.wrong_mover;
        also_take_back += o.also_take_back, arbiter += o.arbiter;
        max_latency_us = std::max(max_latency_us, o.max_latency_us);
        unexpected.insert(unexpected.end(), o.unexpected.begin(), o.unexpected.end());
        resolved.insert(resolved.end(), o.resolved.begin(), o.resolved.end());
    }
    std::string to_string() const {
        return "unchanged " + std::to_string(unchanged) + ", one move " + std::to_string(one_move) +
               ", two moves " + std::to_string(two_moves) + ", take-backs " +
               std::to_string(take_backs) + ", corrections " + std::to_string(corrections) +
               ", in progress " + std::to_string(in_progress) + ", no match " +
               std::to_string(no_match) + ", ambiguous " + std::to_string(ambiguous) +
               ", wrong mover " + std::to_string(wrong_mover) + ", move also a take-back " +
               std::to_string(also_take_back) + ", resolved by the arbiter " +
               std::to_string(arbiter) + ", max latency us " + std::to_string(max_latency_us);
    }
};

struct ReplayResult {
    chess::Game game;
    ReplayStats stats;
};

// Plays a reading (moves, or a take-back and moves) on the game; false if it cannot.
inline bool apply_reading(chess::Game& game, const Reading& r) {
    if (r.kind == ReadingKind::TAKE_BACK) {
        if (r.plies_back > game.ply_count()) return false;
        for (int i = 0; i < r.plies_back; ++i) game.undo();
    } else if (r.kind != ReadingKind::MOVES) {
        return false;
    }
    for (chess::Move m : r.moves)
        if (!game.play(m)) return false;
    return true;
}

inline bool is_prefix(const std::vector<chess::Move>& a, const std::vector<chess::Move>& b) {
    return a.size() <= b.size() && std::equal(a.begin(), a.end(), b.begin());
}

// period_us = 0: no ticks between boards (reports come only from feeds and a last tick).
// trace: when set, every report is written there (for debugging a failing game).
// truth: when set, an arbiter who knows the real game resolves Ambiguous reports, if exactly one
// of the readings offered continues the real game (counted in stats.arbiter).
inline ReplayResult replay(const chess::Position& start, const std::vector<Snapshot>& boards,
                           const RecogniserConfig& config, std::int64_t period_us,
                           std::ostream* trace = nullptr,
                           const std::vector<chess::Move>* truth = nullptr) {
    ReplayResult out{chess::Game(start), {}};
    MoveRecogniser rec(config);
    ReplayStats& st = out.stats;
    std::int64_t last_board_t = -1;
    auto handle = [&](const std::optional<Report>& report, std::int64_t now, bool from_tick) {
        if (!report) return;
        // Latency of a new board read on a tick (re-reads after the game changed do not count).
        if (from_tick && report->board.t_us != last_board_t)
            st.max_latency_us = std::max(st.max_latency_us, now - report->board.t_us);
        last_board_t = report->board.t_us;
        const Recognition& r = report->result;
        if (trace)
            *trace << now << " ply " << out.game.ply_count() << ": " << to_string(r) << " | "
                   << to_string(report->board.squares) << "\n";
        const std::string where = " (board first sensed at " + std::to_string(report->board.t_us) +
                                  ", ply " + std::to_string(out.game.ply_count()) + ")";
        if (std::holds_alternative<Unchanged>(r)) {
            ++st.unchanged;
        } else if (auto* rec_moves = std::get_if<Recognised>(&r)) {
            ++(rec_moves->moves.size() == 1 ? st.one_move : st.two_moves);
            if (rec_moves->also_take_back) ++st.also_take_back;
            for (chess::Move m : rec_moves->moves)
                if (!out.game.play(m)) st.unexpected.push_back("illegal " + to_string(r) + where);
        } else if (auto* tb = std::get_if<TakeBack>(&r)) {
            ++(tb->then.empty() ? st.take_backs : st.corrections);
            for (int i = 0; i < tb->plies; ++i) out.game.undo();
            for (chess::Move m : tb->then)
                if (!out.game.play(m)) st.unexpected.push_back("illegal " + to_string(r) + where);
        } else if (std::holds_alternative<InProgress>(r)) {
            ++st.in_progress;
        } else if (auto* amb = std::get_if<Ambiguous>(&r); amb && truth) {
            ++st.ambiguous;
            int fits = 0;
            chess::Game resolved = out.game;
            for (int i = 0; i < amb->readings.size; ++i) {
                chess::Game g = out.game;
                if (apply_reading(g, amb->readings.items[i]) && is_prefix(g.moves(), *truth)) {
                    ++fits;
                    resolved = g;
                }
            }
            if (fits == 1 && amb->readings.dropped == 0) {
                ++st.arbiter;
                st.resolved.push_back(to_string(r) + where);
                out.game = resolved;
            } else {
                st.unexpected.push_back("unresolvable " + to_string(r) + where);
            }
        } else {
            if (std::holds_alternative<NoMatch>(r)) ++st.no_match;
            if (std::holds_alternative<Ambiguous>(r)) ++st.ambiguous;
            if (std::holds_alternative<WrongMover>(r)) ++st.wrong_mover;
            st.unexpected.push_back(to_string(r) + " board " + to_string(report->board.squares) +
                                    where);
        }
    };
    if (boards.empty()) return out;
    std::int64_t next_tick = boards.front().t_us + period_us;
    for (const Snapshot& b : boards) {
        while (period_us > 0 && next_tick < b.t_us) {
            handle(rec.tick(next_tick, out.game), next_tick, true);
            next_tick += period_us;
        }
        handle(rec.feed(b, out.game), b.t_us, false);
    }
    const std::int64_t end = boards.back().t_us + 2 * config.settle_us + period_us;
    while (period_us > 0 && next_tick <= end) {
        handle(rec.tick(next_tick, out.game), next_tick, true);
        next_tick += period_us;
    }
    // Two last ticks: one reads the final board, the next confirms it against the updated game.
    handle(rec.tick(end, out.game), end, period_us > 0);
    handle(rec.tick(end, out.game), end, period_us > 0);
    return out;
}

// "" when equal; otherwise where the two move lists first part, in UCI.
inline std::string first_difference(const std::vector<chess::Move>& got,
                                    const std::vector<chess::Move>& want) {
    const std::size_t n = std::min(got.size(), want.size());
    std::size_t i = 0;
    while (i < n && got[i] == want[i]) ++i;
    if (i == n && got.size() == want.size()) return "";
    auto at = [i](const std::vector<chess::Move>& v) {
        return i < v.size() ? chess::to_uci(v[i]) : std::string("(end)");
    };
    return "ply " + std::to_string(i + 1) + ": got " + at(got) + ", want " + at(want) + " (got " +
           std::to_string(got.size()) + " plies, want " + std::to_string(want.size()) + ")";
}

}  // namespace venue::sensing::testing
