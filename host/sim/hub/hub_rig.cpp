#include "sim/hub/hub_rig.h"

extern "C" {
#include <simavr/avr_ioport.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_interrupts.h>
#include <simavr/sim_irq.h>
}

#include <algorithm>
#include <cstdarg>
#include <cstdio>

#include "frame.h"
#include "pin_table.h"

namespace venue::sim {

namespace {

// ATmega2560 data-space addresses (datasheet, register summary).
constexpr uint16_t MCUSR_ADDR = 0x54;
constexpr uint16_t PCIFR_ADDR = 0x3B;
constexpr uint16_t PCICR_ADDR = 0x68;
constexpr uint16_t PCMSK1_ADDR = 0x6C;
constexpr uint16_t PCMSK2_ADDR = 0x6D;
constexpr uint8_t PCINT1_VECTOR = 10;
constexpr uint8_t PCINT2_VECTOR = 11;
constexpr uint8_t PORF = 0x01;
constexpr uint8_t EXTRF = 0x02;

// The stall loop ("rjmp .-2") goes in the last word of flash, far beyond any code.
constexpr uint32_t STALL_ADDR = 0x3FFFE;

constexpr size_t MAX_TX_FRAMES = 200'000;
constexpr size_t MAX_APPLIED = 100'000;

// Pin of the nth signal of a role, from the firmware's own pin table.
const pins::PinDef& pin_of(pins::Role role, uint8_t index) {
    for (const pins::PinDef& p : pins::PINS) {
        if (p.role == role && (p.index == index || role == pins::Role::PAUSE)) return p;
    }
    return pins::PINS[0];  // unreachable for the indices the parser admits
}

// simavr logs to stdout by default ("Loaded 27130 .text ..."), but standard output belongs to
// the rig (the pty path on its first line): errors and warnings go to stderr, the rest nowhere.
void log_to_stderr(avr_t*, const int level, const char* format, va_list ap) {
    if (level <= LOG_WARNING) std::vfprintf(stderr, format, ap);
}

}  // namespace

struct HubRig::Impl {
    elf_firmware_t firmware{};
    avr_int_vector_t pcint1{};
    avr_int_vector_t pcint2{};
    hub::FrameDecoder tx_decoder;
    avr_irq_t* uart_in = nullptr;
    void (*core_reset)(avr_t*) = nullptr;
    // One per timed vector: the callback's way back to the rig and the vector's slot.
    struct IsrProbe {
        HubRig* rig;
        std::size_t index;
    };
    std::vector<IsrProbe> isr_probes;
};

std::variant<std::unique_ptr<HubRig>, std::string> HubRig::load(const HubRigConfig& config) {
    std::unique_ptr<HubRig> rig(new HubRig());
    std::string error = rig->init(config);
    if (!error.empty()) return error;
    return rig;
}

HubRig::~HubRig() {
    if (avr_) avr_terminate(avr_);
}

std::string HubRig::init(const HubRigConfig& config) {
    config_ = config;
    impl_ = std::make_unique<Impl>();
    avr_global_logger_set(log_to_stderr);
    if (elf_read_firmware(config.elf_path.c_str(), &impl_->firmware) != 0) {
        return "cannot read firmware ELF " + config.elf_path;
    }
    avr_ = avr_make_mcu_by_name("atmega2560");
    if (!avr_) return "simavr has no atmega2560 model";
    avr_init(avr_);
    avr_load_firmware(avr_, &impl_->firmware);
    avr_->frequency = 16'000'000;

    // Without this the UART sleeps 1 µs of host time on every poll of an empty receiver.
    uint32_t flags = 0;
    avr_ioctl(avr_, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~static_cast<uint32_t>(AVR_UART_FLAG_POLL_SLEEP | AVR_UART_FLAG_STDIO);
    avr_ioctl(avr_, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr_, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            on_uart_out, this);
    avr_irq_register_notify(avr_io_getirq(avr_, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            on_uart_xon, this);
    avr_irq_register_notify(avr_io_getirq(avr_, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            on_uart_xoff, this);
    impl_->uart_in = avr_io_getirq(avr_, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);

    // simavr 1.6 raises no pin-change interrupt for ports K and J (measured: buttons 0-7 and
    // the paddles are never seen without this), so the rig raises PCINT1 and PCINT2 itself.
    impl_->pcint1.enable = AVR_IO_REGBIT(PCICR_ADDR, 1);
    impl_->pcint1.raised = AVR_IO_REGBIT(PCIFR_ADDR, 1);
    impl_->pcint1.vector = PCINT1_VECTOR;
    avr_register_vector(avr_, &impl_->pcint1);
    impl_->pcint2.enable = AVR_IO_REGBIT(PCICR_ADDR, 2);
    impl_->pcint2.raised = AVR_IO_REGBIT(PCIFR_ADDR, 2);
    impl_->pcint2.vector = PCINT2_VECTOR;
    avr_register_vector(avr_, &impl_->pcint2);

    // Every handler the firmware has (isr.S), timed from its vector's service to its RETI.
    // ATmega2560 vector numbers (datasheet, "Reset and Interrupt Vectors", less one).
    const std::pair<uint8_t, const char*> timed[] = {
        {9, "PCINT0"},      {PCINT1_VECTOR, "PCINT1"}, {PCINT2_VECTOR, "PCINT2"},
        {20, "TIMER1_OVF"}, {25, "USART0_RX"},         {26, "USART0_UDRE"}};
    impl_->isr_probes.reserve(std::size(timed));
    for (const auto& [vector, name] : timed) {
        avr_irq_t* irq = avr_get_interrupt_irq(avr_, vector);
        if (!irq) return std::string("simavr registered no interrupt vector ") + name;
        isr_timing_.push_back({vector, name});
        impl_->isr_probes.push_back({this, isr_timing_.size() - 1});
        avr_irq_register_notify(irq + AVR_INT_IRQ_RUNNING, on_isr_running,
                                &impl_->isr_probes.back());
    }

    for (uint8_t bit = 0; bit < 6; ++bit) {
        avr_irq_register_notify(avr_io_getirq(avr_, AVR_IOCTL_IOPORT_GETIRQ('C'), bit), on_port_c,
                                this);
    }

    // The army clock's station lamps (pin_table.h, role STATION_LAMP: PF0..7, one port write).
    // Watched as the whole port, which simavr raises after the single pins: a switch from one
    // lamp to another is one change, with no state between them reported.
    avr_irq_register_notify(avr_io_getirq(avr_, AVR_IOCTL_IOPORT_GETIRQ('F'), IOPORT_IRQ_PIN_ALL),
                            on_port_f, this);

    // The LCD (pin_table.h, role DISPLAY): RS PL7, E PL6, D4..D7 PL5..PL2.
    for (const pins::PinDef& p : pins::PINS) {
        if (p.role != pins::Role::DISPLAY) continue;
        avr_irq_register_notify(avr_io_getirq(avr_, AVR_IOCTL_IOPORT_GETIRQ(p.port), p.bit),
                                on_port_l, this);
    }
    lcd_.power_on(0);

    // avr_t has no user pointer; custom.data is unused while custom.init/deinit are null.
    avr_->custom.data = this;
    impl_->core_reset = avr_->reset;
    avr_->reset = on_core_reset;

    // Released buttons, paddles and pause read high; received beams read low.
    level_a_ = 0x10;
    level_b_ = 0xFF;
    level_j_ = 0x03;
    level_k_ = 0xFF;
    drive_inputs();
    report(HubReport::What::BOOT, PORF);
    return {};
}

// simavr 1.6 re-raises an input pin from its PORT bit (the pull-up) whenever the firmware writes
// PORTx, unless the pin is in the port's "external" mask: so every driven input is registered
// there with the level the rig drives. (Without it, the beams, driven low, read high from the
// firmware's pull-up write on: the rig's first beam edge then looked like three others.)
void HubRig::hold_levels(char port) {
    const uint8_t level = port == 'A'   ? level_a_
                          : port == 'B' ? level_b_
                          : port == 'J' ? level_j_
                                        : level_k_;
    const uint8_t mask = port == 'A' ? 0x1F : port == 'J' ? 0x03 : 0xFF;
    avr_ioport_external_t e{};
    e.name = static_cast<unsigned char>(port) & 0x7F;
    e.mask = mask;
    e.value = level & mask;
    avr_ioctl(avr_, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &e);
}

void HubRig::drive_inputs() {
    for (const char port : {'A', 'B', 'J', 'K'}) hold_levels(port);
    for (uint8_t bit = 0; bit < 8; ++bit) {
        for (const char port : {'A', 'B', 'J', 'K'}) {
            if (port == 'J' && bit >= 2) continue;
            const uint8_t level = port == 'A'   ? level_a_
                                  : port == 'B' ? level_b_
                                  : port == 'J' ? level_j_
                                                : level_k_;
            const uint32_t v = (level >> bit) & 1;
            avr_irq_t* pin = avr_io_getirq(avr_, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
            // simavr drops a raise that repeats an IRQ's last value, and a reset can clear the
            // port while the IRQ keeps its value from before: after a watchdog reset every
            // released input then read low at the next pin change (16 phantom presses, both
            // paddles and a flag). The opposite value first makes the raise take effect.
            // Nothing samples the pins meanwhile: the CPU is in reset.
            avr_raise_irq(pin, v ^ 1);
            avr_raise_irq(pin, v);
        }
    }
}

void HubRig::set_input(char port, uint8_t bit, bool high) {
    uint8_t* level = port == 'A'   ? &level_a_
                     : port == 'B' ? &level_b_
                     : port == 'J' ? &level_j_
                                   : &level_k_;
    const uint8_t mask = static_cast<uint8_t>(1u << bit);
    const uint8_t next = high ? static_cast<uint8_t>(*level | mask) : *level & ~mask;
    const bool changed = next != *level;
    *level = next;
    hold_levels(port);
    avr_raise_irq(avr_io_getirq(avr_, AVR_IOCTL_IOPORT_GETIRQ(port), bit), high ? 1 : 0);
    // The change is known from what we drive, not from PINK, which simavr may not have updated.
    if (port == 'K' && changed && (avr_->data[PCMSK2_ADDR] & mask)) {
        avr_raise_interrupt(avr_, &impl_->pcint2);
    }
    // PJ0 and PJ1 are PCINT9 and PCINT10: PCMSK1 bits 1 and 2 (bit 0 is PCINT8 on PE0).
    if (port == 'J' && changed && (avr_->data[PCMSK1_ADDR] & (mask << 1))) {
        avr_raise_interrupt(avr_, &impl_->pcint1);
    }
}

void HubRig::schedule(const HubAction& action) {
    actions_.push_back(action);
}

void HubRig::apply(const HubAction& a) {
    using pins::Role;
    if (applied_.size() >= MAX_APPLIED) applied_.pop_front();
    applied_.push_back(HubApplied{a, hub_cycles(), boots_});
    switch (a.kind) {
        case HubActionKind::PRESS:
        case HubActionKind::RELEASE: {
            const pins::PinDef& p = pin_of(Role::BUTTON, a.index);
            set_input(p.port, p.bit, a.kind == HubActionKind::RELEASE);
            break;
        }
        case HubActionKind::PADDLE_PRESS:
        case HubActionKind::PADDLE_RELEASE: {
            const pins::PinDef& p = pin_of(Role::PADDLE, static_cast<uint8_t>(16 + a.index));
            set_input(p.port, p.bit, a.kind == HubActionKind::PADDLE_RELEASE);
            break;
        }
        case HubActionKind::BEAM_BREAK:
        case HubActionKind::BEAM_RESTORE: {
            const pins::PinDef& p = pin_of(Role::BEAM, a.index);
            set_input(p.port, p.bit, a.kind == HubActionKind::BEAM_BREAK);
            break;
        }
        case HubActionKind::PAUSE_PRESS:
        case HubActionKind::PAUSE_RELEASE: {
            const pins::PinDef& p = pin_of(Role::PAUSE, 0);
            set_input(p.port, p.bit, a.kind == HubActionKind::PAUSE_RELEASE);
            break;
        }
        case HubActionKind::POWER_CYCLE:
        case HubActionKind::RESET: {
            const uint64_t before = avr_->cycle;
            avr_reset(avr_);
            if (avr_->cycle < before) rig_base_cycles_ += before;
            // Whatever simavr leaves in MCUSR, a real power-up or reset pin sets exactly one flag.
            avr_->data[MCUSR_ADDR] = a.kind == HubActionKind::POWER_CYCLE ? PORF : EXTRF;
            // The display shares the hub's supply; the reset pin leaves it as it was.
            if (a.kind == HubActionKind::POWER_CYCLE) lcd_.power_on(rig_cycles());
            break;
        }
        case HubActionKind::STALL:
            // A hang with interrupts off: only the watchdog gets the hub out of this.
            avr_->flash[STALL_ADDR] = 0xFF;  // rjmp .-2 = 0xCFFF, little-endian
            avr_->flash[STALL_ADDR + 1] = 0xCF;
            avr_->sreg[S_I] = 0;
            avr_->pc = STALL_ADDR;
            break;
        case HubActionKind::REPORT:
            std::fputs(describe().c_str(), stdout);
            std::fflush(stdout);
            break;
        case HubActionKind::QUIT:
            quit_ = true;
            break;
    }
    if (a.hold_cycles > 0) {
        HubAction release = a;
        release.kind = release_of(a.kind);
        release.hold_cycles = 0;
        release.when = HubWhen::AT;
        release.cycles = hub_cycles() + a.hold_cycles;
        timers_.push_back(release);
    }
}

void HubRig::apply_due_actions() {
    const uint64_t now = hub_cycles();
    for (size_t i = 0; i < timers_.size();) {
        if (timers_[i].cycles <= now) {
            const HubAction t = timers_[i];
            timers_.erase(timers_.begin() + static_cast<std::ptrdiff_t>(i));
            apply(t);
        } else {
            ++i;
        }
    }
    while (!actions_.empty() && !quit_) {
        const HubAction& a = actions_.front();
        if (a.when == HubWhen::IN_FRAME) {
            if (!in_frame_due_) break;
            in_frame_due_ = false;
        }
        const uint64_t due = a.when == HubWhen::AT      ? a.cycles
                             : a.when == HubWhen::AFTER ? last_action_hub_cycles_ + a.cycles
                                                        : 0;
        if (due > hub_cycles()) break;
        const HubAction copy = a;
        actions_.pop_front();
        apply(copy);
        // A reboot restarts hub time, and "after" counts from the boot.
        last_action_hub_cycles_ = reset_seen_ ? 0 : hub_cycles();
        if (reset_seen_) after_boot(avr_->data[MCUSR_ADDR]);
    }
}

void HubRig::feed_uart() {
    if (to_hub_.empty() || xoff_ || avr_->cycle < next_feed_cycle_) return;
    const uint8_t byte = to_hub_.front();
    to_hub_.pop_front();
    next_feed_cycle_ = avr_->cycle + config_.rx_byte_cycles;
    avr_raise_irq(impl_->uart_in, byte);
}

bool HubRig::run_for(uint64_t cycles) {
    const uint64_t end = rig_cycles() + cycles;
    while (!quit_ && !crashed_ && rig_cycles() < end) {
        if (!timers_.empty() || !actions_.empty()) apply_due_actions();
        feed_uart();
        const uint64_t before = avr_->cycle;
        const int state = avr_run(avr_);
        if (reset_seen_) {
            // A watchdog reset inside avr_run: simavr sets WDRF after its reset.
            if (avr_->cycle < before) rig_base_cycles_ += before;
            after_boot(avr_->data[MCUSR_ADDR]);
        }
        if (state == cpu_Done || state == cpu_Crashed) crashed_ = true;
    }
    return !quit_ && !crashed_;
}

void HubRig::on_core_reset(avr_t* avr) {
    auto* self = static_cast<HubRig*>(avr->custom.data);
    // The reset lets go of the LCD's bus: E low with no strobe, before simavr clears port L pin
    // by pin (RS and data could otherwise seem to change while E is still high).
    self->port_l_ = static_cast<uint8_t>(self->port_l_ & ~0x40u);
    self->lcd_.release_bus();
    if (self->impl_->core_reset) self->impl_->core_reset(avr);
    self->reset_seen_ = true;
}

void HubRig::after_boot(uint32_t reason) {
    reset_seen_ = false;
    boot_cycle_ = avr_->cycle;
    ++boots_;
    last_action_hub_cycles_ = 0;
    xoff_ = false;
    next_feed_cycle_ = avr_->cycle;
    // The reset cleared the pin registers; a real board's pull-ups and wiring hold their levels.
    drive_inputs();
    report(HubReport::What::BOOT, reason);
}

void HubRig::send_to_hub(const uint8_t* data, size_t len) {
    to_hub_.insert(to_hub_.end(), data, data + len);
}

void HubRig::inject_to_host(const uint8_t* data, size_t len) {
    from_hub_.insert(from_hub_.end(), data, data + len);
}

std::vector<uint8_t> HubRig::take_from_hub() {
    std::vector<uint8_t> out;
    out.swap(from_hub_);
    return out;
}

uint64_t HubRig::rig_cycles() const {
    return rig_base_cycles_ + avr_->cycle;
}

void HubRig::on_isr_running(avr_irq_t*, uint32_t value, void* param) {
    const auto* probe = static_cast<const Impl::IsrProbe*>(param);
    HubRig& rig = *probe->rig;
    IsrTiming& t = rig.isr_timing_[probe->index];
    const uint64_t now = rig.avr_->cycle;
    if (value) {
        t.entered = now;
        t.running = true;
        return;
    }
    if (!t.running) return;  // a RETI seen before any entry (after a reset): nothing to time
    t.running = false;
    const uint64_t took = now - t.entered;
    ++t.count;
    t.total_cycles += took;
    t.max_cycles = std::max(t.max_cycles, took);
}

uint64_t HubRig::hub_cycles() const {
    return avr_->cycle - boot_cycle_;
}

std::vector<HubReport> HubRig::take_reports() {
    std::vector<HubReport> out;
    out.swap(reports_);
    return out;
}

void HubRig::report(HubReport::What what, uint32_t value) {
    reports_.push_back(HubReport{rig_cycles(), hub_cycles(), what, value});
}

void HubRig::on_uart_out(avr_irq_t*, uint32_t value, void* param) {
    auto* self = static_cast<HubRig*>(param);
    const auto byte = static_cast<uint8_t>(value);
    self->from_hub_.push_back(byte);
    self->note_tx_byte(byte);
    hub::FrameDecoder& rx = self->impl_->tx_decoder;
    if (rx.push(byte) != hub::FrameDecoder::Result::FRAME) return;
    const uint8_t* p = rx.payload();
    const auto type = static_cast<wire::MessageType>(p[0]);
    uint32_t seq = 0;
    if (wire::kind_of(type) == wire::MessageKind::EVENT) {
        seq = static_cast<uint32_t>(p[1] | (p[2] << 8) | (p[3] << 16) | (uint32_t{p[4]} << 24));
    }
    // Bounded for long interactive runs: the tests look at recent frames only.
    if (self->tx_frames_.size() >= MAX_TX_FRAMES) {
        self->tx_frames_.erase(self->tx_frames_.begin(),
                               self->tx_frames_.begin() + MAX_TX_FRAMES / 2);
    }
    self->tx_frames_.push_back(HubTxFrame{self->rig_cycles(), self->boots_, p[0], seq});
}

void HubRig::note_tx_byte(uint8_t byte) {
    if (byte == 0) {
        tx_bytes_in_frame_ = 0;
        return;
    }
    if (tx_bytes_in_frame_ < 0xFF) ++tx_bytes_in_frame_;
    if (tx_bytes_in_frame_ == 2) tx_frame_type_ = byte;
    if (actions_.empty() || in_frame_due_) return;
    const HubAction& a = actions_.front();
    if (a.when == HubWhen::IN_FRAME && tx_bytes_in_frame_ == a.frame_bytes &&
        tx_frame_type_ == a.frame_type) {
        in_frame_due_ = true;
    }
}

void HubRig::on_uart_xon(avr_irq_t*, uint32_t value, void* param) {
    if (value) static_cast<HubRig*>(param)->xoff_ = false;
}

void HubRig::on_uart_xoff(avr_irq_t*, uint32_t value, void* param) {
    if (value) static_cast<HubRig*>(param)->xoff_ = true;
}

// Port C: 74HC595 pair (C0 data, C1 shift clock, C2 latch), lamps C3/C4, buzzer C5.
void HubRig::on_port_c(avr_irq_t* irq, uint32_t value, void* param) {
    auto* self = static_cast<HubRig*>(param);
    const uint8_t bit = static_cast<uint8_t>(irq->irq);
    const uint8_t mask = static_cast<uint8_t>(1u << bit);
    const uint8_t before = self->port_c_;
    self->port_c_ = value ? static_cast<uint8_t>(before | mask) : before & ~mask;
    const bool rising = value && !(before & mask);
    HubOutputs& out = self->outputs_;
    switch (bit) {
        case 1:  // shift clock: the first bit shifted ends in QH of the second register (LED 15)
            if (rising) self->shift_ = static_cast<uint16_t>((self->shift_ << 1) | (before & 1));
            break;
        case 2:
            if (rising && self->shift_ != out.leds) {
                out.leds = self->shift_;
                self->report(HubReport::What::LEDS, out.leds);
            }
            break;
        case 3:
        case 4:
        case 5: {
            bool& state = bit == 3 ? out.lamp_a : bit == 4 ? out.lamp_b : out.buzzer;
            if (state != (value != 0)) {
                state = value != 0;
                self->report(bit == 3   ? HubReport::What::LAMP_A
                             : bit == 4 ? HubReport::What::LAMP_B
                                        : HubReport::What::BUZZER,
                             state);
            }
            break;
        }
        default:
            break;
    }
}

// Port F as a whole: station lamp i on PFi.
void HubRig::on_port_f(avr_irq_t*, uint32_t value, void* param) {
    auto* self = static_cast<HubRig*>(param);
    uint8_t& lamps = self->outputs_.station_lamps;
    const auto now = static_cast<uint8_t>(value);
    if (now == lamps) return;
    lamps = now;
    self->report(HubReport::What::STATION_LAMPS, lamps);
}

// Port L: the HD44780 (RS PL7, E PL6, D4 PL5, D5 PL4, D6 PL3, D7 PL2).
void HubRig::on_port_l(avr_irq_t* irq, uint32_t value, void* param) {
    auto* self = static_cast<HubRig*>(param);
    const uint8_t mask = static_cast<uint8_t>(1u << irq->irq);
    const uint8_t before = self->port_l_;
    self->port_l_ = value ? static_cast<uint8_t>(before | mask) : before & ~mask;
    if (self->port_l_ == before) return;
    const uint8_t l = self->port_l_;
    const uint8_t data =
        static_cast<uint8_t>(((l >> 5) & 1) | ((l >> 3) & 2) | ((l >> 1) & 4) | ((l << 1) & 8));
    self->lcd_.pins(self->rig_cycles(), (l & 0x80) != 0, (l & 0x40) != 0, data);
}

std::string HubRig::describe() const {
    char line[256];
    std::string s;
    std::snprintf(
        line, sizeof line,
        "t=%.4f boots=%u leds=0x%04x lamp-a=%d lamp-b=%d buzzer=%d station-lamps=0x%02x\n",
        static_cast<double>(hub_cycles()) / HUB_CYCLES_PER_US, boots_, outputs_.leds,
        outputs_.lamp_a, outputs_.lamp_b, outputs_.buzzer, outputs_.station_lamps);
    s += line;
    const unsigned buttons = static_cast<unsigned>(~(level_k_ | (level_b_ << 8))) & 0xFFFFu;
    std::snprintf(line, sizeof line,
                  "t=%.4f inputs buttons=0x%04x paddle-a=%d paddle-b=%d beams=0x%x pause=%d\n",
                  static_cast<double>(hub_cycles()) / HUB_CYCLES_PER_US, buttons, !(level_j_ & 1),
                  !(level_j_ & 2), level_a_ & 0x0F, !(level_a_ & 0x10));
    s += line;
    const auto text = lcd_.text();
    std::snprintf(line, sizeof line, "t=%.4f display \"%s\" \"%s\" timing-errors=%u\n",
                  static_cast<double>(hub_cycles()) / HUB_CYCLES_PER_US, text[0].c_str(),
                  text[1].c_str(), lcd_.timing_errors());
    s += line;
    return s;
}

}  // namespace venue::sim
