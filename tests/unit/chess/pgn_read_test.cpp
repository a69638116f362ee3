#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "chess/pgn.h"
#include "chess/uci.h"

namespace venue::chess {
namespace {

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(PgnRead, FamousGamesReplayToTheirFinalPositions) {
    auto games = read_pgn(read_file(VENUE_SOURCE_DIR "/tests/data/pgn/famous.pgn"));
    ASSERT_TRUE(games) << games.error().to_string();
    ASSERT_EQ(games->size(), 7u);
    const auto& opera = (*games)[0];
    EXPECT_EQ(opera.tag("White"), "Morphy, Paul");
    EXPECT_EQ(opera.result, "1-0");
    EXPECT_EQ(opera.comment, "The Opera Game.");
    EXPECT_EQ(opera.moves.size(), 33u);
    EXPECT_EQ(opera.main_line().status(), GameStatus::CHECKMATE);
    EXPECT_EQ(opera.moves[5].nags, std::vector<int>{6});  // 3... Bg4 $6
    // Game of the Century ends with ...Rc2#.
    const auto& century = (*games)[3];
    EXPECT_EQ(century.main_line().status(), GameStatus::CHECKMATE);
    EXPECT_EQ(century.main_line().position().side_to_move(), WHITE);
    // Kasparov-Topalov ends after 44. Qa7 with Black to move, not mated.
    const auto& kt = (*games)[4];
    EXPECT_EQ(kt.moves.size(), 87u);
    EXPECT_EQ(kt.main_line().status(), GameStatus::ONGOING);
}

TEST(PgnRead, ClocksCommentsVariationsAndSetUp) {
    auto games = read_pgn(read_file(VENUE_SOURCE_DIR "/tests/data/pgn/famous.pgn"));
    ASSERT_TRUE(games);
    const auto& special = (*games)[5];
    ASSERT_TRUE(special.moves[0].clock_ms);
    EXPECT_EQ(*special.moves[0].clock_ms, 90 * 60 * 1000);
    EXPECT_EQ(*special.moves[3].clock_ms, (89 * 60 + 30) * 1000);
    EXPECT_EQ(special.moves[3].comment, "Black allows en passant.");
    EXPECT_EQ(to_uci(special.moves[4].move), "e5f6");  // exf6 e.p.
    ASSERT_EQ(special.moves[4].variations.size(), 1u);
    EXPECT_EQ(special.moves[4].variations[0].size(), 3u);  // 3. d4 e6 4. c4 $5
    EXPECT_EQ(special.moves[4].variations[0][2].nags, std::vector<int>{5});
    // 13. Kh1?! (13. Nbd2 Nb4 (13... Ncxe5) 14. h3): a variation within a variation.
    const auto& kh1 = special.moves[24];
    EXPECT_EQ(kh1.nags, std::vector<int>{6});
    ASSERT_EQ(kh1.variations.size(), 1u);
    ASSERT_EQ(kh1.variations[0][1].variations.size(), 1u);

    const auto& setup = (*games)[6];
    EXPECT_EQ(setup.start.fen(), "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1");
    EXPECT_EQ(to_uci(setup.moves[0].move), "b7b8n");
    EXPECT_EQ(to_uci(setup.moves[1].move), "g2g1r");
    EXPECT_EQ(setup.result, "*");
}

TEST(PgnRead, SkippingVariations) {
    auto games = read_pgn(read_file(VENUE_SOURCE_DIR "/tests/data/pgn/famous.pgn"),
                          PgnReadOptions{.keep_variations = false});
    ASSERT_TRUE(games);
    EXPECT_TRUE((*games)[5].moves[4].variations.empty());
    EXPECT_EQ((*games)[5].moves.size(), 53u);
}

TEST(PgnRead, ToleratesRealWorldSloppiness) {
    // BOM, CRLF, % escape lines, ; comments, glued move numbers, 0-0, missing
    // result, no blank line between games, ellipses, e.p. marks.
    const std::string text =
        "\xEF\xBB\xBF[Event \"sloppy \\\"quoted\\\"\"]\r\n[White \"A\"]\r\n\r\n"
        "%this line is escaped\r\n"
        "1.e4 e5 2.Nf3 Nc6 ; a rest-of-line comment\r\n"
        "3.Bc4 Bc5 4.0-0 Nf6 5...  \r\n"
        "[Event \"second\"]\n1. d4 {no result at all}\n"
        "[Event \"third\"]\n1. e4 d5 2. e5 f5 3. exf6e.p. 1/2-1/2\n";
    auto games = read_pgn(text);
    ASSERT_TRUE(games) << games.error().to_string();
    ASSERT_EQ(games->size(), 3u);
    EXPECT_EQ((*games)[0].tag("Event"), "sloppy \"quoted\"");
    EXPECT_EQ((*games)[0].moves.size(), 8u);
    EXPECT_EQ((*games)[0].result, "*");
    EXPECT_EQ((*games)[1].moves.size(), 1u);
    EXPECT_EQ((*games)[1].moves[0].comment, "no result at all");
    EXPECT_EQ((*games)[2].result, "1/2-1/2");
    EXPECT_EQ(to_uci((*games)[2].moves[4].move), "e5f6");
}

TEST(PgnRead, ABrokenGameIsReportedAndTheNextStillRead) {
    const std::string text =
        "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n"
        "[Event \"good\"]\n\n1. d4 d5 *\n";
    PgnReader reader(text);
    auto first = reader.next();
    ASSERT_TRUE(first);
    ASSERT_FALSE(*first);
    EXPECT_EQ(first->error().game, 1);
    EXPECT_NE(first->error().message.find("Ke3"), std::string::npos) << first->error().message;
    EXPECT_NE(first->error().message.find("line 3"), std::string::npos) << first->error().message;
    auto second = reader.next();
    ASSERT_TRUE(second);
    ASSERT_TRUE(*second) << second->error().to_string();
    EXPECT_EQ((*second)->tag("Event"), "good");
    EXPECT_FALSE(reader.next());
}

TEST(PgnRead, ErrorsForStructuralFaults) {
    EXPECT_FALSE(read_pgn("1. e4 ) e5 *"));
    EXPECT_FALSE(read_pgn("1. e4 (1. d4 *"));
    EXPECT_FALSE(read_pgn("1. e4 {never closed"));
    EXPECT_FALSE(read_pgn("[FEN \"not a fen\"]\n1. e4 *"));
    EXPECT_TRUE(read_pgn(""));
    EXPECT_TRUE(read_pgn("")->empty());
}

TEST(PgnClock, FormatAndParse) {
    EXPECT_EQ(format_clock(0), "0:00:00");
    EXPECT_EQ(format_clock(5400000), "1:30:00");
    EXPECT_EQ(format_clock(61999), "0:01:01");
    EXPECT_EQ(parse_clock("1:30:00"), 5400000);
    EXPECT_EQ(parse_clock("0:00:07.5"), 7500);
    EXPECT_EQ(parse_clock("12:34"), (12 * 60 + 34) * 1000);
    EXPECT_FALSE(parse_clock("1:60:00"));
    EXPECT_FALSE(parse_clock("abc"));
    EXPECT_FALSE(parse_clock("7"));
}

// Found by chess_pgn_fuzz: hour counts that overflow when turned into
// milliseconds are refused, not wrapped into a plausible clock.
TEST(PgnClock, RefusesHoursNoClockShows) {
    EXPECT_EQ(parse_clock("999:59:59"), ((999 * 60 + 59) * 60 + 59) * 1000LL);
    EXPECT_FALSE(parse_clock("1000:00:00"));
    EXPECT_FALSE(parse_clock("4444444444444444441:29:00"));
    EXPECT_FALSE(parse_clock("99999999999999999999999:00:00"));
}

}  // namespace
}  // namespace venue::chess
