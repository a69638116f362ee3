// The hub firmware ELF running in libsimavr (ATmega2560 at 16 MHz), with its inputs driven by
// timed physical actions and its outputs and UART observed. Single-threaded: whoever owns it
// calls run_for(); HubRigThread (hub_rig_thread.h) puts it on a thread behind a pty.
//
// What the rig adds to simavr 1.6 (docs/hardware.md, "Running the ELF in simavr"):
//   - PCINT2 (port K, buttons 0..7) and PCINT1 (port J, paddles): simavr 1.6 raises neither
//     on the ATmega2560, so the rig registers the vectors and raises them when a pin it drives
//     changes under a set PCMSK bit.
//   - every input is driven from the start and after every reset: simavr has no pull-ups; the
//     driven levels are also the ports' "external" values, so that the firmware's pull-up
//     writes to PORTA/B/J/K cannot override them.
//   - UART0: AVR_UART_FLAG_POLL_SLEEP and _STDIO cleared; host bytes are fed at line rate and
//     only while simavr's receive FIFO signals XON, so the rig itself never drops a byte.
//   - resets: power-cycle (PORF), reset pin (EXTRF), and a CPU stall the watchdog must end.
//   - the clock display: an HD44780 16x2 LCD on port L, modelled by the rig (hd44780_model.h)
//     from the pin writes, with the controller's timings checked.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "sim/hub/hd44780_model.h"
#include "sim/hub/hub_action.h"

struct avr_t;
struct avr_irq_t;

namespace venue::sim {

// What the outputs show. leds: bit per button LED as latched by the two 74HC595s.
struct HubOutputs {
    uint16_t leds = 0;
    bool lamp_a = false;
    bool lamp_b = false;
    bool buzzer = false;
    uint8_t station_lamps = 0;  // army clock: bit per station lamp (PF0..7)
};

// One output change or boot, in hub time (cycles since the current boot).
struct HubReport {
    enum class What : uint8_t {
        BOOT,  // value: 1 power-on, 2 reset pin, 4 watchdog/other
        LEDS,
        LAMP_A,
        LAMP_B,
        BUZZER,
        STATION_LAMPS,  // value: the eight lamps, bit per station
    };
    uint64_t rig_cycles;  // since the rig started (never resets)
    uint64_t hub_cycles;  // since the current boot
    What what;
    uint32_t value;
};

// A frame the firmware finished handing to its UART (decoded by the rig to measure latency).
struct HubTxFrame {
    uint64_t rig_cycles;  // when the delimiter byte was written to UDR0
    uint32_t boot;        // boot count at that time (0 = first boot)
    uint8_t type;         // wire::MessageType
    uint32_t seq;         // for sequenced events, else 0
};

// An action as it ran: tests compare what the hub reports with when the edge really happened
// (an "at" time already past when the action was queued runs late).
struct HubApplied {
    HubAction action;
    uint64_t hub_cycles;
    uint32_t boot;
};

// How long one interrupt handler ran, measured by simavr's cycle counter from the moment the
// vector is serviced (the CPU jumps to it) to its RETI: the firmware's "worst-case ISR time",
// measured rather than counted from the assembly (docs/hardware.md, "Interrupt timing").
struct IsrTiming {
    uint8_t vector = 0;
    const char* name = "";
    uint64_t count = 0;
    uint64_t max_cycles = 0;
    uint64_t total_cycles = 0;
    uint64_t entered = 0;  // cycle of the current entry, while running
    bool running = false;
};

struct HubRigConfig {
    std::string elf_path;
    // Cycles per received byte fed to the UART; simavr's model of 1 Mbit/s with U2X is 11 µs.
    uint64_t rx_byte_cycles = 11 * HUB_CYCLES_PER_US;
};

class HubRig {
  public:
    static std::variant<std::unique_ptr<HubRig>, std::string> load(const HubRigConfig& config);
    ~HubRig();
    HubRig(const HubRig&) = delete;
    HubRig& operator=(const HubRig&) = delete;

    // Runs the CPU for `cycles`, applying due actions at instruction granularity.
    // Returns false once the CPU has crashed or a QUIT action ran.
    bool run_for(uint64_t cycles);

    // Queue actions (in order; see HubWhen).
    void schedule(const HubAction& action);
    size_t pending_actions() const { return actions_.size() + timers_.size(); }

    // Host -> hub bytes (fed at line rate) and hub -> host bytes (taken by the caller).
    void send_to_hub(const uint8_t* data, size_t len);
    size_t rx_backlog() const { return to_hub_.size(); }
    std::vector<uint8_t> take_from_hub();
    // Line noise towards the host: bytes that join the hub's output at the current point,
    // possibly inside a frame (tests of the host's resynchronisation and resend).
    void inject_to_host(const uint8_t* data, size_t len);

    uint64_t rig_cycles() const;
    uint64_t hub_cycles() const;
    uint32_t boots() const { return boots_; }
    HubOutputs outputs() const { return outputs_; }
    std::vector<HubReport> take_reports();
    const std::vector<HubTxFrame>& tx_frames() const { return tx_frames_; }
    const std::deque<HubApplied>& applied() const { return applied_; }
    // What the LCD shows (two lines of 16 characters; spaces while it is off), and the model
    // behind it (timing violations of the driver, characters written).
    std::array<std::string, 2> display_text() const { return lcd_.text(); }
    const Hd44780Model& display() const { return lcd_; }
    // One line per input and output, and the display: what `report` prints.
    std::string describe() const;
    bool crashed() const { return crashed_; }
    // The firmware's interrupt handlers (pin change 0/1/2, Timer1 overflow, USART0 receive and
    // data register empty): how often each ran and its longest run, since load.
    const std::vector<IsrTiming>& isr_timing() const { return isr_timing_; }

  private:
    HubRig() = default;
    std::string init(const HubRigConfig& config);
    void drive_inputs();
    void hold_levels(char port);
    void set_input(char port, uint8_t bit, bool high);
    void apply(const HubAction& action);
    void apply_due_actions();
    void feed_uart();
    void after_boot(uint32_t reason);
    void report(HubReport::What what, uint32_t value);

    // simavr callbacks (param = this).
    static void on_uart_out(::avr_irq_t* irq, uint32_t value, void* param);
    void note_tx_byte(uint8_t byte);
    static void on_uart_xon(::avr_irq_t* irq, uint32_t value, void* param);
    static void on_uart_xoff(::avr_irq_t* irq, uint32_t value, void* param);
    static void on_port_c(::avr_irq_t* irq, uint32_t value, void* param);
    static void on_port_l(::avr_irq_t* irq, uint32_t value, void* param);
    static void on_port_f(::avr_irq_t* irq, uint32_t value, void* param);
    static void on_core_reset(::avr_t* avr);

    struct Impl;
    std::unique_ptr<Impl> impl_;
    ::avr_t* avr_ = nullptr;
    HubRigConfig config_;

    // Input levels as driven (bit = pin high), per port: A, B, J, K.
    uint8_t level_a_ = 0, level_b_ = 0, level_j_ = 0, level_k_ = 0;
    std::deque<HubAction> actions_;
    std::vector<HubAction> timers_;  // tap releases, each with an absolute hub time in cycles
    uint64_t last_action_hub_cycles_ = 0;
    bool quit_ = false;
    bool crashed_ = false;
    std::vector<IsrTiming> isr_timing_;
    static void on_isr_running(::avr_irq_t* irq, uint32_t value, void* param);

    std::deque<uint8_t> to_hub_;
    std::vector<uint8_t> from_hub_;
    bool xoff_ = false;
    uint64_t next_feed_cycle_ = 0;

    uint64_t rig_base_cycles_ = 0;  // rig cycles before the current boot's cycle counter
    uint64_t boot_cycle_ = 0;       // avr cycle count at the current boot
    uint32_t boots_ = 0;
    bool reset_seen_ = false;

    uint16_t shift_ = 0;
    uint8_t port_c_ = 0;
    HubOutputs outputs_;
    uint8_t port_l_ = 0;
    Hd44780Model lcd_{HUB_CYCLES_PER_US};
    std::vector<HubReport> reports_;
    std::vector<HubTxFrame> tx_frames_;
    // The frame being written to the line (for HubWhen::IN_FRAME): bytes since the last 0x00,
    // its type (its second byte: COBS puts the first block's length before it), and whether
    // the action at the front of the queue has seen its byte go out.
    uint8_t tx_bytes_in_frame_ = 0;
    uint8_t tx_frame_type_ = 0;
    bool in_frame_due_ = false;
    std::deque<HubApplied> applied_;
};

}  // namespace venue::sim
