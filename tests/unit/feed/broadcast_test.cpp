// The feed's broadcast: snapshots for new clients, resumption after Last-Event-ID, bounded
// backlogs, and a publisher that never waits for a reader.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "feed/broadcast.h"

namespace venue::feed {
namespace {

using namespace std::chrono_literals;

void publish_n(Broadcast& b, int from, int to) {
    for (int id = from; id <= to; ++id)
        b.publish(id, "{\"u\":" + std::to_string(id) + "}", "{\"s\":" + std::to_string(id) + "}");
}

TEST(Broadcast, ANewClientStartsWithTheSnapshotThenTheUpdates) {
    Broadcast b({16, 8});
    publish_n(b, 1, 3);
    auto c = b.open(std::nullopt);
    std::string out;
    ASSERT_EQ(b.read(c, 0ms, out), Broadcast::Read::DATA);
    EXPECT_EQ(out, "id: 3\nevent: snapshot\ndata: {\"s\":3}\n\n");
    out.clear();
    EXPECT_EQ(b.read(c, 0ms, out), Broadcast::Read::IDLE);
    publish_n(b, 4, 5);
    ASSERT_EQ(b.read(c, 0ms, out), Broadcast::Read::DATA);
    EXPECT_EQ(out,
              "id: 4\nevent: update\ndata: {\"u\":4}\n\n"
              "id: 5\nevent: update\ndata: {\"u\":5}\n\n");
}

TEST(Broadcast, AClientResumesAfterItsLastEventId) {
    Broadcast b({16, 8});
    publish_n(b, 1, 6);
    auto c = b.open(4);
    std::string out;
    ASSERT_EQ(b.read(c, 0ms, out), Broadcast::Read::DATA);
    EXPECT_EQ(out,
              "id: 5\nevent: update\ndata: {\"u\":5}\n\n"
              "id: 6\nevent: update\ndata: {\"u\":6}\n\n");
    auto up_to_date = b.open(6);
    out.clear();
    EXPECT_EQ(b.read(up_to_date, 0ms, out), Broadcast::Read::IDLE);
}

TEST(Broadcast, AnIdNoLongerKeptOrUnknownGivesASnapshot) {
    Broadcast b({4, 4});
    publish_n(b, 1, 10);  // 7..10 kept
    for (std::int64_t id : {2, 5, 99}) {
        auto c = b.open(id);
        std::string out;
        ASSERT_EQ(b.read(c, 0ms, out), Broadcast::Read::DATA);
        EXPECT_EQ(out, "id: 10\nevent: snapshot\ndata: {\"s\":10}\n\n") << id;
    }
    auto c = b.open(6);  // 7.. all kept
    std::string out;
    ASSERT_EQ(b.read(c, 0ms, out), Broadcast::Read::DATA);
    EXPECT_EQ(out.rfind("id: 7\nevent: update", 0), 0u) << out;
}

TEST(Broadcast, AClientTooFarBehindIsDropped) {
    Broadcast b({64, 4});
    publish_n(b, 1, 1);
    auto c = b.open(std::nullopt);
    std::string out;
    ASSERT_EQ(b.read(c, 0ms, out), Broadcast::Read::DATA);
    publish_n(b, 2, 5);  // 4 waiting: still fine
    Broadcast::Cursor copy = c;
    EXPECT_EQ(b.read(copy, 0ms, out), Broadcast::Read::DATA);
    publish_n(b, 6, 10);  // c is now 9 behind
    EXPECT_EQ(b.read(c, 0ms, out), Broadcast::Read::BEHIND);
}

// The publisher and the closer act only once the reader is blocked in read(): the read can
// return only by being woken, not because the message was already there.
TEST(Broadcast, ReadersWakeOnPublishAndOnClose) {
    Broadcast b({16, 8});
    publish_n(b, 1, 1);
    auto c = b.open(1);
    std::string out;
    auto once_waiting = [&](auto act) {
        return std::thread([&b, act] {
            while (b.waiting_readers() == 0) std::this_thread::yield();
            act();
        });
    };
    std::thread publisher = once_waiting([&] { publish_n(b, 2, 2); });
    EXPECT_EQ(b.read(c, 60s, out), Broadcast::Read::DATA);
    publisher.join();
    EXPECT_EQ(out, "id: 2\nevent: update\ndata: {\"u\":2}\n\n");
    EXPECT_EQ(b.waiting_readers(), 0u);
    std::thread closer = once_waiting([&] { b.close(); });
    EXPECT_EQ(b.read(c, 60s, out), Broadcast::Read::CLOSED);
    closer.join();
}

TEST(Broadcast, PublishingGoesOnWhileNobodyReads) {
    Broadcast b({8, 4});
    auto stuck = b.open(std::nullopt);
    publish_n(b, 1, 10000);  // never waits: old messages are let go
    EXPECT_EQ(b.last_id(), 10000);
    std::string out;
    ASSERT_EQ(b.read(stuck, 0ms, out), Broadcast::Read::DATA);  // its snapshot
    EXPECT_EQ(out.rfind("id: 10000\nevent: snapshot", 0), 0u);
}

}  // namespace
}  // namespace venue::feed
