// One DGT board on a Link: an I/O thread per board that opens the link, feeds a BoardSession,
// writes what it asks for, and reconnects with backoff. The caller's thread never touches the
// link: it polls events and status, holding the runner's lock only for the in-memory hand-over.
//
//   caller thread                       I/O thread (one per board)
//   poll() <------- bounded queue <---- read(link, read_timeout) -> session.on_bytes
//   status()                            session.on_tick; write session output
//   set_orientation() -> session        link error: close, back off, make a new link, reopen,
//                                       session.start() (start sequence, board re-read)
//
// The queue never blocks the I/O thread: when it holds queue_capacity events the oldest is
// dropped and counted (BoardStatus::dropped_events). Snapshots are whole boards, so a caller
// that falls behind loses intermediate boards, never the current one (last_snapshot()).
// Backoff doubles from backoff_min to backoff_max and returns to backoff_min once the board
// answers. A SILENT board's link stays open: the keep-alive goes on, and the board is
// CONNECTED again with its first message (a link that fails is what triggers a reconnect).
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

#include "io/dgt/board_port.h"
#include "io/dgt/board_session.h"

namespace venue::io::dgt {

struct BoardRunnerConfig {
    BoardSessionConfig session;
    std::chrono::milliseconds read_timeout{10};  // also the tick period
    std::chrono::milliseconds write_timeout{100};
    std::chrono::milliseconds backoff_min{100};
    std::chrono::milliseconds backoff_max{2000};
    std::size_t queue_capacity = 4096;
    std::size_t max_unsent_bytes = 4096;  // the link takes nothing for this long: it is stuck
};

// Makes a fresh, closed link for each open attempt.
using LinkFactory = std::function<std::variant<std::unique_ptr<Link>, LinkError>()>;

class BoardRunner {
  public:
    // The steady clock in microseconds: the time base of snapshots and statuses.
    static std::int64_t now_us();

    explicit BoardRunner(BoardPort port, BoardRunnerConfig config = {});
    // Any transport (tests, other link kinds); device names it in status and logs.
    BoardRunner(LinkFactory factory, std::string device, BoardRunnerConfig config = {});
    ~BoardRunner();
    BoardRunner(const BoardRunner&) = delete;
    BoardRunner& operator=(const BoardRunner&) = delete;

    void start();
    // Joins the I/O thread and closes the link. Idempotent.
    void stop();

    // Up to max events (0: all), oldest first. Never waits.
    std::vector<BoardEvent> poll(std::size_t max = 0);
    BoardStatus status() const;
    std::optional<sensing::Snapshot> last_snapshot() const;

    void set_orientation(Orientation o);
    void clear_orientation();

    // Commands for the DGT 3000 on this board, sent by the I/O thread one at a time, each
    // waiting for its acknowledgement (ClockCommandResult comes out of poll()). nullopt and
    // *why when the command cannot be encoded or the clock's queue is full.
    std::optional<std::uint32_t> clock_set_and_run(const SetAndRun& s, std::string* why = nullptr);
    std::optional<std::uint32_t> clock_text(std::string_view text, std::uint8_t beep,
                                            std::string* why = nullptr);
    std::optional<std::uint32_t> clock_end_text(std::string* why = nullptr);
    // The clock's last reading, if a clock answered.
    std::optional<BwTime> clock_reading() const;
    // BoardSession::light_squares, sent by the I/O thread with the session's other output.
    bool light_squares(const std::vector<int>& squares, std::string* why = nullptr);

  private:
    void run();
    void try_open(std::int64_t now);
    void drop_link(std::int64_t now, const LinkError& e);
    bool flush();
    void deliver();                               // session events into the queue; mutex_ held
    void fill_link_fields(BoardStatus& s) const;  // mutex_ held
    void sleep_until_next_attempt(std::int64_t now);

    LinkFactory factory_;
    std::string device_;
    BoardRunnerConfig config_;
    std::thread thread_;
    std::atomic<bool> stop_{false};

    std::unique_ptr<Link> link_;  // I/O thread only
    Bytes unsent_;                // I/O thread only
    std::chrono::milliseconds backoff_;
    std::int64_t next_attempt_us_ = 0;

    mutable std::mutex mutex_;  // guards everything below
    BoardSession session_;
    std::deque<BoardEvent> queue_;
    std::uint64_t opens_ = 0;
    std::uint64_t open_failures_ = 0;
    std::uint64_t link_errors_ = 0;
    std::uint64_t dropped_events_ = 0;
    std::string last_link_error_;
    std::int64_t down_since_us_ = 0;  // see BoardStatus::down_since_us
};

}  // namespace venue::io::dgt
