// Business Chess rule tests: events in, decisions out. Each test names the clause of the rules
// catalogue it checks (BC-*).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "../../support/decision_search.h"
#include "chess/uci.h"
#include "games/business/rules/business_match.h"
#include "venue/venue_state.h"

namespace venue::games::business::testing {

using namespace venue::engine;

// Two teams of five plus one reserve (w1..w6, b1..b6), 90 minutes each on one clock.
inline MatchConfig business_config() {
    MatchConfig c;
    c.id = "m1";
    c.game = "business";
    c.event = "Business Chess test";
    c.white().name = "Federation";
    c.black().name = "City Hall";
    for (int i = 1; i <= 6; ++i) {
        c.white().players.push_back(
            {"w" + std::to_string(i), "White " + std::to_string(i), i, {}, ""});
        c.black().players.push_back(
            {"b" + std::to_string(i), "Black " + std::to_string(i), i, {}, ""});
    }
    c.time = {90 * 60 * 1000, 0, TimeMode::SUDDEN_DEATH};
    return c;
}

class Script {
  public:
    explicit Script(MatchConfig config = business_config()) {
        created_ = send(MatchCreated{config});
    }
    std::vector<Decision> send(EventBody body) {
        Event e{t_ += 1000000, std::nullopt, std::move(body)};
        events_.push_back(e);
        return state_.apply(e);
    }
    std::vector<Decision> move(const std::string& board, const std::string& uci) {
        return send(MoveSensed{"m1", board, uci});
    }
    std::vector<Decision> press(std::optional<std::int64_t> remaining = std::nullopt) {
        return send(ClockPressed{"m1", match().to_move(), remaining});
    }
    // One move on branch 1's board "1" and the press (while there is one branch).
    std::vector<Decision> turn(const std::string& uci) {
        auto d = move(match().branch_on("1") ? "1" : board_of_only(), uci);
        auto p = press();
        d.insert(d.end(), p.begin(), p.end());
        return d;
    }
    void turns(std::initializer_list<const char*> ucis) {
        for (const char* u : ucis) turn(u);
    }
    std::vector<Decision> key(KeyChangeKind kind, int from, int to = 0, int amount = 0,
                              std::string board = "") {
        KeyChange k;
        k.match = "m1";
        k.kind = kind;
        k.side = match().to_move();
        k.from_branch = from;
        k.to_branch = to;
        k.amount = amount;
        k.board = std::move(board);
        k.player = k.side == chess::WHITE ? "w1" : "b1";
        k.arbiter = "chief";
        return send(k);
    }
    std::vector<Decision> key_by(chess::Color side, KeyChange k) {
        k.match = "m1";
        k.side = side;
        return send(k);
    }
    // BRANCH, the new board's reading of the mother's position and the arbiter's check of the
    // clone with both captains (BC-II.3).
    std::vector<Decision> branch(int from, int amount, std::string board = "") {
        auto d = key(KeyChangeKind::BRANCH, from, 0, amount, board);
        if (auto* s = engine::testing::find<BoardSetupRequired>(d)) {
            auto r = clone_read(s->board);
            d.insert(d.end(), r.begin(), r.end());
        }
        return d;
    }
    // The board set up for a clone reads the position; when the engine asks for the captains'
    // check (CONFIRM_CLONE), the arbiter gives it.
    std::vector<Decision> clone_read(const std::string& board) {
        auto d = send(BoardRestored{"m1", board});
        const auto* f = engine::testing::find<ArbiterFlag>(d);
        if (f && f->code == "CONFIRM_CLONE") {
            auto r = arbiter(ArbiterActionKind::RESUME);
            d.insert(d.end(), r.begin(), r.end());
        }
        return d;
    }
    std::vector<Decision> arbiter(ArbiterActionKind kind, std::string player = "",
                                  std::string text = "") {
        ArbiterAction a;
        a.match = "m1";
        a.kind = kind;
        a.player = std::move(player);
        a.text = std::move(text);
        a.arbiter = "chief";
        a.note = "seen by the chief arbiter";
        return send(a);
    }
    std::vector<Decision> clock(std::int64_t white_ms, std::int64_t black_ms,
                                std::optional<Color> running) {
        return send(ClockReading{"m1", white_ms, black_ms, running});
    }
    const BusinessMatch& match() const {
        return dynamic_cast<const BusinessMatch&>(*state_.match("m1"));
    }
    const VenueState& state() const { return state_; }
    const std::vector<Event>& events() const { return events_; }
    const std::vector<Decision>& created() const { return created_; }

  private:
    std::string board_of_only() const {
        for (const Branch& b : match().branches())
            if (b.open) return b.board;
        return "";
    }
    VenueState state_;
    std::vector<Event> events_;
    std::vector<Decision> created_;
    std::int64_t t_ = 0;
};

// A legal move on branch b that does not end its game, chosen by a fixed rule from the branch's
// number and ply (so that branches drift apart), and never `avoid`.
inline std::string quiet_move(const Branch& b, const std::string& avoid = "") {
    std::vector<std::string> ucis;
    for (chess::Move m : chess::legal_moves(b.game.position())) ucis.push_back(chess::to_uci(m));
    std::sort(ucis.begin(), ucis.end());
    const std::size_t n = ucis.size();
    for (std::size_t k = 0; k < n; ++k) {
        const std::string& u = ucis[(std::size_t(b.number) * 5 + std::size_t(b.ply()) * 3 + k) % n];
        if (u == avoid) continue;
        chess::Game g = b.game;
        g.play(*chess::parse_uci(g.position(), u));
        if (g.status() == chess::GameStatus::ONGOING && g.repetition_count() < 3) return u;
    }
    ADD_FAILURE() << "no quiet move on branch " << b.number;
    return "";
}

// The fool's mate on branch 1, up to Black's move: 1. f3 e5 2. g4, and Qh4 mates. With
// `two_branches`, branch 2 split off at the start and went 1. e4 e5 2. Nf3 meanwhile.
inline void before_fools_mate(Script& s, bool two_branches = false) {
    if (two_branches) s.branch(1, 5);
    const char* one[] = {"f2f3", "e7e5", "g2g4"};
    const char* two[] = {"e2e4", "e7e5", "g1f3"};
    for (int i = 0; i < 3; ++i) {
        s.move("1", one[i]);
        if (two_branches) s.move("2", two[i]);
        s.press();
    }
}

// One move on every open branch (a new daughter's differs from its mother's), not pressed.
inline void move_everywhere(Script& s) {
    std::map<int, std::string> played;
    for (const Branch& b : s.match().branches()) {
        if (!b.ready()) continue;
        std::string avoid;
        if (b.number == s.match().turn().new_branch) avoid = played[s.match().turn().mother];
        if (b.number == s.match().turn().mother && played.count(s.match().turn().new_branch))
            avoid = played[s.match().turn().new_branch];
        played[b.number] = quiet_move(b, avoid);
        s.move(b.board, played[b.number]);
    }
}

inline std::vector<Decision> full_turn(Script& s) {
    move_everywhere(s);
    return s.press();
}

// After branching, one branch left: White branches (5 to branch 2), moves; Black resigns branch 2
// selecting into branch 1, moves. White to move, branch 1 alone (rating 10).
inline void one_branch_left(Script& s) {
    s.branch(1, 5);
    full_turn(s);
    s.key(KeyChangeKind::SELECT, 2, 1);
    full_turn(s);
}

// A team asks for board C (BC-I.7, BC-II.4).
inline std::vector<Decision> ask_for_board_c(Script& s, chess::Color team) {
    KeyChange k;
    k.kind = KeyChangeKind::BOARD_C;
    return s.key_by(team, k);
}

using venue::engine::testing::command;
using venue::engine::testing::count;
using venue::engine::testing::find;

// A REPLACE entry: `in` comes in for `out` (BC-I.12).
inline KeyChange replacement(std::string out, std::string in) {
    KeyChange k;
    k.kind = KeyChangeKind::REPLACE;
    k.player = std::move(out);
    k.in_player = std::move(in);
    return k;
}

inline const KeyChangeRefused* refused(const std::vector<Decision>& d, const char* code) {
    const auto* r = find<KeyChangeRefused>(d);
    return r && r->code == code ? r : nullptr;
}

}  // namespace venue::games::business::testing
