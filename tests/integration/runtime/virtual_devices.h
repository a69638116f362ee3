// Devices the test plays itself, on a clock it controls, behind the daemon's device interfaces
// (runtime/devices.h): a DGT board (the emulator's board model, optionally with its DGT 3000,
// talking bytes to the real driver session, BoardSession) and a hub that reports clock paddle
// presses. Nothing runs on its own: the test moves the clock and calls advance(); a host stall
// is the test not calling Daemon::step() while the devices go on.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/dgt/board_session.h"
#include "runtime/devices.h"
#include "runtime/hub_bridge.h"
#include "sim/dgt/dgt_action.h"
#include "sim/dgt/dgt_board_model.h"

namespace venue::runtime::testing {

constexpr io::HostNanos MS = 1'000'000;

// A DGT board (and its clock) on a link the test times: what the board writes reaches the
// driver a fixed lag later (a scan, the USB link), in order.
class VirtualBoard final : public BoardDevice {
  public:
    // now: the test's clock (ns), read whenever the board acts or is asked anything.
    VirtualBoard(const io::HostNanos& now, bool with_clock, int lag_ms)
        : now_(now), model_(make_model(with_clock, now)), lag_(lag_ms * MS) {}

    // A physical action line (sim/dgt/dgt_action.h), now.
    void act(std::string_view line) {
        const auto parsed = sim::dgt::parse_action(line);
        const auto* a = std::get_if<sim::dgt::Action>(&parsed);
        if (!a) throw std::runtime_error("bad action line: " + std::string(line));
        if (auto err = model_.apply(*a, ms()))
            throw std::runtime_error(*err + ": " + std::string(line));
        exchange();
    }
    // The host's process is stopped (SIGSTOP): the driver reads nothing and says nothing; what
    // the board sends waits, and is received when the process runs again.
    void pause(bool paused) { paused_ = paused; }
    // Time has passed: the clock runs, bytes cross the link both ways, the driver ticks.
    void advance() {
        model_.tick(ms());
        exchange();
    }

    void start() override {
        session_.start(us());
        exchange();
    }
    void stop() override {}
    std::vector<io::dgt::BoardEvent> poll() override {
        std::vector<io::dgt::BoardEvent> out(events_.begin(), events_.end());
        events_.clear();
        return out;
    }
    io::dgt::BoardStatus status() const override { return session_.status(us()); }
    std::optional<std::uint32_t> clock_set_and_run(const io::dgt::SetAndRun& s,
                                                   std::string* why) override {
        return session_.clock().set_and_run(s, why);
    }
    std::optional<std::uint32_t> clock_text(std::string_view text, std::uint8_t beep,
                                            std::string* why) override {
        return session_.clock().show_text(text, beep, why);
    }
    std::optional<std::uint32_t> clock_end_text(std::string* why) override {
        return session_.clock().end_text(why);
    }
    std::optional<io::dgt::BwTime> clock_reading() const override {
        return session_.clock().last_reading();
    }
    bool light_squares(const std::vector<int>& squares, std::string* why) override {
        const bool ok = session_.light_squares(squares, why);
        exchange();
        return ok;
    }

    const sim::dgt::DgtBoardModel& model() const { return model_; }

  private:
    static sim::dgt::DgtBoardModel make_model(bool with_clock, io::HostNanos now) {
        sim::dgt::BoardModelOptions o;
        o.serial = "15015";
        o.with_clock = with_clock;
        auto m = sim::dgt::DgtBoardModel::create(o, now / MS);
        if (auto* e = std::get_if<std::string>(&m)) throw std::runtime_error(*e);
        return std::move(std::get<sim::dgt::DgtBoardModel>(m));
    }
    std::int64_t ms() const { return now_ / MS; }
    std::int64_t us() const { return now_ / 1000; }

    void exchange() {
        if (paused_) {
            io::dgt::Bytes to_host = model_.take_output();
            if (!to_host.empty()) in_flight_.push_back({now_ + lag_, std::move(to_host)});
            return;
        }
        for (int round = 0; round < 4; ++round) {
            const io::dgt::Bytes to_board = session_.take_output();
            if (!to_board.empty()) model_.receive(to_board, ms());
            io::dgt::Bytes to_host = model_.take_output();
            if (!to_host.empty()) in_flight_.push_back({now_ + lag_, std::move(to_host)});
            while (!in_flight_.empty() && in_flight_.front().first <= now_) {
                session_.on_bytes(in_flight_.front().second, us());
                in_flight_.pop_front();
            }
        }
        session_.on_tick(us());
        for (io::dgt::BoardEvent& e : session_.take_events()) events_.push_back(std::move(e));
    }

    const io::HostNanos& now_;
    sim::dgt::DgtBoardModel model_;
    io::dgt::BoardSession session_;
    io::HostNanos lag_;
    bool paused_ = false;
    std::deque<std::pair<io::HostNanos, io::dgt::Bytes>> in_flight_;
    std::deque<io::dgt::BoardEvent> events_;
};

// A hub whose clock paddles the test presses: each press is reported as the hub reports a
// paddle that switched the clock, with its time and the frame's arrival.
class VirtualHub final : public HubDevice {
  public:
    explicit VirtualHub(const io::HostNanos& now) : now_(now) {}

    // `side` pressed at `at` (host time); the frame arrives at `arrives`.
    void press(chess::Color side, io::HostNanos at, io::HostNanos arrives) {
        io::HubInput in = input_at(at, arrives);
        wire::Paddle p{};
        p.seq = in.seq;
        p.time_us = in.hub_time_us;
        p.paddle = team_of(side);
        p.effect = wire::PaddleEffect::SWITCHED;
        p.remaining_us = 60ull * 60 * 1000 * 1000;
        p.moves = 0;
        in.payload = p;
        inputs_.push_back(std::move(in));
    }
    // `side`'s face reached zero at `at`: the hub stopped its clock (FLAGGED) and says so.
    void flag(chess::Color side, io::HostNanos at, io::HostNanos arrives) {
        io::HubInput in = input_at(at, arrives);
        wire::Flag f{};
        f.seq = in.seq;
        f.time_us = in.hub_time_us;
        f.side = team_of(side);
        in.payload = f;
        inputs_.push_back(std::move(in));
    }
    std::uint32_t confirmed() const { return confirmed_; }
    std::uint32_t sent() const { return next_seq_ - 1; }
    // The commands the daemon sent, in order.
    const std::vector<io::HubCommand>& submitted() const { return submitted_; }

    void start() override {}
    void stop() override {}
    std::optional<std::uint16_t> submit(io::HubCommand c) override {
        submitted_.push_back(std::move(c));
        return next_cmd_++;
    }
    std::vector<io::HubEvent> poll_events() override {
        std::vector<io::HubEvent> out;
        while (!inputs_.empty() && inputs_.front().received_ns <= now_) {
            out.push_back(std::move(inputs_.front()));
            inputs_.pop_front();
        }
        return out;
    }
    void confirm_stored(std::uint32_t seq) override { confirmed_ = std::max(confirmed_, seq); }
    // With `beating`, the hub is up and its heartbeat says its time (host time / 1000) and a
    // running clock, White's face on move; otherwise it reports nothing.
    void heartbeats(bool beating) { beating_ = beating; }
    io::HubLinkStatus status() const override {
        io::HubLinkStatus s;
        if (!beating_) return s;
        s.state = io::HubSessionState::RUNNING;
        wire::Heartbeat hb{};
        hb.hub_time_us = std::uint64_t(now_ / 1000);
        hb.clock_state = wire::ClockState::RUNNING;
        hb.on_move = wire::Team::A;
        hb.remaining_a_us = 300'000'000;
        hb.remaining_b_us = 20'000'000;
        s.heartbeat = hb;
        return s;
    }

  private:
    // The next event of the hub's one session, made at `at` (host time), arriving at `arrives`.
    io::HubInput input_at(io::HostNanos at, io::HostNanos arrives) {
        io::HubInput in;
        in.session = 1;
        in.seq = next_seq_++;
        in.hub_time_us = std::uint64_t(at / 1000);
        in.host_time_ns = at;
        in.received_ns = arrives;
        return in;
    }

    const io::HostNanos& now_;
    std::deque<io::HubInput> inputs_;
    std::vector<io::HubCommand> submitted_;
    std::uint32_t next_seq_ = 1;
    std::uint32_t confirmed_ = 0;
    std::uint16_t next_cmd_ = 1;
    bool beating_ = false;
};

}  // namespace venue::runtime::testing
