// The hub's two-sided chess clock: per-side time, Fischer increment, simple (US) delay, Bronstein
// delay, multi-period controls with move counts, pause/resume, set/add time, control changes
// during a game, and exact flag times.
//
//                 start / paddle            pause (command or button)
//      STOPPED -----------------> RUNNING <------------------------> PAUSED
//         ^                        |    ^          resume
//         | reset                  |    | resume (after time was added)
//         |                        v    |
//       (any) ------------------- FLAGGED      (side on move reached zero)
//
// Representation: the side on move counts down from `sides_[on_move_].remaining`, its value at
// `seg_start_` (a "segment" ends at every pause, set/add time and flag). Its time at t is
//   remaining - max(0, (t - seg_start_) - delay_left_)
// so no error accumulates and the flag time is exact: seg_start_ + delay_left_ + remaining.
//
// Timing modes (increment_us of the period is the increment or the delay):
//   FISCHER       increment added when the move is completed (not before the first move).
//   SIMPLE_DELAY  the clock starts counting only after the delay; unused delay is lost.
//   BRONSTEIN     counts at once; after the move, the time used (at most the delay) is given back.
// A period with moves = N hands over to the next defined period after the side's Nth move in it,
// adding that period's time; moves = 0 is the rest of the game.
// Control changes (set_period) take effect from the next turn that starts: a turn's timing mode
// and amount are fixed when the turn begins.
//
// Time is an argument; calls must come in non-decreasing time (an earlier time is treated as the
// latest seen). Callers report flags by calling check_flag(t) before any other call at time t.
#pragma once

#include <stdint.h>

#include "hub_time.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

constexpr uint8_t CLOCK_PERIODS = wire::CLOCK_PERIOD_COUNT;

struct ClockPeriod {
    Micros time;            // granted on entering the period
    uint32_t increment_us;  // increment or delay per move
    uint16_t moves;         // moves in the period, 0 = rest of the game
    wire::TimingMode mode;
    bool defined;
};

struct FlagReport {
    Micros time;  // exact time the side reached zero
    wire::Team side;
    uint16_t moves;
};

struct MoveReport {
    wire::PaddleEffect effect;
    Micros remaining;     // the paddle side's time afterwards
    uint16_t moves;       // moves completed by the paddle side
    bool period_started;  // SWITCHED into a new period
    uint8_t period;       // the paddle side's period afterwards
};

class ChessClock {
  public:
    ChessClock();

    // sides: bit0 A, bit1 B. BAD_ARGUMENT: no side, index out of range, or mode unknown.
    wire::CommandStatus set_period(uint8_t sides, uint8_t index, const ClockPeriod& period);
    // Stops the clock; both sides to period 0, its time, no moves.
    void reset();

    wire::CommandStatus start(wire::Team side, Micros now);  // STOPPED only
    wire::CommandStatus pause(Micros now);                   // RUNNING only
    wire::CommandStatus resume(Micros now);  // PAUSED, or FLAGGED once the side has time again
    wire::CommandStatus set_time(wire::Team side, Micros remaining, Micros now);
    wire::CommandStatus add_time(wire::Team side, int64_t delta_us, Micros now);

    // A press of `paddle`'s paddle: ends that side's move when it is on move.
    MoveReport paddle(wire::Team paddle, Micros now);

    // If the side on move has reached zero by `now`: stops the clock (FLAGGED), fills *out with
    // the exact time and returns true.
    bool check_flag(Micros now, FlagReport* out);

    Micros remaining(wire::Team side, Micros now) const;
    wire::ClockState state() const { return state_; }
    wire::Team on_move() const { return on_move_; }  // NONE when STOPPED
    uint8_t period(wire::Team side) const { return at(side).period; }
    uint16_t moves(wire::Team side) const { return at(side).moves; }
    const ClockPeriod& period_config(wire::Team side, uint8_t index) const {
        return at(side).periods[index];
    }
    bool is_ok() const;

  private:
    struct Side {
        ClockPeriod periods[CLOCK_PERIODS];
        Micros remaining;  // exact, except for the side on move while RUNNING (segment start)
        uint16_t moves;
        uint16_t moves_in_period;
        uint8_t period;
    };

    static bool valid_side(wire::Team side) {
        return side == wire::Team::A || side == wire::Team::B;
    }
    Side& at(wire::Team side) { return sides_[side == wire::Team::B ? 1 : 0]; }
    const Side& at(wire::Team side) const { return sides_[side == wire::Team::B ? 1 : 0]; }

    Micros monotonic(Micros now);
    Micros flag_time() const { return seg_start_ + delay_left_ + at(on_move_).remaining; }
    void rebase(Micros now);
    void begin_turn(wire::Team side, Micros now);

    Side sides_[2];
    Micros seg_start_ = 0;     // RUNNING: start of the current segment
    Micros turn_used_ = 0;     // time counted off this turn before seg_start_ (for Bronstein)
    Micros last_ = 0;          // latest time seen
    uint32_t delay_left_ = 0;  // SIMPLE_DELAY: delay still unused at seg_start_
    uint32_t turn_amount_ = 0;
    wire::TimingMode turn_mode_ = wire::TimingMode::NONE;
    wire::ClockState state_ = wire::ClockState::STOPPED;
    wire::Team on_move_ = wire::Team::NONE;
};

}  // namespace hub
}  // namespace venue
