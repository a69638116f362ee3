// A hall's log against a witness (a mirror's copy): what a chain alone cannot see.
#include "store/log_compare.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

namespace venue::store {
namespace {

class LogCompareTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("venue-compare-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    EventLog make(const std::string& name, int events, const std::string& differ_at = "",
                  int differ_seq = 0) {
        auto log = EventLog::open((dir_ / name).string());
        EXPECT_TRUE(log);
        {
            auto batch = log->begin_batch();  // one commit: the test is about the walk
            EXPECT_TRUE(batch);
            for (int i = 1; i <= events; ++i) {
                NewEvent e{std::nullopt, i * 1000, "host", "note",
                           i == differ_seq ? differ_at : "{\"n\":" + std::to_string(i) + "}"};
                EXPECT_TRUE(batch->append(e));
            }
            EXPECT_FALSE(batch->commit());
        }
        return std::move(*log);
    }

    std::filesystem::path dir_;
};

TEST_F(LogCompareTest, TheSameEventsAgree) {
    EventLog hall = make("hall.sqlite", 50), copy = make("copy.sqlite", 50);
    auto c = compare_logs(hall, copy);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->agreement, LogAgreement::SAME);
    EXPECT_TRUE(c->agrees());
}

TEST_F(LogCompareTest, AWitnessBehindIsNoFault) {
    EventLog hall = make("hall.sqlite", 50), copy = make("copy.sqlite", 40);
    auto c = compare_logs(hall, copy);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->agreement, LogAgreement::HALL_AHEAD);
    EXPECT_TRUE(c->agrees());
}

// The chain of a log cut after event 45 still verifies; the witness that holds 46 to 50 names it.
TEST_F(LogCompareTest, ACutTailIsNamedByTheWitness) {
    EventLog hall = make("hall.sqlite", 45), copy = make("copy.sqlite", 50);
    ASSERT_TRUE(hall.verify()->ok());
    auto c = compare_logs(hall, copy);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->agreement, LogAgreement::TAIL_CUT);
    EXPECT_FALSE(c->agrees());
    EXPECT_NE(c->to_string().find("events 46 to 50"), std::string::npos) << c->to_string();
}

// A log rewritten from event 4300 on (a consistent new chain, so it verifies on its own), past
// the first slice of the walk.
TEST_F(LogCompareTest, ARewrittenLogIsNamedAtItsFirstDifferentEvent) {
    EventLog hall = make("hall.sqlite", 5000, "{\"n\":\"forged\"}", 4300);
    EventLog copy = make("copy.sqlite", 5000);
    ASSERT_TRUE(hall.verify()->ok());
    auto c = compare_logs(hall, copy);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->agreement, LogAgreement::REWRITTEN);
    EXPECT_EQ(c->first_difference, 4300);
    EXPECT_NE(c->to_string().find("event 4300"), std::string::npos) << c->to_string();
}

// The broker's retained head as the witness: a seq and a hash noted while the event ran.
TEST_F(LogCompareTest, AHeadNotedEarlierNamesACutOrRewrittenLog) {
    EventLog copy = make("copy.sqlite", 50);
    auto noted = copy.event(50);
    ASSERT_TRUE(noted && *noted);
    const Hash head = (*noted)->hash;
    EventLog same = make("same.sqlite", 50);
    auto c = compare_with_head(same, 50, head);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->agreement, LogAgreement::SAME) << c->to_string();
    EventLog longer = make("longer.sqlite", 60);
    EXPECT_EQ(compare_with_head(longer, 50, head)->agreement, LogAgreement::HALL_AHEAD);
    EventLog cut = make("cut.sqlite", 45);
    c = compare_with_head(cut, 50, head);
    EXPECT_EQ(c->agreement, LogAgreement::TAIL_CUT);
    EXPECT_NE(c->to_string().find("ends at event 45"), std::string::npos) << c->to_string();
    EventLog rewritten = make("rewritten.sqlite", 50, "{\"n\":\"forged\"}", 30);
    c = compare_with_head(rewritten, 50, head);
    EXPECT_EQ(c->agreement, LogAgreement::REWRITTEN);
    EXPECT_FALSE(c->agrees());
}

}  // namespace
}  // namespace venue::store
