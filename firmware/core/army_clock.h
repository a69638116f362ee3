// The hub's N-way army clock, for Betza's Chess for Any Number of Players (rules catalogue
// BETZA-A15, `betza.clock = per_army_countdown(T)`): 2 to 8 armies, each with its own time,
// move in a batting order; an army may make several moves in a turn, and its turn ends when the
// station that plays it presses End turn. The host decides the rules (who is eliminated, who
// plays which army) and may override anything; the clock keeps what is time-critical: the
// switch at the press, the exact flag time.
//
//                 start(army)                 pause (command or button)
//      STOPPED -----------------> RUNNING <------------------------> PAUSED
//         ^                        |    ^          resume
//         | configure / stop       |    | resume (once the army on move has time again)
//         |                        v    |
//       (any) ------------------- FLAGGED      (the army on move reached zero)
//
// Representation, as ChessClock's: the army on move counts down from remaining_[on_move_], its
// value at seg_start_ (a segment ends at every switch, pause, set_time and flag). Its time at t is
//   remaining - (t - seg_start_)
// so no error accumulates and the flag time is exact: seg_start_ + remaining.
//
// Stations: each army is played from a station (0..ARMY_COUNT-1), by a map the host sets and may
// change (a mated army passes to its mater's station). end_turn(station) ends the turn only when
// the army on move is played from that station; from any other station it changes nothing and
// says why (TurnEffect), so the hub can report the press.
//
// The batting order is a list of armies; the next army is the one after the army on move in it.
// The host replaces it when armies drop out. If the army on move leaves the order, the first army
// after it in the old order that is still in the new one is on move from then on (a running clock
// switches at once, without an increment).
//
// Increment: Fischer, added to an army whose turn ends by end_turn (a station's press or the
// host's ArmyEndTurn); set_on_move, a host override, adds none.
//
// Time is an argument; calls must come in non-decreasing time (an earlier time is treated as the
// latest seen). Callers report flags by calling check_flag(t) before any other call at time t.
#pragma once

#include <stdint.h>

#include "hub_time.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

constexpr uint8_t MAX_ARMIES = wire::ARMY_COUNT;
constexpr uint8_t STATION_COUNT = wire::ARMY_COUNT;  // one station per army at the start
constexpr uint8_t NO_ARMY = wire::NO_ARMY;

struct TurnReport {
    wire::TurnEffect effect;
    uint8_t army;      // on move at the press; NO_ARMY when STOPPED
    uint8_t next;      // on move afterwards
    Micros remaining;  // army's time afterwards (ENDED: increment included)
};

struct ArmyFlagReport {
    Micros time;  // exact time the army reached zero
    uint8_t army;
};

class ArmyClock {
  public:
    ArmyClock();

    // Stops the clock and sets it up: `armies` armies (2..MAX_ARMIES) with `time` each, the order
    // (`armies` entries, each army once) and the station of each army (`armies` entries).
    // BAD_ARGUMENT (nothing changed) otherwise.
    wire::CommandStatus configure(uint8_t armies, Micros time, uint32_t increment_us,
                                  const uint8_t* order, const uint8_t* stations);
    // A new order of `count` armies (1..armies, each at most once) and the station of every army
    // (`armies` entries). See above for an army on move that is left out.
    wire::CommandStatus set_order(const uint8_t* order, uint8_t count, const uint8_t* stations,
                                  Micros now);
    // Drops one army from the order (stations unchanged). BAD_STATE: it is not in it, or it is
    // the last one.
    wire::CommandStatus remove(uint8_t army, Micros now);
    // To STOPPED, every time (as at `now`) and the order kept: the hub left army mode.
    void stop(Micros now);

    wire::CommandStatus start(uint8_t army, Micros now);  // STOPPED only; army in the order
    wire::CommandStatus pause(Micros now);                // RUNNING only
    wire::CommandStatus resume(Micros now);  // PAUSED, or FLAGGED once the army has time again
    wire::CommandStatus set_time(uint8_t army, Micros remaining, Micros now);
    // Puts `army` (in the order) on move, the state kept; while RUNNING its turn starts at now.
    // BAD_STATE when STOPPED (start it instead).
    wire::CommandStatus set_on_move(uint8_t army, Micros now);

    // An End-turn press of `station`'s button.
    TurnReport end_turn(uint8_t station, Micros now);

    // If the army on move has reached zero by `now`: stops the clock (FLAGGED), fills *out with
    // the exact time and returns true.
    bool check_flag(Micros now, ArmyFlagReport* out);

    Micros remaining(uint8_t army, Micros now) const;
    wire::ClockState state() const { return state_; }
    uint8_t on_move() const { return on_move_; }  // NO_ARMY when STOPPED
    uint8_t next_army() const;                    // after on_move() in the order; NO_ARMY if none
    uint8_t armies() const { return armies_; }    // 0 before configure
    uint8_t order_count() const { return order_count_; }
    uint8_t order(uint8_t i) const { return order_[i]; }
    uint8_t station(uint8_t army) const { return station_[army]; }
    uint32_t increment_us() const { return increment_; }
    bool in_order(uint8_t army) const { return position(army) != NO_ARMY; }
    bool is_ok() const;

  private:
    Micros monotonic(Micros now);
    Micros flag_time() const { return seg_start_ + remaining_[on_move_]; }
    void rebase(Micros now);
    // Makes `army` the army on move from `now` (the running army's segment closed first).
    void switch_to(uint8_t army, Micros now);
    uint8_t position(uint8_t army) const;  // index in the order, or NO_ARMY

    Micros remaining_[MAX_ARMIES];  // exact, except for the army on move while RUNNING
    Micros seg_start_ = 0;          // RUNNING: start of the current segment
    Micros last_ = 0;               // latest time seen
    uint32_t increment_ = 0;
    uint8_t order_[MAX_ARMIES];
    uint8_t station_[MAX_ARMIES];
    uint8_t armies_ = 0;
    uint8_t order_count_ = 0;
    uint8_t on_move_ = NO_ARMY;
    wire::ClockState state_ = wire::ClockState::STOPPED;
};

}  // namespace hub
}  // namespace venue
