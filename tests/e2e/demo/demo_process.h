// What the `venue demo` e2e tests share: running a command as a user would (its output and exit
// status), a fresh folder for its log, and the state hash its summary prints.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "runtime/replay.h"

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

// `venue verify` passes on the log, and `venue export pgn` writes `games` games into `dir` that
// an independent reader (pgn-extract) takes without an error.
inline void expect_verified_and_exported(const std::string& log, const std::filesystem::path& dir,
                                         int games) {
    Ran verify = run(VENUE + " verify " + log + " 2>&1");
    EXPECT_EQ(verify.status, 0) << verify.out;
    const std::string pgn = (dir / "demo.pgn").string();
    Ran exported = run(VENUE + " export pgn " + log + " -o " + pgn + " 2>&1");
    ASSERT_EQ(exported.status, 0) << exported.out;
    Ran extract = run("/usr/games/pgn-extract -r " + pgn + " 2>&1");
    const std::string n = std::to_string(games);
    EXPECT_NE(extract.out.find(n + " games matched out of " + n), std::string::npos) << extract.out;
    EXPECT_EQ(extract.out.find("rror"), std::string::npos) << extract.out;
}

// The log replayed to its end, each applied event shown to `visit` (what a test counts from the
// log alone); nullopt, and a test failure, when it does not replay.
template <class Visit>
std::optional<runtime::ReplayOutcome> replay_whole_log(const std::string& log, Visit visit) {
    auto replayed = runtime::replay_log(log, std::numeric_limits<std::int64_t>::max(), visit);
    EXPECT_TRUE(replayed) << (replayed ? "" : replayed.error());
    if (!replayed) return std::nullopt;
    return std::move(*replayed);
}

}  // namespace venue::e2e
