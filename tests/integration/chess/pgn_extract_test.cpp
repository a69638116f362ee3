// Real games are read, replayed and written back; the written PGN passes
// pgn-extract (Debian's, an independent PGN reader) without errors and
// replays to the same final positions.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "chess/pgn.h"
#include "command.h"

namespace venue::chess {
namespace {

constexpr const char* PGN_EXTRACT = "/usr/games/pgn-extract";

TEST(PgnExtract, WrittenPgnIsAcceptedAndReplaysIdentically) {
    if (!std::filesystem::exists(PGN_EXTRACT))
        FAIL() << PGN_EXTRACT << " missing: scripts/setup installs the pgn-extract package";
    std::ifstream in(VENUE_SOURCE_DIR "/tests/data/pgn/famous.pgn");
    std::stringstream ss;
    ss << in.rdbuf();
    auto games = read_pgn(ss.str());
    ASSERT_TRUE(games) << games.error().to_string();

    std::string written;
    for (const PgnGame& g : *games) written += write_pgn(g);
    auto dir = std::filesystem::temp_directory_path() / "venue-pgn-extract-test";
    std::filesystem::create_directories(dir);
    auto path = dir / "written.pgn";
    std::ofstream(path) << written;

    // -r: report errors without extracting. It exits 0 even on errors, so
    // read what it says: every game must match and nothing may fail.
    auto r =
        venue::testing::run_command(std::string(PGN_EXTRACT) + " -r " + path.string() + " 2>&1");
    EXPECT_EQ(r.out.find("Failed"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("rror"), std::string::npos) << r.out;
    std::string expected_count =
        std::to_string(games->size()) + " games matched out of " + std::to_string(games->size());
    EXPECT_NE(r.out.find(expected_count), std::string::npos) << r.out;

    // pgn-extract's own re-export (-s: silent) must replay to the same positions.
    auto reexport = venue::testing::run_command(std::string(PGN_EXTRACT) + " -s " + path.string() +
                                                " 2>/dev/null");
    auto again = read_pgn(reexport.out);
    ASSERT_TRUE(again) << again.error().to_string() << "\n" << reexport.out;
    ASSERT_EQ(again->size(), games->size());
    for (size_t i = 0; i < games->size(); ++i)
        EXPECT_EQ((*again)[i].main_line().position().fen(),
                  (*games)[i].main_line().position().fen())
            << (*games)[i].tag("White") << " - " << (*games)[i].tag("Black");
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue::chess
