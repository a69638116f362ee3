#include "demo/run_demo.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "chess/pgn.h"
#include "demo/account.h"
#include "demo/demo_plan.h"
#include "demo/director.h"
#include "io/link/termios_link.h"
#include "runtime/daemon.h"
#include "runtime/replay.h"
#include "sim/dgt/dgt_emulator.h"
#include "sim/hub/hub_rig_thread.h"
#include "venue/pgn_export.h"

namespace venue::demo {

namespace {

std::atomic<bool> g_interrupted{false};
void on_signal(int) {
    g_interrupted = true;
}

std::int64_t now_ms() {
    return io::HubRunner::now_ns() / 1'000'000;
}

std::string default_log_name() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "venue-demo-%Y%m%d-%H%M%S.sqlite", &tm);
    return buf;
}

Result<chess::PgnGame, std::string> load_game(const std::string& path) {
    std::string text;
    if (path.empty()) {
        text = opera_game_pgn();
    } else {
        std::ifstream in(path);
        if (!in) return unexpected("cannot read " + path);
        std::stringstream s;
        s << in.rdbuf();
        text = s.str();
    }
    chess::PgnReader reader(text);
    auto first = reader.next();
    if (!first) return unexpected((path.empty() ? "the built-in game" : path) + " holds no game");
    if (!*first) return unexpected(path + ": " + first->error().to_string());
    return std::move(first->value());
}

// The DGT emulator on its own thread, fed action lines through a pipe.
class BoardSim {
  public:
    static Result<std::unique_ptr<BoardSim>, std::string> start(const std::string& serial) {
        sim::dgt::DgtEmulatorOptions o;
        o.board.serial = serial;
        auto created = sim::dgt::DgtEmulator::create(o);
        if (auto* e = std::get_if<std::string>(&created)) return unexpected(*e);
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) return unexpected(std::string("pipe failed"));
        auto b = std::unique_ptr<BoardSim>(
            new BoardSim(std::move(std::get<sim::dgt::DgtEmulator>(created)), fds[0], fds[1]));
        b->thread_ = std::thread([p = b.get()] { p->emulator_.run(p->read_fd_, p->stop_); });
        return b;
    }
    ~BoardSim() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
        ::close(read_fd_);
        ::close(write_fd_);
    }
    const std::string& path() const { return emulator_.slave_path(); }
    void line(const std::string& text) {
        const std::string l = text + "\n";
        (void)!::write(write_fd_, l.data(), l.size());
    }

  private:
    BoardSim(sim::dgt::DgtEmulator e, int r, int w)
        : emulator_(std::move(e)), read_fd_(r), write_fd_(w) {}
    sim::dgt::DgtEmulator emulator_;
    int read_fd_, write_fd_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

}  // namespace

int run_demo(const DemoOptions& o) {
    const std::int64_t t0 = io::HubRunner::now_ns();
    if (o.players < 2 || o.players > 8) {
        fmt::print(stderr,
                   "venue demo: --players {}: Chessball teams have 2 to 8 players (CB-2.2)\n",
                   o.players);
        return 2;
    }
    if (!(o.speed > 0.05 && o.speed <= 50)) {
        fmt::print(stderr, "venue demo: --speed {}: give a factor between 0.05 and 50\n", o.speed);
        return 2;
    }
    auto game = load_game(o.game);
    if (!game) {
        fmt::print(stderr, "venue demo: {}\n", game.error());
        return 2;
    }
    auto plan = make_plan(*game, demo_match_config(o.players), o.seed);
    if (!plan) {
        fmt::print(stderr, "venue demo: {}\n", plan.error());
        return 2;
    }
    const std::string log_path = o.log.empty() ? default_log_name() : o.log;
    if (std::filesystem::exists(log_path)) {
        fmt::print(stderr, "venue demo: {} exists; the demo writes a fresh log (give --log)\n",
                   log_path);
        return 2;
    }

    fmt::print("Venue demo: Chessball, {} players a side, on {}\n", o.players, plan->title);
    fmt::print("  White {}: ", plan->match.white.name);
    for (const auto& p : plan->match.white.players)
        fmt::print("{} {} [{}] ", p.id, p.name, p.files);
    fmt::print("\n  Black {}: ", plan->match.black.name);
    for (const auto& p : plan->match.black.players)
        fmt::print("{} {} [{}] ", p.id, p.name, p.files);
    fmt::print("\n");
    if (!plan->removed_player.empty())
        fmt::print(
            "  Scripted incidents: an impossible move, three warnings for {} and his "
            "removal before ply {}\n",
            plan->removed_player, plan->removal_before_ply);
    std::fflush(stdout);

    // The devices: the hub's firmware in simavr, the board emulator; each behind a pty.
    sim::HubRigConfig rig_config;
#ifdef VENUE_HUB_ELF_DEFAULT
    rig_config.elf_path = o.elf.empty() ? VENUE_HUB_ELF_DEFAULT : o.elf;
#else
    rig_config.elf_path = o.elf;
#endif
    auto rig_started = sim::HubRigThread::start(rig_config, 1.0);
    if (auto* e = std::get_if<std::string>(&rig_started)) {
        fmt::print(stderr, "venue demo: the hub simulator did not start: {}\n", *e);
        return 1;
    }
    auto rig = std::move(std::get<std::unique_ptr<sim::HubRigThread>>(rig_started));
    auto board = BoardSim::start(plan->match.board);
    if (!board) {
        fmt::print(stderr, "venue demo: the board emulator did not start: {}\n", board.error());
        return 1;
    }
    fmt::print("  hub firmware {} on {}; DGT board {} on {}\n", rig_config.elf_path,
               rig->pty_path(), plan->match.board, (*board)->path());

    config::VenueConfig venue;
    venue.event_name = plan->match.event;
    venue.site = plan->match.site;
    venue.log_path = log_path;
    venue.hub.port = rig->pty_path();
    venue.matches = {plan->match};
    auto session = runtime::Session::open(venue, log_path);
    if (!session) {
        fmt::print(stderr, "venue demo: {}\n", session.error());
        return 1;
    }
    runtime::Daemon daemon(**session);
    daemon.attach_hub(std::make_unique<io::TermiosLink>(rig->pty_path(), 115200), plan->match.id);
    daemon.attach_board(plan->match.board, io::dgt::BoardPort::path((*board)->path()),
                        plan->match.id);

    Account account(**session, stdout, t0, o.verbose);
    Director director(
        *plan, daemon, *rig, [&](const std::string& l) { (*board)->line(l); },
        DirectorTiming{o.speed, o.step_timeout_ms});
    daemon.on_applied([&](const runtime::StepRecord& r) {
        account.print(r);
        director.observe(r);
    });
    daemon.on_message([&](const std::string& m) { account.note("device   " + m); });

    g_interrupted = false;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    daemon.start();
    int rc = 0;
    while (!director.done() && !g_interrupted) {
        auto stepped = daemon.step();
        if (!stepped) {
            fmt::print(stderr, "venue demo: the log failed: {}\n", stepped.error());
            rc = 1;
            break;
        }
        director.poll(now_ms());
        if (director.failed()) {
            fmt::print(stderr, "venue demo: {}\n", director.failure());
            rc = 1;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (g_interrupted) {
        fmt::print(stderr, "venue demo: interrupted\n");
        rc = 130;
    }
    // Let the last commands reach the hub (the clocks stop) before the devices go.
    for (std::int64_t until = now_ms() + 300; now_ms() < until;) {
        if (!daemon.step()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    daemon.stop();
    rig->stop();
    board->reset();

    const runtime::Session& s = **session;
    const engine::Match* match = s.state().match(plan->match.id);
    const double wall = double(io::HubRunner::now_ns() - t0) / 1e9;
    fmt::print("\n=== Summary ===\n");
    if (match) {
        fmt::print("Result: {} ({})\n", match->result(),
                   match->termination().empty() ? "unfinished" : match->termination());
        for (const chess::PgnGame& part : engine::to_pgn_parts(*match))
            fmt::print("{}\n", chess::write_pgn(part));
    }
    fmt::print("Claims granted: {}, contested by a late teammate: {}\n", account.claims(),
               account.contested());
    const LatencySamples& l = account.latencies();
    fmt::print(
        "Press to decision (hub press time mapped to the host clock -> decision durable "
        "in the log):\n  {}\n",
        latency_summary(l.press_to_decision));
    fmt::print("  of which press to arrival at the host: {}\n",
               latency_summary(l.press_to_arrival));
    fmt::print("  and arrival to durable decision:       {}\n",
               latency_summary(l.arrival_to_decision));
    fmt::print("Events logged: {}; state {}\n", s.last_seq(), s.state().state_hash());
    auto replayed = runtime::replay_log(log_path);
    if (replayed && replayed->state.state_hash() == s.state().state_hash())
        fmt::print("Replaying the log gives the same state.\n");
    else {
        fmt::print("Replaying the log does NOT give the same state: {}\n",
                   replayed ? replayed->state.state_hash() : replayed.error());
        rc = rc ? rc : 1;
    }
    fmt::print("Wall time: {:.1f} s\n", wall);
    fmt::print(
        "Log: {}\n  venue replay {}\n  venue verify {}\n  venue export pgn {}\n"
        "  venue export incidents {}\n",
        log_path, log_path, log_path, log_path, log_path);
    return rc;
}

}  // namespace venue::demo
