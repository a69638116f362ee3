// A hall's log through a real broker to a mirror: hash for hash, through a broker crash, a hall
// restart, a mirror that came late, and forged events.
#include <gtest/gtest.h>

#include "integration/broker/hall_fixture.h"
#include "publish/event_message.h"
#include "publish/log_mirror.h"
#include "publish/log_publisher.h"
#include "store/event_hash.h"
#include "store/log_compare.h"

namespace venue::publish {
namespace {

using namespace std::chrono_literals;
using publish::LocalBroker;
using testing::BrokerTest;
using testing::eventually;

class PublishMirrorTest : public BrokerTest {
  protected:
    std::unique_ptr<LogPublisher> publisher(LocalBroker& broker, const std::string& log) {
        PublishOptions o;
        o.mqtt.broker = *parse_broker_url(broker.url());
        o.event = "open";
        o.hall = "hall-a";
        o.log_path = log;
        o.head_wait = 500ms;
        auto p = LogPublisher::start(std::move(o));
        EXPECT_TRUE(p) << p.error();
        return p ? std::move(*p) : nullptr;
    }
    std::unique_ptr<LogMirror> mirror(LocalBroker& broker, const std::string& dir) {
        MirrorOptions o;
        o.mqtt.broker = *parse_broker_url(broker.url());
        o.mqtt.client_id = "test-mirror";
        o.dir = dir;
        o.replay_spacing = 200ms;
        o.log = [this](const std::string& line) { mirror_lines_ += line + "\n"; };
        auto m = LogMirror::start(std::move(o));
        EXPECT_TRUE(m) << m.error();
        return m ? std::move(*m) : nullptr;
    }
    // The copy holds exactly the hall's events and decisions.
    void expect_copy_equals(store::EventLog& hall, const std::string& copy_path) {
        auto copy = store::EventLog::open(copy_path);
        ASSERT_TRUE(copy);
        ASSERT_EQ(copy->last_seq(), hall.last_seq());
        auto c = store::compare_logs(hall, *copy);
        ASSERT_TRUE(c);
        EXPECT_EQ(c->agreement, store::LogAgreement::SAME) << c->to_string();
        EXPECT_TRUE(copy->verify()->ok());
        for (std::int64_t seq = 1; seq <= hall.last_seq(); ++seq)
            EXPECT_EQ(*copy->decisions_for(seq), *hall.decisions_for(seq)) << "event " << seq;
    }
    MirrorHall hall_a(LogMirror& m) {
        for (const MirrorHall& h : m.halls())
            if (h.hall == "hall-a") return h;
        return {};
    }
    std::string mirror_lines_;
};

TEST_F(PublishMirrorTest, TheMirrorHoldsTheHallsEventsHashForHash) {
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    auto hall = store::EventLog::open(path("hall.sqlite"));
    ASSERT_TRUE(hall);
    append(*hall, 150);
    auto m = mirror(broker, path("mirror"));
    auto p = publisher(broker, path("hall.sqlite"));
    ASSERT_TRUE(m->wait_for("open", "hall-a", 150, 20s)) << mirror_lines_;
    append(*hall, 50);  // and events that come while both run
    p->wake();
    ASSERT_TRUE(m->wait_for("open", "hall-a", 200, 20s)) << mirror_lines_;
    expect_copy_equals(*hall, path("mirror/open/hall-a.sqlite"));
    EXPECT_TRUE(p->wait_acknowledged(200, 10s));
    EXPECT_EQ(p->status().acked, 200);
    EXPECT_EQ(p->status().behind(), 0);
    EXPECT_EQ(hall_a(*m).refused, 0);
}

// The broker dies mid-stream (SIGKILL) while the hall goes on; once it is back the hall resends
// what was not acknowledged and the mirror's copy is whole, with nothing twice in it.
TEST_F(PublishMirrorTest, ABrokerKilledMidStreamLosesAndDoublesNothing) {
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    auto hall = store::EventLog::open(path("hall.sqlite"));
    ASSERT_TRUE(hall);
    auto m = mirror(broker, path("mirror"));
    auto p = publisher(broker, path("hall.sqlite"));
    append(*hall, 100);
    p->wake();
    ASSERT_TRUE(m->wait_for("open", "hall-a", 100, 20s)) << mirror_lines_;
    append(*hall, 20);
    p->wake();
    broker.stop(SIGKILL);
    append(*hall, 80);  // the hall's decisions never wait for the broker
    p->wake();
    ASSERT_TRUE(eventually([&] { return !p->status().connected; }));
    // The hall's account says how far behind it is while the broker is away.
    ASSERT_TRUE(eventually([&] { return p->status().durable == 200; }, 5s))
        << status_line(p->status());
    EXPECT_GE(p->status().behind(), 80) << status_line(p->status());
    ASSERT_TRUE(broker.start());
    ASSERT_TRUE(m->wait_for("open", "hall-a", 200, 30s)) << mirror_lines_ << broker.log();
    expect_copy_equals(*hall, path("mirror/open/hall-a.sqlite"));
    EXPECT_TRUE(p->wait_acknowledged(200, 10s));
    EXPECT_EQ(hall_a(*m).appended, 200);
    EXPECT_EQ(hall_a(*m).refused, 0);
}

// A hall host restarted: the new publisher resumes after the head the broker acknowledged
// instead of sending the whole log again.
TEST_F(PublishMirrorTest, ARestartedHallResumesAfterTheBrokersHead) {
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    auto hall = store::EventLog::open(path("hall.sqlite"));
    ASSERT_TRUE(hall);
    append(*hall, 300);
    auto m = mirror(broker, path("mirror"));
    {
        auto first = publisher(broker, path("hall.sqlite"));
        ASSERT_TRUE(first->wait_acknowledged(300, 20s));
        ASSERT_TRUE(m->wait_for("open", "hall-a", 300, 20s));
        // The head is retained once acknowledged: wait until the broker holds it.
        std::this_thread::sleep_for(300ms);
        first->stop();
    }
    append(*hall, 40);
    auto second = publisher(broker, path("hall.sqlite"));
    ASSERT_TRUE(m->wait_for("open", "hall-a", 340, 20s)) << mirror_lines_;
    EXPECT_TRUE(second->wait_acknowledged(340, 10s));
    EXPECT_LE(second->status().sent, 40) << "the restarted hall sent its whole log again";
    expect_copy_equals(*hall, path("mirror/open/hall-a.sqlite"));
}

// The broker's retained head survives a broker crash (persistence, saved every second), so a
// hall restarted after it still resumes where the broker left off.
TEST_F(PublishMirrorTest, TheHeadSurvivesABrokerCrashForARestartedHall) {
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    auto hall = store::EventLog::open(path("hall.sqlite"));
    ASSERT_TRUE(hall);
    append(*hall, 50);
    {
        auto first = publisher(broker, path("hall.sqlite"));
        ASSERT_TRUE(first->wait_acknowledged(50, 20s));
        std::this_thread::sleep_for(2500ms);  // past the broker's autosave
        broker.stop(SIGKILL);
    }
    ASSERT_TRUE(broker.start());
    append(*hall, 5);
    auto second = publisher(broker, path("hall.sqlite"));
    ASSERT_TRUE(second->wait_acknowledged(55, 20s));
    EXPECT_EQ(second->status().sent, 5) << broker.log();
}

// A mirror started after the hall published (the broker kept no session for it) learns the
// hall's head from the retained message and asks the hall for everything from event 1.
TEST_F(PublishMirrorTest, ALateMirrorCatchesUpByAskingTheHall) {
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    auto hall = store::EventLog::open(path("hall.sqlite"));
    ASSERT_TRUE(hall);
    append(*hall, 120);
    auto p = publisher(broker, path("hall.sqlite"));
    ASSERT_TRUE(p->wait_acknowledged(120, 20s));
    auto m = mirror(broker, path("mirror"));
    ASSERT_TRUE(m->wait_for("open", "hall-a", 120, 20s)) << mirror_lines_;
    EXPECT_GE(hall_a(*m).replays, 1);
    expect_copy_equals(*hall, path("mirror/open/hall-a.sqlite"));
}

// Events that reach the mirror without being the hall's: an altered field, one that does not
// follow the copy's head, and another event at a seq the copy holds. Each is refused and named;
// the hall's own events are taken around them.
TEST_F(PublishMirrorTest, ForgedEventsAreRefusedByTheChain) {
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    auto hall = store::EventLog::open(path("hall.sqlite"));
    ASSERT_TRUE(hall);
    append(*hall, 10);
    auto m = mirror(broker, path("mirror"));
    auto p = publisher(broker, path("hall.sqlite"));
    ASSERT_TRUE(m->wait_for("open", "hall-a", 10, 20s));
    p->stop();

    // A rogue client on an open broker (the ACL test shows a secured one keeps it out).
    auto rogue = MqttClient::start(*make_mqtt_options(broker.url(), {}), {});
    ASSERT_TRUE(rogue);
    ASSERT_TRUE(eventually([&] { return (*rogue)->connected(); }));
    const std::string topic = HallTopics("open", "hall-a").events();
    store::EventHasher hasher;
    store::EventRecord forged;
    forged.seq = 11;
    forged.host_time_ns = 11'000'000;
    forged.source = "arbiter";
    forged.kind = "arbiter_action";
    forged.payload = R"({"action":"declare_result","result":"0-1"})";
    forged.prev_hash = hall->last_hash();
    auto fields = [](const store::EventRecord& e) {
        return store::EventFields{e.seq,    e.hub_time_us, e.host_time_ns,
                                  e.source, e.kind,        e.payload};
    };
    forged.hash = hasher.hash(forged.prev_hash, fields(forged));
    // 1. The fields altered after hashing.
    store::EventRecord altered = forged;
    altered.payload = R"({"action":"declare_result","result":"1-0"})";
    ASSERT_TRUE((*rogue)->publish(topic, encode_event_message(altered, {}), 1, false));
    // 2. A chain of its own: hashed right, but not after the copy's head.
    store::EventRecord elsewhere = forged;
    elsewhere.prev_hash[0] ^= 1;
    elsewhere.hash = hasher.hash(elsewhere.prev_hash, fields(elsewhere));
    ASSERT_TRUE((*rogue)->publish(topic, encode_event_message(elsewhere, {}), 1, false));
    // 3. Another event where the copy holds event 5.
    auto held = hall->event(5);
    store::EventRecord other = **held;
    other.payload = R"({"button":6})";
    other.hash = hasher.hash(other.prev_hash, fields(other));
    ASSERT_TRUE((*rogue)->publish(topic, encode_event_message(other, {}), 1, false));
    ASSERT_TRUE(eventually([&] { return hall_a(*m).refused == 3; })) << mirror_lines_;
    EXPECT_NE(mirror_lines_.find("altered"), std::string::npos) << mirror_lines_;
    EXPECT_NE(mirror_lines_.find("is not the hash of event 10"), std::string::npos);
    EXPECT_NE(mirror_lines_.find("seq 5: differs"), std::string::npos);
    EXPECT_EQ(hall_a(*m).last_seq, 10);

    // The hall goes on; its real events are taken.
    append(*hall, 15);
    auto again = publisher(broker, path("hall.sqlite"));
    ASSERT_TRUE(m->wait_for("open", "hall-a", 25, 20s)) << mirror_lines_;
    expect_copy_equals(*hall, path("mirror/open/hall-a.sqlite"));
}

}  // namespace
}  // namespace venue::publish
