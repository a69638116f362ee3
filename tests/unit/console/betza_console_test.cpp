// Betza's game in the console: its entries are registered (its inputs in words, the arbiter's
// buttons), so that the log panel and the confirmation dialog say what an entry does.
#include <gtest/gtest.h>

#include "console/game_console.h"
#include "console/game_panels.h"

namespace venue::console {
namespace {

TEST(BetzaConsole, TheGamesEntriesSayItsInputsAndDrawTheArbitersButtons) {
    const GameConsole* g = find_game_console("betza");
    ASSERT_NE(g, nullptr);
    ASSERT_NE(g->input_words, nullptr);
    EXPECT_FALSE(g->illegal_move_stands);
    engine::GameInput pair{"bz1", "select_pair", 2, "", {{"board_a", "2"}, {"board_b", "0"}}, "",
                           ""};
    EXPECT_EQ(g->input_words(pair, "Army 2"), "Army 2 pushes half-boards 2 and 0 together");
    engine::GameInput move{"bz1", "move", 2, "", {{"uci", "e2e4"}}, "", ""};
    EXPECT_EQ(g->input_words(move, "Army 2"), "Army 2 plays e2e4 on the pushed pair");
    engine::GameInput time{"bz1",   "add_time",     0, "", {{"army", "3"}, {"ms", "-30000"}},
                           "Chief", "a clock fault"};
    EXPECT_EQ(g->input_words(time, "Army 0"), "Time taken from army 3: 30000 ms");
    const GamePanels* p = find_game_panels("betza");
    ASSERT_NE(p, nullptr);
    EXPECT_NE(p->draw_actions, nullptr);
    EXPECT_NE(p->draw_entry_fields, nullptr);
}

}  // namespace
}  // namespace venue::console
