// What the broker tests share: a folder, a hall's log written as a hall writes it (events with
// their decisions, one transaction per group), and waiting for a condition.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include "publish/local_broker.h"
#include "store/event_log.h"

namespace venue::testing {

inline bool eventually(const std::function<bool()>& done,
                       std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return done();
}

class BrokerTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("venue-broker-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Appends `n` events (every third with two decisions), in groups of 10 per transaction.
    static void append(store::EventLog& log, int n) {
        for (int done = 0; done < n;) {
            auto batch = log.begin_batch();
            ASSERT_TRUE(batch);
            for (int i = 0; i < 10 && done < n; ++i, ++done) {
                const std::int64_t seq = log.last_seq() + 1;
                store::NewEvent e{seq % 2 ? std::optional<std::int64_t>(seq * 1000) : std::nullopt,
                                  seq * 1'000'000, "hub", "claim_pressed",
                                  "{\"button\":" + std::to_string(seq % 7) + ",\"text\":\"é\"}"};
                ASSERT_TRUE(batch->append(e));
                if (seq % 3 == 0) {
                    std::vector<store::DecisionRecord> d{
                        {seq, 0, "claim_granted", "CB-6.4.2", "first press", "{}"},
                        {seq, 1, "warning", "CB-6.9", "pressed again", "{\"n\":1}"}};
                    ASSERT_FALSE(batch->add_decisions(d));
                }
            }
            ASSERT_FALSE(batch->commit());
        }
    }

    std::filesystem::path dir_;
};

}  // namespace venue::testing
