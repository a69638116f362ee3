#include "pipeline_harness.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "../../support/emulated_dgt_board.h"
#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/pgn.h"
#include "chess/uci.h"
#include "runtime/press_hold.h"
#include "sensing/placement.h"
#include "venue/chess_match.h"

namespace venue::pipeline_test {

using namespace std::chrono_literals;
using chess::Move;
using chess::MoveKind;
using chess::Piece;
using chess::Position;
using chess::Square;

namespace {

std::int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

char letter(Piece p) {
    const char letters[] = " PNBRQK";
    const char c = letters[chess::type_of(p)];
    return chess::color_of(p) == chess::WHITE ? c : char(c - 'A' + 'a');
}

std::string sq(Square s) {
    return chess::square_to_string(s);
}

int uniform(std::mt19937_64& rng, int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
}

bool chance(std::mt19937_64& rng, double p) {
    return std::uniform_real_distribution<double>(0.0, 1.0)(rng) < p;
}

// Squares strictly between a and b on a rank, file or diagonal, in order from a.
std::vector<Square> squares_between(Square a, Square b) {
    const int df = chess::file_of(b) - chess::file_of(a);
    const int dr = chess::rank_of(b) - chess::rank_of(a);
    if (!(df == 0 || dr == 0 || std::abs(df) == std::abs(dr))) return {};
    const int sf = (df > 0) - (df < 0);
    const int sr = (dr > 0) - (dr < 0);
    std::vector<Square> out;
    for (int f = chess::file_of(a) + sf, r = chess::rank_of(a) + sr;
         f != chess::file_of(b) || r != chess::rank_of(b); f += sf, r += sr)
        out.push_back(chess::make_square(f, r));
    return out;
}

// Builds a move's lines while keeping track of what stands on the board.
class Hand {
  public:
    Hand(const Position& pos, std::mt19937_64& rng, HumanStats& stats) : rng_(rng), stats_(stats) {
        for (int s = 0; s < 64; ++s) board_[s] = pos.piece_on(Square(s));
    }
    void gap(int max_ms) {
        const int ms = uniform(rng_, 0, max_ms);
        if (ms > 0) lines.push_back("wait " + std::to_string(ms));
    }
    void lift(Square s) {
        lines.push_back("lift " + sq(s));
        board_[s] = chess::NO_PIECE;
    }
    void put(Square s, Piece p) {
        lines.push_back("put " + sq(s) + " " + letter(p));
        board_[s] = p;
    }
    // A piece carried from `from` to the empty square `to`: lifted and set down, slid over the
    // squares between (when they are empty), or (a knight) seen on both squares in one scan.
    void carry(Square from, Square to, Piece p, int max_gap) {
        const auto mid = squares_between(from, to);
        const bool clear = std::all_of(mid.begin(), mid.end(),
                                       [&](Square s) { return board_[s] == chess::NO_PIECE; });
        if (!mid.empty() && clear && chance(rng_, 0.5)) {
            std::string l = "slide " + sq(from);
            for (Square s : mid) l += " " + sq(s);
            lines.push_back(l + " " + sq(to));
            board_[from] = chess::NO_PIECE;
            board_[to] = p;
            ++stats_.slides;
            return;
        }
        if (chess::type_of(p) == chess::KNIGHT && chance(rng_, 0.3)) {
            lines.push_back("overlap " + sq(from) + " " + sq(to));
            board_[from] = chess::NO_PIECE;
            board_[to] = p;
            ++stats_.overlaps;
            return;
        }
        lift(from);
        gap(max_gap);
        put(to, p);
    }

    std::vector<std::string> lines;

  private:
    std::mt19937_64& rng_;
    HumanStats& stats_;
    Piece board_[64];
};

}  // namespace

void HumanStats::add(const HumanStats& o) {
    plies += o.plies;
    captures_target_first += o.captures_target_first;
    captures_mover_first += o.captures_mover_first;
    castle_king_first += o.castle_king_first;
    castle_rook_first += o.castle_rook_first;
    for (int i = 0; i < 3; ++i) ep_orders[i] += o.ep_orders[i];
    promotions_pawn_first += o.promotions_pawn_first;
    slides += o.slides;
    overlaps += o.overlaps;
    flickers += o.flickers;
    knocks_off += o.knocks_off;
    knocks_onto += o.knocks_onto;
    unplugs += o.unplugs;
    quick_replies += o.quick_replies;
}

std::string HumanStats::to_string() const {
    std::ostringstream s;
    s << plies << " plies; captures target lifted first " << captures_target_first
      << ", mover first " << captures_mover_first << "; castling king first " << castle_king_first
      << ", rook first " << castle_rook_first << "; e.p. orders (mover, put, taken) "
      << ep_orders[0] << " (taken first) " << ep_orders[1] << " (both lifted, put) " << ep_orders[2]
      << "; promotions with the pawn set down first " << promotions_pawn_first << "; slides "
      << slides << ", overlaps " << overlaps << ", flickers " << flickers << ", knocked over "
      << knocks_off << " (onto a square " << knocks_onto << "), cable pulled " << unplugs
      << ", quick replies " << quick_replies;
    return s.str();
}

std::vector<std::string> human_move_lines(const Position& pos, Move m, std::mt19937_64& rng,
                                          const Timing& t, HumanStats& stats) {
    Hand h(pos, rng, stats);
    const Square from = m.from();
    const Square to = m.to();
    const Piece piece = pos.piece_on(from);
    std::vector<Square> touched{from, to};
    switch (m.kind()) {
        case MoveKind::CASTLING: {
            const int rank = chess::rank_of(from);
            const bool king_side = chess::file_of(to) == 6;
            const Square rook_from = chess::make_square(king_side ? 7 : 0, rank);
            const Square rook_to = chess::make_square(king_side ? 5 : 3, rank);
            const Piece rook = pos.piece_on(rook_from);
            touched.push_back(rook_from);
            touched.push_back(rook_to);
            if (chance(rng, 0.5)) {
                h.carry(from, to, piece, t.gap_ms);
                h.gap(t.gap_ms);
                h.carry(rook_from, rook_to, rook, t.gap_ms);
                ++stats.castle_king_first;
            } else {
                // The rook alone on f1 (d1) is a legal rook move: the king follows at once.
                h.carry(rook_from, rook_to, rook, t.gap_ms);
                h.gap(t.risky_gap_ms);
                h.carry(from, to, piece, t.risky_gap_ms);
                ++stats.castle_rook_first;
            }
            break;
        }
        case MoveKind::EN_PASSANT: {
            const Square taken = chess::make_square(chess::file_of(to), chess::rank_of(from));
            touched.push_back(taken);
            const int order = uniform(rng, 0, 2);
            ++stats.ep_orders[order];
            if (order == 0) {
                h.carry(from, to, piece, t.gap_ms);
                h.gap(t.gap_ms);
                h.lift(taken);
            } else if (order == 1) {
                h.lift(taken);
                h.gap(t.gap_ms);
                h.carry(from, to, piece, t.gap_ms);
            } else {
                h.lift(from);
                h.gap(t.gap_ms);
                h.lift(taken);
                h.gap(t.gap_ms);
                h.put(to, piece);
            }
            break;
        }
        case MoveKind::PROMOTION: {
            const Piece promoted = chess::make_piece(pos.side_to_move(), m.promotion());
            if (pos.is_capture(m)) {
                if (chance(rng, 0.5)) {
                    h.lift(to);
                    h.gap(t.gap_ms);
                    h.lift(from);
                } else {
                    h.lift(from);
                    h.gap(t.gap_ms);
                    h.lift(to);
                }
            } else {
                h.lift(from);
            }
            h.gap(t.gap_ms);
            if (chance(rng, 0.4)) {
                // The pawn set on the last rank, then exchanged for the new piece.
                h.put(to, piece);
                h.gap(t.gap_ms);
                h.lift(to);
                h.gap(t.gap_ms);
                ++stats.promotions_pawn_first;
            }
            h.put(to, promoted);
            break;
        }
        case MoveKind::NORMAL:
            if (!pos.is_capture(m)) {
                h.carry(from, to, piece, t.gap_ms);
            } else if (chance(rng, 0.5)) {
                h.lift(to);
                h.gap(t.gap_ms);
                h.carry(from, to, piece, t.gap_ms);
                ++stats.captures_target_first;
            } else {
                h.lift(from);
                h.gap(t.gap_ms);
                h.lift(to);
                h.gap(t.gap_ms);
                h.put(to, piece);
                ++stats.captures_mover_first;
            }
            break;
    }
    ++stats.plies;
    if (chance(rng, t.flicker)) {
        // A sensor elsewhere drops out for a moment, somewhere during the move.
        std::vector<Square> others;
        for (int s = 0; s < 64; ++s)
            if (pos.piece_on(Square(s)) != chess::NO_PIECE &&
                std::find(touched.begin(), touched.end(), Square(s)) == touched.end())
                others.push_back(Square(s));
        if (!others.empty()) {
            const Square s = others[std::size_t(uniform(rng, 0, int(others.size()) - 1))];
            const auto at = h.lines.begin() + uniform(rng, 0, int(h.lines.size()));
            h.lines.insert(at, "flicker " + sq(s) + " " + std::to_string(uniform(rng, 1, 3)));
            ++stats.flickers;
        }
    }
    return h.lines;
}

// --- the emulator on its thread ---------------------------------------------------------------

class Table::Emulator : public venue::testing::EmulatedDgtBoard {
  public:
    using EmulatedDgtBoard::EmulatedDgtBoard;
    void write(const std::string& text) {
        if (!actions(text)) throw std::runtime_error("write to the emulator's pipe failed");
    }
};

// --- the table ---------------------------------------------------------------------------------

Table::Table(std::string id, Timing timing, std::uint64_t seed, std::string link)
    : id_(std::move(id)), timing_(timing), rng_(seed) {
    sim::dgt::DgtEmulatorOptions o;
    char serial[8];
    std::snprintf(serial, sizeof serial, "%05d", int(70000 + seed % 10000));
    o.board.serial = serial;
    o.link = link;
    emulator_ = std::make_unique<Emulator>(o);
    io::dgt::BoardRunnerConfig config;
    config.backoff_min = 20ms;
    config.backoff_max = 200ms;
    runner_ = std::make_unique<io::dgt::BoardRunner>(
        io::dgt::BoardPort::path(link.empty() ? emulator_->path() : link), config);
    runner_->start();
}

Table::~Table() {
    runner_->stop();
    emulator_.reset();
}

void Table::send(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    emulator_->write(text);
}

template <class Done>
bool Table::wait_for(Done done, int timeout_ms) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        pump();
        if (done()) return true;
        if (std::chrono::steady_clock::now() >= end) return false;
        std::this_thread::sleep_for(2ms);
    }
}

bool Table::board_shows(const Position& pos) const {
    const auto s = runner_->last_snapshot();
    return s && s->squares == sensing::placement_of(pos);
}

// Mirrors runtime::Daemon::step: what the board sent is read in order, the recogniser brought up
// to each board's time first (a tick: its settle time runs) and to the present at the end, then
// the presses are judged (a press made now happened after everything the board sent before now).
// As runtime::Daemon::advance_boards, a board is read against the match as everything before it
// left it: when a reading is due (BoardBridge::reads_at), the events held are applied first. (A
// host that wakes late gets several boards at once; read against the match as it was before
// the first of them, a move read from one board and read again with its reply from the next
// would be sensed twice.)
void Table::pump() {
    std::vector<engine::Event> out;
    const engine::Match* match = bridge_ ? state_.match(match_id_) : nullptr;
    const auto apply_held = [&] {
        for (const auto& e : out) apply(e);
        out.clear();
    };
    // One call of the bridge reads one board at most: more than one MoveSensed from it is a
    // board read as a move and its quick reply.
    const auto read = [&](auto call) {
        const auto from = static_cast<std::ptrdiff_t>(out.size());
        call();
        if (std::count_if(out.begin() + from, out.end(), [](const engine::Event& e) {
                return std::holds_alternative<engine::MoveSensed>(e.body);
            }) > 1)
            ++counters_.two_move_readings;
    };
    const auto advance = [&](std::int64_t now_us) {
        if (!match) return;
        if (bridge_->reads_at(now_us, *match)) apply_held();
        read([&] { bridge_->tick(now_us, *match, steady_ns(), out); });
    };
    for (io::dgt::BoardEvent& ev : runner_->poll()) {
        if (const auto* s = std::get_if<sensing::Snapshot>(&ev)) {
            advance(s->t_us);
            if (match) read([&] { bridge_->on_board(*s, *match, steady_ns(), out); });
            // The moves stand on the board in the order they were made.
            for (Press& p : presses_)
                if (!p.seen) {
                    if (s->squares == p.after) p.seen = std::chrono::steady_clock::now();
                    break;
                }
            if (watch_ && s->squares[*watch_] == chess::NO_PIECE && !watch_seen_)
                watch_seen_ = std::chrono::steady_clock::now();
        } else if (const auto* f = std::get_if<io::dgt::SensedFieldUpdate>(&ev)) {
            if (match) bridge_->on_field_update(*f, steady_ns(), out);
        } else if (const auto* st = std::get_if<io::dgt::BoardStatus>(&ev)) {
            if (st->state != link_state_) {
                if (link_state_ == io::dgt::BoardLinkState::CONNECTED) ++counters_.disconnects;
                link_state_ = st->state;
            }
        }
    }
    advance(io::dgt::BoardRunner::now_us());
    apply_held();
    release_presses();
}

// As runtime::Daemon::release_held, by the same rule (runtime/press_hold.h): a press made while
// the board has not settled waits for the board to be read, so that the move it completes is
// known; the presses after it wait behind it.
void Table::release_presses() {
    const auto now = std::chrono::steady_clock::now();
    while (!presses_.empty() && presses_.front().seen &&
           now >= *presses_.front().seen + std::chrono::milliseconds(presses_.front().delay_ms)) {
        Press& p = presses_.front();
        if (bridge_) {
            const std::int64_t t = steady_ns();
            if (p.held_since_ns == 0) p.held_since_ns = t;
            const engine::Match* match = state_.match(match_id_);
            if (runtime::press_still_held(t, p.held_since_ns,
                                          {bridge_->settling(), bridge_->last_change_ns(),
                                           bridge_->settle_us(), bridge_->in_progress()},
                                          match && match->chess()->pending_move().has_value())) {
                p.waited = true;
                return;
            }
        }
        ++(p.waited ? counters_.presses_held : counters_.presses_after);
        const chess::Color side = p.side;
        presses_.pop_front();
        apply({steady_ns(), std::nullopt, engine::ClockPressed{match_id_, side, std::nullopt}});
    }
}

void Table::apply(const engine::Event& e) {
    const std::string where = id_ + " " + match_id_ + " ply " + std::to_string(ply_ + 1);
    if (const auto* m = std::get_if<engine::MoveSensed>(&e.body)) {
        ++counters_.move_sensed;
        if (!expected_.empty() && m->uci == chess::to_uci(expected_.front())) {
            expected_.pop_front();
        } else {
            counters_.wrong_sensed.push_back(where + ": sensed " + m->uci + ", the move made was " +
                                             (expected_.empty()
                                                  ? std::string("none (already sensed)")
                                                  : chess::to_uci(expected_.front())));
        }
    } else if (std::holds_alternative<engine::BoardSnapshot>(e.body)) {
        ++counters_.board_snapshots;
    } else if (std::holds_alternative<engine::BoardFieldUpdate>(e.body)) {
        ++counters_.field_updates;
    } else if (const auto* mm = std::get_if<engine::BoardMismatch>(&e.body)) {
        ++counters_.mismatches;
        if (mismatch_expected_) {
            ++counters_.expected_mismatches;
        } else {
            std::string squares;
            for (Square s : mm->squares) squares += " " + sq(s);
            const auto board = runner_->last_snapshot();
            counters_.unexpected_mismatch.push_back(
                where + ": mismatch on" + squares + " while making " +
                (expected_.empty() ? std::string("nothing") : chess::to_uci(expected_.front())) +
                ", board " + (board ? sensing::to_string(board->squares) : std::string("?")));
        }
    } else if (std::holds_alternative<engine::BoardRestored>(e.body)) {
        ++counters_.restored;
    }
    for (const engine::Decision& d : state_.apply(e)) {
        if (std::holds_alternative<engine::MoveRefused>(d.body) ||
            std::holds_alternative<engine::IllegalMoveCounted>(d.body) ||
            std::holds_alternative<engine::RestoreRequired>(d.body))
            counters_.bad_decisions.push_back(where + ": " + engine::kind_name(d.body) + " (" +
                                              d.rule + ") " + d.reason);
    }
}

void Table::knock(const Position& pos, GameResult& r) {
    const int wait_ms = int(timing_.settle_us / 1000) * 2 + uniform(rng_, 10, 40);
    // Onto a square: a piece of the side not to move, onto an empty neighbour (whatever the
    // board then shows, no move of the side to move explains it: a mismatch, then restored).
    std::vector<std::pair<Square, Square>> onto;
    const chess::Color them = chess::Color(pos.side_to_move() ^ 1);
    for (int s = 0; s < 64; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (p == chess::NO_PIECE || chess::color_of(p) != them || chess::type_of(p) == chess::KING)
            continue;
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                const int f = chess::file_of(Square(s)) + df, rk = chess::rank_of(Square(s)) + dr;
                if ((df || dr) && f >= 0 && f < 8 && rk >= 0 && rk < 8 &&
                    pos.piece_on(chess::make_square(f, rk)) == chess::NO_PIECE)
                    onto.push_back({Square(s), chess::make_square(f, rk)});
            }
    }
    const int restored_before = counters_.restored;
    const int mismatches_before = counters_.mismatches;
    if (!onto.empty() && chance(rng_, 0.5)) {
        const auto [a, b] = onto[std::size_t(uniform(rng_, 0, int(onto.size()) - 1))];
        mismatch_expected_ = true;
        watch_ = a;
        watch_seen_.reset();
        send({"knock " + sq(a) + " " + sq(b), "wait " + std::to_string(wait_ms),
              "restore " + sq(a)});
        ++stats_.knocks_onto;
        const engine::ChessMatch& match = *state_.match(match_id_)->chess();
        // Usually a mismatch, then restored; the fallen piece may also read as half a move
        // (nothing said, nothing to restore). Timed from when the runner saw the knock, so a
        // slow emulator thread cannot leave the knock for the next move.
        if (!wait_for(
                [&] {
                    return watch_seen_ && board_shows(pos) &&
                           std::chrono::steady_clock::now() - *watch_seen_ >
                               std::chrono::milliseconds(wait_ms + 2 * timing_.settle_us / 1000) &&
                           (counters_.mismatches == mismatches_before ||
                            counters_.restored > restored_before) &&
                           match.restore_squares().empty() && !match.restore_required();
                },
                timing_.ply_timeout_ms))
            r.failures.push_back(id_ + " " + match_id_ + " ply " + std::to_string(ply_ + 1) +
                                 ": a piece knocked from " + sq(a) + " onto " + sq(b) +
                                 " and stood up again was not read as restored");
        mismatch_expected_ = false;
        watch_.reset();
        return;
    }
    // Off its sensor: a piece missing is half a move at most; nothing to report.
    std::vector<Square> occupied;
    for (int s = 0; s < 64; ++s)
        if (pos.piece_on(Square(s)) != chess::NO_PIECE &&
            chess::type_of(pos.piece_on(Square(s))) != chess::KING)
            occupied.push_back(Square(s));
    const Square a = occupied[std::size_t(uniform(rng_, 0, int(occupied.size()) - 1))];
    watch_ = a;
    watch_seen_.reset();
    send({"knock " + sq(a), "wait " + std::to_string(wait_ms), "restore " + sq(a)});
    ++stats_.knocks_off;
    if (!wait_for(
            [&] {
                return watch_seen_ && board_shows(pos) &&
                       std::chrono::steady_clock::now() - *watch_seen_ >
                           std::chrono::milliseconds(wait_ms + 2 * timing_.settle_us / 1000);
            },
            timing_.ply_timeout_ms))
        r.failures.push_back(id_ + " " + match_id_ + " ply " + std::to_string(ply_ + 1) +
                             ": a piece knocked over on " + sq(a) +
                             " and stood up again was not seen back");
    watch_.reset();
}

GameResult Table::play(const std::string& name, const std::vector<Move>& source,
                       const Faults& faults) {
    const auto started = std::chrono::steady_clock::now();
    GameResult r;
    r.name = name;
    r.source = source;
    match_id_ = id_ + ".g" + std::to_string(++games_);
    ply_ = 0;
    auto fail = [&](const std::string& what) {
        r.failures.push_back(id_ + " " + match_id_ + " (" + name + ") ply " +
                             std::to_string(ply_ + 1) + ": " + what);
    };

    // The arbiter sets the pieces up; the match is created once the board shows them.
    bridge_.reset();
    send({"setup start"});
    const Position start = Position::start();
    if (!wait_for(
            [&] { return link_state_ == io::dgt::BoardLinkState::CONNECTED && board_shows(start); },
            timing_.ply_timeout_ms)) {
        fail("the board never showed the start position");
        return r;
    }
    engine::MatchConfig config;
    config.id = match_id_;
    config.game = "fide";
    config.board = id_;
    config.white().name = "White";
    config.black().name = "Black";
    state_.apply({steady_ns(), std::nullopt, engine::MatchCreated{config}});
    sensing::RecogniserConfig rc;
    rc.settle_us = timing_.settle_us;
    bridge_ = std::make_unique<runtime::BoardBridge>(match_id_, id_, rc);
    const engine::ChessMatch& match = *state_.match(match_id_)->chess();
    if (auto s = runner_->last_snapshot()) {
        std::vector<engine::Event> out;
        bridge_->on_board(*s, match, steady_ns(), out);
        for (const auto& e : out) apply(e);
    }

    const std::string unplug = "unplug " + std::to_string(faults.unplug_ms);
    for (ply_ = 0; ply_ < int(source.size()); ++ply_) {
        const Position pos = match.game().position();
        const Move m = source[std::size_t(ply_)];
        if (ply_ > 0 && chance(rng_, timing_.knock)) knock(pos, r);
        if (faults.unplug_idle.count(ply_)) {
            const int before = counters_.disconnects;
            send({unplug});
            ++stats_.unplugs;
            if (!wait_for(
                    [&] {
                        return counters_.disconnects > before &&
                               link_state_ == io::dgt::BoardLinkState::CONNECTED &&
                               board_shows(pos);
                    },
                    timing_.ply_timeout_ms))
                fail("the board did not come back after the cable was pulled");
        }
        // A quick reply: the opponent's move follows before this one settled (never on a ply
        // with a cable fault, nor after a move that ends the game).
        chess::Game after = match.game();
        after.play(m);
        const auto faulted = [&](int p) {
            return faults.unplug_before.count(p) || faults.unplug_mid_move.count(p) ||
                   faults.unplug_after.count(p) || faults.unplug_idle.count(p);
        };
        const bool quick = timing_.quick_reply > 0 && ply_ + 1 < int(source.size()) &&
                           !faulted(ply_) && !faulted(ply_ + 1) &&
                           after.status() == chess::GameStatus::ONGOING &&
                           chance(rng_, timing_.quick_reply);
        std::vector<std::string> lines = human_move_lines(pos, m, rng_, timing_, stats_);
        std::optional<Move> reply;
        if (quick) {
            reply = source[std::size_t(ply_ + 1)];
            // A moment after the first move's piece is set down (so that it stands there for a
            // field update at least: a reply landing on its square is read only if the piece
            // was seen there), the reply, made quickly: every gap under the settle time.
            Timing fast = timing_;
            fast.gap_ms = timing_.quick_gap_ms;
            fast.risky_gap_ms = std::min(timing_.risky_gap_ms, timing_.quick_gap_ms);
            lines.push_back("wait " + std::to_string(uniform(rng_, 2, timing_.quick_gap_ms)));
            for (auto& l : human_move_lines(after.position(), *reply, rng_, fast, stats_))
                lines.push_back(std::move(l));
            ++stats_.quick_replies;
        }
        if (faults.unplug_before.count(ply_)) {
            lines.insert(lines.begin(), unplug);
            ++stats_.unplugs;
        }
        if (faults.unplug_mid_move.count(ply_)) {
            // After the first action has reached the host.
            lines.insert(lines.begin() + 1, {"wait 20", unplug});
            ++stats_.unplugs;
        }
        if (faults.unplug_after.count(ply_)) {
            lines.push_back(unplug);
            ++stats_.unplugs;
        }
        int waits = 0;
        for (const auto& l : lines)
            if (l.rfind("wait ", 0) == 0) waits += std::stoi(l.substr(5));
        expected_ = {m};
        sensing::Placement final_board = sensing::placement_of(after.position());
        if (reply) {
            // Each player presses a moment after his own move stands on the board, without
            // waiting for it to be sensed: the first mover after his move (before or after
            // the reply is made), the replier after his reply (unless it ends the game, which
            // needs no press), each press before or after the board is read.
            expected_.push_back(*reply);
            presses_.push_back({pos.side_to_move(), sensing::placement_of(after.position()),
                                uniform(rng_, 0, timing_.press_delay_ms), std::nullopt, 0});
            Position last = after.position();
            last.do_move(*reply);
            final_board = sensing::placement_of(last);
            if (!chess::legal_moves(last).empty() && !chess::is_dead_position(last))
                presses_.push_back({after.position().side_to_move(), final_board,
                                    uniform(rng_, 0, timing_.press_delay_ms), std::nullopt, 0});
        }
        send(lines);
        const auto sent = std::chrono::steady_clock::now();
        const bool sensed = wait_for([&] { return expected_.empty(); }, timing_.ply_timeout_ms);
        const auto sensed_at = std::chrono::steady_clock::now();
        if (!sensed || !wait_for([&] { return presses_.empty(); }, timing_.ply_timeout_ms)) {
            const auto board = runner_->last_snapshot();
            fail(chess::to_uci(m) + (reply ? " and the quick reply " + chess::to_uci(*reply) : "") +
                 ": " + std::to_string(expected_.size()) + " not sensed, " +
                 std::to_string(presses_.size()) + " presses not applied; the board shows " +
                 (board ? sensing::to_string(board->squares) : std::string("?")) + ", expected " +
                 sensing::to_string(final_board));
            expected_.clear();
            presses_.clear();
            break;
        }
        counters_.sense_ms.push_back(
            std::chrono::duration<double, std::milli>(sensed_at - sent).count() - waits);
        if (reply) {
            ++ply_;
            if (int(match.game().ply_count()) != ply_ + 1) {
                fail(chess::to_uci(m) + " " + chess::to_uci(*reply) +
                     " (a quick reply) was not committed by the clock presses");
                break;
            }
            continue;
        }
        if (int(match.game().ply_count()) == ply_) {
            // Not ended by the move itself: the player presses the clock.
            if (match.pending_move() != m) {
                fail(chess::to_uci(m) + " sensed but not pending in the match");
                break;
            }
            apply({steady_ns(), std::nullopt,
                   engine::ClockPressed{match_id_, pos.side_to_move(), std::nullopt}});
        }
        if (int(match.game().ply_count()) != ply_ + 1) {
            fail(chess::to_uci(m) + " was not committed by the clock press");
            break;
        }
    }
    // A last look for anything late (a second reading of the final board).
    const auto settle_end =
        std::chrono::steady_clock::now() + std::chrono::microseconds(2 * timing_.settle_us);
    wait_for([&] { return std::chrono::steady_clock::now() >= settle_end; }, 5000);
    r.played = match.game().moves();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
}

std::vector<std::pair<std::string, std::vector<Move>>> read_games(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream text;
    text << in.rdbuf();
    auto games = chess::read_pgn(text.str());
    if (!games) throw std::runtime_error(path + ": " + games.error().to_string());
    std::vector<std::pair<std::string, std::vector<Move>>> out;
    for (const auto& g : *games)
        out.push_back({g.tag("White") + " - " + g.tag("Black") + ", " + g.tag("Date").substr(0, 4),
                       g.main_line().moves()});
    return out;
}

}  // namespace venue::pipeline_test
