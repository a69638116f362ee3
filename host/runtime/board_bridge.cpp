#include "runtime/board_bridge.h"

#include "chess/bitboard.h"
#include "chess/uci.h"
#include "common/overloaded.h"
#include "sensing/placement.h"

namespace venue::runtime {

BoardBridge::BoardBridge(std::string match_id, std::string board_id,
                         sensing::RecogniserConfig config)
    : match_(std::move(match_id)), board_(std::move(board_id)), recogniser_(config) {}

void BoardBridge::reset() {
    recogniser_.reset();
    last_mismatch_ = 0;
    has_fed_ = has_read_ = false;
}

void BoardBridge::on_board(const sensing::Snapshot& board, const engine::Match& match,
                           std::int64_t host_ns, std::vector<engine::Event>& out) {
    // The report on the previous board comes first: it was read before this one was sensed.
    if (auto report = recogniser_.feed(board, match.game()))
        on_report(*report, match, host_ns, out);
    last_fed_ = board.squares;
    has_fed_ = true;
    // Every sensed board is evidence, kept in the log whether or not it settles.
    out.push_back({host_ns, std::nullopt,
                   engine::BoardSnapshot{match_, board_, sensing::to_string(board.squares)}});
}

void BoardBridge::tick(std::int64_t now_us, const engine::Match& match, std::int64_t host_ns,
                       std::vector<engine::Event>& out) {
    if (auto report = recogniser_.tick(now_us, match.game()))
        on_report(*report, match, host_ns, out);
}

void BoardBridge::mismatch(chess::Bitboard squares, const engine::Match& match,
                           std::int64_t host_ns, std::vector<engine::Event>& out) {
    // A restore is already asked for: the board differing is what the match expects until the
    // arbiter or the players have set it right.
    if (match.restore_required() || squares == last_mismatch_) return;
    last_mismatch_ = squares;
    engine::BoardMismatch m{match_, board_, {}};
    for (chess::Bitboard b = squares; b;) m.squares.push_back(chess::pop_lsb(b));
    out.push_back({host_ns, std::nullopt, std::move(m)});
}

void BoardBridge::on_report(const sensing::Report& report, const engine::Match& match,
                            std::int64_t host_ns, std::vector<engine::Event>& out) {
    last_reading_ = report.result;
    last_read_ = report.board.squares;
    has_read_ = true;
    const chess::Position& pos = match.game().position();
    const auto diff = sensing::differing_squares(report.board.squares, pos);
    std::visit(
        Overloaded{
            [&](const sensing::Unchanged&) {
                const bool waiting = match.restore_required() || !match.restore_squares().empty() ||
                                     match.pending_move() || last_mismatch_ != 0;
                last_mismatch_ = 0;
                if (waiting)
                    out.push_back({host_ns, std::nullopt, engine::BoardRestored{match_, board_}});
            },
            [&](const sensing::Recognised& r) {
                last_mismatch_ = 0;
                for (chess::Move m : r.moves)
                    out.push_back({host_ns, std::nullopt,
                                   engine::MoveSensed{match_, board_, chess::to_uci(m)}});
            },
            [&](const sensing::TakeBack&) { mismatch(diff, match, host_ns, out); },
            [&](const sensing::WrongMover&) { mismatch(diff, match, host_ns, out); },
            [&](const sensing::NoMatch& n) { mismatch(n.squares, match, host_ns, out); },
            [&](const sensing::InProgress&) {},
            [&](const sensing::Ambiguous&) {},
        },
        report.result);
}

}  // namespace venue::runtime
