// `venue perft` at the full published depths (hundreds of millions of nodes
// per position). Label perft-long: `ctest --preset perft-long`.
#include <gtest/gtest.h>

#include "../../unit/chess/perft_positions.h"
#include "command.h"

namespace venue::chess {
namespace {

class PerftLong : public ::testing::TestWithParam<testing::PerftPosition> {};

TEST_P(PerftLong, VenuePerftMatchesPublishedCountAtFullDepth) {
    const auto& p = GetParam();
    const size_t depth = p.nodes.size();
    EXPECT_EQ(venue::testing::perft_nodes(p.fen, int(depth)),
              static_cast<long long>(p.nodes[depth - 1]))
        << p.name << " depth " << depth;
}

INSTANTIATE_TEST_SUITE_P(Standard, PerftLong, ::testing::ValuesIn(testing::perft_positions()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace venue::chess
