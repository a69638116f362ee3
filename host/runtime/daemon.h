// Daemon: the session (engine + log) joined to its devices. One thread, the caller's, applies
// every rule; each device has its own I/O thread inside its runner (io/), so a slow or vanished
// device never holds up the rules, and a host that stops leaves the hub's clock and lockout
// running by themselves.
//
//   step():
//     1. events posted by the arbiter or other inputs (post(), thread-safe)
//        + hub inputs (HubRunner::poll_events -> HubBridge)      ──▶ submit (one transaction)
//        hub events confirmed to the hub only now that they are durable (log first); a clock
//        press waits (with what follows it) while its match's board has not settled, at most
//        the settle time and 150 ms, so that the move it completes has been read
//     2. boards (BoardRunner::poll -> BoardBridge, read against the state after 1.)
//                                                                 ──▶ submit
//     3. the decisions' device commands go to the hub (HubBridge::commands_for); a hub that
//        has just booted is configured from the engine's state (HubBridge::configuration)
//     4. observers see what was applied (printing, the feed, the demo's players)
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/result.h"
#include "io/dgt/board_runner.h"
#include "io/hub/hub_runner.h"
#include "runtime/board_bridge.h"
#include "runtime/clock_bridge.h"
#include "runtime/hub_bridge.h"
#include "runtime/session.h"

namespace venue::runtime {

// What one submit applied, with times on the host's steady clock (io::HubRunner::now_ns).
struct StepRecord {
    std::vector<Applied> applied;
    // Parallel to applied: when the input physically happened (hub inputs: the press time
    // mapped from hub time; other inputs: when they arrived).
    std::vector<io::HostNanos> happened_ns;
    io::HostNanos durable_ns = 0;  // when the transaction holding them had committed
};

struct DaemonOptions {
    // A ClockReading is logged when the hub's clock changes state or side, and at least this
    // often while it runs (so that a restarted host knows the times to within this).
    io::HostNanos clock_reading_every_ns = 10'000'000'000;
};

class Daemon {
  public:
    explicit Daemon(Session& session, DaemonOptions options = {});
    ~Daemon();
    Daemon(const Daemon&) = delete;
    Daemon& operator=(const Daemon&) = delete;

    // The hub serving `match_id` (its claim buttons and clock). One hub per daemon.
    void attach_hub(std::unique_ptr<io::Link> link, std::string match_id,
                    io::HubRunnerConfig config = {});
    // An electronic board on which `match_id` is played.
    // clock_white_left: a DGT 3000 on this board keeps the match's clock, with White on its
    // left (true) or right (false); its lever, flags and times replace the hub's for the match.
    void attach_board(std::string board_id, io::dgt::BoardPort port, std::string match_id,
                      io::dgt::BoardRunnerConfig config = {},
                      sensing::RecogniserConfig recogniser = {},
                      std::optional<bool> clock_white_left = std::nullopt);

    // Starts the devices' I/O threads. stop() joins them (also done by the destructor).
    void start();
    void stop();

    // Thread-safe: an event from outside the devices (arbiter, console, a script); it is
    // applied at the next step.
    void post(engine::Event event);

    // One pass over every input; never waits. Returns what was applied (maybe nothing). An
    // error means the log could not be written: the daemon must stop.
    Result<std::vector<StepRecord>, std::string> step();

    using Observer = std::function<void(const StepRecord&)>;
    void on_applied(Observer observer) { observers_.push_back(std::move(observer)); }
    // Device messages an operator should see (commands refused, hub refused, queue full).
    void on_message(std::function<void(const std::string&)> f) { message_ = std::move(f); }

    const Session& session() const { return session_; }
    std::optional<io::HubLinkStatus> hub_status() const;
    std::vector<io::dgt::BoardStatus> board_statuses() const;
    // The last heartbeat of the hub, if any.
    const std::optional<wire::Heartbeat>& heartbeat() const { return heartbeat_; }

  private:
    struct Board {
        std::unique_ptr<io::dgt::BoardRunner> runner;
        BoardBridge bridge;
        io::dgt::BoardLinkState state = io::dgt::BoardLinkState::DISCONNECTED;
        std::optional<ClockBridge> clock;
        io::HostNanos end_text_at_ns = 0;  // an announcement on the clock ends then (0: none)
        bool clock_checked = false;        // its first reading was compared with the match
    };
    Board* clock_board(const std::string& match_id);
    void to_clock(Board& b, const engine::DeviceCommand& c);
    void check_clock(Board& b, const io::dgt::BwTime& t);

    Result<std::optional<StepRecord>, std::string> submit(std::vector<engine::Event> events,
                                                          std::vector<io::HostNanos> happened);
    void hub_inputs(std::vector<engine::Event>& events, std::vector<io::HostNanos>& happened);
    void release_held(std::vector<engine::Event>& events, std::vector<io::HostNanos>& happened,
                      io::HostNanos now);
    // Whether a press of this match, held since held_since, still waits for a board (press_hold.h).
    bool press_waits(const std::string& match_id, io::HostNanos held_since,
                     io::HostNanos now) const;
    void board_inputs(std::vector<engine::Event>& events, std::vector<io::HostNanos>& happened);
    void act_on(const StepRecord& record);
    void configure_hub(const wire::Heartbeat& hb);
    void send(io::HubCommand command, const std::string& why);
    void say(const std::string& text);

    Session& session_;
    DaemonOptions options_;
    std::unique_ptr<io::HubRunner> hub_;
    std::optional<HubBridge> hub_bridge_;
    std::optional<wire::Heartbeat> heartbeat_;
    // A hub new to this host is configured once its first heartbeat shows whether its clock
    // already runs a game: the Handshake's hub time, while waiting for that heartbeat.
    std::optional<std::uint64_t> configure_after_us_;
    std::map<std::uint16_t, std::string> sent_;  // commands awaiting their answer, for messages
    // Hub input not applied yet: a clock press waiting for its board to settle, and what came
    // after it (release_held). Not acknowledged to the hub until stored.
    struct Held {
        engine::Event event;
        io::HostNanos happened_ns = 0;
        std::uint32_t seq = 0;
        io::HostNanos held_since_ns = 0;  // 0: not waiting yet
    };
    std::deque<Held> held_;
    // Hub events the log already holds (from the host run before this one): re-sent by the hub
    // because that run could not acknowledge them; dropped, not stored twice.
    std::set<Session::HubEventKey> logged_hub_;
    std::uint32_t hub_seq_seen_ = 0;  // the highest hub seq received in this hub session
    io::HostNanos last_status_ns_ = 0;
    std::vector<Board> boards_;
    bool started_ = false;

    std::mutex posted_mutex_;
    std::vector<engine::Event> posted_;

    std::vector<Observer> observers_;
    std::function<void(const std::string&)> message_;
};

}  // namespace venue::runtime
