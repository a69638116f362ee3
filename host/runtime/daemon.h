// Daemon: the session (engine + log) joined to its devices. One thread, the caller's, applies
// every rule; each device has its own I/O thread inside its runner (io/), so a slow or vanished
// device never holds up the rules, and a host that stops leaves the hub's clock and lockout
// running by themselves.
//
//   step():
//     1. take in what came since the last step, each source in its own order: events posted by
//        the arbiter or other inputs (post(), thread-safe), the hub's inputs (HubBridge), every
//        board's sensed boards, field updates and clock events
//     2. judge them in the order they happened, each at the time its driver received it (one
//        link keeps its own order), as if the host had been there all along, however long it
//        was away (a stall, a busy machine): before each input every board's recogniser is
//        brought up to that moment (its settle time runs, BoardBridge), so a move completed
//        before a press has been read by then; a clock press, the hub's paddle or a DGT 3000's
//        lever, waits (with what its device sent after it) until its match's board has been
//        read (press_hold.h): it goes as soon as its move is known, and gives up waiting only
//        at the present; each board is read against the match as the inputs before it left it
//        (submitted first when they could change the reading) ──▶ submit (one transaction per
//        group, several in a step)
//     3. hub events confirmed to the hub only once they are durable (log first)
//     4. the decisions' device commands go to the hub (HubBridge::commands_for) or the DGT clock;
//        a hub that has just booted is configured from the engine's state
//     5. observers see what was applied (printing, the feed, the demo's players)
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/result.h"
#include "io/dgt/board_runner.h"
#include "io/hub/hub_runner.h"
#include "runtime/board_bridge.h"
#include "runtime/clock_bridge.h"
#include "runtime/devices.h"
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
    // The host's steady clock in ns, the time base of every device event (io::HubRunner::now_ns
    // when empty). Tests that play their own devices give theirs.
    std::function<io::HostNanos()> now_ns;
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
    // The same with any device behind the interfaces (devices.h). A hub device must leave the
    // acknowledgement of its events to confirm_stored().
    void attach_hub(std::unique_ptr<HubDevice> hub, std::string match_id);
    void attach_board(std::string board_id, std::unique_ptr<BoardDevice> board,
                      std::string match_id, sensing::RecogniserConfig recogniser = {},
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
    // An input taken in and not applied yet, with its place on the step's timeline.
    struct Pending {
        engine::Event event;
        io::HostNanos happened_ns = 0;  // for StepRecord::happened_ns
        io::HostNanos at_ns = 0;        // when it happened, kept in its link's order
        std::uint32_t seq = 0;          // the hub's sequence number (0: not a hub input)
    };
    // Something a board sent, taken in and not read yet.
    struct BoardInput {
        io::dgt::BoardEvent event;
        io::HostNanos at_ns = 0;      // when the board sent it, in the link's order
        io::HostNanos polled_ns = 0;  // when the daemon took it in
    };
    struct Board {
        Board(std::unique_ptr<BoardDevice> d, BoardBridge b)
            : device(std::move(d)), bridge(std::move(b)) {}
        std::unique_ptr<BoardDevice> device;
        BoardBridge bridge;
        io::dgt::BoardLinkState state = io::dgt::BoardLinkState::DISCONNECTED;
        std::optional<ClockBridge> clock;
        io::HostNanos end_text_at_ns = 0;  // an announcement on the clock ends then (0: none)
        bool clock_checked = false;        // its first reading was compared with the match
        // What each time setting sent to the clock and not answered yet was for, oldest first
        // ("the time control", "clock.add_time"): its answer is said with it.
        std::deque<std::string> clock_settings;
        std::deque<BoardInput> inbox;  // polled, not read yet
        // The clock's input as events, in order: a press waits for the board (press_hold.h),
        // and what the clock sent after it waits behind it.
        std::deque<Pending> clock_queue;
        io::HostNanos last_at_ns = 0;  // the link's last input on the timeline
    };
    // One step's events not submitted yet, and what was submitted.
    struct Pass {
        std::vector<engine::Event> events;
        std::vector<io::HostNanos> happened;
        bool changes_state = false;  // holds more than evidence (snapshots, field updates)
        std::vector<StepRecord> records;
        std::optional<std::string> error;  // the log could not be written
    };

    io::HostNanos now() const;
    Board* clock_board(const std::string& match_id);
    // A board's lights (BOARD_LIGHT_SQUARE) to the board of that id.
    void light(const engine::DeviceCommand& c);
    void to_clock(Board& b, const engine::DeviceCommand& c);
    void check_clock(Board& b, const io::dgt::BwTime& t);

    void take_posted();
    void hub_inputs();
    void take_board_inputs();
    void add(Pass& pass, engine::Event event, io::HostNanos happened);
    bool flush(Pass& pass);
    // Every board's recogniser brought up to t (their settle time runs; a board that has
    // settled is read, against the match after what the pass holds).
    bool advance_boards(Pass& pass, io::HostNanos t);
    void read_board_input(Pass& pass, Board& b, BoardInput in);
    // When the front of a queue of device input (the hub's, a DGT clock's) may be applied,
    // judged at t: when it happened; for a press reached, now if its move is known (what the
    // pass holds is applied first, so that a move sensed counts), or, at the present only, once
    // its waiting has run out (press_hold.h). nullopt: empty, or a press still waiting.
    std::optional<io::HostNanos> front_goes_at(Pass& pass, std::deque<Pending>& queue,
                                               io::HostNanos t, bool present);
    // Applies the queue's input that may go at t, in order. False: the log failed.
    bool release(Pass& pass, std::deque<Pending>& queue, io::HostNanos t, bool present);
    // When a press of this match made at held_since stops waiting for its boards (press_hold.h).
    io::HostNanos press_waits_until(const std::string& match_id, io::HostNanos held_since) const;
    void act_on(const StepRecord& record);
    // `army`: the ArmyStatus sent before hb, when the hub is in army mode.
    void configure_hub(const wire::Heartbeat& hb, const std::optional<wire::ArmyStatus>& army);
    // The words under the faces' times on the hub's display, sent when they change (and again
    // to a hub configured anew, whose reboot cleared them).
    void show_face_labels();
    // The command's id, or nothing when the hub's queue is full (said).
    std::optional<std::uint16_t> send(io::HubCommand command, const std::string& why);
    void say(const std::string& text);

    Session& session_;
    DaemonOptions options_;
    std::unique_ptr<HubDevice> hub_;
    std::optional<HubBridge> hub_bridge_;
    std::optional<wire::Heartbeat> heartbeat_;
    // A hub new to this host is configured once its first heartbeat shows whether its clock
    // already runs a game: the Handshake's hub time, while waiting for that heartbeat.
    std::optional<std::uint64_t> configure_after_us_;
    std::map<std::uint16_t, std::string> sent_;  // commands awaiting their answer, for messages
    // The configuration commands not answered yet; when the last is, the daemon says the hub is
    // configured (an arbiter, and a test, know the hub serves the match from then on).
    std::set<std::uint16_t> configuring_;
    std::optional<std::pair<std::uint64_t, std::uint64_t>> labels_shown_;  // label_a, label_b
    // Hub input not applied yet, in the hub's order: a clock press waiting for its board, and
    // what came after it. Not acknowledged to the hub until stored.
    std::deque<Pending> held_;
    io::HostNanos hub_last_at_ns_ = 0;  // the hub's last input on the timeline
    // Input that waits for nothing, in the order it happened: posted events, the hub's link
    // events and clock readings, and hub input of a session that ended.
    std::deque<Pending> free_;
    // Hub events the log already holds (from the host run before this one): re-sent by the hub
    // because that run could not acknowledge them; dropped, not stored twice.
    std::set<Session::HubEventKey> logged_hub_;
    std::uint32_t hub_seq_seen_ = 0;  // the highest hub seq received in this hub session
    io::HostNanos last_status_ns_ = 0;
    std::vector<Board> boards_;
    // How far the inputs have been judged: the end of the last step.
    io::HostNanos timeline_ns_ = std::numeric_limits<io::HostNanos>::min();
    bool started_ = false;

    std::mutex posted_mutex_;
    std::vector<Pending> posted_;  // at_ns: when posted

    std::vector<Observer> observers_;
    std::function<void(const std::string&)> message_;
};

}  // namespace venue::runtime
