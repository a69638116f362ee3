#include "demo/simulated_event.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "io/dgt/dgt_square.h"
#include "io/link/termios_link.h"
#include "sim/dgt/dgt_emulator.h"
#include "sim/hub/hub_rig_thread.h"

namespace venue::demo {

// The DGT emulator on its own thread, fed action lines through a pipe.
class BoardSim {
  public:
    static Result<std::unique_ptr<BoardSim>, std::string> start(const std::string& serial,
                                                                bool start_position) {
        sim::dgt::DgtEmulatorOptions o;
        o.board.serial = serial;
        o.board.start_position = start_position;
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

std::optional<std::string> SimulatedEvent::start_devices(const std::string& log_path,
                                                         const SimulatedEventOptions& o) {
    const engine::MatchConfig& match = plan_->match();
    sim::HubRigConfig rig_config;
#ifdef VENUE_HUB_ELF_DEFAULT
    rig_config.elf_path = o.elf.empty() ? VENUE_HUB_ELF_DEFAULT : o.elf;
#else
    rig_config.elf_path = o.elf;
#endif
    elf_path_ = rig_config.elf_path;
    auto rig = sim::HubRigThread::start(rig_config, 1.0);
    if (auto* e = std::get_if<std::string>(&rig)) return "the hub simulator did not start: " + *e;
    rig_ = std::move(std::get<std::unique_ptr<sim::HubRigThread>>(rig));
    hub_path_ = rig_->pty_path();
    for (const DemoBoard& b : plan_->boards()) {
        auto sim = BoardSim::start(b.serial, b.start_position);
        if (!sim) return "the emulator of board " + b.id + " did not start: " + sim.error();
        paths_.emplace_back(b.id, (*sim)->path());
        sims_.push_back(std::move(*sim));
    }

    config::VenueConfig venue;
    venue.event_name = match.event;
    venue.site = match.site;
    venue.log_path = log_path;
    venue.hub.port = hub_path_;
    venue.matches = {match};
    venue.seed = plan_->seed();
    auto session = runtime::Session::open(venue, log_path);
    if (!session) return session.error();
    session_ = std::move(*session);
    daemon_ = std::make_unique<runtime::Daemon>(*session_);
    daemon_->attach_hub(std::make_unique<io::TermiosLink>(hub_path_, 115200), match.id);
    const std::vector<DemoBoard> boards = plan_->boards();
    for (std::size_t i = 0; i < paths_.size(); ++i) {
        io::dgt::BoardRunnerConfig board;
        if (boards[i].orientation_set) board.session.orientation = io::dgt::Orientation::NORMAL;
        daemon_->attach_board(paths_[i].first, io::dgt::BoardPort::path(paths_[i].second), match.id,
                              board);
    }
    return std::nullopt;
}

void SimulatedEvent::script(const std::string& board, const std::string& line) {
    for (std::size_t i = 0; i < paths_.size(); ++i)
        if (paths_[i].first == board) sims_[i]->line(line);
}

Result<std::unique_ptr<SimulatedEvent>, std::string> SimulatedEvent::start(
    std::unique_ptr<PlannedDemo> plan, const std::string& log_path,
    const SimulatedEventOptions& o) {
    std::unique_ptr<SimulatedEvent> ev(new SimulatedEvent());
    ev->plan_ = std::move(plan);
    if (auto error = ev->start_devices(log_path, o)) return unexpected(*error);
    SimulatedEvent* self = ev.get();
    ev->people_ = ev->plan_->people(
        EventDevices{
            *ev->daemon_, *ev->rig_,
            [self](const std::string& board, const std::string& l) { self->script(board, l); }},
        DirectorTiming{o.speed, o.step_timeout_ms});
    People* people = ev->people_.get();
    ev->daemon_->on_applied([people](const runtime::StepRecord& r) { people->observe(r); });
    ev->daemon_->start();
    return ev;
}

SimulatedEvent::~SimulatedEvent() {
    finish(0);
}

Result<std::vector<runtime::StepRecord>, std::string> SimulatedEvent::step(std::int64_t now_ms) {
    auto records = daemon_->step();
    if (!records) return records;
    people_->poll(now_ms);
    return records;
}

void SimulatedEvent::finish(std::int64_t ms) {
    if (finished_) return;
    finished_ = true;
    if (!daemon_) {  // start() failed half way: only simulators to stop
        if (rig_) rig_->stop();
        sims_.clear();
        return;
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < until) {
        if (!daemon_->step()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    daemon_->stop();
    rig_->stop();
    sims_.clear();
}

}  // namespace venue::demo
