// The game Betza's demo plays: a venue file's match (armies, stations, select buttons, one DGT
// board per half-board, the hub's army clock) and what the players do, act by act. Planned
// before anything runs; tests/unit/betza/demo_plan_test.cpp plays it on the rules core.
//
// Four armies (the default): Alice's army 0 (White layout), Bob's 1 (Black), Carol's 2 (White)
// and Dave's 3 (Black), in seating order. Bob mates army 0 with Fool's mate, his queen crossing
// from his board to Alice's: the army passes to him and Alice is out. Carol's bishop checks
// Dave's king on the pair 2+3, and Dave meets the check on that pair. Bob plays two moves in one
// turn (his own board, then his queen on Alice's), between them pushing a board he has used
// (refused). Carol's flag falls: her army leaves the boards and she is out. Bob's queen crosses
// to Dave's board and mates army 3: Bob is the last player holding an army and wins.
// Two armies: Fool's mate, which is chess (BETZA-6.4).
// Any other number (3, 5 to 8): the armies play Fool's mate two by two side by side (0+1, 2+3,
// ...; the last of an odd count moves a knight out and back), each odd army's player takes his
// neighbour's army and the neighbour is out; then the players still in share the game.
// Alice to Heidi play armies 0 to 7.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "venue/match_config.h"

namespace venue::games::betza {

// One thing a person does in the demo's game.
struct BetzaAct {
    enum class Kind {
        PAIR,        // the army on move's player presses the select buttons of boards a, then b
        MOVE,        // ... makes `uci` (joined coordinates of the pushed pair) with the men
        END_TURN,    // ... presses his station's End-turn button
        THINK,       // ... thinks until his army's time runs out (the hub's flag)
        TAKE_OFF,    // the arbiter takes a retired army's men off the boards
        SHARE_DRAW,  // the players still in agree to share the game; the arbiter enters it
    };
    Kind kind = Kind::MOVE;
    int army = 0;  // the army on move (TAKE_OFF: the army retired)
    int a = 0, b = 0;
    std::string uci;
    bool refused = false;  // PAIR: the rules refuse it
    std::string shows;     // what the act shows, for the header ("" nothing to say)
};

struct BetzaDemoPlan {
    engine::MatchConfig match;
    std::vector<BetzaAct> acts;
    std::vector<std::string> boards;  // the DGT boards' ids (serial numbers), by half-board
};

// The plan for `armies` (2 to 8) armies, each with `clock_ms` on the hub's army clock.
BetzaDemoPlan betza_demo_plan(int armies, std::int64_t clock_ms);

// The hub button that selects half-board `board`, and station `player`'s End-turn button.
int select_button(int board);
int end_turn_button(int player);

}  // namespace venue::games::betza
