// A Business Chess match with a tree of three branches, for the tests of what shows it (the
// feed, its overlays, the console).
#pragma once

#include "../unit/business/business_script.h"

namespace venue::testing {

using games::business::testing::Script;

// A tree of three branches: 2 split from 1 after two plies, 3 from 2 after four.
inline Script three_branches() {
    Script s;
    s.turns({"e2e4", "e7e5"});
    s.branch(1, 4);  // White: 6 on branch 1, 4 on branch 2, on board "2"
    s.move("1", "g1f3");
    s.move("2", "f1c4");
    s.press();
    s.move("1", "b8c6");
    s.move("2", "g8f6");
    s.press();
    s.branch(2, 1);  // White splits branch 2 (4): 3 and 1, on board "3"
    return s;
}

}  // namespace venue::testing
