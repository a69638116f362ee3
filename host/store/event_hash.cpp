#include "store/event_hash.h"

#include <array>
#include <span>

namespace venue::store {

std::string hash_hex(const Hash& hash) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(hash.size() * 2);
    for (uint8_t b : hash) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

namespace {

void put_u8(std::vector<uint8_t>& out, uint8_t value) {
    out.push_back(value);
}

void put_be64(std::vector<uint8_t>& out, int64_t value) {
    const auto bits = static_cast<uint64_t>(value);
    for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(bits >> shift));
}

// Lengths above 4 GiB cannot occur: SQLite limits a value to 1 GB.
void put_bytes(std::vector<uint8_t>& out, std::string_view bytes) {
    const auto size = static_cast<uint32_t>(bytes.size());
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(size >> shift));
    out.insert(out.end(), bytes.begin(), bytes.end());
}

}  // namespace

void encode_canonical(const EventFields& fields, std::vector<uint8_t>& out) {
    out.clear();
    out.reserve(1 + 8 + 1 + 8 + 8 + 12 + fields.source.size() + fields.kind.size() +
                fields.payload.size());
    put_u8(out, EVENT_ENCODING_FORMAT);
    put_be64(out, fields.seq);
    put_u8(out, fields.hub_time_us.has_value() ? 1 : 0);
    put_be64(out, fields.hub_time_us.value_or(0));
    put_be64(out, fields.host_time_ns);
    put_bytes(out, fields.source);
    put_bytes(out, fields.kind);
    put_bytes(out, fields.payload);
}

Hash EventHasher::hash(const Hash& prev_hash, const EventFields& fields) {
    encode_canonical(fields, buffer_);
    const std::array<std::span<const uint8_t>, 2> parts{std::span<const uint8_t>(prev_hash),
                                                        std::span<const uint8_t>(buffer_)};
    return sha_.digest(parts);
}

}  // namespace venue::store
