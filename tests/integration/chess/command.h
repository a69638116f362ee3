// Runs a shell command and captures its standard output and exit status.
#pragma once

#include <cstdio>
#include <string>

namespace venue::testing {

struct CommandResult {
    int status = -1;
    std::string out;
};

inline CommandResult run_command(const std::string& command) {
    CommandResult r;
    FILE* p = popen(command.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    r.status = pclose(p);
    return r;
}

inline std::string venue_binary() {
    return VENUE_BINARY_DIR "/bin/venue";
}

// The number on the last line `nodes: N` of `venue perft`, or -1.
inline long long perft_nodes(const std::string& fen, int depth) {
    auto r =
        run_command(venue_binary() + " perft --fen '" + fen + "' --depth " + std::to_string(depth));
    size_t at = r.out.rfind("nodes: ");
    if (r.status != 0 || at == std::string::npos) return -1;
    return std::stoll(r.out.substr(at + 7));
}

}  // namespace venue::testing
