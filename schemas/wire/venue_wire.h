// C++ view of the wire definition (venue_wire.def), for the firmware (avr-gcc C++14, no standard
// library) and the host (C++20) alike: constants, enums, one struct per message, body sizes,
// CRC_EXTRA bytes, the schema hash, and pack/unpack/visit. Nothing here allocates or throws.
//
// Payload layout produced by pack() and expected by unpack():
//   byte 0        message type (MessageType)
//   bytes 1..N    body: fields in .def order, little-endian, fixed size per type
// The frame codec (firmware/core/frame.h) appends the CRC and does the COBS framing.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "crc16.h"

namespace venue {
namespace wire {

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t i64;

// --- constants ---------------------------------------------------------------------------------
#define VW_CONSTANT(NAME, value, doc) constexpr uint32_t NAME = value;
#include "venue_wire.def"

// --- enums -------------------------------------------------------------------------------------
#define VW_ENUM_BEGIN(Name, underlying, doc) enum class Name : underlying {
#define VW_ENUM_VALUE(Name, VALUE, number, doc) VALUE = number,
#define VW_ENUM_END(Name) \
    }                     \
    ;
#include "venue_wire.def"

// is_valid(v): v is one of the values the table lists (values from the wire may be anything).
#define VW_ENUM_BEGIN(Name, underlying, doc) \
    constexpr bool is_valid(Name v) {        \
        return false
#define VW_ENUM_VALUE(Name, VALUE, number, doc) || v == Name::VALUE
#define VW_ENUM_END(Name) \
    ;                     \
    }
#include "venue_wire.def"

// What a message is: hub->host (HUB), sequenced hub event (EVENT), host->hub session control
// (HOST), host command with cmd_id and CommandAck (COMMAND).
enum class MessageKind : uint8_t {
    HUB,
    EVENT,
    HOST,
    COMMAND
};

#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) TYPE_NAME = id,
enum class MessageType : uint8_t {
#include "venue_wire.def"
};

// --- sizes -------------------------------------------------------------------------------------
template <class T>
struct WireSize;
template <>
struct WireSize<u8> {
    static constexpr size_t value = 1;
};
template <>
struct WireSize<u16> {
    static constexpr size_t value = 2;
};
template <>
struct WireSize<u32> {
    static constexpr size_t value = 4;
};
template <>
struct WireSize<u64> {
    static constexpr size_t value = 8;
};
template <>
struct WireSize<i64> {
    static constexpr size_t value = 8;
};
#define VW_ENUM_BEGIN(Name, underlying, doc)                \
    template <>                                             \
    struct WireSize<Name> {                                 \
        static constexpr size_t value = sizeof(underlying); \
    };
#include "venue_wire.def"

// Body size of a type (0 for an unknown type: no valid body is empty).
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    case MessageType::TYPE_NAME:                         \
        return 0
#define VW_FIELD(Name, type, field, doc) +WireSize<type>::value
#define VW_MESSAGE_END(Name) ;
constexpr size_t body_size(MessageType type) {
    switch (type) {
#include "venue_wire.def"
    }
    return 0;
}

// Kind of a type; is_known(type) says whether the table lists it at all.
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    case MessageType::TYPE_NAME:                         \
        return MessageKind::kind;
constexpr MessageKind kind_of(MessageType type) {
    switch (type) {
#include "venue_wire.def"
    }
    return MessageKind::HUB;
}

constexpr bool is_known(MessageType type) {
    return body_size(type) != 0;
}

constexpr size_t MAX_PAYLOAD = 1 + MAX_FRAME_BODY;  // type byte + longest body

// --- CRC_EXTRA and schema hash -------------------------------------------------------------------
// As in MAVLink: a byte per message derived from its name and field list is fed into the frame
// CRC, so a frame built from a different definition fails the CRC instead of being misread.
namespace detail {
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) constexpr char SIGNATURE_##Name[] = #Name
#define VW_FIELD(Name, type, field, doc) " " #type " " #field
#define VW_MESSAGE_END(Name) ;
#include "venue_wire.def"

constexpr uint8_t fold(uint16_t crc) {
    return static_cast<uint8_t>((crc & 0xFF) ^ (crc >> 8));
}

// The whole table (constants, enums, messages; not the doc strings) as one string.
#define VW_CONSTANT(NAME, value, doc) #NAME "=" #value ";"
#define VW_ENUM_BEGIN(Name, underlying, doc) #Name ":" #underlying "{"
#define VW_ENUM_VALUE(Name, VALUE, number, doc) #VALUE "=" #number ","
#define VW_ENUM_END(Name) "}"
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) #Name "@" #id #kind "("
#define VW_FIELD(Name, type, field, doc) #type " " #field ","
#define VW_MESSAGE_END(Name) ")"
constexpr char SCHEMA_TEXT[] =
#include "venue_wire.def"
    ;
}  // namespace detail

// constexpr variables force the compiler to evaluate the CRCs: the signature strings never
// reach the firmware image (on the AVR, read-only data would otherwise be copied to RAM).
namespace detail {
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    constexpr uint8_t CRC_EXTRA_##Name = fold(hub::crc16_text(SIGNATURE_##Name));
#include "venue_wire.def"
}  // namespace detail

#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    case MessageType::TYPE_NAME:                         \
        return detail::CRC_EXTRA_##Name;
constexpr uint8_t crc_extra(MessageType type) {
    switch (type) {
#include "venue_wire.def"
    }
    return 0;
}

// Sent in Handshake and Hello: equal hashes mean both sides were built from the same table.
constexpr uint16_t SCHEMA_HASH = hub::crc16_text(detail::SCHEMA_TEXT);

// --- message structs ---------------------------------------------------------------------------
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc)            \
    struct Name {                                                   \
        static constexpr MessageType TYPE = MessageType::TYPE_NAME; \
        static constexpr MessageKind KIND = MessageKind::kind;      \
        static constexpr size_t BODY_SIZE = body_size(MessageType::TYPE_NAME);
#define VW_FIELD(Name, type, field, doc) type field{};
#define VW_MESSAGE_END(Name) \
    }                        \
    ;                        \
    static_assert(Name::BODY_SIZE <= MAX_FRAME_BODY, "raise MAX_FRAME_BODY");
#include "venue_wire.def"

// Longest event payload (type + body): the size of a slot in the hub's event ring.
namespace detail {
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    (MessageKind::kind == MessageKind::EVENT ? 1 + Name::BODY_SIZE : 0),
constexpr size_t EVENT_PAYLOAD_SIZES[] = {
#include "venue_wire.def"
};
constexpr size_t max_of(const size_t* v, size_t n) {
    size_t m = 0;
    for (size_t i = 0; i < n; ++i) m = v[i] > m ? v[i] : m;
    return m;
}
}  // namespace detail
constexpr size_t MAX_EVENT_PAYLOAD = detail::max_of(
    detail::EVENT_PAYLOAD_SIZES, sizeof detail::EVENT_PAYLOAD_SIZES / sizeof(size_t));

// --- little-endian field codec -------------------------------------------------------------------
class Writer {
  public:
    explicit Writer(uint8_t* out) : start_(out), pos_(out) {}
    void byte(uint8_t b) { *pos_++ = b; }
    size_t size() const { return static_cast<size_t>(pos_ - start_); }

  private:
    uint8_t* start_;
    uint8_t* pos_;
};

class Reader {
  public:
    explicit Reader(const uint8_t* in) : pos_(in) {}
    uint8_t byte() { return *pos_++; }

  private:
    const uint8_t* pos_;
};

// Constant shifts by whole bytes only: on the AVR they are register moves, where a loop with a
// variable 64-bit shift would call a library routine for every byte.
inline void put(Writer& w, u8 v) {
    w.byte(v);
}
inline void put(Writer& w, u16 v) {
    w.byte(static_cast<uint8_t>(v));
    w.byte(static_cast<uint8_t>(v >> 8));
}
inline void put(Writer& w, u32 v) {
    put(w, static_cast<u16>(v));
    put(w, static_cast<u16>(v >> 16));
}
inline void put(Writer& w, u64 v) {
    put(w, static_cast<u32>(v));
    put(w, static_cast<u32>(v >> 32));
}
inline void put(Writer& w, i64 v) {
    put(w, static_cast<u64>(v));
}

inline void get(Reader& r, u8& v) {
    v = r.byte();
}
inline void get(Reader& r, u16& v) {
    const u16 lo = r.byte();
    v = static_cast<u16>(lo | (static_cast<u16>(r.byte()) << 8));
}
inline void get(Reader& r, u32& v) {
    u16 lo = 0;
    u16 hi = 0;
    get(r, lo);
    get(r, hi);
    v = static_cast<u32>(lo) | (static_cast<u32>(hi) << 16);
}
inline void get(Reader& r, u64& v) {
    u32 lo = 0;
    u32 hi = 0;
    get(r, lo);
    get(r, hi);
    v = static_cast<u64>(lo) | (static_cast<u64>(hi) << 32);
}
inline void get(Reader& r, i64& v) {
    u64 raw = 0;
    get(r, raw);
    v = static_cast<i64>(raw);
}

#define VW_ENUM_BEGIN(Name, underlying, doc) \
    inline void put(Writer& w, Name v) {     \
        put(w, static_cast<underlying>(v));  \
    }                                        \
    inline void get(Reader& r, Name& v) {    \
        underlying raw = 0;                  \
        get(r, raw);                         \
        v = static_cast<Name>(raw);          \
    }
#include "venue_wire.def"

// pack(m, out): writes type and body to out (room for 1 + Name::BODY_SIZE), returns the length.
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    inline size_t pack(const Name& m, uint8_t* out) {    \
        Writer w(out);                                   \
        w.byte(static_cast<uint8_t>(MessageType::TYPE_NAME));
#define VW_FIELD(Name, type, field, doc) put(w, m.field);
#define VW_MESSAGE_END(Name) \
    return w.size();         \
    }
#include "venue_wire.def"

// unpack(payload, len, m): false unless payload is exactly a message of m's type. Enum fields
// are not checked (see is_valid), so that a command with a bad value can be answered BAD_ARGUMENT.
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc)                                           \
    inline bool unpack(const uint8_t* in, size_t len, Name& m) {                                   \
        if (len != 1 + Name::BODY_SIZE || in[0] != static_cast<uint8_t>(Name::TYPE)) return false; \
        Reader r(in + 1);
#define VW_FIELD(Name, type, field, doc) get(r, m.field);
#define VW_MESSAGE_END(Name) \
    return true;             \
    }
#include "venue_wire.def"

// visit(payload, len, v): unpacks the payload into its struct and calls v(message).
// Returns false (v not called) for an unknown type or a wrong length.
// visit_to_hub / visit_to_host only know the messages that travel that way, so a receiver does
// not carry the unpack code of the other direction (2-4 KiB of flash on the hub).
#define VW_VISIT_CASE(Name, TYPE_NAME)         \
    case MessageType::TYPE_NAME: {             \
        Name m;                                \
        if (!unpack(in, len, m)) return false; \
        v(m);                                  \
        return true;                           \
    }
#define VW_TO_HUB_HUB(Name, TYPE_NAME)
#define VW_TO_HUB_EVENT(Name, TYPE_NAME)
#define VW_TO_HUB_HOST(Name, TYPE_NAME) VW_VISIT_CASE(Name, TYPE_NAME)
#define VW_TO_HUB_COMMAND(Name, TYPE_NAME) VW_VISIT_CASE(Name, TYPE_NAME)
#define VW_TO_HOST_HUB(Name, TYPE_NAME) VW_VISIT_CASE(Name, TYPE_NAME)
#define VW_TO_HOST_EVENT(Name, TYPE_NAME) VW_VISIT_CASE(Name, TYPE_NAME)
#define VW_TO_HOST_HOST(Name, TYPE_NAME)
#define VW_TO_HOST_COMMAND(Name, TYPE_NAME)

template <class Visitor>
inline bool visit(const uint8_t* in, size_t len, Visitor& v) {
    if (len < 1) return false;
    switch (static_cast<MessageType>(in[0])) {
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) VW_VISIT_CASE(Name, TYPE_NAME)
#include "venue_wire.def"
    }
    return false;
}

template <class Visitor>
inline bool visit_to_hub(const uint8_t* in, size_t len, Visitor& v) {
    if (len < 1) return false;
    switch (static_cast<MessageType>(in[0])) {
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) VW_TO_HUB_##kind(Name, TYPE_NAME)
#include "venue_wire.def"
        default:
            return false;
    }
}

template <class Visitor>
inline bool visit_to_host(const uint8_t* in, size_t len, Visitor& v) {
    if (len < 1) return false;
    switch (static_cast<MessageType>(in[0])) {
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) VW_TO_HOST_##kind(Name, TYPE_NAME)
#include "venue_wire.def"
        default:
            return false;
    }
}

#undef VW_VISIT_CASE
#undef VW_TO_HUB_HUB
#undef VW_TO_HUB_EVENT
#undef VW_TO_HUB_HOST
#undef VW_TO_HUB_COMMAND
#undef VW_TO_HOST_HUB
#undef VW_TO_HOST_EVENT
#undef VW_TO_HOST_HOST
#undef VW_TO_HOST_COMMAND

}  // namespace wire
}  // namespace venue
