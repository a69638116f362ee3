// A hub on a Link: one I/O thread per hub that reads, decodes, writes and reconnects, around a
// HubSession. The caller's thread (the one applying rules) never touches the link: it submits
// commands and polls events, holding the session lock only for the in-memory hand-over.
//
//   caller thread                      I/O thread (one per hub)
//   submit(cmd) ----> HubSession <---- read(link, 5 ms) -> on_bytes; on_tick; write(output)
//   poll_events() <--  (mutex)         link error or silence: close, back off, reopen, Hello
//
// Queues are bounded: HubSessionConfig::max_queued_commands (submit returns nullopt when full)
// and max_pending_events (beyond it the hub keeps the events and re-sends them later).
// Reconnect: after a link error (or no frame for silence_timeout_ns) the link is closed and
// reopened with exponential backoff from backoff_min to backoff_max; the session says Hello, the
// hub re-sends every unacknowledged event, duplicates are dropped by seq, and commands in flight
// are retried (the hub's command log makes that idempotent). Nothing is lost or doubled.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "io/hub/hub_session.h"
#include "io/link/link.h"

namespace venue::io {

struct HubRunnerConfig {
    HubSessionConfig session;
    std::chrono::milliseconds read_timeout{5};  // also the latency of a submitted command
    std::chrono::milliseconds write_timeout{100};
    std::chrono::milliseconds backoff_min{50};
    std::chrono::milliseconds backoff_max{2000};
    std::size_t max_output_bytes = 64 * 1024;  // unwritable for this long: the link is stuck
};

// The state of one hub's link, for the devices panel and logs.
struct HubLinkStatus {
    std::string device;
    HubSessionState state = HubSessionState::DISCONNECTED;
    bool link_open = false;
    HostNanos since_ns = 0;           // in `state` since
    HostNanos down_since_ns = 0;      // reconnecting since: last left RUNNING (0 while running)
    HostNanos last_frame_ns = 0;      // 0: no frame yet
    HostNanos last_frame_age_ns = 0;  // at the time of status(); -1 before the first frame
    std::uint64_t opens = 0;          // successful link opens
    std::uint64_t open_failures = 0;
    std::uint64_t link_errors = 0;  // read/write errors and silences that dropped the link
    std::uint32_t attempts_since_up = 0;
    HostNanos next_attempt_ns = 0;
    std::string last_error;
    std::string refusal;
    HubSessionStats stats;
    std::optional<wire::Handshake> handshake;
    std::optional<wire::Heartbeat> heartbeat;
    std::optional<wire::ArmyStatus> army_status;  // see HubSession::last_army_status
    double drift_ppm = 0;
    HostNanos time_error_ns = 0;
    std::size_t time_samples = 0;
    std::size_t commands_pending = 0;
};

class HubRunner {
  public:
    // The steady clock in ns: the host time base of every HubEvent.
    static HostNanos now_ns();

    // config.session.first_cmd_id is replaced by a clock-derived value unless set to non-1.
    explicit HubRunner(std::unique_ptr<Link> link, HubRunnerConfig config = {});
    ~HubRunner();
    HubRunner(const HubRunner&) = delete;
    HubRunner& operator=(const HubRunner&) = delete;

    void start();
    // Joins the I/O thread and closes the link. Idempotent.
    void stop();

    std::optional<std::uint16_t> submit(HubCommand command);
    // Up to max events (0: all), in order.
    std::vector<HubEvent> poll_events(std::size_t max = 0);
    // With HubSessionConfig::ack_on_delivery == false.
    void confirm_stored(std::uint32_t seq);
    HubLinkStatus status() const;

  private:
    void run();
    bool try_open(HostNanos now);
    void drop_link(HostNanos now, std::string why);
    bool flush(HostNanos now);

    std::unique_ptr<Link> link_;  // I/O thread only (after start)
    HubRunnerConfig config_;
    std::thread thread_;
    std::atomic<bool> stop_{false};

    mutable std::mutex mutex_;  // guards everything below
    HubSession session_;
    std::vector<std::uint8_t> unsent_;  // output the link has not taken yet (I/O thread only)
    bool link_open_ = false;
    std::uint64_t opens_ = 0;
    std::uint64_t open_failures_ = 0;
    std::uint64_t link_errors_ = 0;
    std::uint32_t attempts_since_up_ = 0;
    std::chrono::milliseconds backoff_;
    HostNanos next_attempt_ns_ = 0;
    std::string last_error_;
};

}  // namespace venue::io
