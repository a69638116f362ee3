#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "chess/pgn.h"

namespace venue::chess {
namespace {

std::string famous() {
    std::ifstream in(VENUE_SOURCE_DIR "/tests/data/pgn/famous.pgn");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(PgnWrite, RoundTripKeepsEverything) {
    auto games = read_pgn(famous());
    ASSERT_TRUE(games);
    for (const PgnGame& g : *games) {
        std::string text = write_pgn(g);
        auto again = read_pgn(text);
        ASSERT_TRUE(again) << again.error().to_string() << "\n" << text;
        ASSERT_EQ(again->size(), 1u);
        const PgnGame& h = again->front();
        EXPECT_EQ(h.main_line().position().fen(), g.main_line().position().fen());
        EXPECT_EQ(h.result, g.result);
        EXPECT_EQ(h.tag("White"), g.tag("White"));
        EXPECT_EQ(h.comment, g.comment);
        ASSERT_EQ(h.moves.size(), g.moves.size());
        for (size_t i = 0; i < g.moves.size(); ++i) {
            EXPECT_EQ(h.moves[i].nags, g.moves[i].nags);
            EXPECT_EQ(h.moves[i].clock_ms, g.moves[i].clock_ms);
            EXPECT_EQ(h.moves[i].comment, g.moves[i].comment);
            EXPECT_EQ(h.moves[i].variations.size(), g.moves[i].variations.size());
        }
        // Writing is stable: the second writing equals the first.
        EXPECT_EQ(write_pgn(h), text);
    }
}

TEST(PgnWrite, ExportFormat) {
    PgnGame g;
    g.set_tag("White", "Smith, \"Quick\" John");
    g.result = "1-0";
    auto m1 = Move(SQ_E2, SQ_E4), m2 = Move(SQ_E7, SQ_E5);
    g.moves.push_back(PgnMove{m1, {}, "", 5399000, {}});
    g.moves.push_back(PgnMove{m2, {1}, "good } reply", std::nullopt, {}});
    std::string text = write_pgn(g);
    EXPECT_NE(text.find("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                        "[White \"Smith, \\\"Quick\\\" John\"]"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("1. e4 {[%clk 1:29:59]} 1... e5 $1 {good ) reply} 1-0"), std::string::npos)
        << text;
}

TEST(PgnWrite, LinesStayWithin80Columns) {
    auto games = read_pgn(famous());
    ASSERT_TRUE(games);
    std::istringstream in(write_pgn((*games)[4]));
    std::string line;
    while (std::getline(in, line)) EXPECT_LE(line.size(), 80u) << line;
}

}  // namespace
}  // namespace venue::chess
