// A minimal host for the hub protocol, built on the firmware's own codec (venue::wire_codec):
// opens the rig's pty, keeps the session (Hello, in-order delivery, cumulative EventAck,
// ResendRequest on a gap), and retries commands until acknowledged. Test-only: the production
// driver lives in host/io.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frame.h"

namespace venue::test {

namespace wire = venue::wire;

struct HubEvent {
    uint32_t session;  // count of Handshakes with a new boot seen before it
    uint32_t seq;
    uint8_t type;
    std::vector<uint8_t> payload;

    template <class M>
    std::optional<M> as() const {
        M m;
        if (!wire::unpack(payload.data(), payload.size(), m)) return std::nullopt;
        return m;
    }
};

class HubTestClient {
  public:
    using Clock = std::chrono::steady_clock;
    // What a command "returned" when no CommandAck came: a status no hub sends.
    static constexpr wire::CommandAck NO_ACK{0, static_cast<wire::CommandStatus>(0xFF), 0};

    bool open(const std::string& path) {
        fd_ = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
        if (fd_ < 0) return false;
        termios t{};
        ::tcgetattr(fd_, &t);
        ::cfmakeraw(&t);
        ::tcsetattr(fd_, TCSANOW, &t);
        return true;
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }
    ~HubTestClient() { close(); }

    // Reads for up to timeout_ms; handles every frame. auto_ack off: events are stored but not
    // acknowledged (a host that has stopped storing).
    void pump(int timeout_ms) {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, timeout_ms) <= 0) return;
        uint8_t buf[4096];
        for (;;) {
            const ssize_t n = ::read(fd_, buf, sizeof buf);
            if (n <= 0) break;
            for (ssize_t i = 0; i < n; ++i) {
                const auto r = rx_.push(buf[i]);
                if (r == hub::FrameDecoder::Result::FRAME) {
                    on_frame(rx_.payload(), rx_.payload_size());
                } else if (r == hub::FrameDecoder::Result::ERROR) {
                    ++frame_errors_;
                }
            }
        }
    }

    template <class M>
    void send(const M& m) {
        uint8_t out[hub::MAX_WIRE_FRAME];
        write_all(out, hub::encode_message(m, out));
    }
    void write_all(const uint8_t* data, size_t len) {
        size_t done = 0;
        while (done < len) {
            const ssize_t n = ::write(fd_, data + done, len - done);
            if (n > 0) {
                done += static_cast<size_t>(n);
            } else {
                pollfd p{fd_, POLLOUT, 0};
                ::poll(&p, 1, 10);
            }
        }
    }

    // Sends a command (cmd_id filled in) until its CommandAck arrives; nullopt on timeout.
    template <class M>
    std::optional<wire::CommandAck> command(M m, uint16_t reuse_id = 0, int timeout_ms = 5000) {
        m.cmd_id = reuse_id ? reuse_id : next_cmd_id_++;
        acks_.erase(m.cmd_id);
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
        while (Clock::now() < deadline) {
            send(m);
            const auto retry = Clock::now() + std::chrono::milliseconds(100);
            while (Clock::now() < retry) {
                pump(5);
                auto it = acks_.find(m.cmd_id);
                if (it != acks_.end()) return it->second;
            }
        }
        return std::nullopt;
    }

    bool hello(int timeout_ms = 5000) {
        const size_t before = handshakes_.size();
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
        while (Clock::now() < deadline) {
            send_hello();
            const auto retry = Clock::now() + std::chrono::milliseconds(200);
            while (Clock::now() < retry) {
                pump(5);
                for (size_t i = before; i < handshakes_.size(); ++i) {
                    if (handshakes_[i].answers_hello) return true;
                }
            }
        }
        return false;
    }

    // Pumps until pred() or timeout; returns pred().
    template <class Pred>
    bool wait_for(Pred pred, int timeout_ms = 5000) {
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
        while (!pred() && Clock::now() < deadline) pump(5);
        return pred();
    }

    const std::vector<HubEvent>& events() const { return events_; }
    const std::vector<wire::Handshake>& handshakes() const { return handshakes_; }
    const std::optional<wire::Heartbeat>& last_heartbeat() const { return heartbeat_; }
    // The ArmyStatus sent right before the last Heartbeat (nullopt: none, not in army mode).
    const std::optional<wire::ArmyStatus>& last_army_status() const { return army_status_; }
    uint32_t heartbeats() const { return heartbeat_count_; }
    uint32_t duplicates_ignored() const { return duplicates_; }
    uint32_t resend_requests() const { return resend_requests_; }
    uint32_t frame_errors() const { return frame_errors_; }
    uint32_t lost() const { return lost_; }
    uint32_t session() const { return session_; }
    uint32_t next_seq() const { return next_seq_; }
    bool auto_ack = true;

  private:
    void on_frame(const uint8_t* p, size_t len) {
        const auto type = static_cast<wire::MessageType>(p[0]);
        if (type == wire::MessageType::HANDSHAKE) {
            wire::Handshake h;
            wire::unpack(p, len, h);
            note_boot(h.boot_count);
            // Announced at boot: the hub serves us only after our Hello in this boot.
            if (!h.answers_hello) send_hello();
            handshakes_.push_back(h);
            return;
        }
        if (type == wire::MessageType::HEARTBEAT) {
            wire::Heartbeat h;
            wire::unpack(p, len, h);
            if (note_boot(h.boot_count)) send_hello();  // a reboot whose Handshake was lost
            heartbeat_ = h;
            army_status_ = army_pending_;
            army_pending_.reset();
            ++heartbeat_count_;
            // Events the hub no longer holds (its ring overflowed): lost for good. Count them
            // and go on, as a real host must, instead of asking for them forever.
            if (h.oldest_seq > next_seq_ && h.oldest_seq <= h.next_seq) {
                lost_ += h.oldest_seq - next_seq_;
                next_seq_ = h.oldest_seq;
            }
            if (h.next_seq > next_seq_ && auto_ack) request_resend();
            return;
        }
        if (type == wire::MessageType::ARMY_STATUS) {
            wire::ArmyStatus s;
            wire::unpack(p, len, s);
            army_pending_ = s;  // it precedes its Heartbeat, as HubSession pairs them
            return;
        }
        if (type == wire::MessageType::COMMAND_ACK) {
            wire::CommandAck a;
            wire::unpack(p, len, a);
            acks_.emplace(a.cmd_id, a);
            return;
        }
        if (wire::kind_of(type) != wire::MessageKind::EVENT) return;
        const uint32_t seq =
            static_cast<uint32_t>(p[1] | (p[2] << 8) | (p[3] << 16) | (uint32_t{p[4]} << 24));
        if (seq < next_seq_) {
            ++duplicates_;
            return;
        }
        if (seq > next_seq_) {
            if (auto_ack) request_resend();
            return;
        }
        events_.push_back(HubEvent{session_, seq, p[0], std::vector<uint8_t>(p, p + len)});
        ++next_seq_;
        if (auto_ack) send(wire::EventAck{seq});
    }

    // Another boot count than the last one seen: a new session, seq from 1. True if so.
    bool note_boot(uint16_t boot_count) {
        const bool rebooted = boot_count_ && *boot_count_ != boot_count;
        if (rebooted) {
            ++session_;
            next_seq_ = 1;
        }
        boot_count_ = boot_count;
        return rebooted;
    }
    void send_hello() {
        send(wire::Hello{static_cast<uint16_t>(wire::PROTOCOL_VERSION), wire::SCHEMA_HASH});
    }

    void request_resend() {
        // At most one request per 20 ms: the resent events take time to arrive.
        const auto now = Clock::now();
        if (now - last_resend_ < std::chrono::milliseconds(20)) return;
        last_resend_ = now;
        ++resend_requests_;
        send(wire::ResendRequest{next_seq_});
    }

    int fd_ = -1;
    hub::FrameDecoder rx_;
    uint16_t next_cmd_id_ = 1;
    std::map<uint16_t, wire::CommandAck> acks_;
    std::vector<HubEvent> events_;
    std::vector<wire::Handshake> handshakes_;
    std::optional<wire::Heartbeat> heartbeat_;
    std::optional<wire::ArmyStatus> army_status_;  // the one before the last Heartbeat
    std::optional<wire::ArmyStatus> army_pending_;
    uint32_t heartbeat_count_ = 0;
    uint32_t next_seq_ = 1;
    uint32_t session_ = 0;
    std::optional<uint16_t> boot_count_;
    uint32_t duplicates_ = 0;
    uint32_t resend_requests_ = 0;
    uint32_t frame_errors_ = 0;
    uint32_t lost_ = 0;
    Clock::time_point last_resend_{};
};

}  // namespace venue::test
