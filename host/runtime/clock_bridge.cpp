#include "runtime/clock_bridge.h"

#include <algorithm>

#include "common/overloaded.h"

namespace venue::runtime {

io::dgt::ClockTime to_clock_time(std::int64_t ms) {
    std::int64_t s = std::clamp<std::int64_t>(ms / 1000, 0, 9 * 3600 + 59 * 60 + 59);
    return {std::uint8_t(s / 3600), std::uint8_t((s / 60) % 60), std::uint8_t(s % 60)};
}

std::int64_t ClockBridge::ms_of(const io::dgt::BwTime& t, chess::Color side) const {
    const bool left = (side == chess::WHITE) == white_left_;
    return std::int64_t((left ? t.left : t.right).time.total_seconds()) * 1000;
}

bool ClockBridge::runs(const io::dgt::BwTime& t, chess::Color side) const {
    const bool left = (side == chess::WHITE) == white_left_;
    return t.running && (left ? t.left_to_move : t.right_to_move);
}

void ClockBridge::on_event(const io::dgt::ClockEvent& e, std::int64_t host_ns,
                           std::vector<engine::Event>& out) {
    std::visit(
        Overloaded{
            [&](const io::dgt::ClockLever& l) {
                // The side that went down is the one whose player pressed: with the right side
                // now high, the left player pressed.
                const bool left_pressed = l.right_high;
                const chess::Color side = left_pressed == white_left_ ? chess::WHITE : chess::BLACK;
                if (!l.time.running && start_pending_) {
                    // The host started the clock, but the start has not reached it yet (the
                    // host was late): the game is under way and this press ends a move; the
                    // other side is started as the lever would have.
                    start_request_ = ~side;
                    out.push_back({host_ns, std::nullopt,
                                   engine::ClockPressed{match_, side, ms_of(l.time, side)}});
                    return;
                }
                if (!l.time.running) {
                    // The clock stood still: this press starts the other side's time.
                    start_request_ = ~side;
                    start_pending_ = true;
                    out.push_back({host_ns, std::nullopt,
                                   engine::ClockReading{match_, ms_of(l.time, chess::WHITE),
                                                        ms_of(l.time, chess::BLACK), ~side}});
                    return;
                }
                start_pending_ = false;  // it runs
                out.push_back({host_ns, std::nullopt,
                               engine::ClockPressed{match_, side, ms_of(l.time, side)}});
            },
            [&](const io::dgt::ClockFlag& f) {
                const chess::Color side = (!f.right) == white_left_ ? chess::WHITE : chess::BLACK;
                out.push_back({host_ns, std::nullopt, engine::FlagFell{match_, side}});
            },
            [&](const io::dgt::ClockTimes& t) {
                if (t.time.running) start_pending_ = false;
                // The times tick every second; a reading is logged when who runs changes.
                if (last_running_ == t.time.running && last_right_to_move_ == t.time.right_to_move)
                    return;
                last_running_ = t.time.running;
                last_right_to_move_ = t.time.right_to_move;
                engine::ClockReading r{match_, ms_of(t.time, chess::WHITE),
                                       ms_of(t.time, chess::BLACK), std::nullopt};
                if (runs(t.time, chess::WHITE)) r.running = chess::WHITE;
                if (runs(t.time, chess::BLACK)) r.running = chess::BLACK;
                out.push_back({host_ns, std::nullopt, r});
            },
            [&](const io::dgt::ClockButtonPressed&) {},
            // A command that failed may have been the start: nothing is known to be pending.
            [&](const io::dgt::ClockCommandResult& r) {
                if (!r.ok) start_pending_ = false;
            },
        },
        e);
}

std::optional<io::dgt::SetAndRun> ClockBridge::set_and_run_for(const engine::DeviceCommand& c,
                                                               const io::dgt::BwTime& now,
                                                               chess::Color to_move,
                                                               std::string* why) const {
    std::int64_t white = ms_of(now, chess::WHITE), black = ms_of(now, chess::BLACK);
    std::optional<chess::Color> running;
    if (runs(now, chess::WHITE)) running = chess::WHITE;
    if (runs(now, chess::BLACK)) running = chess::BLACK;
    bool pause = !running;
    using A = engine::DeviceAction;
    if (c.command == A::CLOCK_ADD_TIME) {
        (c.side == chess::WHITE ? white : black) += c.amount_ms;
    } else if (c.command == A::CLOCK_PAUSE) {
        pause = true;
    } else if (c.command == A::CLOCK_RESUME) {
        running = to_move;
        pause = false;
    } else if (c.command == A::CLOCK_RUN) {
        running = c.side;
        pause = false;
    } else {
        if (why)
            *why =
                std::string("the DGT clock has no command '") + engine::to_string(c.command) + "'";
        return std::nullopt;
    }
    io::dgt::SetAndRun s;
    const io::dgt::ClockTime w = to_clock_time(white), b = to_clock_time(black);
    s.left = white_left_ ? w : b;
    s.right = white_left_ ? b : w;
    if (pause || !running) {
        s.pause = true;
    } else {
        const bool left_runs = (*running == chess::WHITE) == white_left_;
        s.left_runs = left_runs;
        s.right_runs = !left_runs;
    }
    return s;
}

std::string ClockBridge::announcement(const engine::Decision& d) {
    return std::visit(Overloaded{
                          [](const engine::WarningGiven& w) { return "WARN " + w.player; },
                          [](const engine::TimeAdded& t) {
                              return "+" + std::to_string(t.amount_ms / 1000) + "s " +
                                     (t.side == chess::WHITE ? "W" : "B");
                          },
                          [](const engine::PlayerRemoved& p) { return "OUT " + p.player; },
                          [](const engine::GameEnded& g) { return g.result; },
                          [](const auto&) { return std::string(); },
                      },
                      d.body)
        .substr(0, io::dgt::CLOCK_TEXT_LENGTH);
}

}  // namespace venue::runtime
