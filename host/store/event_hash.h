// The hash chain: the exact bytes that are hashed for each event.
//
//   hash(e) = SHA-256( prev_hash || canonical(e) )
//
//   canonical(e), all integers big-endian:
//     u8     format     = 0x01
//     i64    seq
//     u8     has_hub    = 0x00 or 0x01
//     i64    hub_time_us (0 when has_hub = 0)
//     i64    host_time_ns
//     u32 n, n bytes    source (UTF-8)
//     u32 n, n bytes    kind   (UTF-8)
//     u32 n, n bytes    payload (JSON text, exactly as stored)
//
// prev_hash of seq 1 is 32 zero bytes; prev_hash of seq n is hash of seq n-1. docs/storage.md
// repeats this with a test vector, so a log can be checked without this code.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/event_record.h"
#include "store/sha256.h"

namespace venue::store {

constexpr uint8_t EVENT_ENCODING_FORMAT = 0x01;

// The fields that are hashed, as views so that the chain walk hashes SQLite's column memory
// without copying it.
struct EventFields {
    int64_t seq;
    std::optional<int64_t> hub_time_us;
    int64_t host_time_ns;
    std::string_view source;
    std::string_view kind;
    std::string_view payload;
};

// The 64 lower-case hexadecimal digits of a hash, as messages, mirrors and reports show it.
std::string hash_hex(const Hash& hash);

// Appends canonical(e) to `out` (which is cleared first).
void encode_canonical(const EventFields& fields, std::vector<uint8_t>& out);

// Computes event hashes, reusing one digest context and one encoding buffer.
class EventHasher {
  public:
    Hash hash(const Hash& prev_hash, const EventFields& fields);

  private:
    Sha256 sha_;
    std::vector<uint8_t> buffer_;
};

}  // namespace venue::store
