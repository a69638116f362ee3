// Perft at small depths (fast enough for the sanitizer build); the deep counts
// run in tests/integration/chess.
#include <gtest/gtest.h>

#include "chess/perft.h"
#include "perft_positions.h"

namespace venue::chess {
namespace {

class PerftShallow : public ::testing::TestWithParam<testing::PerftPosition> {};

TEST_P(PerftShallow, MatchesPublishedCountsUpTo100kNodes) {
    const auto& p = GetParam();
    auto pos = Position::from_fen(p.fen);
    ASSERT_TRUE(pos) << pos.error().to_string();
    for (size_t d = 1; d <= p.nodes.size() && p.nodes[d - 1] <= 100000; ++d)
        EXPECT_EQ(perft(*pos, int(d)), p.nodes[d - 1]) << p.name << " depth " << d;
}

TEST_P(PerftShallow, DivideSumsToTotal) {
    const auto& p = GetParam();
    auto pos = Position::from_fen(p.fen);
    std::uint64_t sum = 0;
    for (const auto& e : perft_divide(*pos, 2)) sum += e.nodes;
    EXPECT_EQ(sum, p.nodes[1]);
}

INSTANTIATE_TEST_SUITE_P(Standard, PerftShallow, ::testing::ValuesIn(testing::perft_positions()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

TEST(Perft, DepthZeroIsOne) {
    EXPECT_EQ(perft(Position::start(), 0), 1u);
}

}  // namespace
}  // namespace venue::chess
