// The feed of a running `venue demo`: the whole chain (hub firmware in simavr, board emulator,
// daemon, engine, log) publishes to the feed server while the match is played, and a TV client
// on the live stream sees every update in order, each valid under schemas/feed/, the claims,
// the incidents and the result.
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "feed/feed_schema.h"
#include "json_schema_check.h"

namespace venue::feed::testing {
namespace {

using nlohmann::json;

struct Seen {
    SchemaCheck schema{json::parse(feed_schema_json())};
    std::vector<std::string> invalid;  // what the schema said about documents that broke it
    std::mutex mutex;
    std::vector<std::int64_t> ids;
    json last_match;  // the newest document of the demo's match
    std::set<std::string> claim_holders;
    std::set<std::string> incident_kinds;
    std::string buffer;  // the stream's bytes not yet split into events
};

// Takes complete "id/event/data" blocks out of the stream's bytes.
void take_events(Seen& seen) {
    std::size_t end;
    while ((end = seen.buffer.find("\n\n")) != std::string::npos) {
        const std::string block = seen.buffer.substr(0, end);
        seen.buffer.erase(0, end + 2);
        std::int64_t id = -1;
        std::string data;
        std::size_t start = 0;
        while (start < block.size()) {
            std::size_t nl = block.find('\n', start);
            if (nl == std::string::npos) nl = block.size();
            const std::string line = block.substr(start, nl - start);
            if (line.rfind("id: ", 0) == 0) id = std::stoll(line.substr(4));
            if (line.rfind("data: ", 0) == 0) data = line.substr(6);
            start = nl + 1;
        }
        if (id < 0 || data.empty()) continue;  // comments (keep-alives), retry hints
        seen.ids.push_back(id);
        const json doc = json::parse(data);
        // Every event on the stream is valid under the schema: the snapshot an event document,
        // the rest update events.
        const bool snapshot = block.find("event: snapshot") != std::string::npos;
        for (const std::string& e :
             seen.schema.check(doc, snapshot ? "/$defs/eventDocument" : "/$defs/updateEvent"))
            if (seen.invalid.size() < 10) seen.invalid.push_back(e);
        for (const json& m : doc["matches"]) {
            seen.last_match = m;
            if (m["claim"].is_object() && m["claim"]["holder"].is_object())
                seen.claim_holders.insert(m["claim"]["holder"]["id"].get<std::string>());
            for (const json& i : m["incidents"]) seen.incident_kinds.insert(i["kind"]);
        }
    }
}

TEST(DemoFeed, AStreamClientSeesTheWholeMatchLive) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("venue-demo-feed-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string log = (dir / "demo.sqlite").string();
    FILE* demo = ::popen((std::string(VENUE_BINARY_DIR "/bin/venue") +
                          " demo --speed 4 --feed 127.0.0.1:0 --log " + log + " 2>&1")
                             .c_str(),
                         "r");
    ASSERT_NE(demo, nullptr);

    // The demo names the feed's address before the first move.
    std::string output;
    int port = -1;
    char line[4096];
    while (port < 0 && std::fgets(line, sizeof line, demo)) {
        output += line;
        const std::string marker = "TV feed http://127.0.0.1:";
        if (auto at = output.find(marker); at != std::string::npos)
            port = std::atoi(output.c_str() + at + marker.size());
    }
    ASSERT_GT(port, 0) << output;

    Seen seen;
    std::thread reader([&] {
        httplib::Client http("127.0.0.1", port);
        http.set_read_timeout(30, 0);
        http.Get("/api/v1/stream", [&](const char* data, std::size_t n) {
            std::lock_guard lock(seen.mutex);
            seen.buffer.append(data, n);
            take_events(seen);
            return true;
        });  // returns when the demo ends and its server closes the stream
    });
    while (std::fgets(line, sizeof line, demo)) output += line;
    const int status = ::pclose(demo);
    reader.join();
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output;

    std::lock_guard lock(seen.mutex);
    // A snapshot, then one update per group of applied events: many, in order, none twice.
    ASSERT_GT(seen.ids.size(), 50u) << output;
    EXPECT_TRUE(seen.invalid.empty()) << seen.invalid.front();
    for (std::size_t i = 1; i < seen.ids.size(); ++i) EXPECT_LT(seen.ids[i - 1], seen.ids[i]);
    // The match as it ended, as the demo's summary says.
    EXPECT_EQ(seen.last_match["result"], "1-0");
    EXPECT_NE(output.find("Result: 1-0"), std::string::npos) << output;
    EXPECT_FALSE(seen.last_match["termination"].get<std::string>().empty());
    // Claims by several players, and the scripted incidents, reached the client as they happened.
    EXPECT_GE(seen.claim_holders.size(), 4u);
    EXPECT_TRUE(seen.incident_kinds.contains("warning")) << seen.last_match.dump();
    EXPECT_TRUE(seen.incident_kinds.contains("removal")) << seen.last_match.dump();
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue::feed::testing
