// Updates merged while the publishing thread is behind: documents are whole, so the merge must
// equal publishing both, in order.
#include <gtest/gtest.h>

#include "feed/feed_publisher.h"

namespace venue::feed {
namespace {

FeedUpdate update(std::int64_t seq, std::map<std::string, std::string> matches, bool full = false) {
    FeedUpdate u;
    u.seq = seq;
    u.event_json = "{\"name\":\"e" + std::to_string(seq) + "\"}";
    for (auto& [id, doc] : matches) {
        u.pgn[id] = "pgn of " + doc;
        u.matches[id] = std::move(doc);
    }
    u.full = full;
    return u;
}

TEST(MergeUpdate, LaterDocumentsWinAndUntouchedOnesStay) {
    FeedUpdate a = update(5, {{"m1", "m1@5"}, {"m2", "m2@5"}});
    merge_update(a, update(6, {{"m2", "m2@6"}, {"m3", "m3@6"}}));
    EXPECT_EQ(a.seq, 6);
    EXPECT_EQ(a.event_json, "{\"name\":\"e6\"}");
    EXPECT_FALSE(a.full);
    EXPECT_EQ(a.matches,
              (std::map<std::string, std::string>{{"m1", "m1@5"}, {"m2", "m2@6"}, {"m3", "m3@6"}}));
    EXPECT_EQ(a.pgn.at("m2"), "pgn of m2@6");
}

TEST(MergeUpdate, AFullUpdateStaysFull) {
    FeedUpdate a = update(1, {{"m1", "m1@1"}, {"m2", "m2@1"}}, true);
    merge_update(a, update(2, {{"m1", "m1@2"}}));
    EXPECT_TRUE(a.full);
    EXPECT_EQ(a.matches, (std::map<std::string, std::string>{{"m1", "m1@2"}, {"m2", "m2@1"}}));
}

TEST(MergeUpdate, ALaterFullUpdateForgetsWhatItDoesNotName) {
    FeedUpdate a = update(1, {{"gone", "gone@1"}});
    merge_update(a, update(2, {{"m1", "m1@2"}}, true));
    EXPECT_TRUE(a.full);
    EXPECT_EQ(a.matches, (std::map<std::string, std::string>{{"m1", "m1@2"}}));
    EXPECT_FALSE(a.pgn.contains("gone"));
}

}  // namespace
}  // namespace venue::feed
