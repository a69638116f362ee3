// The host side of one hub's protocol session, without I/O: fed received bytes, link changes and
// the time; returns the bytes to send and typed events. HubRunner puts it on a Link and a thread;
// the unit tests drive it with byte streams made by the firmware's own codec.
//
//                 link_up: send Hello
//   DISCONNECTED ------------------------> HELLO_SENT  (Hello again every HELLO_RETRY)
//        ^   ^                               |      |
//        |   |        compatible Handshake   |      | incompatible Handshake
//        |   |    +--------------------------+      v
//        |   |    v                               REFUSED  (ignores everything but a Handshake;
//        |   +- RUNNING <-- compatible Handshake --+        a reflashed hub boots and sends one)
//        |        |
//        +--------+---- link_down (from any state)
//
// RUNNING: events are delivered strictly in seq order, each once (expected_ is the next seq
// wanted; lower ones are duplicates, higher ones mean a gap: ResendRequest(expected_), at most one
// per RESEND_INTERVAL unless progress was made). Heartbeats feed the time fit and reveal gaps at
// the tail (next_seq > expected_). EventAck(stored) is cumulative and sent after each batch, and
// again when a Heartbeat shows the hub still holding events the host has stored (a lost ack).
// Commands get cmd_ids, at most MAX_IN_FLIGHT at once (fewer than the hub's COMMAND_LOG_SIZE, so a
// retry is always recognised as one), and are re-sent every COMMAND_RETRY until acknowledged —
// also after a reconnect. A hub reboot (another boot count in a Handshake or Heartbeat, hub time
// or next_seq going backwards, or another serial) starts a new session: events it never sent are
// reported lost, commands in flight fail.
//
// The hub serves a host only after that host's Hello in the hub's current boot (docs/protocol.md,
// "Sessions and reboots"), so the session runs on Handshakes that answer a Hello. A Handshake the
// hub announced at boot, or a Heartbeat with another boot count, means a hub that has not heard
// from this host since it booted: the host says Hello (HELLO_SENT) and the answer starts the new
// session. A reboot is noticed from the first frame of the new boot that arrives whole.
//
// Backpressure: at most max_pending_events undelivered events are queued; an event beyond that is
// treated as not received (not acked), and the hub sends it again after a ResendRequest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "frame.h"
#include "io/hub/hub_event.h"
#include "io/hub/hub_time_fit.h"

namespace venue::io {

enum class HubSessionState : std::uint8_t {
    DISCONNECTED,
    HELLO_SENT,
    RUNNING,
    REFUSED,
};

const char* state_name(HubSessionState s);

struct HubSessionConfig {
    HostNanos hello_retry_ns = 500'000'000;
    HostNanos command_retry_ns = 250'000'000;
    HostNanos resend_interval_ns = 250'000'000;
    // No frame for this long while RUNNING: the link is dead even if the OS has not noticed
    // (10 missed heartbeats). HubRunner then closes and reopens it.
    HostNanos silence_timeout_ns = 1'000'000'000;
    std::size_t max_pending_events = 1024;
    std::size_t max_queued_commands = 64;
    // First cmd_id. A host that restarts while the hub keeps running must not reuse the ids the
    // hub still remembers (they would be answered "duplicate" and not applied): HubRunner seeds
    // this from the clock.
    std::uint16_t first_cmd_id = 1;
    // true: an event is acknowledged once it is handed out by take_events(). false: the
    // application calls confirm_stored(seq) after storing it durably (architecture: log first).
    bool ack_on_delivery = true;
};

// Counters and state for the devices panel. Counters only grow.
struct HubSessionStats {
    std::uint64_t frames = 0;      // good frames received
    std::uint64_t crc_errors = 0;  // frames dropped for a bad CRC
    std::uint64_t resyncs = 0;  // other bad frames (COBS, length, type): skipped to the next 0x00
    std::uint64_t duplicates = 0;  // events dropped because their seq was already delivered
    std::uint64_t resend_requests = 0;
    std::uint64_t events = 0;       // events delivered
    std::uint64_t events_lost = 0;  // reported in HubEventsLost
    std::uint64_t backpressure_drops = 0;
    std::uint64_t commands_sent = 0;  // command frames, retries included
    std::uint64_t command_retries = 0;
    std::uint64_t hellos = 0;
    std::uint64_t handshakes = 0;
    std::uint64_t reboots = 0;  // hub restarts noticed (HubConnected::rebooted)
    std::uint64_t link_ups = 0;
};

class HubSession {
  public:
    static constexpr std::size_t MAX_IN_FLIGHT = 8;  // < hub::COMMAND_LOG_SIZE (16)

    explicit HubSession(HubSessionConfig config = {});
    // Not copyable or movable: the frame decoder points into its own buffer.
    HubSession(const HubSession&) = delete;
    HubSession& operator=(const HubSession&) = delete;

    // The link is open: say Hello.
    void on_link_up(HostNanos now);
    void on_link_down(HostNanos now, std::string reason);
    // Bytes as read from the link, in order, with the time they arrived.
    void on_bytes(std::span<const std::uint8_t> bytes, HostNanos now);
    // Timers: Hello and command retries, resend requests, pending acks. Call every few ms.
    void on_tick(HostNanos now);

    // Queues a command (cmd_id assigned here and returned); nullopt when the queue is full.
    std::optional<std::uint16_t> submit(HubCommand command, HostNanos now);
    // With ack_on_delivery == false: every event up to seq is stored durably.
    void confirm_stored(std::uint32_t seq);

    // Bytes to write to the link (whole frames), moved out.
    std::vector<std::uint8_t> take_output();
    // Events in order, moved out; at most `max` (0: all).
    std::vector<HubEvent> take_events(std::size_t max = 0);
    bool has_output() const { return !output_.empty(); }

    HubSessionState state() const { return state_; }
    HostNanos state_since() const { return state_since_; }
    // When the session last stopped RUNNING (link lost, hub silent or rebooted, refused): the
    // "reconnecting since" of the devices panel. 0 while RUNNING and before the first connect.
    HostNanos down_since() const { return down_since_; }
    // Time of the last good frame; 0 before the first.
    HostNanos last_frame_at() const { return last_frame_at_; }
    // RUNNING or HELLO_SENT, but nothing heard for silence_timeout_ns.
    bool is_silent(HostNanos now) const;
    const HubSessionStats& stats() const { return stats_; }
    const HubTimeFit& time_fit() const { return fit_; }
    std::optional<wire::Handshake> handshake() const { return handshake_; }
    std::optional<wire::Heartbeat> last_heartbeat() const { return heartbeat_; }
    // The army clock as the hub sent it right before the last Heartbeat: nullopt when that
    // Heartbeat came without one (the hub is not in army mode, docs/protocol.md, "Army clock").
    std::optional<wire::ArmyStatus> last_army_status() const { return army_status_; }
    std::uint32_t expected_seq() const { return expected_; }
    std::size_t commands_pending() const { return in_flight_.size() + queued_.size(); }
    const std::string& refusal() const { return refusal_; }

    bool is_ok() const;

  private:
    struct PendingCommand {
        std::uint16_t cmd_id = 0;
        HubCommand command;
        std::uint32_t attempts = 0;
        HostNanos submitted = 0;
        HostNanos last_sent = 0;
    };
    class Receiver;
    friend class Receiver;

    void set_state(HubSessionState s, HostNanos now);
    void on_frame(const std::uint8_t* payload, std::size_t len, HostNanos now);
    void say_hello(HostNanos now);
    void on_handshake(const wire::Handshake& h, HostNanos now);
    void on_heartbeat(const wire::Heartbeat& h, HostNanos now);
    void on_army_status(const wire::ArmyStatus& s, HostNanos now);
    void on_command_ack(const wire::CommandAck& a, HostNanos now);
    void on_event(std::uint32_t seq, std::uint64_t time_us, HubEventPayload payload, HostNanos now);
    void note_hub_holds(std::uint32_t oldest_seq, std::uint32_t next_seq, HostNanos now,
                        bool may_request);
    void request_resend(HostNanos now, bool force);
    void send_ack_if_due(bool force);
    void start_new_session(const wire::Handshake& h, HostNanos now);
    bool hub_clock_went_back(std::uint64_t hub_us) const;
    void note_hub_clock(std::uint64_t hub_us, HostNanos now);
    void pump_commands(HostNanos now);
    void send_command(PendingCommand& c, HostNanos now);
    std::uint32_t stored_seq() const;

    template <class Message>
    void send(const Message& m) {
        std::uint8_t frame[hub::MAX_WIRE_FRAME];
        const std::size_t n = hub::encode_message(m, frame);
        output_.insert(output_.end(), frame, frame + n);
    }

    HubSessionConfig config_;
    HubSessionState state_ = HubSessionState::DISCONNECTED;
    HostNanos state_since_ = 0;
    HostNanos down_since_ = 0;
    HostNanos last_frame_at_ = 0;
    HostNanos last_hello_at_ = 0;
    hub::FrameDecoder rx_;
    HubTimeFit fit_;
    HubSessionStats stats_;
    std::optional<wire::Handshake> handshake_;
    std::optional<wire::Heartbeat> heartbeat_;
    std::optional<wire::ArmyStatus> army_status_;
    std::optional<wire::ArmyStatus> army_status_pending_;  // waits for its Heartbeat
    HostNanos army_status_arrival_ = 0;                    // when the pending one arrived
    std::string refusal_;

    // Events: expected_ is the next seq to deliver; delivered_ the highest handed out;
    // confirmed_ the highest the application stored (ack_on_delivery == false); acked_ the
    // highest acknowledged to the hub.
    std::uint32_t expected_ = 1;
    std::uint32_t delivered_ = 0;
    std::uint32_t confirmed_ = 0;
    std::uint32_t acked_ = 0;
    std::uint32_t session_ = 0;       // HubInput::session
    std::uint64_t last_hub_us_ = 0;   // latest hub clock reading (Handshake, Heartbeat)
    HostNanos last_hub_arrival_ = 0;  // when it arrived
    bool ack_due_ = false;
    std::uint32_t resend_from_ = 0;  // expected_ when the last ResendRequest was sent
    HostNanos resend_at_ = 0;

    std::deque<PendingCommand> in_flight_;
    std::deque<PendingCommand> queued_;
    std::uint16_t next_cmd_id_;

    std::vector<std::uint8_t> output_;
    std::deque<HubEvent> events_;
    std::size_t pending_inputs_ = 0;  // HubInputs in events_ (backpressure)
};

}  // namespace venue::io
