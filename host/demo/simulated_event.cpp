#include "demo/simulated_event.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "io/link/termios_link.h"
#include "sim/dgt/dgt_emulator.h"
#include "sim/hub/hub_rig_thread.h"

namespace venue::demo {

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

Result<std::unique_ptr<SimulatedEvent>, std::string> SimulatedEvent::start(
    const DemoPlan& plan, const std::string& log_path, const SimulatedEventOptions& o) {
    std::unique_ptr<SimulatedEvent> ev(new SimulatedEvent());
    ev->plan_ = plan;
    sim::HubRigConfig rig_config;
#ifdef VENUE_HUB_ELF_DEFAULT
    rig_config.elf_path = o.elf.empty() ? VENUE_HUB_ELF_DEFAULT : o.elf;
#else
    rig_config.elf_path = o.elf;
#endif
    ev->elf_path_ = rig_config.elf_path;
    auto rig = sim::HubRigThread::start(rig_config, 1.0);
    if (auto* e = std::get_if<std::string>(&rig))
        return unexpected("the hub simulator did not start: " + *e);
    ev->rig_ = std::move(std::get<std::unique_ptr<sim::HubRigThread>>(rig));
    ev->hub_path_ = ev->rig_->pty_path();
    auto board = BoardSim::start(ev->plan_.match.board);
    if (!board) return unexpected("the board emulator did not start: " + board.error());
    ev->board_ = std::move(*board);
    ev->board_path_ = ev->board_->path();

    config::VenueConfig venue;
    venue.event_name = ev->plan_.match.event;
    venue.site = ev->plan_.match.site;
    venue.log_path = log_path;
    venue.hub.port = ev->hub_path_;
    venue.matches = {ev->plan_.match};
    auto session = runtime::Session::open(venue, log_path);
    if (!session) return unexpected(session.error());
    ev->session_ = std::move(*session);
    ev->daemon_ = std::make_unique<runtime::Daemon>(*ev->session_);
    ev->daemon_->attach_hub(std::make_unique<io::TermiosLink>(ev->hub_path_, 115200),
                            ev->plan_.match.id);
    ev->daemon_->attach_board(ev->plan_.match.board, io::dgt::BoardPort::path(ev->board_path_),
                              ev->plan_.match.id);
    BoardSim* b = ev->board_.get();
    ev->director_ = std::make_unique<Director>(
        ev->plan_, *ev->daemon_, *ev->rig_, [b](const std::string& l) { b->line(l); },
        DirectorTiming{o.speed, o.step_timeout_ms});
    Director* d = ev->director_.get();
    ev->daemon_->on_applied([d](const runtime::StepRecord& r) { d->observe(r); });
    ev->daemon_->start();
    return ev;
}

SimulatedEvent::~SimulatedEvent() {
    finish(0);
}

Result<std::vector<runtime::StepRecord>, std::string> SimulatedEvent::step(std::int64_t now_ms) {
    auto records = daemon_->step();
    if (!records) return records;
    director_->poll(now_ms);
    return records;
}

void SimulatedEvent::finish(std::int64_t ms) {
    if (finished_) return;
    finished_ = true;
    if (!daemon_) {  // start() failed half way: only simulators to stop
        if (rig_) rig_->stop();
        board_.reset();
        return;
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < until) {
        if (!daemon_->step()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    daemon_->stop();
    rig_->stop();
    board_.reset();
}

}  // namespace venue::demo
