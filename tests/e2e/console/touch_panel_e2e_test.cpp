// The players' touch panel of a running venue-console, used as a finger would: a virtual X server
// (Xvfb), synthetic clicks through the window system (xdotool: X pointer events, which the GLFW
// backend reads as any mouse's), each target found where the console says it drew it (--ui-map),
// never at a position assumed here. On Grassi's ChessBall (schemas/config/examples/grassi.toml,
// White kicking off, the dice seeded): both kick-off placements, White's rook one half square up,
// Black's move spent. The log must then hold exactly those four inputs, from the touch panel, for
// the side whose they are, each accepted by the game.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string BIN = std::string(VENUE_BINARY_DIR) + "/bin/";

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string run(const std::string& command) {
    std::string out;
    FILE* p = ::popen((command + " 2>&1").c_str(), "r");
    if (!p) return out;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    ::pclose(p);
    return out;
}

// A child process (its own process group), stopped when the object goes.
class Child {
  public:
    Child(const std::vector<std::string>& argv, const std::string& display, const fs::path& out,
          int fd_to_child = -1) {
        pid_ = ::fork();
        if (pid_ == 0) {
            ::setpgid(0, 0);
            if (!display.empty()) ::setenv("DISPLAY", display.c_str(), 1);
            if (FILE* f = std::fopen(out.c_str(), "w")) {
                ::dup2(::fileno(f), 2);
                if (fd_to_child < 0) ::dup2(::fileno(f), 1);
            }
            if (fd_to_child >= 0) ::dup2(fd_to_child, 1);
            std::vector<char*> args;
            for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            ::execvp(args[0], args.data());
            ::_exit(127);
        }
    }
    ~Child() { stop(); }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    // SIGTERM (the console closes its log cleanly on it), then its exit status.
    int stop() {
        if (pid_ <= 0) return status_;
        ::kill(pid_, SIGTERM);
        int status = 0;
        for (int i = 0; i < 100 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (::waitpid(pid_, &status, WNOHANG) == 0) {
            ::kill(-pid_, SIGKILL);
            ::waitpid(pid_, &status, 0);
        }
        pid_ = -1;
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return status_;
    }

  private:
    pid_t pid_ = -1;
    int status_ = -1;
};

class TouchPanel : public ::testing::Test {
  protected:
    void SetUp() override {
        for (const char* tool : {"Xvfb", "xdotool"})
            if (std::system(("command -v " + std::string(tool) + " >/dev/null 2>&1").c_str()))
                GTEST_FAIL() << tool << " is missing: scripts/setup installs xvfb and xdotool";
        dir_ = fs::temp_directory_path() / ("venue-touch-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        // Xvfb picks a free display and writes its number to the pipe (-displayfd).
        int fds[2];
        ASSERT_EQ(::pipe(fds), 0);
        xvfb_.emplace(std::vector<std::string>{"Xvfb", "-displayfd", std::to_string(fds[1]),
                                               "-screen", "0", "1920x1080x24", "-nolisten", "tcp"},
                      "", dir_ / "xvfb.txt", fds[1]);
        ::close(fds[1]);
        std::string number;
        char c;
        while (::read(fds[0], &c, 1) == 1 && c != '\n') number += c;
        ::close(fds[0]);
        ASSERT_FALSE(number.empty()) << slurp(dir_ / "xvfb.txt");
        display_ = ":" + number;
    }
    void TearDown() override {
        console_.reset();
        xvfb_.reset();
        if (!HasFailure()) fs::remove_all(dir_);
    }

    std::string x(const std::string& args) const {
        return run("DISPLAY=" + display_ + " xdotool " + args);
    }
    // The map the console wrote last, once `ready` holds of it (or after `seconds`).
    json map_when(const std::function<bool(const json&)>& ready, double seconds = 20) const {
        json last;
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::milliseconds(std::int64_t(seconds * 1000));
        while (std::chrono::steady_clock::now() < until) {
            last = json::parse(slurp(map_), nullptr, false);
            if (!last.is_discarded() && ready(last)) return last;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return last;
    }
    static std::optional<json> target(const json& map, const std::string& name) {
        if (!map.is_object()) return std::nullopt;
        for (const json& t : map["targets"])
            if (t["name"] == name) return t;
        return std::nullopt;
    }
    // A click at window pixel (px, py).
    void click_at(double px, double py) {
        x("mousemove --window " + window_ + " " + std::to_string(int(px)) + " " +
          std::to_string(int(py)) + " click 1");
        std::this_thread::sleep_for(std::chrono::milliseconds(350));
    }
    // The button `name`, once it is drawn and enabled.
    void press(const std::string& name) {
        const json map = map_when([&](const json& m) {
            const auto t = target(m, name);
            return t && (*t)["enabled"] == true;
        });
        const auto t = target(map, name);
        ASSERT_TRUE(t && (*t)["enabled"] == true) << name << " not drawn enabled: " << map.dump();
        click_at(((*t)["x0"].get<double>() + (*t)["x1"].get<double>()) / 2,
                 ((*t)["y0"].get<double>() + (*t)["y1"].get<double>()) / 2);
    }
    // Point (px, py) of the field: x from White's left, y from White's edge (White at the foot).
    void tap(int px, int py) {
        const json map = map_when([&](const json& m) { return target(m, "field").has_value(); });
        const auto f = target(map, "field");
        ASSERT_TRUE(f) << map.dump();
        const double spacing = ((*f)["x1"].get<double>() - (*f)["x0"].get<double>()) /
                               (map["field_points"].get<double>() - 1);
        click_at((*f)["x0"].get<double>() + px * spacing, (*f)["y1"].get<double>() - py * spacing);
    }

    fs::path dir_, map_;
    std::string display_, window_;
    std::optional<Child> xvfb_, console_;
};

TEST_F(TouchPanel, MovesTappedOnTheFieldReachTheLogAsThePlayersInputs) {
    // The example venue file, with White kicking off (no coin), a fixed seed, the log here.
    std::string venue =
        slurp(std::string(VENUE_SOURCE_DIR) + "/schemas/config/examples/grassi.toml");
    const auto replace = [&](const std::string& from, const std::string& to) {
        const auto at = venue.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        venue.replace(at, from.size(), to);
    };
    replace("first_kickoff = \"coin\"", "first_kickoff = \"white\"");
    replace("log = \"grassi.sqlite\"",
            "log = \"" + (dir_ / "touch.sqlite").string() + "\"\nseed = 77");
    std::ofstream(dir_ / "grassi.toml") << venue;
    map_ = dir_ / "ui-map.json";
    console_.emplace(
        std::vector<std::string>{BIN + "venue-console", (dir_ / "grassi.toml").string(),
                                 "--touch-panel", "--size", "1920x1080", "--scale", "1", "--ui-map",
                                 map_.string()},
        display_, dir_ / "console.txt");
    window_ = x("search --sync --name 'Venue console'");
    while (!window_.empty() && (window_.back() == '\n' || window_.back() == ' '))
        window_.pop_back();
    if (const auto nl = window_.find('\n'); nl != std::string::npos)
        window_ = window_.substr(0, nl);
    ASSERT_FALSE(window_.empty()) << slurp(dir_ / "console.txt");
    const json first = map_when([](const json& m) { return m.value("touch_panel", false); });
    ASSERT_TRUE(first.is_object()) << slurp(dir_ / "console.txt");
    ASSERT_TRUE(target(first, "field")) << first.dump();
    EXPECT_EQ(first["field_points"], 17);
    // The targets a finger needs: a field point is 1/16 of the field apart, a button 2.2 lines.
    const auto f = *target(first, "field");
    EXPECT_GE((f["x1"].get<double>() - f["x0"].get<double>()) / 16, 48.0) << f.dump();

    // The kick-off: White (the kicker, its bishop next to the ball), then Black.
    press("White places");
    tap(7, 7);
    tap(4, 5);
    tap(12, 5);
    press("Confirm");
    press("Black places");
    tap(9, 11);
    tap(4, 11);
    tap(12, 11);
    press("Confirm");
    // White first in the turn (turn_order white_first): the rook one half square up.
    press("Move piece");
    tap(12, 5);
    tap(12, 6);
    press("Confirm");
    // Black spends its move.
    press("Spend the move");
    press("Confirm");
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    EXPECT_EQ(console_->stop(), 0) << slurp(dir_ / "console.txt");

    const fs::path transcript = dir_ / "touch.jsonl";
    const std::string exported =
        run(BIN + "venue export transcript " + (dir_ / "touch.sqlite").string() + " -o " +
            transcript.string());
    std::ifstream lines(transcript);
    ASSERT_TRUE(lines) << exported;
    struct Entered {
        std::string kind;
        int side;
        std::string args;
        bool refused;
    };
    std::vector<Entered> entered;
    for (std::string line; std::getline(lines, line);) {
        const json e = json::parse(line, nullptr, false);
        if (e.is_discarded() || e["kind"] != "game_input") continue;
        const json& in = e["event"];
        if (in["arbiter"] != "touch panel") continue;
        bool refused = false;
        for (const json& d : e["decisions"]) refused = refused || d["kind"] == "event_ignored";
        entered.push_back({in["kind"], in["side"], in["args"].dump(), refused});
    }
    ASSERT_EQ(entered.size(), 4u) << slurp(transcript);
    EXPECT_EQ(entered[0].kind, "place");
    EXPECT_EQ(entered[0].side, 0);
    EXPECT_EQ(entered[0].args, R"({"points":"7,7 4,5 12,5"})");
    EXPECT_EQ(entered[1].kind, "place");
    EXPECT_EQ(entered[1].side, 1);
    EXPECT_EQ(entered[1].args, R"({"points":"9,11 4,11 12,11"})");
    EXPECT_EQ(entered[2].kind, "move");
    EXPECT_EQ(entered[2].side, 0);
    EXPECT_EQ(entered[2].args, R"({"path":"12,5 12,6"})");
    EXPECT_EQ(entered[3].kind, "pass_move");
    EXPECT_EQ(entered[3].side, 1);
    for (const Entered& e : entered) EXPECT_FALSE(e.refused) << e.kind << " " << e.args;
}

}  // namespace
