#include "publish/broker_address.h"

#include <gtest/gtest.h>

namespace venue::publish {
namespace {

TEST(BrokerAddress, AHostAloneIsPlainMqttOnItsPort) {
    auto a = parse_broker_url("broker.local");
    ASSERT_TRUE(a) << a.error();
    EXPECT_EQ(a->host, "broker.local");
    EXPECT_EQ(a->port, 1883);
    EXPECT_FALSE(a->tls);
    EXPECT_EQ(a->display(), "mqtt://broker.local:1883");
}

TEST(BrokerAddress, MqttsIsTlsOn8883WithUserAndPassword) {
    auto a = parse_broker_url("mqtts://hall-a:s3cret@10.0.0.5/");
    ASSERT_TRUE(a) << a.error();
    EXPECT_TRUE(a->tls);
    EXPECT_EQ(a->port, 8883);
    EXPECT_EQ(a->username, "hall-a");
    EXPECT_EQ(a->password, "s3cret");
    // The password never appears in what is shown.
    EXPECT_EQ(a->display(), "mqtts://hall-a@10.0.0.5:8883");
}

TEST(BrokerAddress, IPv6InBracketsWithAPort) {
    auto a = parse_broker_url("mqtt://[::1]:1884");
    ASSERT_TRUE(a) << a.error();
    EXPECT_EQ(a->host, "::1");
    EXPECT_EQ(a->port, 1884);
    EXPECT_EQ(a->display(), "mqtt://[::1]:1884");
}

TEST(BrokerAddress, ErrorsNameWhatIsWrong) {
    auto scheme = parse_broker_url("http://broker");
    ASSERT_FALSE(scheme);
    EXPECT_NE(scheme.error().find("'http'"), std::string::npos) << scheme.error();
    auto port = parse_broker_url("broker:70000");
    ASSERT_FALSE(port);
    EXPECT_NE(port.error().find("'70000'"), std::string::npos) << port.error();
    auto empty_port = parse_broker_url("broker:");
    ASSERT_FALSE(empty_port);
    EXPECT_NE(empty_port.error().find("port"), std::string::npos);
    auto path = parse_broker_url("mqtt://broker/venue/x");
    ASSERT_FALSE(path);
    EXPECT_NE(path.error().find("path"), std::string::npos);
    EXPECT_FALSE(parse_broker_url("mqtt://"));
    EXPECT_FALSE(parse_broker_url("mqtt://@broker"));
    EXPECT_FALSE(parse_broker_url("[::1"));
}

}  // namespace
}  // namespace venue::publish
