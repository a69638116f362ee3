// The hub's logic without its hardware: inputs in (timestamped samples, received bytes), frames
// and output states out. firmware/avr/main.cpp feeds it from interrupts and drives the pins; the
// unit tests feed it timelines.
//
// One main-loop pass, in this order:
//   now = <hub time>                      read once, before draining the queues, so every sample
//   fast_sample(s) for each ISR sample    taken up to `now` is already queued
//   slow_sample({now, polled levels})
//   receive(byte, now) for each byte       (a few frames per pass at most)
//   poll(now)
//   while the UART has room: next_frame(now, buf)
//
// Time order. Button and paddle edges are decided in the order of their first edges (see
// debounce.h). Host commands, and the flag check, take effect at the "settled" time: `now`, or
// the first edge of the earliest press still being confirmed if that is earlier. So a command is
// ordered before every press that is not decided yet, and a paddle pressed before the flag time
// always saves the flag, even though its confirmation ends after it.
//
// Modes. The hub keeps one clock at a time: the two-face chess clock (paddles, lamps A/B, claim
// lockout), or, from an ArmyConfigure on, the army clock (army_clock.h): each station's End-turn
// button is one of the claim buttons (ArmyConfigure names it), its press goes to the army clock
// instead of the lockout, which is disarmed and refuses ArmTeam; paddles are reported and
// ignored; each station has a lamp lit while its army is on move, and the buzzer beeps at each
// switch. ClockSetPeriod, ClockReset, ClockSetTime, ClockAddTime and ClockStart return the hub to
// the two-face clock (the army clock stops, its times kept); ClockPause, ClockResume and the
// pause button act on the clock of the current mode. Entering army mode resets the two-face
// clock, so that only the clock of the mode can run and flag.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "army_clock.h"
#include "chess_clock.h"
#include "clock_display.h"
#include "command_log.h"
#include "crossing.h"
#include "debounce.h"
#include "event_ring.h"
#include "frame.h"
#include "hub_time.h"
#include "lockout.h"
#include "venue_wire.h"

namespace venue {
namespace hub {

// Fast inputs, sampled in pin-change interrupts: bits 0..15 claim buttons, 16/17 paddles A/B.
constexpr uint8_t PADDLE_A_INPUT = BUTTON_COUNT;
constexpr uint8_t PADDLE_B_INPUT = BUTTON_COUNT + 1;
constexpr uint8_t FAST_INPUT_COUNT = BUTTON_COUNT + 2;
// Slow inputs, polled by the main loop: bits 0..3 beams (A outer, A inner, B outer, B inner),
// bit 4 the arbiter's pause button.
constexpr uint8_t BEAM_COUNT = wire::BEAM_COUNT;
constexpr uint8_t PAUSE_INPUT = BEAM_COUNT;
constexpr uint8_t SLOW_INPUT_COUNT = BEAM_COUNT + 1;
constexpr DebounceConfig SLOW_DEBOUNCE = {2000, 2000};

constexpr uint8_t LOCKOUT_RELEASE_ON_PADDLE = 0x01;
constexpr uint8_t LOCKOUT_ARM_FOLLOWS_CLOCK = 0x02;
constexpr uint32_t TEST_STALL_MAGIC = 0x57A11ED0;
constexpr Micros FLAG_BUZZ_US = 500000;   // the buzzer sounds when a flag falls
constexpr Micros SWITCH_BEEP_US = 80000;  // a short beep when another army is on move
constexpr uint8_t ACK_QUEUE_SIZE = 8;

struct HubIdentity {
    uint32_t build_id;
    uint32_t serial;
    wire::BootReason boot_reason;
    uint8_t mcusr;
    // Counted in EEPROM at every boot: a host that sees another value in any Handshake or
    // Heartbeat knows the hub rebooted, however short its uptime and whichever frames were lost.
    uint16_t boot_count;
};

struct HubOutputs {
    uint16_t leds;  // bit per button LED
    bool lamp_a;
    bool lamp_b;
    bool buzzer;
    uint8_t station_lamps;  // army mode: bit per station, lit while its army is on move
};

class Hub {
  public:
    Hub(const HubIdentity& identity, Micros now);

    void fast_sample(const InputSample& s) { fast_.sample(s); }
    void slow_sample(const InputSample& s) { slow_.sample(s); }
    void note_input_overrun() { ++input_overruns_; }
    // One received byte; true when it completed a frame (good or bad). The main loop bounds the
    // frames it handles per pass, so that acks, inputs and flags are serviced between them.
    bool receive(uint8_t byte, Micros now);
    void poll(Micros now);

    // Encodes the next frame to send into out (room for MAX_WIRE_FRAME) and returns its length,
    // or 0 when nothing is due. Priority: Handshake, CommandAcks, events, Heartbeat (in army
    // mode preceded by an ArmyStatus).
    // A Handshake goes out after a lone delimiter (0x00): the first bytes after a boot end
    // whatever frame the reset cut off in the host's receiver, so the Handshake is read whole.
    //
    // Sessions: the hub serves a host only after that host's Hello in this boot. Before it,
    // events wait in the ring and EventAck, ResendRequest and commands are ignored: they
    // belong to a session of an earlier boot (a host that has not noticed the reboot yet), and
    // a stale cumulative EventAck would otherwise free events this boot never sent, or a
    // retried command would be applied to a hub the host believes configured.
    size_t next_frame(Micros now, uint8_t* out);

    HubOutputs outputs(Micros now) const;
    bool stall_requested() const { return stall_; }

    const ChessClock& clock() const { return clock_; }
    const ArmyClock& army_clock() const { return army_; }
    bool army_mode() const { return army_mode_; }
    // Army mode: the claim button that is station's End-turn button, or NO_BUTTON.
    uint8_t end_turn_button(uint8_t station) const { return end_turn_button_[station]; }
    const Lockout& lockout() const { return lockout_; }
    // What each face of the two-face clock counts, for the display (ClockLabels).
    const FaceLabels& face_labels() const { return labels_; }
    const EventRing& events() const { return events_; }
    const DebouncerBase& buttons() const { return fast_; }
    uint16_t frame_errors() const { return frame_errors_; }
    bool is_ok() const;

  private:
    class Dispatcher;
    friend class Dispatcher;

    template <class Event>
    void emit(Event& event);
    void decide_buttons(Micros time, uint16_t group);
    void on_paddle(wire::Team paddle, Micros time);
    void on_end_turn_presses(Micros time, uint16_t buttons);
    void report_turn(uint8_t station, const TurnReport& r, Micros time);
    void beep_if_switched(uint8_t before, Micros time);
    void leave_army_mode(Micros time);
    uint16_t end_turn_buttons() const;
    wire::ArmyStatus army_status(Micros now) const;
    void on_slow_edge(const InputEdge& edge);
    void advance_clock(Micros time);
    void advance_two_face(Micros time);
    void release_claim(wire::ClaimChange why, Micros time);
    void arm(wire::Team team, Micros time);
    void queue_ack(uint16_t cmd_id, wire::CommandStatus status, bool duplicate);

    // Host messages (hub_commands.cpp).
    void dispatch(const uint8_t* payload, size_t len, Micros t);
    void session(const wire::Hello& m);
    void session(const wire::EventAck& m);
    void session(const wire::ResendRequest& m);
    wire::CommandStatus apply(const wire::ConfigureButton& m, Micros t);
    wire::CommandStatus apply(const wire::ConfigureInputs& m, Micros t);
    wire::CommandStatus apply(const wire::ConfigureLockout& m, Micros t);
    wire::CommandStatus apply(const wire::ArmTeam& m, Micros t);
    wire::CommandStatus apply(const wire::ReleaseClaim& m, Micros t);
    wire::CommandStatus apply(const wire::ClockSetPeriod& m, Micros t);
    wire::CommandStatus apply(const wire::ClockReset& m, Micros t);
    wire::CommandStatus apply(const wire::ClockSetTime& m, Micros t);
    wire::CommandStatus apply(const wire::ClockAddTime& m, Micros t);
    wire::CommandStatus apply(const wire::ClockStart& m, Micros t);
    wire::CommandStatus apply(const wire::ClockPause& m, Micros t);
    wire::CommandStatus apply(const wire::ClockResume& m, Micros t);
    wire::CommandStatus apply(const wire::SetLeds& m, Micros t);
    wire::CommandStatus apply(const wire::SetLamp& m, Micros t);
    wire::CommandStatus apply(const wire::Buzz& m, Micros t);
    wire::CommandStatus apply(const wire::ClockLabels& m, Micros t);
    wire::CommandStatus apply(const wire::TestStall& m, Micros t);
    wire::CommandStatus apply(const wire::ArmyConfigure& m, Micros t);
    wire::CommandStatus apply(const wire::ArmySetOrder& m, Micros t);
    wire::CommandStatus apply(const wire::ArmySetTime& m, Micros t);
    wire::CommandStatus apply(const wire::ArmyStart& m, Micros t);
    wire::CommandStatus apply(const wire::ArmySetOnMove& m, Micros t);
    wire::CommandStatus apply(const wire::ArmyEndTurn& m, Micros t);
    // The two-face clock's commands that return the hub to it: `status` of the command.
    wire::CommandStatus two_face(wire::CommandStatus status, Micros t);

    HubIdentity identity_;
    Debouncer<FAST_INPUT_COUNT> fast_;
    Debouncer<SLOW_INPUT_COUNT> slow_;
    Lockout lockout_;
    ChessClock clock_;
    ArmyClock army_;
    uint8_t end_turn_button_[STATION_COUNT];
    CrossingDetector crossings_[2];
    EventRing events_;
    CommandLog commands_;
    FrameDecoder rx_;
    wire::CommandAck acks_[ACK_QUEUE_SIZE];
    Micros next_heartbeat_;
    Micros buzz_until_ = 0;
    uint16_t leds_ = 0;
    uint16_t frame_errors_ = 0;
    uint16_t input_overruns_ = 0;
    uint8_t ack_count_ = 0;
    uint8_t lockout_flags_ = 0;
    wire::LampMode lamp_ = wire::LampMode::AUTO;
    FaceLabels labels_ = {};
    bool handshake_pending_ = true;  // announce ourselves at boot
    bool handshake_answers_hello_ = false;
    bool host_session_ = false;  // a Hello came in this boot
    bool army_mode_ = false;
    bool army_status_sent_ = false;  // the ArmyStatus before the Heartbeat due is out
    bool stall_ = false;
};

}  // namespace hub
}  // namespace venue
