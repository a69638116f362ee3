// One table of a venue, end to end: a DgtEmulator on a pty (its own thread, fed physical action
// lines through a pipe), a BoardRunner reading it (its own I/O thread), a BoardBridge reading the
// runner's boards against a plain FIDE match, and the engine (VenueState) applying the bridge's
// events. The test plays games on it as a person would move the pieces, pressing the clock
// (a ClockPressed event) after each move the bridge senses, and checks every MoveSensed against
// the source game. Now and then the opponent replies at once (a quick reply): both moves are
// made before the first is sensed, each player pressing after his own move, the presses held
// while the board settles as runtime::Daemon holds them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "chess/game.h"
#include "io/dgt/board_runner.h"
#include "runtime/board_bridge.h"
#include "sim/dgt/dgt_emulator.h"
#include "venue/venue_state.h"

namespace venue::pipeline_test {

struct Timing {
    std::int64_t settle_us = 40'000;  // the recogniser's settle time
    int gap_ms = 25;       // most between two lines of one move (boards no move explains)
    int risky_gap_ms = 6;  // rook-first castling: the rook alone on f1/d1 *is* a legal move
    int ply_timeout_ms = 15'000;
    // Chances per ply.
    double flicker = 0.10;
    double knock = 0.04;
    // The opponent's reply begun before the move settled, so that both are read from one stable
    // board. Never two in a row (three moves inside one settle window are not read, by design).
    double quick_reply = 0.12;
    int quick_gap_ms = 12;  // most before a quick reply and between its lines
    // Most from a move standing on the board to its player's press, in a quick reply: the
    // presses come before or after the board is read (FIDE 6.2.2: the first player may press
    // after the reply).
    int press_delay_ms = 80;
};

// What the simulated people did, to show the test covered it.
struct HumanStats {
    int plies = 0, captures_target_first = 0, captures_mover_first = 0, castle_king_first = 0,
        castle_rook_first = 0, ep_orders[3] = {}, promotions_pawn_first = 0, slides = 0,
        overlaps = 0, flickers = 0, knocks_off = 0, knocks_onto = 0, unplugs = 0, quick_replies = 0;
    void add(const HumanStats& o);
    std::string to_string() const;
};

// The action lines (dgt_action.h) for move m from pos, made the way a person makes it: random
// order of the lifts in a capture and en passant, king or rook first in castling, slides over
// the squares between, a knight seen on two squares at once, a pawn set on the last rank before
// the promoted piece, short random pauses, now and then a flickering sensor elsewhere.
std::vector<std::string> human_move_lines(const chess::Position& pos, chess::Move m,
                                          std::mt19937_64& rng, const Timing& t, HumanStats& stats);

// Faults to inject into one game, by ply index (0 = White's first move).
struct Faults {
    std::set<int> unplug_before;    // the cable pulled, the move made while it is out
    std::set<int> unplug_mid_move;  // lifted, cable pulled, piece set down while it is out
    std::set<int> unplug_after;     // the move made, cable pulled before the board settled
    std::set<int> unplug_idle;      // cable pulled, nothing moved; the move after reconnect
    int unplug_ms = 300;
};

struct GameResult {
    std::string name;
    std::vector<chess::Move> source;
    std::vector<chess::Move> played;  // the match's game at the end
    std::vector<std::string> failures;
    double seconds = 0;
};

// Everything a table saw, for the summary and the assertions.
struct TableCounters {
    int move_sensed = 0;
    int board_snapshots = 0;
    int field_updates = 0;        // BoardFieldUpdate events (one per FIELD_UPDATE the board sent)
    int mismatches = 0;           // BoardMismatch events
    int expected_mismatches = 0;  // ... of which while a piece lay knocked onto another square
    int restored = 0;             // BoardRestored events
    int disconnects = 0;          // link states other than CONNECTED seen after CONNECTED
    int two_move_readings = 0;    // readings that gave a move and its reply at once
    int presses_held = 0;         // quick replies' presses made before the board was read ...
    int presses_after = 0;        // ... and after
    std::vector<std::string> wrong_sensed;         // MoveSensed that was not the move made
    std::vector<std::string> unexpected_mismatch;  // BoardMismatch nobody caused on purpose
    std::vector<std::string> bad_decisions;        // MoveRefused, IllegalMoveCounted, ...
    std::vector<double> sense_ms;  // last action line written -> MoveSensed applied, per reading
};

class Table {
  public:
    // link: a symlink the emulator keeps at its current pty ("" for none), needed to reconnect
    // after `unplug`.
    Table(std::string id, Timing timing, std::uint64_t seed, std::string link = "");
    ~Table();
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;

    // Sets the board up, creates a match and plays `source` on it.
    GameResult play(const std::string& name, const std::vector<chess::Move>& source,
                    const Faults& faults = {});

    const TableCounters& counters() const { return counters_; }
    const HumanStats& stats() const { return stats_; }
    io::dgt::BoardStatus status() const { return runner_->status(); }

  private:
    class Emulator;
    // A clock press, made a moment after the host sees the presser's move stand on the board.
    struct Press {
        using Time = std::chrono::steady_clock::time_point;
        chess::Color side = chess::WHITE;
        sensing::Placement after{};      // the board once his move is made
        int delay_ms = 0;                // from then to the press
        std::optional<Time> seen;        // when the host saw `after`
        std::int64_t held_since_ns = 0;  // first looked at (0: not yet)
        bool waited = false;             // held for the board at least once
    };

    void send(const std::vector<std::string>& lines);
    void pump();
    void apply(const engine::Event& e);
    void release_presses();
    template <class Done>
    bool wait_for(Done done, int timeout_ms);
    bool board_shows(const chess::Position& pos) const;
    void knock(const chess::Position& pos, GameResult& r);

    std::string id_;
    Timing timing_;
    std::mt19937_64 rng_;
    std::unique_ptr<Emulator> emulator_;
    std::unique_ptr<io::dgt::BoardRunner> runner_;
    engine::VenueState state_;
    std::unique_ptr<runtime::BoardBridge> bridge_;
    std::string match_id_;
    int games_ = 0;
    io::dgt::BoardLinkState link_state_ = io::dgt::BoardLinkState::DISCONNECTED;

    std::deque<chess::Move> expected_;  // the moves being made, in order, until sensed
    std::deque<Press> presses_;         // presses made or to be made, not applied yet
    bool mismatch_expected_ = false;
    std::optional<chess::Square> watch_;  // a knocked-over piece's square ...
    std::optional<std::chrono::steady_clock::time_point> watch_seen_;  // ... first seen empty
    int ply_ = 0;
    TableCounters counters_;
    HumanStats stats_;
};

// Games of a PGN file (main lines), with "White - Black, Year" names.
std::vector<std::pair<std::string, std::vector<chess::Move>>> read_games(const std::string& path);

}  // namespace venue::pipeline_test
