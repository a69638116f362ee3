#include "publish/hall_topics.h"

#include <gtest/gtest.h>

namespace venue::publish {
namespace {

TEST(HallTopics, TheTreeUnderOneHall) {
    HallTopics t("open-2026", "hall-a");
    EXPECT_EQ(t.root(), "venue/open-2026/hall-a");
    EXPECT_EQ(t.events(), "venue/open-2026/hall-a/events");
    EXPECT_EQ(t.head(), "venue/open-2026/hall-a/head");
    EXPECT_EQ(t.replay(), "venue/open-2026/hall-a/replay");
    EXPECT_EQ(t.feed_match("final"), "venue/open-2026/hall-a/feed/match/final");
    EXPECT_EQ(t.pgn("final"), "venue/open-2026/hall-a/pgn/final");
}

TEST(HallTopics, AnIdIsOneTopicLevelAndCannotReachAnotherHall) {
    EXPECT_TRUE(valid_topic_segment("hall_B-2"));
    for (const char* bad : {"", "a/b", "+", "#", "hall a", "hällé"})
        EXPECT_FALSE(valid_topic_segment(bad)) << bad;
    EXPECT_NE(topic_segment_problem("a/b").find("'/'"), std::string::npos);
    EXPECT_FALSE(valid_topic_segment(std::string(65, 'a')));
}

TEST(HallTopics, SlugsOfEventNames) {
    EXPECT_EQ(topic_slug("Chessball Open 2026"), "chessball-open-2026");
    EXPECT_EQ(topic_slug("  Business -- Chess! "), "business-chess");
    EXPECT_EQ(topic_slug("***"), "event");
    EXPECT_TRUE(valid_topic_segment(topic_slug(std::string(200, 'x'))));
}

TEST(HallTopics, SplittingATopicBackIntoItsHall) {
    auto t = split_hall_topic("venue/open/hall-b/feed/match/final");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->event, "open");
    EXPECT_EQ(t->hall, "hall-b");
    EXPECT_EQ(t->rest, "feed/match/final");
    EXPECT_FALSE(split_hall_topic("venue/open/hall-b"));
    EXPECT_FALSE(split_hall_topic("other/open/hall-b/events"));
    EXPECT_EQ(hall_filter("+", "events"), "venue/+/+/events");
}

}  // namespace
}  // namespace venue::publish
