// What the `venue demo` e2e tests share: running a command as a user would (its output and exit
// status), a fresh folder for its log, and the state hash its summary prints.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <string>

namespace venue::e2e {

struct Ran {
    int status = -1;
    std::string out;
};

// Runs `command` through the shell; status is its exit code, -1 when it did not exit.
inline Ran run(const std::string& command) {
    Ran r;
    FILE* p = ::popen(command.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
    const int st = ::pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

inline const std::string VENUE = VENUE_BINARY_DIR "/bin/venue";

// An empty folder of this test process's own under the temporary directory.
inline std::filesystem::path fresh_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() /
               ("venue-e2e-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// The hash in the summary's "Events logged: N; state HASH" ("" when it is missing).
inline std::string final_state(const std::string& out) {
    const auto at = out.find("; state ");
    if (at == std::string::npos) return "";
    std::string h = out.substr(at + 8, 16);
    for (char c : h)
        if (!std::isxdigit(static_cast<unsigned char>(c))) return "";
    return h;
}

}  // namespace venue::e2e
