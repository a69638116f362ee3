// `venue demo`: a whole Chessball match (or `--game business`, a Business Chess match on five
// demonstration boards and board C) on simulated devices, with nothing plugged in.
//
//   hub firmware ELF in simavr ──pty──▶ HubRunner ─┐
//   DGT board emulator ─────────pty──▶ BoardRunner ─┼─▶ Daemon ─▶ Session (engine + SQLite log)
//   Director (players, judge) ──buttons, paddles,    │      │
//            pieces, arbiter events────────────────────┘      └─▶ Account (running account)
//
// The daemon, drivers and log are the ones `venue run` uses at a venue; only the people are
// simulated. Prints the running account and a summary with the log path and the commands to
// replay, verify and export it.
#pragma once

#include <cstdint>
#include <string>

namespace venue::demo {

struct DemoOptions {
    double speed = 1.0;  // the players' tempo: 2 plays twice as fast
    // "" or "chessball": Chessball on the Opera Game; "business": Business Chess (`tree`);
    // anything else: a PGN file whose first game the Chessball teams play.
    std::string game;
    std::string tree = "short";  // Business Chess: the scenario ("short", "scheme4")
    int players = 4;             // Chessball: per team, 2..8
    std::string log;             // "" = venue-demo-YYYYMMDD-HHMMSS.sqlite here
    std::uint64_t seed = 1858;   // who contests which claim, and by how much
    std::string elf;             // hub firmware; "" = the ELF this build made
    bool verbose = false;        // every event and decision
    std::int64_t step_timeout_ms = 15000;
    std::string feed = "127.0.0.1:8080";  // the TV feed's HOST:PORT; "" = no feed
};

// Returns the process exit code: 0 when the match was played to its end.
int run_demo(const DemoOptions& options);

}  // namespace venue::demo
