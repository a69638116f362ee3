// BoardRunner against DgtEmulator instances in this process, each on its own pty and its own
// thread; physical actions go in through a pipe, as a script would from standard input.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <thread>

#include "../../support/emulated_dgt_board.h"
#include "io/dgt/board_runner.h"
#include "sim/dgt/dgt_emulator.h"

namespace venue::io::dgt {
namespace {

using namespace std::chrono_literals;

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

// One emulated board on a pty, served by its own thread until destroyed.
class EmulatedBoard : public venue::testing::EmulatedDgtBoard {
  public:
    using EmulatedDgtBoard::EmulatedDgtBoard;
    void actions(const std::string& lines) { ASSERT_TRUE(EmulatedDgtBoard::actions(lines)); }
};

sim::dgt::DgtEmulatorOptions board_options(std::string serial, std::string link = "",
                                           Orientation o = Orientation::NORMAL) {
    sim::dgt::DgtEmulatorOptions opts;
    opts.board.serial = std::move(serial);
    opts.board.orientation = o;
    opts.link = std::move(link);
    return opts;
}

BoardRunnerConfig fast_config() {
    BoardRunnerConfig c;
    c.backoff_min = 20ms;
    c.backoff_max = 200ms;
    return c;
}

// Everything a runner handed out, collected by polling.
struct Collected {
    std::vector<sensing::Snapshot> snapshots;
    std::vector<SensedFieldUpdate> updates;
    std::vector<BoardStatus> statuses;

    void take(BoardRunner& r) {
        for (auto& e : r.poll()) {
            if (auto* s = std::get_if<sensing::Snapshot>(&e)) snapshots.push_back(*s);
            if (auto* f = std::get_if<SensedFieldUpdate>(&e)) updates.push_back(*f);
            if (auto* st = std::get_if<BoardStatus>(&e)) statuses.push_back(*st);
        }
    }
    std::string board() const {
        return snapshots.empty() ? "" : sensing::to_string(snapshots.back().squares);
    }
};

// Polls the runners until done() or the time is up; true when done.
bool wait_until(std::vector<std::pair<BoardRunner*, Collected*>> runners,
                const std::function<bool()>& done, std::chrono::milliseconds limit = 5000ms) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        for (auto& [r, c] : runners) c->take(*r);
        if (done()) return true;
        std::this_thread::sleep_for(5ms);
    }
    return false;
}

TEST(BoardRunnerTest, TwoBoardsAtOnceIdentifiedBySerialNumber) {
    EmulatedBoard a(board_options("11111"));
    EmulatedBoard b(board_options("22222", "", Orientation::ROTATED));
    BoardRunner ra(BoardPort::path(a.path()), fast_config());
    BoardRunner rb(BoardPort::path(b.path()), fast_config());
    ra.start();
    rb.start();
    Collected ca, cb;
    const bool up = wait_until({{&ra, &ca}, {&rb, &cb}}, [&] {
        return ra.status().serial == "11111" && rb.status().serial == "22222" &&
               ca.board() == START && cb.board() == START;
    });
    ASSERT_TRUE(up) << ca.board() << " / " << cb.board();
    const BoardStatus sa = ra.status();
    const BoardStatus sb = rb.status();
    EXPECT_EQ(sa.state, BoardLinkState::CONNECTED);
    EXPECT_EQ(sa.orientation, Orientation::NORMAL);
    EXPECT_EQ(sb.orientation, Orientation::ROTATED);
    EXPECT_EQ(sb.orientation_source, OrientationSource::DETECTED);
    ASSERT_TRUE(sa.version);
    EXPECT_EQ(*sa.version, (Version{1, 0}));
    EXPECT_EQ(sa.parse_errors + sb.parse_errors, 0u);

    // A move on board b reaches b's runner only.
    b.actions("move e2 e4\n");
    ASSERT_TRUE(wait_until({{&ra, &ca}, {&rb, &cb}}, [&] {
        return cb.board() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    }));
    EXPECT_EQ(ca.board(), START);
    ASSERT_GE(cb.updates.size(), 2u);
    EXPECT_EQ(cb.updates.back().square, chess::SQ_E4);
    EXPECT_EQ(a.exit_code() + b.exit_code(), 0);
}

TEST(BoardRunnerTest, DgtClockIsReadSetAndAnnouncesThroughTheBoard) {
    auto o = board_options("44444");
    o.board.with_clock = true;
    EmulatedBoard a(o);
    BoardRunner r(BoardPort::path(a.path()), fast_config());
    r.start();
    std::vector<ClockEvent> clock;
    auto take = [&] {
        for (auto& e : r.poll())
            if (auto* c = std::get_if<ClockEvent>(&e)) clock.push_back(*c);
    };
    auto wait = [&](const std::function<bool()>& done) {
        for (int i = 0; i < 600; ++i) {
            take();
            if (done()) return true;
            std::this_thread::sleep_for(5ms);
        }
        return false;
    };
    ASSERT_TRUE(wait([&] { return r.clock_reading().has_value(); })) << "the clock is read";

    // Set-and-run: 10:00 left (running), 9:00 right; acknowledged, then read back.
    SetAndRun s;
    s.left = {0, 10, 0};
    s.right = {0, 9, 0};
    s.left_runs = true;
    std::string why;
    auto id = r.clock_set_and_run(s, &why);
    ASSERT_TRUE(id) << why;
    ASSERT_TRUE(wait([&] {
        for (const auto& e : clock)
            if (auto* res = std::get_if<ClockCommandResult>(&e); res && res->id == *id) return true;
        return false;
    }));
    const ClockCommandResult* result = nullptr;
    for (const auto& e : clock)
        if (auto* res = std::get_if<ClockCommandResult>(&e); res && res->id == *id) result = res;
    ASSERT_NE(result, nullptr);
    EXPECT_TRUE(result->ok) << result->error;
    EXPECT_EQ(result->sub, ClockSub::SET_AND_RUN);
    ASSERT_TRUE(wait([&] {
        auto t = r.clock_reading();
        return t && t->right.time == ClockTime{0, 9, 0} && t->left.time.minutes >= 9 &&
               t->running && t->left_to_move;
    })) << "the clock runs the left side from 10:00";

    // The lever pressed: reported as a lever change with the reading that showed it.
    clock.clear();
    a.actions("lever\n");
    ASSERT_TRUE(wait([&] {
        for (const auto& e : clock)
            if (std::holds_alternative<ClockLever>(e)) return true;
        return false;
    }));

    // Text is acknowledged too; ending it is a command of its own.
    auto text = r.clock_text("WARN W2", 1, &why);
    ASSERT_TRUE(text) << why;
    auto end = r.clock_end_text(&why);
    ASSERT_TRUE(end) << why;
    ASSERT_TRUE(wait([&] {
        int done = 0;
        for (const auto& e : clock)
            if (auto* res = std::get_if<ClockCommandResult>(&e);
                res && (res->id == *text || res->id == *end) && res->ok)
                ++done;
        return done == 2;
    }));
    EXPECT_FALSE(r.clock_text("way too long text", 0, &why)) << "8 characters at most";
    EXPECT_FALSE(why.empty());
}

TEST(BoardRunnerTest, ScriptedMovesArriveAsSnapshots) {
    EmulatedBoard a(board_options("33333"));
    BoardRunner r(BoardPort::path(a.path()), fast_config());
    r.start();
    Collected c;
    ASSERT_TRUE(wait_until({{&r, &c}}, [&] { return c.board() == START; }));
    // 1. e4 d5 2. exd5 with the captured pawn lifted first, then a slide: Qd1-d2-d3.
    a.actions(
        "move e2 e4\nmove d7 d5\nlift d5\nlift e4\nput d5 P\nmove d2 d4\n"
        "slide d1 d2 d3\n");
    const std::string expected = "rnbqkbnr/ppp1pppp/8/3P4/3P4/3Q4/PPP2PPP/RNB1KBNR";
    ASSERT_TRUE(wait_until({{&r, &c}}, [&] { return c.board() == expected; })) << c.board();
    // Every sensor change is a snapshot, so the boards in between show too: the position
    // before the capture, and the queen's stop on d2 during the slide.
    std::vector<std::string> boards;
    for (const auto& s : c.snapshots) boards.push_back(sensing::to_string(s.squares));
    EXPECT_NE(
        std::find(boards.begin(), boards.end(), "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR"),
        boards.end());
    EXPECT_NE(
        std::find(boards.begin(), boards.end(), "rnbqkbnr/ppp1pppp/8/3P4/3P4/8/PPPQ1PPP/RNB1KBNR"),
        boards.end());
    for (std::size_t i = 1; i < c.snapshots.size(); ++i)
        EXPECT_GE(c.snapshots[i].t_us, c.snapshots[i - 1].t_us);
    EXPECT_EQ(r.status().parse_errors, 0u);
}

TEST(BoardRunnerTest, PulledLinkIsRestoredAndTheBoardReread) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("venue_dgt_driver_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string link = (dir / "board").string();
    {
        EmulatedBoard a(board_options("44444", link));
        BoardRunner r(BoardPort::path(link), fast_config());
        r.start();
        Collected c;
        ASSERT_TRUE(wait_until({{&r, &c}}, [&] { return c.board() == START; }));
        a.actions("move e2 e4\n");
        const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        ASSERT_TRUE(wait_until({{&r, &c}}, [&] { return c.board() == after_e4; }));

        // The cable is pulled for 300 ms; Black replies the moment the board is back, before
        // the driver has reopened the link (the board is in bus mode and tells nobody).
        a.actions("unplug 300\nmove e7 e5\n");
        const std::string after_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
        ASSERT_TRUE(wait_until({{&r, &c}}, [&] {
            return c.board() == after_e5 && r.status().state == BoardLinkState::CONNECTED;
        })) << c.board();
        const BoardStatus st = r.status();
        EXPECT_GE(st.opens, 2u);
        EXPECT_GE(st.link_errors, 1u);
        EXPECT_EQ(st.serial, "44444");
        bool saw_disconnected = false;
        for (const auto& s : c.statuses) {
            if (s.state != BoardLinkState::DISCONNECTED) continue;
            saw_disconnected = true;
            // While it is down, the status says since when (the arbiter's "reconnecting for").
            EXPECT_GT(s.down_since_us, 0);
            EXPECT_LE(s.down_since_us, BoardRunner::now_us());
        }
        EXPECT_TRUE(saw_disconnected);
        EXPECT_EQ(st.down_since_us, 0) << "connected again: no longer down";
        // Black's reply was never a field update: only the re-read board dump carried it.
        for (const auto& f : c.updates) EXPECT_NE(f.square, chess::SQ_E5);

        // And the game goes on over the new link, with field updates again.
        const std::size_t updates_before = c.updates.size();
        a.actions("move g1 f3\n");
        ASSERT_TRUE(wait_until({{&r, &c}}, [&] {
            return c.board() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R";
        })) << c.board();
        EXPECT_GE(c.updates.size(), updates_before + 2);
        r.stop();
        EXPECT_EQ(r.status().state, BoardLinkState::DISCONNECTED);
        EXPECT_EQ(a.exit_code(), 0);
    }
    std::filesystem::remove_all(dir);
}

// The shortest time in which `failures` opens can have failed: the backoff doubles from its
// minimum to its maximum between attempts. A runner can only be later than this (a loaded
// machine), never earlier: so the bound holds without timing the test.
std::int64_t min_us_for(std::uint64_t failures, std::chrono::milliseconds lo,
                        std::chrono::milliseconds hi) {
    std::int64_t us = 0;
    auto wait = lo;
    for (std::uint64_t i = 1; i < failures; ++i) {
        us += std::chrono::microseconds(wait).count();
        wait = std::min(wait * 2, hi);
    }
    return us;
}

BoardStatus status_once(BoardRunner& r, std::function<bool(const BoardStatus&)> pred) {
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    BoardStatus st = r.status();
    while (!pred(st) && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(1ms);
        st = r.status();
    }
    return st;
}

TEST(BoardRunnerTest, MissingDeviceIsRetriedWithBackoff) {
    const BoardRunnerConfig config = fast_config();
    BoardRunner r(BoardPort::path("/nonexistent/venue-dgt-board"), config);
    r.start();
    const BoardStatus st =
        status_once(r, [](const BoardStatus& s) { return s.open_failures >= 5; });
    const std::int64_t now = BoardRunner::now_us();
    ASSERT_GE(st.open_failures, 5u);
    EXPECT_EQ(st.state, BoardLinkState::DISCONNECTED);
    EXPECT_FALSE(st.last_link_error.empty());
    // Down since the first failed open; backing off, not spinning: 20, 40, 80, 160, 200 ms...
    EXPECT_GT(st.down_since_us, 0);
    EXPECT_GE(now - st.down_since_us,
              min_us_for(st.open_failures, config.backoff_min, config.backoff_max));
    r.stop();
}

TEST(BoardRunnerTest, UnknownUsbSerialNumberIsLookedUpAgainAndAgain) {
    BoardRunner r(BoardPort::usb_serial("venue-no-such-board"), fast_config());
    r.start();
    const BoardStatus st =
        status_once(r, [](const BoardStatus& s) { return s.open_failures >= 2; });
    EXPECT_GE(st.open_failures, 2u);
    EXPECT_EQ(st.device, "usb serial venue-no-such-board");
    EXPECT_EQ(st.state, BoardLinkState::DISCONNECTED);
    r.stop();
}

TEST(BoardRunnerTest, FullQueueDropsTheOldestAndNeverBlocks) {
    EmulatedBoard a(board_options("55555"));
    BoardRunnerConfig config = fast_config();
    config.queue_capacity = 4;
    BoardRunner r(BoardPort::path(a.path()), config);
    r.start();
    // Nobody polls while the board produces many events.
    a.actions("flicker e2 20\nmove g1 f3\n");
    const auto end = std::chrono::steady_clock::now() + 5s;
    while (std::chrono::steady_clock::now() < end && r.status().dropped_events == 0)
        std::this_thread::sleep_for(10ms);
    EXPECT_GT(r.status().dropped_events, 0u);
    Collected c;
    ASSERT_TRUE(wait_until({{&r, &c}}, [&] {
        const auto last = r.last_snapshot();
        return last &&
               sensing::to_string(last->squares) == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R";
    }));
    EXPECT_LE(c.snapshots.size() + c.updates.size() + c.statuses.size(), 4u + 8u);
}

}  // namespace
}  // namespace venue::io::dgt
