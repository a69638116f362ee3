#include "games/betza/demo/betza_plan.h"

#include <algorithm>

#include "games/betza/rules/betza_rules.h"
#include "games/betza/rules/geometry.h"

namespace venue::games::betza {

namespace {

using Kind = BetzaAct::Kind;

BetzaAct pair(int army, int a, int b, std::string shows = "", bool refused = false) {
    return {Kind::PAIR, army, a, b, "", refused, std::move(shows)};
}
BetzaAct move(int army, std::string uci, std::string shows = "") {
    return {Kind::MOVE, army, 0, 0, std::move(uci), false, std::move(shows)};
}
// A pair pushed and a move on it: the usual turn of one move.
void turn(std::vector<BetzaAct>& acts, int army, int a, int b, const std::string& uci,
          const std::string& shows = "") {
    acts.push_back(pair(army, a, b));
    acts.push_back(move(army, uci, shows));
}

// Fool's mate on the pair 0+1: Bob's queen crosses from his board to Alice's.
void fools_mate_opening(std::vector<BetzaAct>& acts, bool four) {
    turn(acts, 0, 0, 1, "f2f3");
    turn(acts, 1, 0, 1, "e7e5");
    if (four) {
        turn(acts, 2, 2, 3, "e2e3");
        turn(acts, 3, 2, 3, "d7d6");
    }
    turn(acts, 0, 0, 1, "g2g4");
    turn(acts, 1, 0, 1, "d8h4",
         "Fool's mate: Bob's queen crosses from his board to Alice's, mates army 0 and takes it; "
         "Alice is out");
}

// Every army of an even number paired with the next for Fool's mate, the games side by side in
// the seating order's two rounds; the last army of an odd count, without a partner, moves a
// knight out and back on the pair with its neighbour's board. Then the players still in share
// the game.
void side_by_side(std::vector<BetzaAct>& acts, int armies, const std::vector<std::string>& names) {
    struct Round {
        const char* white;
        const char* black;
        const char* alone;
        bool mates;  // the black armies' moves mate
    };
    for (const Round& r :
         {Round{"f2f3", "e7e5", "b1c3", false}, Round{"g2g4", "d8h4", "c3b1", true}}) {
        const bool mates = r.mates;
        for (int i = 0; i < armies; ++i) {
            if (i % 2)
                turn(acts, i, i - 1, i, r.black,
                     mates
                         ? "Fool's mate on " + std::to_string(i - 1) + "+" + std::to_string(i) +
                               ": " + names[std::size_t(i)] + " takes army " +
                               std::to_string(i - 1) + "; " + names[std::size_t(i - 1)] + " is out"
                         : "");
            else if (i + 1 < armies)
                turn(acts, i, i, i + 1, r.white);
            else
                turn(acts, i, i, i - 1, r.alone,
                     mates ? "" : names[std::size_t(i)] + ", without a partner, develops a knight");
        }
    }
    acts.push_back({Kind::SHARE_DRAW, 0, 0, 0, "", false,
                    "the players still in agree to share the game; the arbiter enters it "
                    "(BETZA-A17)"});
}

}  // namespace

int select_button(int board) {
    return 8 + board;
}
// Stations 0..3 press buttons 4..7 and stations 4..7 buttons 0..3: the select buttons take 8..15.
int end_turn_button(int player) {
    return (4 + player) % 8;
}

BetzaDemoPlan betza_demo_plan(int armies, std::int64_t clock_ms) {
    BetzaDemoPlan plan;
    engine::MatchConfig& c = plan.match;
    c.id = "bz1";
    c.game = "betza";
    c.event = "Venue demo";
    c.site = "Zurich SUI";
    c.round = "1";
    const char* ids[] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    const std::vector<std::string> names = {"Alice", "Bob",   "Carol", "Dave",
                                            "Erin",  "Frank", "Grace", "Heidi"};
    armies = std::clamp(armies, MIN_ARMIES, MAX_ARMIES);
    c.sides.assign(std::size_t(armies), engine::TeamConfig{});
    std::vector<std::string> select;
    for (int i = 0; i < armies; ++i) {
        c.side(i).name = std::string("Army ") + std::to_string(i);
        c.side(i).players.push_back({ids[i], names[std::size_t(i)], 0, {end_turn_button(i)}, ""});
        select.push_back(std::to_string(select_button(i)));
        plan.boards.push_back("1000" + std::to_string(i));
    }
    BetzaRules rules;
    rules.order = BattingOrder::SEATING_CLOCKWISE;  // the plan's turns are in seating order
    rules.clock_ms = clock_ms;
    rules.write_to(c.options);
    c.options.set("select_buttons", select);
    c.options.set("boards", plan.boards);
    c.time = {.base_ms = clock_ms, .increment_ms = 0, .mode = engine::TimeMode::SUDDEN_DEATH};

    std::vector<BetzaAct>& acts = plan.acts;
    if (armies != 2 && armies != 4) {
        side_by_side(acts, armies, names);
        return plan;
    }
    fools_mate_opening(acts, armies == 4);
    if (armies == 2) return plan;
    // Carol's bishop checks Dave's king on 2+3 only; Dave pushes that pair and meets it there.
    turn(acts, 2, 2, 3, "f1b5", "Carol's bishop checks Dave's king on the pair 2+3");
    turn(acts, 3, 2, 3, "c8d7", "Dave pushes 2+3 and meets the check there (BETZA-8)");
    // Army 0 is Bob's now: he plays it from his station.
    turn(acts, 0, 0, 1, "b1c3");
    // Bob's turn of two moves: his own board with Dave's, then his queen on Alice's board with
    // Carol's; in between a pair with a board he has used is refused (BETZA-6).
    turn(acts, 1, 1, 3, "a2a3", "Bob moves twice in one turn: first on 1+3");
    acts.push_back(pair(1, 1, 2, "a board used this turn is refused (BETZA-6)", true));
    turn(acts, 1, 0, 2, "h4h3", "... then his queen on 0+2");
    // Carol thinks until her flag falls (BETZA-A15): her army leaves, she is out.
    acts.push_back({Kind::THINK, 2, 0, 0, "", false,
                    "Carol's time runs out on the hub: her army leaves the boards, she is out"});
    acts.push_back({Kind::TAKE_OFF, 2, 0, 0, "", false, ""});
    turn(acts, 3, 2, 3, "f7f6");
    turn(acts, 0, 0, 1, "c3b1");
    turn(acts, 1, 1, 2, "a3a4");
    acts.push_back({Kind::END_TURN, 1, 0, 0, "", false,
                    "Bob could move his queen too, and ends his turn with his button"});
    turn(acts, 3, 2, 3, "g7g5");
    turn(acts, 0, 0, 1, "b1c3");
    turn(acts, 1, 0, 3, "h3h5",
         "Bob's queen crosses to Dave's board and mates army 3: Dave is out, Bob wins");
    return plan;
}

}  // namespace venue::games::betza
