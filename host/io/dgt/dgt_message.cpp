#include "io/dgt/dgt_message.h"

#include <array>

namespace venue::io::dgt {

namespace {

// Variable-length limits are generous on purpose: a real board's message must never be
// rejected, only lengths that cannot be (below the header, or absurd for the content).
constexpr std::array<MessageSpec, 10> SPECS{{
    {MessageId::BOARD_DUMP, "BOARD_DUMP", 67, 67},
    {MessageId::BWTIME, "BWTIME", 10, 10},
    {MessageId::FIELD_UPDATE, "FIELD_UPDATE", 5, 5},
    {MessageId::EE_MOVES, "EE_MOVES", 3, MAX_MESSAGE_LENGTH},
    {MessageId::BUSADRES, "BUSADRES", 5, 5},
    {MessageId::SERIALNR, "SERIALNR", 8, 8},
    {MessageId::TRADEMARK, "TRADEMARK", 3, 1024},
    {MessageId::VERSION, "VERSION", 5, 5},
    {MessageId::BATTERY_STATUS, "BATTERY_STATUS", 3, 64},
    {MessageId::LONG_SERIALNR, "LONG_SERIALNR", 13, 13},
}};

}  // namespace

const MessageSpec* find_message_spec(std::uint8_t id) {
    for (const auto& s : SPECS) {
        if (static_cast<std::uint8_t>(s.id) == id) return &s;
    }
    return nullptr;
}

const char* message_name(std::uint8_t id) {
    const MessageSpec* s = find_message_spec(id);
    return s ? s->name : "unknown";
}

}  // namespace venue::io::dgt
