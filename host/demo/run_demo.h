// `venue demo`: a whole match of one of the games (the demo of the game --game names, from the
// registry of the games' demos, demo/game_demo.h) on simulated devices, with nothing plugged in.
//
//   hub firmware ELF in simavr ──pty──▶ HubRunner ─┐
//   DGT board emulators ────────pty──▶ BoardRunner ─┼─▶ Daemon ─▶ Session (engine + SQLite log)
//   People (players, arbiters) ──buttons, paddles,   │      │
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
    // "": the first registered demo; a game's id: its demo; anything else: a PGN file whose
    // first game the first demo that plays game files plays.
    std::string game;
    std::string tree;  // the scenario, for a demo that has them; "" = its first
    int players = 0;   // per side, for a demo that takes it; 0 = its default
    int turns = 0;     // a game limited by turns, for a demo that takes it; 0 = its default
    std::string log;   // "" = venue-demo-YYYYMMDD-HHMMSS.sqlite here
    std::uint64_t seed = 1858;  // who contests which claim, and by how much
    std::string elf;            // hub firmware; "" = the ELF this build made
    bool verbose = false;       // every event and decision
    std::int64_t step_timeout_ms = 15000;
    std::string feed = "127.0.0.1:8080";  // the TV feed's HOST:PORT; "" = no feed
    std::string publish;                  // an MQTT broker's URL; "" = publish nothing
    std::string hall = "demo";            // the hall's id in the topics
    std::string publish_event = "demo";   // the event's id in the topics
};

// Returns the process exit code: 0 when the match was played to its end.
int run_demo(const DemoOptions& options);

}  // namespace venue::demo
