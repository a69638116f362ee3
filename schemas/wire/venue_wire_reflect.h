// Host-only reflection of the wire definition: names, docs, field types, sizes and offsets, for
// generated documentation, frame dumps and logs. (The firmware never includes this.)
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "venue_wire.h"

namespace venue::wire::reflect {

struct Constant {
    std::string name;
    unsigned long value;
    std::string doc;
};

struct EnumValue {
    std::string name;
    unsigned value;
    std::string doc;
};

struct Enum {
    std::string name;
    std::string underlying;
    std::string doc;
    std::vector<EnumValue> values;
};

struct Field {
    std::string name;
    std::string type;
    std::string doc;
    size_t offset;  // within the body
    size_t size;
};

struct Message {
    std::string name;
    std::string type_name;  // MessageType enumerator
    std::string kind;       // HUB, EVENT, HOST or COMMAND
    std::string doc;
    unsigned id;
    size_t body_size;
    uint8_t crc_extra;
    std::vector<Field> fields;
};

inline std::vector<Constant> constants() {
    std::vector<Constant> out;
#define VW_CONSTANT(NAME, value, doc) out.push_back({#NAME, value, doc});
#include "venue_wire.def"
    return out;
}

inline std::vector<Enum> enums() {
    std::vector<Enum> out;
#define VW_ENUM_BEGIN(Name, underlying, doc) out.push_back({#Name, #underlying, doc, {}});
#define VW_ENUM_VALUE(Name, VALUE, number, doc) out.back().values.push_back({#VALUE, number, doc});
#include "venue_wire.def"
    return out;
}

inline std::vector<Message> messages() {
    std::vector<Message> out;
#define VW_MESSAGE_BEGIN(Name, TYPE_NAME, id, kind, doc) \
    out.push_back({#Name,                                \
                   #TYPE_NAME,                           \
                   #kind,                                \
                   doc,                                  \
                   id,                                   \
                   Name::BODY_SIZE,                      \
                   crc_extra(MessageType::TYPE_NAME),    \
                   {}});
#define VW_FIELD(Name, type, field, doc)                                                        \
    {                                                                                           \
        Message& m = out.back();                                                                \
        const size_t at = m.fields.empty() ? 0 : m.fields.back().offset + m.fields.back().size; \
        m.fields.push_back({#field, #type, doc, at, WireSize<type>::value});                    \
    }
#include "venue_wire.def"
    return out;
}

// The message of a type, or nullptr.
inline const Message* find(const std::vector<Message>& all, uint8_t type) {
    for (const Message& m : all) {
        if (m.id == type) return &m;
    }
    return nullptr;
}

}  // namespace venue::wire::reflect
