// venue_bench_dgt_pipeline: end-to-end latency of a move over a pty, from the moment the board
// writes the field update that completes the move to the moment runtime::BoardBridge emits the
// MoveSensed event.
//
//   board model (this thread) --pty--> io::dgt::BoardRunner (its I/O thread) --poll--> this
//   thread: BoardBridge (move recogniser) -> engine::VenueState (a ClockPressed after each move)
//
// The board is a sim::dgt::DgtBoardModel served on a sim::Pty by this program's own loop (not the
// DgtEmulator thread), so the start of each measurement is the return of the write() that put
// the completing field update into the pty. The same thread then polls the runner every
// --poll-us (50 us) and ticks the bridge; the end is when the bridge's output holds MoveSensed.
// "transport" is the part up to the runner's snapshot time (the I/O thread read and parsed it).
//
//   venue_bench_dgt_pipeline                      settle 1 us (2000 moves), 40 ms (200), 250 ms
//   (100) venue_bench_dgt_pipeline --settle-us 1 --moves 5000 [--poll-us 50]
// Figures only; no assertion on them.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "chess/uci.h"
#include "demo/board_lines.h"
#include "io/dgt/board_runner.h"
#include "random_games.h"
#include "runtime/board_bridge.h"
#include "sensing/placement.h"
#include "sim/dgt/dgt_action.h"
#include "sim/dgt/dgt_board_model.h"
#include "sim/dgt/pty.h"
#include "venue/chess_match.h"
#include "venue/venue_state.h"

namespace {

using namespace venue;
using namespace std::chrono_literals;

std::int64_t now_us() {
    return io::dgt::BoardRunner::now_us();
}

struct Figures {
    std::vector<double> total_us, transport_us;
};

class Bench {
  public:
    Bench(std::int64_t settle_us, std::int64_t poll_us) : settle_us_(settle_us), poll_us_(poll_us) {
        sim::dgt::BoardModelOptions o;
        o.serial = "31415";
        auto model = sim::dgt::DgtBoardModel::create(o, ms());
        if (auto* e = std::get_if<std::string>(&model)) fail(*e);
        model_.emplace(std::move(std::get<sim::dgt::DgtBoardModel>(model)));
        auto pty = sim::Pty::open();
        if (auto* e = std::get_if<std::string>(&pty)) fail(*e);
        pty_.emplace(std::move(std::get<sim::Pty>(pty)));
        io::dgt::BoardRunnerConfig config;
        config.backoff_min = 20ms;
        runner_ = std::make_unique<io::dgt::BoardRunner>(
            io::dgt::BoardPort::path(pty_->slave_path()), config);
        runner_->start();
    }
    ~Bench() { runner_->stop(); }

    Figures run(int moves) {
        Figures f;
        std::uint64_t seed = 1;
        while (int(f.total_us.size()) < moves) {
            new_game();
            for (chess::Move m : sensing::testing::random_game(seed++)) {
                if (int(f.total_us.size()) >= moves) break;
                const chess::Position pos = match().game().position();
                const auto lines = demo::move_lines(pos, m);  // as the demo's players make a move
                for (std::size_t i = 0; i + 1 < lines.size(); ++i) action(lines[i]);
                write_out();
                serve_for(3ms);  // the piece(s) in the hand
                action(lines.back());
                sensed_.clear();
                const std::int64_t t0 = write_out();
                std::int64_t t1 = 0;
                while (sensed_.empty()) {
                    serve();
                    t1 = now_us();
                    if (t1 - t0 > 5'000'000) fail("no MoveSensed for " + chess::to_uci(m));
                    if (sensed_.empty())
                        std::this_thread::sleep_for(std::chrono::microseconds(poll_us_));
                }
                if (sensed_ != std::vector<std::string>{chess::to_uci(m)})
                    fail("sensed " + sensed_.front() + " for " + chess::to_uci(m));
                f.total_us.push_back(double(t1 - t0));
                f.transport_us.push_back(double(last_snapshot_us_ - t0));
                if (!match().pending_move()) break;  // the move ended the game
                apply({ns(), std::nullopt,
                       engine::ClockPressed{match_id_, pos.side_to_move(), std::nullopt}});
                if (match().phase() == engine::MatchPhase::FINISHED) break;
            }
        }
        return f;
    }

  private:
    [[noreturn]] static void fail(const std::string& why) {
        std::fprintf(stderr, "venue_bench_dgt_pipeline: %s\n", why.c_str());
        std::exit(1);
    }
    static std::int64_t ms() { return now_us() / 1000; }
    static std::int64_t ns() { return now_us() * 1000; }
    const engine::ChessMatch& match() const { return *state_.match(match_id_)->chess(); }

    void action(const std::string& line) {
        const auto parsed = sim::dgt::parse_action(line);
        const auto* a = std::get_if<sim::dgt::Action>(&parsed);
        if (!a) fail("bad action " + line);
        if (auto err = model_->apply(*a, ms())) fail(line + ": " + *err);
    }
    // The model's output into the pty; the time the last byte went in.
    std::int64_t write_out() {
        model_->tick(ms());
        const io::dgt::Bytes out = model_->take_output();
        if (!pty_->client_connected()) return now_us();
        std::size_t done = 0;
        while (done < out.size()) {
            const ssize_t n = ::write(pty_->master_fd(), out.data() + done, out.size() - done);
            if (n <= 0) {
                pollfd p{pty_->master_fd(), POLLOUT, 0};
                ::poll(&p, 1, 1);
                continue;
            }
            done += std::size_t(n);
        }
        return now_us();
    }
    // Host commands into the model and its answers out; the runner's events through the bridge.
    void serve() {
        if (pty_->client_connected()) {
            std::uint8_t buf[1024];
            for (;;) {
                const ssize_t n = ::read(pty_->master_fd(), buf, sizeof buf);
                if (n <= 0) break;
                model_->receive(std::span<const std::uint8_t>(buf, std::size_t(n)), ms());
            }
        }
        write_out();
        std::vector<engine::Event> events;
        const engine::Match* m = bridge_ ? state_.match(match_id_) : nullptr;
        for (io::dgt::BoardEvent& ev : runner_->poll()) {
            if (const auto* s = std::get_if<sensing::Snapshot>(&ev)) {
                last_snapshot_us_ = s->t_us;
                if (m) bridge_->on_board(*s, *m, ns(), events);
            }
        }
        if (m) bridge_->tick(now_us(), *m, ns(), events);
        for (const auto& e : events) {
            if (const auto* s = std::get_if<engine::MoveSensed>(&e.body)) sensed_.push_back(s->uci);
            apply(e);
        }
    }
    void serve_for(std::chrono::microseconds d) {
        const auto end = std::chrono::steady_clock::now() + d;
        while (std::chrono::steady_clock::now() < end) {
            serve();
            std::this_thread::sleep_for(std::chrono::microseconds(poll_us_));
        }
    }
    void apply(const engine::Event& e) {
        for (const auto& d : state_.apply(e))
            if (std::holds_alternative<engine::MoveRefused>(d.body) ||
                std::holds_alternative<engine::IllegalMoveCounted>(d.body))
                fail(std::string(engine::kind_name(d.body)) + ": " + d.reason);
    }
    void new_game() {
        bridge_.reset();
        action("setup start");
        const auto start = sensing::placement_of(chess::Position::start());
        const auto end = std::chrono::steady_clock::now() + 10s;
        for (;;) {
            serve_for(1ms);
            const auto s = runner_->last_snapshot();
            if (s && s->squares == start) break;
            if (std::chrono::steady_clock::now() > end) fail("the runner never saw the board");
        }
        match_id_ = "m" + std::to_string(++games_);
        engine::MatchConfig c;
        c.id = match_id_;
        c.board = "31415";
        state_.apply({ns(), std::nullopt, engine::MatchCreated{c}});
        sensing::RecogniserConfig rc;
        rc.settle_us = settle_us_;
        bridge_ = std::make_unique<runtime::BoardBridge>(match_id_, "31415", rc);
        serve_for(std::chrono::microseconds(settle_us_ + 5000));
    }

    std::int64_t settle_us_, poll_us_;
    std::optional<sim::dgt::DgtBoardModel> model_;
    std::optional<sim::Pty> pty_;
    std::unique_ptr<io::dgt::BoardRunner> runner_;
    engine::VenueState state_;
    std::unique_ptr<runtime::BoardBridge> bridge_;
    std::string match_id_;
    int games_ = 0;
    std::vector<std::string> sensed_;
    std::int64_t last_snapshot_us_ = 0;
};

double pct(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

void report(std::int64_t settle_us, std::int64_t poll_us, int moves) {
    Bench bench(settle_us, poll_us);
    const Figures f = bench.run(moves);
    auto ms = [](double us) { return us / 1000.0; };
    std::printf(
        "settle %7.3f ms, %5d moves: write -> MoveSensed p50 %8.3f ms  p99 %8.3f ms  max %8.3f ms"
        "   (transport: write -> runner's snapshot p50 %.3f  p99 %.3f  max %.3f ms)\n",
        ms(double(settle_us)), int(f.total_us.size()), ms(pct(f.total_us, 0.5)),
        ms(pct(f.total_us, 0.99)), ms(pct(f.total_us, 1.0)), ms(pct(f.transport_us, 0.5)),
        ms(pct(f.transport_us, 0.99)), ms(pct(f.transport_us, 1.0)));
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    std::int64_t settle_us = -1, poll_us = 50;
    int moves = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--settle-us"))
            settle_us = std::atoll(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--moves"))
            moves = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--poll-us"))
            poll_us = std::atoll(argv[i + 1]);
        else {
            std::fprintf(stderr, "usage: %s [--settle-us N] [--moves N] [--poll-us N]\n", argv[0]);
            return 2;
        }
    }
    std::printf("poll interval %lld us (the consumer's sleep between runner polls)\n",
                static_cast<long long>(poll_us));
    if (settle_us >= 0) {
        report(std::max<std::int64_t>(settle_us, 1), poll_us, moves > 0 ? moves : 1000);
        return 0;
    }
    report(1, poll_us, moves > 0 ? moves : 2000);
    report(40'000, poll_us, moves > 0 ? moves : 200);
    report(250'000, poll_us, moves > 0 ? moves : 100);
    return 0;
}
