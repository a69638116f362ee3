// The feed of a Business Chess match: every branch as a board with its rating and its place in
// the tree (mother and split), valid under schemas/feed/feed.schema.json, and the score.
#include <gtest/gtest.h>

#include <fstream>

#include "../../support/business_tree.h"
#include "feed/feed_model.h"
#include "json_schema_check.h"

namespace venue::feed {
namespace {

using games::business::testing::Script;
using nlohmann::json;
using testing::SchemaCheck;
using venue::testing::three_branches;

json schema() {
    std::ifstream in(VENUE_SOURCE_DIR "/schemas/feed/feed.schema.json");
    return json::parse(in);
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += x + "\n";
    return s;
}

TEST(BusinessFeed, EveryBranchIsABoardWithItsRatingAndItsPlaceInTheTree) {
    Script s = three_branches();
    const json doc = match_document(s.match(), nullptr);
    const json& boards = doc["boards"];
    ASSERT_EQ(boards.size(), 3u) << doc.dump(1);
    EXPECT_EQ(boards[0]["branch"], 1);
    EXPECT_EQ(boards[0]["parent"], nullptr);
    EXPECT_EQ(boards[0]["split_ply"], nullptr);
    EXPECT_EQ(boards[0]["rating"], 6);
    EXPECT_EQ(boards[1]["branch"], 2);
    EXPECT_EQ(boards[1]["parent"], 1);
    EXPECT_EQ(boards[1]["split_ply"], 2);
    EXPECT_EQ(boards[1]["rating"], 3);
    EXPECT_EQ(boards[1]["id"], "2");
    EXPECT_EQ(boards[2]["branch"], 3);
    EXPECT_EQ(boards[2]["parent"], 2);
    EXPECT_EQ(boards[2]["split_ply"], 4);
    EXPECT_EQ(boards[2]["rating"], 1);
    EXPECT_EQ(boards[2]["fen"], boards[1]["fen"]);  // the clone stands as its mother
    EXPECT_EQ(doc["game"], "business");

    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
    FeedMemory memory;
    const FeedUpdate u = make_update(s.state(), {}, memory);
    EXPECT_EQ(joined(check.check(json::parse(u.matches.at("m1")), "/$defs/match")), "");
}

TEST(BusinessFeed, AClosedBranchShowsTheStakeItWasScoredWith) {
    Script s = three_branches();
    // Black resigns branch 3 and moves its rating to branch 1 (a selection): White scores 1.
    s.move("1", "f1c4");
    s.move("2", "b1c3");
    s.move("3", "d2d3");
    s.press();
    s.key(engine::KeyChangeKind::SELECT, 3, 1);
    const json doc = match_document(s.match(), nullptr);
    const json& third = doc["boards"][2];
    EXPECT_FALSE(third["open"]) << doc.dump(1);
    EXPECT_EQ(third["result"], "1-0");
    EXPECT_EQ(third["rating"], 1);
    EXPECT_EQ(doc["score"]["white_half_points"], s.match().score().white);
    SchemaCheck check(schema());
    EXPECT_EQ(joined(check.check(doc, "/$defs/match")), "");
}

}  // namespace
}  // namespace venue::feed
