// Chessball rule tests: events in, decisions out. Each test names the clause of
// the rules catalogue it checks (CB-*).
#pragma once

#include <gtest/gtest.h>

#include "../../support/decision_search.h"
#include "games/chessball/rules/chessball_match.h"
#include "venue/venue_state.h"

namespace venue::games::chessball::testing {

using namespace venue::engine;

// Two teams of four: W1..W4 own ab, cd, ef, gh (buttons 0-3); B1..B4 likewise (buttons 8-11).
inline MatchConfig four_a_side(std::string start_fen = "") {
    MatchConfig c;
    c.id = "m1";
    c.game = "chessball";
    c.start_fen = std::move(start_fen);
    c.white().name = "Kazan";
    c.black().name = "Moscow";
    const char* files[] = {"ab", "cd", "ef", "gh"};
    for (int i = 0; i < 4; ++i) {
        c.white().players.push_back(
            {"W" + std::to_string(i + 1), "White " + std::to_string(i + 1), i + 1, {i}, files[i]});
        c.black().players.push_back({"B" + std::to_string(i + 1),
                                     "Black " + std::to_string(i + 1),
                                     i + 1,
                                     {8 + i},
                                     files[i]});
    }
    return c;
}

// Four a side with one [match.chessball] key set (the alternatives' tests).
inline MatchConfig with(const char* key, OptionValue value, std::string fen = "") {
    MatchConfig c = four_a_side(std::move(fen));
    c.options.set(key, std::move(value));
    return c;
}

// A captain's entry the judge makes for him (a GameInput of the team `team`).
inline GameInput captain_entry(const char* kind, chess::Color team) {
    GameInput in;
    in.match = "m1";
    in.kind = kind;
    in.side = team;
    in.arbiter = "judge";
    in.note = "the captain asked";
    return in;
}

class Script {
  public:
    explicit Script(MatchConfig config = four_a_side()) { created_ = send(MatchCreated{config}); }
    std::vector<Decision> send(EventBody body) {
        Event e{t_ += 1000, t_ / 1000, std::move(body)};
        events_.push_back(e);
        return state_.apply(e);
    }
    std::vector<Decision> press(int button, ClaimVerdict v = ClaimVerdict::ACCEPTED,
                                std::int64_t margin = 0) {
        ClaimPressed p;
        p.match = "m1";
        p.button = button;
        p.verdict = v;
        p.margin_us = margin;
        return send(p);
    }
    std::vector<Decision> move(const std::string& uci) { return send(MoveSensed{"m1", "b", uci}); }
    std::vector<Decision> clock() {
        return send(ClockPressed{"m1", match().game().position().side_to_move(), std::nullopt});
    }
    // Claim with `button`, move, press the clock.
    void turn(int button, const std::string& uci) {
        press(button);
        move(uci);
        clock();
    }
    std::vector<Decision> judge(ArbiterActionKind kind, std::string player = "", int ref = 0) {
        ArbiterAction a;
        a.match = "m1";
        a.kind = kind;
        a.player = std::move(player);
        a.ref = ref;
        a.arbiter = "judge";
        a.note = "seen by the judge";
        return send(a);
    }
    const ChessballMatch& match() const {
        return dynamic_cast<const ChessballMatch&>(*state_.match("m1"));
    }
    const VenueState& state() const { return state_; }
    const std::vector<Event>& events() const { return events_; }
    const std::vector<Decision>& created() const { return created_; }

  private:
    VenueState state_;
    std::vector<Event> events_;
    std::vector<Decision> created_;
    std::int64_t t_ = 0;
};

using venue::engine::testing::command;
using venue::engine::testing::find;

// The rule of the first device command called `name`, or "(no name)".
inline std::string command_rule(const std::vector<Decision>& ds, const std::string& name) {
    for (const auto& d : ds)
        if (auto* c = std::get_if<DeviceCommand>(&d.body); c && to_string(c->command) == name)
            return d.rule;
    return "(no " + name + ")";
}

}  // namespace venue::games::chessball::testing
