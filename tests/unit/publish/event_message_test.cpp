#include "publish/event_message.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "store/event_hash.h"

namespace venue::publish {
namespace {

store::EventRecord sample() {
    store::EventRecord e;
    e.seq = 7;
    e.hub_time_us = 1234567;
    e.host_time_ns = 987654321;
    e.source = "hub";
    e.kind = "claim_pressed";
    e.payload = R"({"button":3,"note":"ünïcode \"quoted\""})";
    e.prev_hash[0] = 0xab;
    store::EventHasher hasher;
    e.hash = hasher.hash(e.prev_hash,
                         {e.seq, e.hub_time_us, e.host_time_ns, e.source, e.kind, e.payload});
    return e;
}

TEST(EventMessage, RoundTripKeepsEveryHashedByteAndTheDecisions) {
    const store::EventRecord e = sample();
    std::vector<store::DecisionRecord> d{
        {7, 0, "claim_granted", "CB-6.4.2", "first press", R"({"player":"W1"})"},
        {7, 1, "warning", "CB-6.9", "a second press", "{}"}};
    auto m = decode_event_message(encode_event_message(e, d));
    ASSERT_TRUE(m) << m.error();
    EXPECT_EQ(m->event, e);
    EXPECT_EQ(m->decisions, d);
    // The receiver can check the chain itself: the carried fields hash to the carried hash.
    store::EventHasher hasher;
    const store::EventRecord& r = m->event;
    EXPECT_EQ(hasher.hash(r.prev_hash,
                          {r.seq, r.hub_time_us, r.host_time_ns, r.source, r.kind, r.payload}),
              r.hash);
}

TEST(EventMessage, NoHubTimeIsNull) {
    store::EventRecord e = sample();
    e.hub_time_us.reset();
    const std::string text = encode_event_message(e, {});
    EXPECT_TRUE(nlohmann::json::parse(text)["hub_time_us"].is_null());
    auto m = decode_event_message(text);
    ASSERT_TRUE(m);
    EXPECT_FALSE(m->event.hub_time_us);
}

TEST(EventMessage, ErrorsNameTheField) {
    nlohmann::json good = nlohmann::json::parse(encode_event_message(sample(), {}));
    auto error_with = [&](const char* field, nlohmann::json value) {
        nlohmann::json j = good;
        if (value.is_discarded())
            j.erase(field);
        else
            j[field] = value;
        auto m = decode_event_message(j.dump());
        return m ? std::string("accepted") : m.error();
    };
    EXPECT_EQ(error_with("seq", nlohmann::json::value_t::discarded), "seq: missing");
    EXPECT_EQ(error_with("seq", "7"), "seq: not an integer");
    EXPECT_EQ(error_with("seq", 0), "seq: 0 (sequences start at 1)");
    EXPECT_EQ(error_with("hash", "abc"), "hash: not 64 hexadecimal digits");
    EXPECT_EQ(error_with("v", 2), "v: version 2, this build reads 1");
    EXPECT_EQ(error_with("decisions", nlohmann::json::array({{{"index", 0}}})),
              "decisions[0].kind: missing");
    EXPECT_EQ(decode_event_message("{").error(), "not JSON");
    EXPECT_EQ(decode_event_message("[1]").error(), "not a JSON object");
}

TEST(EventMessage, HashHexRoundTrip) {
    const store::Hash h = sample().hash;
    EXPECT_EQ(parse_hash_hex(hash_hex(h)), h);
    EXPECT_FALSE(parse_hash_hex(std::string(64, 'g')));
    EXPECT_FALSE(parse_hash_hex("00"));
}

}  // namespace
}  // namespace venue::publish
