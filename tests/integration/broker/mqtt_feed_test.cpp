// One stateless feed server for two halls, through a real broker: both halls' matches served
// under HALL.MATCH, and nothing served twice when the broker restarts and sends its retained
// documents again.
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>

#include "integration/broker/hall_fixture.h"
#include "publish/log_publisher.h"
#include "publish/mqtt_feed.h"

namespace venue::publish {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
using publish::LocalBroker;
using testing::BrokerTest;
using testing::eventually;

class MqttFeedTest : public BrokerTest {
  protected:
    std::unique_ptr<LogPublisher> hall(LocalBroker& broker, const std::string& id) {
        auto log = store::EventLog::open(path(id + ".sqlite"));  // an empty hall log
        EXPECT_TRUE(log);
        PublishOptions o;
        o.mqtt.broker = *parse_broker_url(broker.url());
        o.event = "open";
        o.hall = id;
        o.log_path = path(id + ".sqlite");
        o.head_wait = 200ms;
        auto p = LogPublisher::start(std::move(o));
        EXPECT_TRUE(p) << p.error();
        return std::move(*p);
    }
    static feed::FeedUpdate update(std::int64_t seq, const std::string& match, int score) {
        feed::FeedUpdate u;
        u.seq = seq;
        u.event_json = R"({"name":"Open 2026","site":"Hall"})";
        u.matches[match] = json{{"id", match}, {"score", score}}.dump();
        u.pgn[match] = "[Event \"Open 2026\"]\n\n1. e4 *\n";
        return u;
    }
    json get(MqttFeed& f, const std::string& target) {
        httplib::Client c("127.0.0.1", f.server().port());
        auto r = c.Get(target);
        if (!r || r->status != 200) return nullptr;
        return json::parse(r->body, nullptr, false);
    }
};

TEST_F(MqttFeedTest, OneFeedServesEveryHallsMatchesOnceEach) {
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    auto a = hall(broker, "hall-a");
    auto b = hall(broker, "hall-b");
    a->publish_feed(update(5, "final", 1));
    b->publish_feed(update(9, "final", 2));

    MqttFeedOptions o;
    o.mqtt.broker = *parse_broker_url(broker.url());
    o.http.port = 0;
    o.http.nice = 0;
    auto f = MqttFeed::start(std::move(o));
    ASSERT_TRUE(f) << f.error();
    // A feed started after the halls published builds itself from the retained documents.
    ASSERT_TRUE(eventually([&] { return (*f)->stats().matches == 2; }));
    json matches = get(**f, "/api/v1/matches");
    ASSERT_TRUE(matches.is_object());
    std::set<std::string> ids;
    for (const json& m : matches["matches"]) ids.insert(m["id"].get<std::string>());
    EXPECT_EQ(ids, (std::set<std::string>{"hall-a.final", "hall-b.final"}));
    EXPECT_EQ(get(**f, "/api/v1/matches/hall-b.final")["match"]["score"], 2);
    EXPECT_EQ(get(**f, "/api/v1/event")["event"]["name"], "Open 2026");
    httplib::Client c("127.0.0.1", (*f)->server().port());
    auto pgn = c.Get("/pgn/hall-a.final");
    ASSERT_TRUE(pgn);
    EXPECT_NE(pgn->body.find("1. e4"), std::string::npos);

    // A change in hall A reaches the feed once.
    const std::int64_t before = (*f)->server().stats().published;
    a->publish_feed(update(6, "final", 3));
    ASSERT_TRUE(eventually([&] {
        json m = get(**f, "/api/v1/matches/hall-a.final");
        return m.is_object() && m["match"]["score"] == 3;
    }));
    EXPECT_EQ((*f)->server().stats().published, before + 1);

    // The broker restarts: the halls reconnect and publish their documents again, the feed
    // resubscribes and is sent every retained one again. Its clients see none of them twice.
    const std::int64_t served = (*f)->server().stats().published;
    broker.stop(SIGKILL);
    ASSERT_TRUE(broker.start());
    ASSERT_TRUE(eventually([&] { return (*f)->connected() && a->status().connected; }));
    ASSERT_TRUE(eventually([&] { return (*f)->stats().dropped >= 3; }, 10s));
    std::this_thread::sleep_for(500ms);
    EXPECT_EQ((*f)->server().stats().published, served);
    // An older document (a hall resending what it had) is not served over a newer one.
    b->publish_feed(update(8, "final", 7));
    std::this_thread::sleep_for(500ms);
    EXPECT_EQ(get(**f, "/api/v1/matches/hall-b.final")["match"]["score"], 2);
}

}  // namespace
}  // namespace venue::publish
