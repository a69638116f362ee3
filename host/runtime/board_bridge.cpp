#include "runtime/board_bridge.h"

#include "chess/bitboard.h"
#include "chess/uci.h"
#include "common/overloaded.h"
#include "sensing/placement.h"
#include "venue/chess_match.h"

namespace venue::runtime {

namespace {

// Read against when no game is played on a board (a free demonstration board): its readings
// are dropped, but the recogniser keeps settling the board, so that it is read afresh against
// the branch that comes to it.
const chess::Game& no_game() {
    static const chess::Game game;
    return game;
}

}  // namespace

const chess::Game& BoardBridge::game_of(const engine::BoardRole& role) {
    return role.game ? *role.game : no_game();
}

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
    if (auto report = recogniser_.feed(board, game_of(match.board_role(board_))))
        on_report(*report, match, host_ns, out);
    if (!has_fed_ || board.squares != last_fed_) last_change_ns_ = host_ns;
    last_fed_ = board.squares;
    has_fed_ = true;
    // Every sensed board is evidence, kept in the log whether or not it settles.
    out.push_back({host_ns, std::nullopt,
                   engine::BoardSnapshot{match_, board_, sensing::to_string(board.squares)}});
}

void BoardBridge::on_field_update(const io::dgt::SensedFieldUpdate& update, std::int64_t host_ns,
                                  std::vector<engine::Event>& out) const {
    engine::BoardFieldUpdate e{match_, board_, update.sensor, io::dgt::code_of(update.piece), {}};
    if (update.square != chess::SQ_NONE) e.square = update.square;
    out.push_back({host_ns, std::nullopt, std::move(e)});
}

void BoardBridge::tick(std::int64_t now_us, const engine::Match& match, std::int64_t host_ns,
                       std::vector<engine::Event>& out) {
    if (auto report = recogniser_.tick(now_us, game_of(match.board_role(board_))))
        on_report(*report, match, host_ns, out);
}

void BoardBridge::mismatch(chess::Bitboard squares, const engine::BoardRole& role,
                           std::int64_t host_ns, std::vector<engine::Event>& out) {
    // A restore is already asked for, or the board is being set up: the board differing is what
    // the match expects until the arbiter or the players have set it right.
    if (role.restore_required || role.setting_up || squares == last_mismatch_) return;
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
    const engine::BoardRole role = match.board_role(board_);
    if (role.read_by_match) {  // the match reads it: the board as it settled, nothing more
        last_mismatch_ = 0;
        out.push_back(
            {host_ns, std::nullopt,
             engine::BoardSettled{match_, board_, sensing::to_string(report.board.squares)}});
        return;
    }
    if (!role.game) {  // a board no game is played on: nothing to read
        last_mismatch_ = 0;
        return;
    }
    const chess::Position& pos = role.game->position();
    const auto diff = sensing::differing_squares(report.board.squares, pos);
    std::visit(
        Overloaded{
            [&](const sensing::Unchanged&) {
                const bool waiting = role.waiting || last_mismatch_ != 0;
                last_mismatch_ = 0;
                if (waiting)
                    out.push_back({host_ns, std::nullopt, engine::BoardRestored{match_, board_}});
            },
            [&](const sensing::Recognised& r) {
                // A board being set up shows its position or nothing: a move read from it
                // would be a move of the branch before the board was confirmed.
                if (role.setting_up) return;
                sense(r.moves, role, match, host_ns, out);
            },
            [&](const sensing::TakeBack&) { mismatch(diff, role, host_ns, out); },
            [&](const sensing::WrongMover&) { mismatch(diff, role, host_ns, out); },
            [&](const sensing::NoMatch& n) { mismatch(n.squares, role, host_ns, out); },
            [&](const sensing::InProgress& p) {
                // A move made, and the opponent's hand already on his reply: the move is made
                // (its press, still to come, completes it; the reply is read when set down).
                if (!p.made.is_none() && !role.setting_up)
                    sense({p.made}, role, match, host_ns, out);
            },
            [&](const sensing::Ambiguous&) {},
        },
        report.result);
}

void BoardBridge::sense(const sensing::MoveSeq& moves, const engine::BoardRole& role,
                        const engine::Match& match, std::int64_t host_ns,
                        std::vector<engine::Event>& out) {
    last_mismatch_ = 0;
    // The first move read may be the one the match already holds (sensed, its clock
    // press not yet come): it is not sensed twice. So with a move and its quick reply:
    //  - read from one board, the match plays the move when the reply comes and
    //    holds the reply; the same board, read again against the longer game, is the
    //    reply alone, which the match already holds: nothing new;
    //  - the move read alone (it stood for the settle time before the reply came),
    //    then the board with the reply read against the game without the move (only
    //    pending): the move and the reply, of which only the reply is new. The match
    //    plays its pending move when the reply comes, as it does for both at once.
    const engine::ChessMatch* cm = match.chess();
    const bool held = cm && role.game == &cm->game() && cm->pending_move() == moves[0];
    for (int i = held ? 1 : 0; i < moves.size(); ++i)
        out.push_back(
            {host_ns, std::nullopt, engine::MoveSensed{match_, board_, chess::to_uci(moves[i])}});
}

}  // namespace venue::runtime
