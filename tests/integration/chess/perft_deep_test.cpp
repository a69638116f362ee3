// `venue perft` on the six standard positions, at the deepest published depth
// with at most about 16 million nodes (a few seconds in all).
#include <gtest/gtest.h>

#include "../../unit/chess/perft_positions.h"
#include "command.h"

namespace venue::chess {
namespace {

class PerftDeep : public ::testing::TestWithParam<testing::PerftPosition> {};

TEST_P(PerftDeep, VenuePerftMatchesPublishedCount) {
    const auto& p = GetParam();
    size_t depth = 1;
    while (depth < p.nodes.size() && p.nodes[depth] <= 16'000'000) ++depth;
    EXPECT_EQ(venue::testing::perft_nodes(p.fen, int(depth)),
              static_cast<long long>(p.nodes[depth - 1]))
        << p.name << " depth " << depth;
}

INSTANTIATE_TEST_SUITE_P(Standard, PerftDeep, ::testing::ValuesIn(testing::perft_positions()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace venue::chess
