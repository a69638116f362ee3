// Runs `venue` as a child process with pipes, for tests that kill it.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace venue::testing {

inline std::string venue_path() {
    return VENUE_BINARY_DIR "/bin/venue";
}

class VenueProcess {
  public:
    // Standard output is read into output(); with `with_stderr`, standard error too (where
    // `venue run` says what its devices do), interleaved as written.
    explicit VenueProcess(std::vector<std::string> args, bool with_stderr = false) {
        int in[2], out[2];
        if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) return;
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
        if (with_stderr) posix_spawn_file_actions_adddup2(&fa, out[1], STDERR_FILENO);
        args.insert(args.begin(), venue_path());
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        if (posix_spawn(&pid_, venue_path().c_str(), &fa, nullptr, argv.data(), environ) != 0)
            pid_ = -1;
        posix_spawn_file_actions_destroy(&fa);
        close(in[0]);
        close(out[1]);
        in_ = in[1];
        out_ = out[0];
        signal(SIGPIPE, SIG_IGN);
    }
    ~VenueProcess() {
        if (in_ >= 0) close(in_);
        if (out_ >= 0) close(out_);
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }
    bool write(const std::string& text) {
        size_t done = 0;
        while (done < text.size()) {
            ssize_t n = ::write(in_, text.data() + done, text.size() - done);
            if (n <= 0) return false;
            done += size_t(n);
        }
        return true;
    }
    // Reads whatever output is available within timeout_ms; appends to the buffer.
    void pump(int timeout_ms) {
        pollfd p{out_, POLLIN, 0};
        while (poll(&p, 1, timeout_ms) > 0) {
            char buf[8192];
            ssize_t n = ::read(out_, buf, sizeof buf);
            if (n <= 0) break;
            output_.append(buf, size_t(n));
            timeout_ms = 0;
        }
    }
    void close_input() {
        if (in_ >= 0) close(in_);
        in_ = -1;
    }
    int kill_now(int sig) {
        kill(pid_, sig);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        pump(0);
        return status;
    }
    // Waits up to `timeout_ms` of wall time for the process to exit. Once its output is closed
    // pump() returns at once, so the wait is measured by the clock, not by pump calls.
    int wait_exit(int timeout_ms = 20000) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
        int status = 0;
        while (std::chrono::steady_clock::now() < deadline) {
            pump(10);
            pid_t r = waitpid(pid_, &status, WNOHANG);
            if (r == pid_) {
                pid_ = -1;
                pump(0);
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return -2;
    }
    const std::string& output() const { return output_; }

  private:
    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    std::string output_;
};

// The first line `p` prints (a simulator prints its pty's path first); "" if none within 10 s.
inline std::string first_line(VenueProcess& p) {
    for (int i = 0; i < 1000; ++i) {
        p.pump(10);
        const auto nl = p.output().find('\n');
        if (nl != std::string::npos) return p.output().substr(0, nl);
    }
    return "";
}

// Waits up to `ms` for `text` in what `p` printed from `from` on.
inline bool wait_for(VenueProcess& p, const std::string& text, std::size_t from = 0,
                     int ms = 20000) {
    for (int i = 0; i < ms / 10; ++i) {
        if (p.output().find(text, from) != std::string::npos) return true;
        p.pump(10);
    }
    return p.output().find(text, from) != std::string::npos;
}

struct Captured {
    int status;
    std::string out;
};

inline Captured capture(const std::string& command) {
    Captured c{-1, ""};
    FILE* p = popen(command.c_str(), "r");
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) c.out.append(buf, n);
    int st = pclose(p);
    c.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return c;
}

inline std::filesystem::path fresh_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() /
               ("venue-test-" + name + "-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::string fide_config(const std::filesystem::path& dir) {
    auto path = dir / "venue.toml";
    std::ofstream(path)
        << "[event]\nname = \"Crash test\"\n[[match]]\nid = \"m1\"\nround = \"1.1\"\n"
           "[match.white]\nplayers = [{ id = \"w\", name = \"White Player\" }]\n"
           "[match.black]\nplayers = [{ id = \"b\", name = \"Black Player\" }]\n";
    return path.string();
}

}  // namespace venue::testing
