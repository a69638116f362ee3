// The MQTT client's own network loop (mqtt_client.h): what libmosquitto's select() loop could not
// do. A feed server holding a thousand event streams gets socket numbers past 1023 for its broker
// connection after a reconnection; select() cannot watch those, poll() can.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <mutex>

#include "integration/broker/hall_fixture.h"
#include "publish/mqtt_client.h"

namespace venue::publish {
namespace {

using namespace std::chrono_literals;
using publish::LocalBroker;
using testing::BrokerTest;
using testing::eventually;

TEST_F(BrokerTest, AClientWhoseSocketNumberIsPast1023StillTalks) {
    rlimit limit{};
    ::getrlimit(RLIMIT_NOFILE, &limit);
    if (limit.rlim_cur < 1200) {
        limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, 4096);
        ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &limit), 0) << "cannot raise the open-file limit";
    }
    ASSERT_GE(limit.rlim_cur, 1200u);
    LocalBroker broker(dir_ / "broker", {});
    ASSERT_TRUE(broker.start());
    // Take the socket numbers below 1100, as a thousand event streams would.
    std::vector<int> held;
    for (int fd; (fd = ::open("/dev/null", O_RDONLY)) >= 0 && fd < 1100;) held.push_back(fd);
    std::mutex mutex;
    std::vector<std::string> got;
    MqttHandlers h;
    h.on_message = [&](const MqttMessage& m) {
        std::lock_guard lock(mutex);
        got.push_back(m.payload);
    };
    auto client = MqttClient::start(*make_mqtt_options(broker.url(), {}), std::move(h));
    ASSERT_TRUE(client);
    (*client)->subscribe("venue/t/h/events", 1);
    ASSERT_TRUE(eventually([&] { return (*client)->connected(); }, 10s));
    std::this_thread::sleep_for(200ms);
    ASSERT_TRUE((*client)->publish("venue/t/h/events", "one", 1, false));
    ASSERT_TRUE(eventually([&] {
        std::lock_guard lock(mutex);
        return got.size() == 1;
    }));
    // And after the broker restarts (a new socket, again past 1023).
    broker.stop(SIGKILL);
    ASSERT_TRUE(broker.start());
    ASSERT_TRUE(eventually([&] { return (*client)->connected(); }, 15s));
    std::this_thread::sleep_for(200ms);
    ASSERT_TRUE((*client)->publish("venue/t/h/events", "two", 1, false));
    EXPECT_TRUE(eventually([&] {
        std::lock_guard lock(mutex);
        return got.size() == 2;
    }));
    (*client)->stop();
    for (int fd : held) ::close(fd);
}

}  // namespace
}  // namespace venue::publish
