#include "sim/dgt/dgt_emulator.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>

namespace venue::sim::dgt {

namespace {

// How often the loop wakes with nothing to do: bounds the latency of periodic BWTIME and of
// noticing a client that connects.
constexpr int IDLE_POLL_MS = 10;
// A client that stops reading must not make the emulator grow without bound; a real board
// would simply lose the bytes.
constexpr std::size_t MAX_PENDING_OUTPUT = 1 << 20;

std::int64_t steady_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

std::variant<DgtEmulator, std::string> DgtEmulator::create(DgtEmulatorOptions o) {
    if (o.board.serial.empty()) {
        // Each instance its own serial number, so several emulators can run side by side.
        char buf[8];
        std::snprintf(buf, sizeof buf, "%05d", static_cast<int>(::getpid() % 100000));
        o.board.serial = buf;
    }
    auto model = DgtBoardModel::create(o.board);
    if (auto* e = std::get_if<std::string>(&model)) return *e;
    auto pty = Pty::open();
    if (auto* e = std::get_if<std::string>(&pty)) return *e;
    DgtEmulator emu(std::move(o), std::move(std::get<DgtBoardModel>(model)),
                    std::move(std::get<Pty>(pty)));
    emu.update_link();
    return emu;
}

DgtEmulator::DgtEmulator(DgtEmulatorOptions o, DgtBoardModel m, Pty p)
    : options_(std::move(o)), model_(std::move(m)), pty_(std::move(p)), start_ns_(steady_ns()) {}

std::int64_t DgtEmulator::now_ms() const {
    return (steady_ns() - start_ns_) / 1'000'000;
}

void DgtEmulator::update_link() {
    if (options_.link.empty()) return;
    // Replace atomically, so a client never finds the link missing.
    const std::string tmp = options_.link + ".tmp";
    ::unlink(tmp.c_str());
    if (::symlink(pty_.slave_path().c_str(), tmp.c_str()) != 0 ||
        ::rename(tmp.c_str(), options_.link.c_str()) != 0) {
        std::fprintf(stderr, "dgt emulator: cannot link %s -> %s: %s\n", options_.link.c_str(),
                     pty_.slave_path().c_str(), std::strerror(errno));
    }
}

void DgtEmulator::unplug(std::int64_t ms) {
    // The cable is out: the link goes first. Were it left pointing at the closed pty while the
    // cable is out, another process could be given that pty's number for its own device (another
    // emulator, a hub rig) and a client reopening the link would read that device instead: a
    // board in the start position in the middle of a game, and one link lost too many.
    if (!options_.link.empty()) ::unlink(options_.link.c_str());
    // The client sees its device hang up; the board loses USB power and restarts in bus mode.
    pty_.close();
    pending_out_.clear();
    model_.power_cycle(now_ms());
    (void)model_.take_output();
    ::usleep(static_cast<useconds_t>(ms * 1000));
    auto pty = Pty::open();
    if (auto* e = std::get_if<std::string>(&pty)) {
        std::fprintf(stderr, "dgt emulator: cannot reopen a pty: %s\n", e->c_str());
        ++failures_;
        return;
    }
    pty_ = std::move(std::get<Pty>(pty));
    update_link();
    if (on_new_path) on_new_path(pty_.slave_path());
}

bool DgtEmulator::run_line(const std::string& line, std::int64_t now) {
    ++line_number_;
    const auto parsed = parse_action(line);
    if (std::holds_alternative<std::monostate>(parsed)) return true;
    if (const auto* e = std::get_if<ActionError>(&parsed)) {
        std::fprintf(stderr, "dgt emulator: script line %d: %s\n", line_number_, e->what.c_str());
        ++failures_;
        return true;
    }
    const auto& a = std::get<Action>(parsed);
    if (options_.verbose) std::fprintf(stderr, "dgt emulator: %s\n", line.c_str());
    switch (a.kind) {
        case ActionKind::QUIT:
            return false;
        case ActionKind::WAIT:
            resume_at_ms_ = now + a.count;
            return true;
        case ActionKind::UNPLUG:
            unplug(a.count);
            return true;
        default:
            break;
    }
    if (const auto err = model_.apply(a, now)) {
        std::fprintf(stderr, "dgt emulator: script line %d (%s): %s\n", line_number_, line.c_str(),
                     err->c_str());
        ++failures_;
    }
    return true;
}

void DgtEmulator::read_pty(std::int64_t now) {
    if (!pty_.client_connected()) return;
    std::uint8_t buf[4096];
    for (;;) {
        const ssize_t n = ::read(pty_.master_fd(), buf, sizeof buf);
        if (n <= 0) break;  // EAGAIN: drained; EIO: the client just left
        if (options_.verbose) {
            for (ssize_t i = 0; i < n; ++i) {
                std::fprintf(stderr, "dgt emulator: <- %02x %s\n", buf[i],
                             io::dgt::command_name(buf[i]));
            }
        }
        model_.receive(std::span<const std::uint8_t>(buf, static_cast<std::size_t>(n)), now);
    }
}

void DgtEmulator::flush_pty(std::int64_t now) {
    model_.tick(now);
    const io::dgt::Bytes out = model_.take_output();
    if (!pty_.client_connected()) {
        // Nobody listening: the bytes are lost, as on a real cable.
        pending_out_.clear();
        return;
    }
    pending_out_.insert(pending_out_.end(), out.begin(), out.end());
    if (pending_out_.size() > MAX_PENDING_OUTPUT) pending_out_.clear();
    std::size_t done = 0;
    while (done < pending_out_.size()) {
        const ssize_t n =
            ::write(pty_.master_fd(), pending_out_.data() + done, pending_out_.size() - done);
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
    }
    pending_out_.erase(pending_out_.begin(),
                       pending_out_.begin() + static_cast<std::ptrdiff_t>(done));
}

int DgtEmulator::run(int actions_fd, const std::atomic<bool>& stop) {
    bool actions_done = actions_fd < 0;
    std::string partial;
    std::deque<std::string> queue;
    while (!stop.load()) {
        std::int64_t now = now_ms();
        if (!actions_done) {
            pollfd p{actions_fd, POLLIN, 0};
            if (::poll(&p, 1, 0) > 0) {
                char buf[4096];
                const ssize_t n = ::read(actions_fd, buf, sizeof buf);
                if (n > 0) {
                    partial.append(buf, static_cast<std::size_t>(n));
                    for (std::size_t nl; (nl = partial.find('\n')) != std::string::npos;) {
                        queue.push_back(partial.substr(0, nl));
                        partial.erase(0, nl + 1);
                    }
                } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                    actions_done = true;
                    if (!partial.empty()) queue.push_back(std::move(partial));
                    partial.clear();
                }
            }
        }
        // Host commands first: what the host sent before an action was (most likely) sent
        // before it happened.
        read_pty(now);
        while (!queue.empty() && now >= resume_at_ms_) {
            const std::string line = std::move(queue.front());
            queue.pop_front();
            if (!run_line(line, now)) {
                flush_pty(now_ms());
                return failures_ > 0 ? 1 : 0;
            }
            now = now_ms();
        }
        flush_pty(now);
        if (options_.exit_after_script && actions_done && queue.empty() && now >= resume_at_ms_) {
            break;
        }

        // Sleep until the pty or the script has something, a `wait` ends, or the idle tick.
        pollfd fds[2];
        nfds_t nfds = 0;
        if (pty_.client_connected()) fds[nfds++] = {pty_.master_fd(), POLLIN, 0};
        if (!actions_done) fds[nfds++] = {actions_fd, POLLIN, 0};
        std::int64_t timeout = IDLE_POLL_MS;
        if (!queue.empty()) timeout = std::min<std::int64_t>(timeout, resume_at_ms_ - now);
        (void)::poll(fds, nfds, static_cast<int>(std::max<std::int64_t>(timeout, 0)));
    }
    return failures_ > 0 ? 1 : 0;
}

namespace {

std::atomic<bool> g_stop{false};

void on_signal(int) {
    g_stop.store(true);
}

}  // namespace

int run_dgt_emulator(const DgtEmulatorOptions& options) {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    ::sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
    ::signal(SIGPIPE, SIG_IGN);

    auto created = DgtEmulator::create(options);
    if (auto* e = std::get_if<std::string>(&created)) {
        std::fprintf(stderr, "dgt emulator: %s\n", e->c_str());
        return 2;
    }
    auto& emu = std::get<DgtEmulator>(created);
    auto print_path = [](const std::string& path) {
        std::printf("%s\n", path.c_str());
        std::fflush(stdout);
    };
    print_path(emu.slave_path());
    emu.on_new_path = print_path;
    std::fprintf(stderr, "dgt emulator: serial %s on %s\n", emu.model().options().serial.c_str(),
                 emu.slave_path().c_str());

    int fd = STDIN_FILENO;
    if (!options.script.empty() && options.script != "-") {
        fd = ::open(options.script.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            std::fprintf(stderr, "dgt emulator: cannot open script %s: %s\n",
                         options.script.c_str(), std::strerror(errno));
            return 2;
        }
    }
    const int rc = emu.run(fd, g_stop);
    if (fd != STDIN_FILENO) ::close(fd);
    if (!options.link.empty()) ::unlink(options.link.c_str());
    return rc;
}

}  // namespace venue::sim::dgt
