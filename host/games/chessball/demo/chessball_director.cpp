#include "games/chessball/demo/chessball_director.h"

#include <cmath>

#include "chess/uci.h"
#include "demo/board_lines.h"
#include "demo/people.h"
#include "games/chessball/rules/chessball_match.h"

namespace venue::games::chessball {

namespace {

using demo::move_lines;
using demo::undo_lines;

std::string sq(chess::Square s) {
    return chess::square_to_string(s);
}

}  // namespace

ChessballDirector::ChessballDirector(const ChessballPlan& plan, demo::EventDevices devices,
                                     demo::DirectorTiming timing)
    : People(std::move(devices), timing), plan_(plan) {
    build();
}

// Chessball is played on a chess board: its match is a ChessMatch.
const engine::ChessMatch& ChessballDirector::match() const {
    return *daemon_.session().state().match(plan_.match.id)->chess();
}

void ChessballDirector::observe(const runtime::StepRecord& record) {
    for (const runtime::Applied& a : record.applied)
        for (const engine::Decision& d : a.decisions) {
            if (std::holds_alternative<engine::MoveAccepted>(d.body)) ++moves_accepted_;
            if (std::holds_alternative<engine::WarningProposed>(d.body)) ++proposals_;
            if (std::holds_alternative<engine::WarningGiven>(d.body)) ++warnings_given_;
            if (const auto* r = std::get_if<engine::PlayerRemoved>(&d.body)) {
                ++removals_;
                removed_squares_ = r->squares;
            }
            if (std::holds_alternative<engine::GameEnded>(d.body)) game_over_ = true;
        }
}

void ChessballDirector::board(const std::vector<std::string>& lines) {
    People::board(plan_.match.board, lines, script_.scaled(140));
}

void ChessballDirector::arbiter(engine::ArbiterAction a) {
    a.match = plan_.match.id;
    a.arbiter = "Judge (demo)";
    post(std::move(a));
}

void ChessballDirector::build() {
    using engine::ArbiterActionKind;
    auto* self = this;
    auto chessball = [self]() { return dynamic_cast<const ChessballMatch*>(&self->match()); };
    auto restored = [self] {
        const engine::ChessMatch& m = self->match();
        return !m.restore_required() && m.restore_squares().empty() && !m.pending_move();
    };

    add("the hub and the board come up", 0, {}, [self] {
        auto hub = self->daemon_.hub_status();
        const auto& hb = self->daemon_.heartbeat();
        auto boards = self->daemon_.board_statuses();
        return hub && hub->state == io::HubSessionState::RUNNING && hub->commands_pending == 0 &&
               hb && hb->armed == wire::Team::A && !boards.empty() &&
               boards[0].state == io::dgt::BoardLinkState::CONNECTED && boards[0].has_board;
    });
    add(
        "the arbiter starts White's clock (Black's paddle)", 800,
        [self] { self->paddle(chess::BLACK); },
        [self] {
            const auto& hb = self->daemon_.heartbeat();
            return hb && hb->clock_state == wire::ClockState::RUNNING &&
                   hb->on_move == wire::Team::A;
        });

    int warnings = 0, proposals = 0, removals = 0, moves = 0;
    for (const PlyPlan& ply : plan_.plies) {
        const std::string label = "ply " + std::to_string(ply.ply) + ": ";
        for (const JudgeWarning& w : ply.warnings_before) {
            const int want = ++warnings;
            add(
                label + "the judge warns " + w.player, 600,
                [self, w] {
                    engine::ArbiterAction a;
                    a.kind = ArbiterActionKind::WARN;
                    a.player = w.player;
                    a.text = w.reason;
                    a.clause = w.clause;
                    a.note = "seen by the judge: " + w.reason;
                    self->arbiter(a);
                },
                [self, want] { return self->warnings_given_ >= want; });
            if (w.player == plan_.removed_player && ply.ply == plan_.removal_before_ply) {
                const int removed = ++removals;
                add(label + w.player + " is removed", 0, {},
                    [self, removed] { return self->removals_ >= removed; });
                add(
                    label + "the arbiter takes the removed player's men off", 900,
                    [self] {
                        std::vector<std::string> lines;
                        for (chess::Square s : self->removed_squares_)
                            lines.push_back("lift " + sq(s));
                        self->board(lines);
                    },
                    restored);
            }
        }
        if (ply.out_of_turn_button >= 0)
            add(label + "a player of the other team presses out of turn", 250,
                [self, b = ply.out_of_turn_button] { self->press(b, 80); });

        const auto& team = plan_.match.side(ply.side);
        const std::string mover_id = team.players[std::size_t(ply.mover)].id;
        add(
            label + mover_id + " claims the move", 350,
            [self, ply] {
                sim::HubAction a;
                a.kind = sim::HubActionKind::PRESS;
                a.index = std::uint8_t(ply.button);
                a.hold_cycles = std::uint64_t(80 * CYCLES_PER_MS);
                std::vector<sim::HubAction> actions{a};
                if (ply.rival_button >= 0) {
                    sim::HubAction r = a;
                    r.when = sim::HubWhen::AFTER;
                    r.cycles = std::uint64_t(std::llround(ply.rival_delay_us * 16));
                    r.index = std::uint8_t(ply.rival_button);
                    actions.push_back(r);
                }
                self->hub_.schedule(actions);
            },
            [chessball, ply] {
                auto* m = chessball();
                auto h = m ? m->claim_holder() : std::nullopt;
                return h && h->team == ply.side && h->index == ply.mover;
            });

        if (ply.wrong_move) {
            const int want_proposal = ++proposals;
            const int want_warning = ++warnings;
            const chess::Move wrong = *ply.wrong_move;
            add(
                label + mover_id + " moves a teammate's piece (" + chess::to_uci(wrong) + ")", 500,
                [self, wrong] { self->board(move_lines(self->match().game().position(), wrong)); },
                [self, want_proposal] { return self->proposals_ >= want_proposal; });
            add(
                label + "the judge confirms the warning", 900,
                [self, want_proposal] {
                    engine::ArbiterAction a;
                    a.kind = ArbiterActionKind::CONFIRM_WARNING;
                    a.ref = want_proposal;
                    a.note = "the judge saw the impossible move";
                    self->arbiter(a);
                },
                [self, want_warning] { return self->warnings_given_ >= want_warning; });
            add(
                label + "the position is restored", 500,
                [self, wrong] { self->board(undo_lines(self->match().game().position(), wrong)); },
                restored);
        }

        const int want_moves = ++moves;
        const bool last = ply.ply == int(plan_.plies.size());
        add(
            label + mover_id + " plays " + chess::to_uci(ply.move), 500,
            [self, m = ply.move] { self->board(move_lines(self->match().game().position(), m)); },
            [self, m = ply.move, want_moves] {
                return self->match().pending_move() == m || self->moves_accepted_ >= want_moves;
            });
        if (!(last && plan_.ends_by_rule))
            add(
                label + "the clock is pressed", 300,
                [self, side = ply.side] { self->paddle(side); },
                [self, want_moves] { return self->moves_accepted_ >= want_moves; });
    }
    if (!plan_.ends_by_rule && plan_.result != "*")
        add(
            "the arbiter records the result", 800,
            [self] {
                engine::ArbiterAction a;
                a.kind = ArbiterActionKind::DECLARE_RESULT;
                a.result = self->plan_.result;
                a.text = self->plan_.result == "1/2-1/2" ? "agreement" : "resignation";
                a.note = "the game ended as the source game did";
                self->arbiter(a);
            },
            [self] { return self->game_over_; });
    else
        add("the game ends", 0, {}, [self] { return self->game_over_; });
}

}  // namespace venue::games::chessball
