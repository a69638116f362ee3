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

// The text of the element with this id, up to its first child ("" when there is none).
std::string text_of(const std::string& dom, const std::string& id) {
    const auto at = dom.find("id=\"" + id + "\"");
    if (at == std::string::npos) return "";
    const auto open = dom.find('>', at);
    return dom.substr(open + 1, dom.find('<', open) - open - 1);
}

// `venue demo` started with its feed on a free port, read line by line as it plays.
class RunningDemo {
  public:
    RunningDemo(const std::string& args, const std::filesystem::path& dir) {
        const std::string log = (dir / "demo.sqlite").string();
        pipe_ = ::popen((std::string(VENUE_BINARY_DIR "/bin/venue") + " demo " + args +
                         " --feed 127.0.0.1:0 --log " + log + " 2>&1")
                            .c_str(),
                        "r");
    }
    ~RunningDemo() {
        if (pipe_) finish();
    }
    bool started() const { return pipe_ != nullptr; }
    // Reads the running account until `done(output)` holds or the demo ends; whether it held.
    template <class F>
    bool read_until(F done) {
        char line[4096];
        while (!done(output) && std::fgets(line, sizeof line, pipe_)) output += line;
        return done(output);
    }
    // The feed's port, which the demo names before the first move (-1 until it did).
    int port() const {
        const std::string marker = "TV feed http://127.0.0.1:";
        const auto at = output.find(marker);
        return at == std::string::npos ? -1 : std::atoi(output.c_str() + at + marker.size());
    }
    // Reads the rest; the exit status (-1 when it did not exit normally).
    int finish() {
        read_until([](const std::string&) { return false; });
        const int st = ::pclose(pipe_);
        pipe_ = nullptr;
        return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    }
    std::string output;

  private:
    FILE* pipe_ = nullptr;
};

TEST(DemoFeed, AStreamClientSeesTheWholeMatchLive) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("venue-demo-feed-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    RunningDemo demo("--speed 4", dir);
    ASSERT_TRUE(demo.started());
    // The demo names the feed's address before the first move.
    demo.read_until([&](const std::string&) { return demo.port() > 0; });
    const int port = demo.port();
    const std::string& output = demo.output;
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
    const int status = demo.finish();
    reader.join();
    ASSERT_EQ(status, 0) << output;

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

// The overlays as OBS loads them during a real event: headless Chromium reads the branch tree and
// the scoreboard from a running `venue demo --game business` (hub ELF, six emulated boards), once
// three branches are open, and the pages show them with their ratings and the teams.
TEST(DemoFeed, TheOverlaysOfARunningBusinessDemoShowItsTreeAndTeams) {
    const char* chromium_path = "/usr/bin/chromium";
    if (!std::filesystem::exists(chromium_path))
        GTEST_FAIL() << chromium_path << " missing: scripts/setup installs the chromium package";
    const auto dir = std::filesystem::temp_directory_path() /
                     ("venue-business-feed-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    RunningDemo demo("--game business --speed 8", dir);
    ASSERT_TRUE(demo.started());
    // Read the running account until the feed's address is known and branch 3 has opened.
    demo.read_until(
        [](const std::string& out) { return out.find("branch   3 opens") != std::string::npos; });
    const int port = demo.port();
    const std::string& output = demo.output;
    ASSERT_GT(port, 0) << output;
    const std::string base = "http://127.0.0.1:" + std::to_string(port) + "/overlay/";
    auto dom = [&](const std::string& page) {
        std::string out;
        const std::string cmd = "timeout 30 " + std::string(chromium_path) +
                                " --headless --no-sandbox --disable-gpu "
                                "--disable-background-networking --disable-dev-shm-usage "
                                "--no-first-run --user-data-dir=" +
                                (dir / "profile").string() + " --dump-dom '" + base + page +
                                "?match=bc1' 2>/dev/null";
        FILE* p = ::popen(cmd.c_str(), "r");
        char buf[4096];
        for (std::size_t n; p && (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
        if (p) ::pclose(p);
        return out;
    };
    const std::string tree = dom("tree");
    const std::string board = dom("scoreboard");
    // Let the demo play to its end (its summary and exit status are checked too).
    ASSERT_EQ(demo.finish(), 0) << output;

    // Branch 1 at the root, 2 split from it, 3 from 2: each with its rating (the demo's short
    // scenario: 1 keeps 6 of 10, 2 takes 4 and gives 2 to 3), daughters inside their mothers.
    const auto one = tree.find("data-branch=\"1\"");
    const auto two = tree.find("data-branch=\"2\"");
    const auto three = tree.find("data-branch=\"3\"");
    ASSERT_NE(one, std::string::npos) << tree;
    ASSERT_NE(two, std::string::npos) << tree;
    ASSERT_NE(three, std::string::npos) << tree;
    EXPECT_LT(one, two);
    EXPECT_LT(two, three);
    EXPECT_NE(tree.find("from 1 after"), std::string::npos) << tree;
    EXPECT_NE(tree.find("from 2 after"), std::string::npos) << tree;
    EXPECT_NE(tree.find("data-rating=\"2\">2<"), std::string::npos) << tree;
    EXPECT_NE(tree.find("Kazan"), std::string::npos) << tree;
    EXPECT_EQ(text_of(board, "white-name"), "Kazan") << board;
    EXPECT_EQ(text_of(board, "black-name"), "Moscow") << board;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue::feed::testing
