// The broker's ACL (docs/multi-hall.md, schemas/mqtt/): a hall publishes only under its own
// topic, readers only read, and a client without an account is not let in. The ACL under test
// is the example the project ships.
#include <gtest/gtest.h>

#include <fstream>
#include <mutex>

#include "integration/broker/hall_fixture.h"
#include "publish/event_message.h"
#include "publish/hall_topics.h"
#include "publish/mqtt_client.h"

namespace venue::publish {
namespace {

using namespace std::chrono_literals;
using publish::LocalBroker;
using testing::BrokerTest;
using testing::eventually;

std::string shipped_acl() {
    std::ifstream in(std::string(VENUE_SOURCE_DIR) + "/schemas/mqtt/acl");
    return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Client {
    std::unique_ptr<MqttClient> client;
    std::mutex mutex;
    std::vector<MqttMessage> received;
    std::map<int, int> reasons;  // mid -> reason
    std::string refusal;

    std::size_t count() {
        std::lock_guard lock(mutex);
        return received.size();
    }
    int reason(int mid) {
        std::lock_guard lock(mutex);
        auto it = reasons.find(mid);
        return it == reasons.end() ? -1 : it->second;
    }
};

class BrokerSecurityTest : public BrokerTest {
  protected:
    void SetUp() override {
        BrokerTest::SetUp();
        const std::string acl = shipped_acl();
        ASSERT_FALSE(acl.empty()) << "schemas/mqtt/acl is missing";
        LocalBroker::Options o;
        o.users = {{"hall-a", "pa"}, {"hall-b", "pb"}, {"tv", "pt"}, {"mirror", "pm"}};
        o.acl = acl;
        broker_ = std::make_unique<LocalBroker>(dir_ / "broker", o);
        ASSERT_TRUE(broker_->start());
    }
    std::unique_ptr<Client> connect(const std::string& user, const std::string& password) {
        auto c = std::make_unique<Client>();
        Client* raw = c.get();
        MqttHandlers h;
        h.on_message = [raw](const MqttMessage& m) {
            std::lock_guard lock(raw->mutex);
            raw->received.push_back(m);
        };
        h.on_published = [raw](int mid, int reason) {
            std::lock_guard lock(raw->mutex);
            raw->reasons[mid] = reason;
        };
        h.on_connection = [raw](bool up, const std::string& why) {
            std::lock_guard lock(raw->mutex);
            if (!up) raw->refusal = why;
        };
        auto client =
            MqttClient::start(*make_mqtt_options(broker_->url(user, password), {}), std::move(h));
        EXPECT_TRUE(client) << client.error();
        c->client = std::move(*client);
        return c;
    }
    std::unique_ptr<LocalBroker> broker_;
};

TEST_F(BrokerSecurityTest, AHallCannotPublishUnderAnotherHallsTopic) {
    auto mirror = connect("mirror", "pm");
    mirror->client->subscribe("venue/#", 1);
    auto hall_a = connect("hall-a", "pa");
    auto hall_b = connect("hall-b", "pb");
    ASSERT_TRUE(eventually([&] {
        return mirror->client->connected() && hall_a->client->connected() &&
               hall_b->client->connected();
    }));
    std::this_thread::sleep_for(200ms);  // the mirror's subscription is in place

    const HallTopics a("open", "hall-a");
    store::EventRecord e;
    e.seq = 1;
    e.source = "arbiter";
    e.kind = "arbiter_action";
    e.payload = R"({"action":"declare_result","result":"0-1"})";
    // Hall B, with its own valid account, writes under hall A's topic: refused.
    auto forged = hall_b->client->publish(a.events(), encode_event_message(e, {}), 1, false);
    ASSERT_TRUE(forged);
    ASSERT_TRUE(eventually([&] { return hall_b->reason(*forged) >= 0; }));
    EXPECT_EQ(hall_b->reason(*forged), 135) << "MQTT 5: not authorised";
    // A reader may not write either (not even its own event).
    auto tv = connect("tv", "pt");
    ASSERT_TRUE(eventually([&] { return tv->client->connected(); }));
    auto by_tv = tv->client->publish(a.feed_match("final"), "{\"seq\":99}", 1, true);
    ASSERT_TRUE(by_tv);
    ASSERT_TRUE(eventually([&] { return tv->reason(*by_tv) >= 0; }));
    EXPECT_EQ(tv->reason(*by_tv), 135);
    // Hall A under its own topic: taken, and it is the only message the mirror gets.
    auto own = hall_a->client->publish(a.events(), encode_event_message(e, {}), 1, false);
    ASSERT_TRUE(own);
    ASSERT_TRUE(eventually([&] { return mirror->count() >= 1; }));
    std::this_thread::sleep_for(300ms);
    ASSERT_EQ(mirror->count(), 1u);
    std::lock_guard lock(mirror->mutex);
    EXPECT_EQ(mirror->received[0].topic, a.events());
}

TEST_F(BrokerSecurityTest, AClientWithoutAnAccountIsNotLetIn) {
    auto anonymous = connect("", "");
    auto wrong = connect("hall-a", "not-the-password");
    ASSERT_TRUE(eventually([&] {
        std::lock_guard l1(anonymous->mutex);
        std::lock_guard l2(wrong->mutex);
        return !anonymous->refusal.empty() && !wrong->refusal.empty();
    }));
    EXPECT_FALSE(anonymous->client->connected());
    EXPECT_FALSE(wrong->client->connected());
    std::lock_guard lock(anonymous->mutex);
    EXPECT_NE(anonymous->refusal.find("refused"), std::string::npos) << anonymous->refusal;
}

// The mirror's one write: asking a hall to send again. It may not write anything else.
TEST_F(BrokerSecurityTest, AMirrorMayAskForEventsAgainAndNothingMore) {
    auto hall_a = connect("hall-a", "pa");
    hall_a->client->subscribe(HallTopics("open", "hall-a").replay(), 1);
    auto mirror = connect("mirror", "pm");
    ASSERT_TRUE(
        eventually([&] { return hall_a->client->connected() && mirror->client->connected(); }));
    std::this_thread::sleep_for(200ms);
    auto ask =
        mirror->client->publish(HallTopics("open", "hall-a").replay(), "{\"from\":1}", 1, false);
    ASSERT_TRUE(ask);
    ASSERT_TRUE(eventually([&] { return hall_a->count() == 1; }));
    auto write = mirror->client->publish(HallTopics("open", "hall-a").events(), "{}", 1, false);
    ASSERT_TRUE(write);
    ASSERT_TRUE(eventually([&] { return mirror->reason(*write) >= 0; }));
    EXPECT_EQ(mirror->reason(*write), 135);
}

}  // namespace
}  // namespace venue::publish

namespace venue::publish {
namespace {

// TLS (mqtts://, docs/multi-hall.md): a client that trusts the broker's CA talks; one that does
// not (the system's CAs) is not connected. Certificates made here with openssl, valid a day.
TEST_F(BrokerTest, OverTlsOnlyAClientTrustingTheBrokersCaTalks) {
    const std::string d = dir_.string();
    const std::string make =
        "cd '" + d +
        "' && printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext && "
        "openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 1 "
        "-subj '/CN=Venue test CA' && "
        "openssl req -newkey rsa:2048 -nodes -keyout broker.key -out broker.csr "
        "-subj '/CN=127.0.0.1' && "
        "openssl x509 -req -in broker.csr -CA ca.crt -CAkey ca.key -CAcreateserial "
        "-out broker.crt -days 1 -extfile san.ext";
    ASSERT_EQ(std::system((make + " > openssl.log 2>&1").c_str()), 0);
    LocalBroker::Options o;
    o.certfile = d + "/broker.crt";
    o.keyfile = d + "/broker.key";
    LocalBroker broker(dir_ / "broker", o);
    ASSERT_TRUE(broker.start());
    ASSERT_EQ(broker.url().rfind("mqtts://", 0), 0u);

    std::mutex mutex;
    std::vector<std::string> got;
    MqttHandlers h;
    h.on_message = [&](const MqttMessage& m) {
        std::lock_guard lock(mutex);
        got.push_back(m.payload);
    };
    auto trusting = MqttClient::start(
        *make_mqtt_options(broker.url(), {"", "", d + "/ca.crt", "", ""}), std::move(h));
    ASSERT_TRUE(trusting) << trusting.error();
    (*trusting)->subscribe("venue/t/h/events", 1);
    ASSERT_TRUE(eventually([&] { return (*trusting)->connected(); }, 10s)) << broker.log();
    std::this_thread::sleep_for(200ms);
    ASSERT_TRUE((*trusting)->publish("venue/t/h/events", "over tls", 1, false));
    EXPECT_TRUE(eventually([&] {
        std::lock_guard lock(mutex);
        return got.size() == 1 && got[0] == "over tls";
    }));

    auto stranger = MqttClient::start(*make_mqtt_options(broker.url(), {}), {});
    ASSERT_TRUE(stranger);
    std::this_thread::sleep_for(2s);
    EXPECT_FALSE((*stranger)->connected());
    (*stranger)->stop();
    (*trusting)->stop();
}

}  // namespace
}  // namespace venue::publish
