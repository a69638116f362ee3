// A field for Chess Eleven's tests, from the board part of a FEN.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "games/eleven/rules/eleven_field.h"

namespace venue::games::eleven::testing {

inline Placement field(const std::string& board) {
    auto p = placement_of(board);
    EXPECT_TRUE(p) << board;
    return p ? *p : Placement{};
}

}  // namespace venue::games::eleven::testing
