#include "games/business/demo/business_director.h"

#include "chess/uci.h"
#include "demo/board_lines.h"
#include "demo/people.h"

namespace venue::games::business {

namespace {

constexpr std::int64_t BEAM_STEP_MS = 40;  // between beam edges: walking pace

using demo::move_lines;
using demo::setup_lines;

const char* team(chess::Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

}  // namespace

BusinessDirector::BusinessDirector(const BusinessPlan& plan, demo::EventDevices devices,
                                   demo::DirectorTiming timing)
    : People(std::move(devices), timing), plan_(plan) {
    build();
}

const BusinessMatch& BusinessDirector::match() const {
    return dynamic_cast<const BusinessMatch&>(*daemon_.session().state().match(plan_.match.id));
}

bool BusinessDirector::clock_runs() const {
    const auto& hb = daemon_.heartbeat();
    return hb && hb->clock_state == wire::ClockState::RUNNING;
}

void BusinessDirector::observe(const runtime::StepRecord& record) {
    for (const runtime::Applied& a : record.applied)
        for (const engine::Decision& d : a.decisions) {
            if (std::holds_alternative<engine::KeyChangeAccepted>(d.body) ||
                std::holds_alternative<engine::KeyChangeRefused>(d.body))
                ++key_answers_;
            if (const auto* f = std::get_if<engine::ArbiterFlag>(&d.body))
                if (f->code == "SECOND_CROSSER") ++flags_;
            if (std::holds_alternative<engine::WarningGiven>(d.body) ||
                std::holds_alternative<engine::PlayerRemoved>(d.body))
                ++cards_;
            if (std::holds_alternative<engine::GameEnded>(d.body)) game_over_ = true;
        }
}

// Beams 0 and 1 are White's zone (outer, inner), 2 and 3 Black's (docs/protocol.md).
void BusinessDirector::cross(chess::Color zone, bool inward, std::int64_t after_ms) {
    const std::uint8_t outer = zone == chess::WHITE ? 0 : 2, inner = std::uint8_t(outer + 1);
    const std::uint8_t first = inward ? outer : inner, second = inward ? inner : outer;
    const std::uint64_t step = std::uint64_t(BEAM_STEP_MS * CYCLES_PER_MS);
    auto beam = [&](sim::HubActionKind kind, std::uint8_t index, std::uint64_t cycles) {
        sim::HubAction a;
        a.kind = kind;
        a.index = index;
        a.when = sim::HubWhen::AFTER;
        a.cycles = cycles;
        return a;
    };
    hub_.schedule(
        {beam(sim::HubActionKind::BEAM_BREAK, first, std::uint64_t(after_ms * CYCLES_PER_MS)),
         beam(sim::HubActionKind::BEAM_BREAK, second, step),
         beam(sim::HubActionKind::BEAM_RESTORE, first, step),
         beam(sim::HubActionKind::BEAM_RESTORE, second, step)});
}

void BusinessDirector::key_change(const std::string& label, const PlannedEntry& e) {
    auto* self = this;
    const engine::KeyChange k = *e.change;
    std::string what = label + team(k.side) + " enters " + engine::to_string(k.kind);
    if (k.from_branch) what += " of branch " + std::to_string(k.from_branch);
    add(
        what, 900,
        [self, k] {
            engine::KeyChange c = k;
            c.match = self->plan_.match.id;
            self->post(c);
        },
        [self, n = ++planned_keys_] { return self->key_answers_ >= n; });
    if (!e.setup) return;
    // The assistants set the branch up on its board, piece by piece; the board's sensors confirm
    // it and the clock runs again (BC-II.3, BC-A19).
    const BoardSetup s = *e.setup;
    add(
        label + "the assistants set branch " + std::to_string(s.branch) + " up on board " + s.board,
        1200,
        [self, s] {
            auto pos = chess::Position::from_fen(s.fen);
            if (pos) self->board(s.board, setup_lines(*pos), self->script_.scaled(60));
        },
        [self, s] {
            const auto* b = self->match().branch(s.branch);
            return b && b->ready() && b->board == s.board &&
                   (s.captains_check ? self->match().clone_to_confirm() == s.branch
                                     : self->clock_runs());
        });
    if (!s.captains_check) return;
    add(
        label + "the chief arbiter checks board " + s.board +
            " with both captains and resumes "
            "the clock",
        1500, [self, s] { self->post(captains_check(self->plan_.match.id, s)); },
        [self] { return self->match().clone_to_confirm() == 0 && self->clock_runs(); });
}

void BusinessDirector::red_line(const std::string& label, const RedLineIncident& r) {
    auto* self = this;
    const std::string zone = std::string(team(r.zone)) + "'s zone";
    add(
        label + "a member of " + team(r.zone) + " crosses the red line", 700,
        [self, r] { self->cross(r.zone, true, 0); },
        [self, r] { return self->match().zone_occupancy(r.zone) >= 1; });
    add(
        label + "a second member follows him", 500, [self, r] { self->cross(r.zone, true, 0); },
        [self, n = ++planned_flags_] { return self->flags_ >= n; });
    add(
        label + "the chief arbiter names " + r.player, 1200,
        [self, r] {
            engine::ArbiterAction a;
            a.match = self->plan_.match.id;
            a.kind = engine::ArbiterActionKind::WARN;
            a.player = r.player;
            a.text = r.reason;
            a.arbiter = "Chief arbiter (demo)";
            a.note = "seen at the red line: " + r.reason;
            self->post(a);
        },
        [self, n = ++planned_cards_] { return self->cards_ >= n; });
    add(
        label + "both walk back out of " + zone, 800,
        [self, r] {
            self->cross(r.zone, false, 0);
            self->cross(r.zone, false, 400);
        },
        [self, r] { return self->match().zone_occupancy(r.zone) == 0; });
}

void BusinessDirector::entries(const std::string& label, const std::vector<PlannedEntry>& list) {
    for (const PlannedEntry& e : list) {
        if (e.red_line) red_line(label, *e.red_line);
        if (e.change) key_change(label, e);
    }
}

void BusinessDirector::build() {
    auto* self = this;
    const std::uint64_t base_us = std::uint64_t(plan_.match.time.base_ms) * 1000;
    add("the hub and the boards come up", 0, {}, [self, base_us] {
        auto hub = self->daemon_.hub_status();
        const auto& hb = self->daemon_.heartbeat();
        if (!hub || hub->state != io::HubSessionState::RUNNING || hub->commands_pending != 0 ||
            !hb || hb->armed != wire::Team::A || hb->remaining_a_us != base_us)
            return false;
        const auto boards = self->daemon_.board_statuses();
        if (boards.empty()) return false;
        for (const auto& b : boards)
            if (b.state != io::dgt::BoardLinkState::CONNECTED || !b.has_board) return false;
        return true;
    });
    add(
        "the chief arbiter starts White's clock", 800, [self] { self->paddle(chess::BLACK); },
        [self] {
            const auto& hb = self->daemon_.heartbeat();
            return hb && hb->clock_state == wire::ClockState::RUNNING &&
                   hb->on_move == wire::Team::A;
        });

    int turns = 0;
    for (const BusinessTurn& turn : plan_.turns) {
        const std::string label =
            "move " + std::to_string(turn.move) + (turn.side == chess::WHITE ? "" : "...") + ": ";
        entries(label, turn.before);

        // The representative makes the move on every open branch's board, one board after the
        // other (each board's emulator runs its own script: the waits stagger them).
        std::vector<BoardMove> moves = turn.moves;
        add(
            label + team(turn.side) + "'s representative moves on " + std::to_string(moves.size()) +
                " board(s)",
            600,
            [self, moves] {
                int wait = 0;
                for (const BoardMove& m : moves) {
                    self->board(m.board, move_lines(m.before, m.move), self->script_.scaled(140),
                                wait);
                    wait += self->script_.scaled(700);
                }
            },
            [self, moves] {
                for (const BoardMove& m : moves) {
                    const auto* b = self->match().branch(m.branch);
                    if (!b) return false;
                    const bool pending = b->pending && *b->pending == m.move;
                    chess::Position after = m.before;
                    after.do_move(m.move);
                    const bool played = b->game.position() == after;  // a mate: played at once
                    if (!pending && !played) return false;
                }
                return true;
            });

        entries(label, turn.after);
        if (turn.press) {
            const int want = ++turns;
            add(
                label + team(turn.side) + " presses the clock", 500,
                [self, side = turn.side] { self->paddle(side); },
                [self, want] { return self->match().turns() >= want; });
        }
        entries(label, turn.after_press);
    }
    add("the game ends", 0, {}, [self] { return self->game_over_; });
}

}  // namespace venue::games::business
