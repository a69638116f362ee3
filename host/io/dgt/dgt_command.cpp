#include "io/dgt/dgt_command.h"

#include <array>
#include <cstdio>

namespace venue::io::dgt {

namespace {

struct CommandInfo {
    Command command;
    const char* name;
};

constexpr std::array<CommandInfo, 16> COMMANDS{{
    {Command::SEND_RESET, "SEND_RESET"},
    {Command::SEND_CLK, "SEND_CLK"},
    {Command::SEND_BRD, "SEND_BRD"},
    {Command::SEND_UPDATE, "SEND_UPDATE"},
    {Command::SEND_UPDATE_BRD, "SEND_UPDATE_BRD"},
    {Command::RETURN_SERIALNR, "RETURN_SERIALNR"},
    {Command::RETURN_BUSADRES, "RETURN_BUSADRES"},
    {Command::SEND_TRADEMARK, "SEND_TRADEMARK"},
    {Command::SEND_EE_MOVES, "SEND_EE_MOVES"},
    {Command::TO_BUSMODE, "TO_BUSMODE"},
    {Command::SEND_UPDATE_NICE, "SEND_UPDATE_NICE"},
    {Command::SEND_BATTERY_STATUS, "SEND_BATTERY_STATUS"},
    {Command::SEND_VERSION, "SEND_VERSION"},
    {Command::RETURN_LONG_SERIALNR, "RETURN_LONG_SERIALNR"},
    {Command::SET_LEDS, "SET_LEDS"},
    {Command::CLOCK_MESSAGE, "CLOCK_MESSAGE"},
}};

// SIZE counts the bytes after itself: START, SUB, payload, END.
constexpr std::size_t MAX_CLOCK_PAYLOAD = 0x7f - 3;

std::optional<EncodeError> check_time(const ClockTime& t, const char* hours_field,
                                      const char* minutes_field, const char* seconds_field) {
    if (t.hours > 9) return EncodeError{hours_field, t.hours, "the clock shows one hour digit"};
    if (t.minutes > 59) return EncodeError{minutes_field, t.minutes, "must be 0..59"};
    if (t.seconds > 59) return EncodeError{seconds_field, t.seconds, "must be 0..59"};
    return std::nullopt;
}

}  // namespace

bool is_command(std::uint8_t byte) {
    for (const auto& c : COMMANDS) {
        if (static_cast<std::uint8_t>(c.command) == byte) return true;
    }
    return false;
}

const char* command_name(std::uint8_t byte) {
    for (const auto& c : COMMANDS) {
        if (static_cast<std::uint8_t>(c.command) == byte) return c.name;
    }
    return "?";
}

std::string describe(const EncodeError& e) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s = %d (0x%02x): %s", e.field, e.value, e.value & 0xff,
                  e.reason);
    return buf;
}

void encode(Command c, Bytes& out) {
    out.push_back(static_cast<std::uint8_t>(c));
}

std::optional<EncodeError> encode_set_leds(std::uint8_t pattern, std::uint8_t start,
                                           std::uint8_t end, Bytes& out) {
    if (pattern & 0x80) return EncodeError{"pattern", pattern, "must be below 0x80"};
    if (start >= 64) return EncodeError{"start", start, "not a square index 0..63"};
    if (end >= 64) return EncodeError{"end", end, "not a square index 0..63"};
    // The 04 is the count of bytes that follow it, like a clock message's SIZE.
    out.insert(out.end(),
               {static_cast<std::uint8_t>(Command::SET_LEDS), 0x04, pattern, start, end, 0x00});
    return std::nullopt;
}

std::optional<EncodeError> encode_clock(ClockSub sub, std::span<const std::uint8_t> payload,
                                        Bytes& out) {
    if (payload.size() > MAX_CLOCK_PAYLOAD) {
        return EncodeError{"payload", static_cast<int>(payload.size()),
                           "longer than a clock message's SIZE byte can count"};
    }
    for (std::size_t i = 0; i < payload.size(); ++i) {
        if (payload[i] & 0x80) {
            return EncodeError{"payload", payload[i],
                               "byte has the top bit set; the board would start a new message"};
        }
    }
    out.push_back(static_cast<std::uint8_t>(Command::CLOCK_MESSAGE));
    out.push_back(static_cast<std::uint8_t>(payload.size() + 3));
    out.push_back(CLOCK_START);
    out.push_back(static_cast<std::uint8_t>(sub));
    out.insert(out.end(), payload.begin(), payload.end());
    out.push_back(CLOCK_END);
    return std::nullopt;
}

void encode_clock_end_text(Bytes& out) {
    (void)encode_clock(ClockSub::END_TEXT, {}, out);
}
void encode_clock_button(Bytes& out) {
    (void)encode_clock(ClockSub::BUTTON, {}, out);
}
void encode_clock_version(Bytes& out) {
    (void)encode_clock(ClockSub::VERSION, {}, out);
}

std::optional<EncodeError> encode_clock_beep(std::uint8_t n, Bytes& out) {
    if (n & 0x80) return EncodeError{"beep", n, "must be below 0x80 (n x 64 ms)"};
    const std::array<std::uint8_t, 1> payload{n};
    return encode_clock(ClockSub::BEEP, payload, out);
}

std::optional<EncodeError> encode_clock_text(std::string_view text, std::uint8_t beep, Bytes& out) {
    if (text.size() > CLOCK_TEXT_LENGTH) {
        return EncodeError{"text", static_cast<int>(text.size()), "longer than 8 characters"};
    }
    if (beep & 0x80) return EncodeError{"beep", beep, "must be below 0x80 (n x 64 ms)"};
    std::array<std::uint8_t, CLOCK_TEXT_LENGTH + 1> payload{};
    for (std::size_t i = 0; i < CLOCK_TEXT_LENGTH; ++i) {
        const auto c = i < text.size() ? static_cast<unsigned char>(text[i]) : ' ';
        if (c < 0x20 || c > 0x7e) {
            static constexpr const char* FIELDS[] = {"text[0]", "text[1]", "text[2]", "text[3]",
                                                     "text[4]", "text[5]", "text[6]", "text[7]"};
            return EncodeError{FIELDS[i], c, "not printable ASCII"};
        }
        payload[i] = c;
    }
    payload[CLOCK_TEXT_LENGTH] = beep;
    return encode_clock(ClockSub::TEXT, payload, out);
}

std::optional<EncodeError> encode_clock_xl_display(std::string_view text, std::uint8_t beep,
                                                   Bytes& out) {
    if (text.size() > CLOCK_XL_TEXT_LENGTH) {
        return EncodeError{"text", static_cast<int>(text.size()), "longer than 6 characters"};
    }
    if (beep & 0x80) return EncodeError{"beep", beep, "must be below 0x80 (n x 64 ms)"};
    std::array<std::uint8_t, CLOCK_XL_TEXT_LENGTH> chars{};
    for (std::size_t i = 0; i < CLOCK_XL_TEXT_LENGTH; ++i) {
        const auto c = i < text.size() ? static_cast<unsigned char>(text[i]) : ' ';
        if (c < 0x20 || c > 0x7e) {
            static constexpr const char* FIELDS[] = {"text[0]", "text[1]", "text[2]",
                                                     "text[3]", "text[4]", "text[5]"};
            return EncodeError{FIELDS[i], c, "not printable ASCII"};
        }
        chars[i] = c;
    }
    const std::array<std::uint8_t, CLOCK_XL_TEXT_LENGTH + 2> payload{
        chars[2], chars[1], chars[0], chars[5], chars[4], chars[3], 0x00, beep};
    return encode_clock(ClockSub::DISPLAY, payload, out);
}

std::optional<EncodeError> encode_clock_set_and_run(const SetAndRun& s, TimeEncoding enc,
                                                    Bytes& out) {
    if (auto e = check_time(s.left, "left.hours", "left.minutes", "left.seconds")) return e;
    if (auto e = check_time(s.right, "right.hours", "right.minutes", "right.seconds")) return e;
    const std::uint8_t ctl = static_cast<std::uint8_t>(
        (s.left_runs ? 0x01 : 0) | (s.right_runs ? 0x02 : 0) | (s.pause ? 0x04 : 0));
    const std::array<std::uint8_t, 7> payload{encode_time_field(s.left.hours, enc),
                                              encode_time_field(s.left.minutes, enc),
                                              encode_time_field(s.left.seconds, enc),
                                              encode_time_field(s.right.hours, enc),
                                              encode_time_field(s.right.minutes, enc),
                                              encode_time_field(s.right.seconds, enc),
                                              ctl};
    return encode_clock(ClockSub::SET_AND_RUN, payload, out);
}

}  // namespace venue::io::dgt
