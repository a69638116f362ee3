#include "games/betza/demo/betza_director.h"

#include "chess/uci.h"
#include "games/betza/rules/half_boards.h"
#include "io/hub/hub_runner.h"

namespace venue::games::betza {

namespace {

using chess::Piece;
using chess::Square;

char fen_letter(Piece p) {
    static constexpr const char* LETTERS = "pnbrqk";
    const char c = LETTERS[int(chess::type_of(p)) - int(chess::PAWN)];
    return chess::color_of(p) == chess::WHITE ? char(c - 'a' + 'A') : c;
}

// What half-board `board` of `position` looks like on its DGT board.
sensing::Placement placement_of(const ArmyPosition& position, int board) {
    return betza::placement_of(expected_view(position, board));
}

// The DGT square that local square `s` is.
Square dgt_square(const HalfSquare& s) {
    return chess::make_square(s.file, s.rank);
}

// A move across two boards leaves time for the first board to settle (250 ms on USB DGT boards)
// before the second changes, as a hand crossing from one board to the other does.
constexpr int CROSSING_MS = 550;

}  // namespace

BetzaDirector::BetzaDirector(const BetzaDemoPlan& plan, demo::EventDevices devices,
                             demo::DirectorTiming timing)
    : People(std::move(devices), timing), plan_(plan) {
    auto* self = this;
    shown_.assign(plan_.boards.size(), sensing::Placement{});
    settled_.assign(plan_.boards.size(), "");
    add("the hub and the boards come up", 0, {}, [self] {
        auto hub = self->daemon_.hub_status();
        auto boards = self->daemon_.board_statuses();
        if (!hub || hub->state != io::HubSessionState::RUNNING || hub->commands_pending != 0 ||
            boards.size() != self->plan_.boards.size())
            return false;
        for (const auto& b : boards)
            if (b.state != io::dgt::BoardLinkState::CONNECTED || !b.has_board) return false;
        return true;
    });
    add(
        "the players set up their armies on the near halves of their boards", 500,
        [self] { self->set_up(); }, [self] { return self->boards_show_the_game(); });
    for (const BetzaAct& act : plan_.acts) add_act(act);
    add("the result", 0, {}, [self] { return self->game_over_; });
}

const BetzaMatch& BetzaDirector::match() const {
    return dynamic_cast<const BetzaMatch&>(*daemon_.session().state().match(plan_.match.id));
}

void BetzaDirector::observe(const runtime::StepRecord& record) {
    for (const runtime::Applied& a : record.applied) {
        if (const auto* s = std::get_if<engine::BoardSettled>(&a.event.body))
            for (std::size_t b = 0; b < plan_.boards.size(); ++b)
                if (plan_.boards[b] == s->board) settled_[b] = s->placement;
        for (const engine::Decision& d : a.decisions) {
            if (const auto* n = std::get_if<engine::GameNews>(&d.body)) ++seen_[n->kind];
            if (std::holds_alternative<engine::EventIgnored>(d.body)) ++seen_[d.rule];
            if (std::holds_alternative<engine::GameEnded>(d.body)) game_over_ = true;
        }
    }
}

std::function<bool()> BetzaDirector::one_more(const std::string& kind) {
    return [this, kind] { return seen_[kind] > base_[kind]; };
}

void BetzaDirector::set_up() {
    for (std::size_t b = 0; b < plan_.boards.size(); ++b) {
        shown_[b] = placement_of(game().position(), int(b));
        board(plan_.boards[b], {"setup " + sensing::to_string(shown_[b])}, 0, int(b) * 150);
    }
}

bool BetzaDirector::boards_show_the_game() const {
    for (std::size_t b = 0; b < plan_.boards.size(); ++b)
        if (settled_[b] != sensing::to_string(placement_of(game().position(), int(b))))
            return false;
    return true;
}

void BetzaDirector::add_act(const BetzaAct& act) {
    auto* self = this;
    const std::string who = plan_.match.side(act.army).players[0].name;
    auto count = [self](std::initializer_list<std::string> kinds) {
        for (const std::string& k : kinds) self->base_[k] = self->seen_[k];
    };
    switch (act.kind) {
        case BetzaAct::Kind::PAIR: {
            const std::string what = who + " pushes half-boards " + std::to_string(act.a) +
                                     " and " + std::to_string(act.b);
            add(
                what + ": the first button", 700,
                [self, act, count] {
                    count({"board_selected"});
                    self->press(select_button(act.a), 80);
                },
                one_more("board_selected"));
            add(
                what + ": the second button", 350,
                [self, act, count] {
                    count({"pair_declared", "BETZA-6"});
                    self->press(select_button(act.b), 80);
                },
                one_more(act.refused ? "BETZA-6" : "pair_declared"));
            return;
        }
        case BetzaAct::Kind::MOVE:
            add(
                who + " plays " + act.uci, 450,
                [self, act, count] {
                    count({"moved"});
                    self->make_move(act.uci);
                },
                one_more("moved"));
            return;
        case BetzaAct::Kind::END_TURN:
            add(
                who + " presses End turn", 500,
                [self, act, count] {
                    count({"turn_ended"});
                    const int player = self->game().controller_of(act.army);
                    self->press(end_turn_button(player), 80);
                },
                one_more("turn_ended"));
            return;
        case BetzaAct::Kind::THINK:
            // In short steps, so that a long think is not taken for a reaction that never came.
            add_repeated(
                who + " thinks (the hub's clock runs)", 1000, {}, [] { return true; },
                [self, act] { return !self->game().position().retired[std::size_t(act.army)]; });
            return;
        case BetzaAct::Kind::TAKE_OFF:
            add(
                "the arbiter takes " + who + "'s men off the boards", 1200,
                [self] { self->take_off(); }, [self] { return self->boards_show_the_game(); });
            return;
        case BetzaAct::Kind::SHARE_DRAW:
            add(
                "the players still in agree to share the game; the arbiter enters it", 1200,
                [self] {
                    engine::GameInput in;
                    in.match = self->plan_.match.id;
                    in.kind = "agree_draw";
                    in.side = self->game().army_on_move();
                    in.arbiter = "Chief arbiter (demo)";
                    in.note = "the players still in agreed to share the game at the board";
                    self->post(in);
                },
                [self] { return self->game_over_; });
            return;
    }
}

void BetzaDirector::lift(int board, Square s, int wait_ms) {
    shown_[std::size_t(board)][std::size_t(s)] = chess::NO_PIECE;
    this->board(plan_.boards[std::size_t(board)], {"lift " + chess::square_to_string(s)}, 0,
                wait_ms);
}

void BetzaDirector::put(int board, Square s, Piece p, int wait_ms) {
    shown_[std::size_t(board)][std::size_t(s)] = p;
    this->board(plan_.boards[std::size_t(board)],
                {"put " + chess::square_to_string(s) + " " + fen_letter(p)}, 0, wait_ms);
}

void BetzaDirector::make_move(const std::string& uci) {
    const Pair pair = *game().declared_pair();
    const HalfSquare from = half_square(pair, chess::parse_square(uci.substr(0, 2)));
    const HalfSquare to = half_square(pair, chess::parse_square(uci.substr(2, 2)));
    const Square f = dgt_square(from), t = dgt_square(to);
    const Piece man = shown_[std::size_t(from.board)][std::size_t(f)];
    const bool capture = shown_[std::size_t(to.board)][std::size_t(t)] != chess::NO_PIECE;
    if (from.board == to.board) {
        // One board: the emulator's move (the taken man first, then the mover).
        shown_[std::size_t(from.board)][std::size_t(f)] = chess::NO_PIECE;
        shown_[std::size_t(to.board)][std::size_t(t)] = man;
        board(plan_.boards[std::size_t(from.board)],
              {"move " + chess::square_to_string(f) + " " + chess::square_to_string(t)}, 0);
        return;
    }
    // Across the join: the taken man off the partner's board, the mover lifted from its own,
    // then set down on the partner's board at the mapped square.
    if (capture) lift(to.board, t, 0);
    lift(from.board, f, capture ? CROSSING_MS : 0);
    put(to.board, t, man, CROSSING_MS * (capture ? 2 : 1));
}

void BetzaDirector::take_off() {
    for (std::size_t b = 0; b < plan_.boards.size(); ++b) {
        const sensing::Placement want = placement_of(game().position(), int(b));
        int wait = 0;
        for (int s = 0; s < chess::SQUARE_NB; ++s)
            if (shown_[b][std::size_t(s)] != chess::NO_PIECE &&
                want[std::size_t(s)] == chess::NO_PIECE) {
                lift(int(b), Square(s), wait);
                wait = script_.scaled(120);
            }
    }
}

}  // namespace venue::games::betza
