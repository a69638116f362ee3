// A claim margin as text: the one formatter for every place a person reads how far one press
// came behind another (the engine's reasons, the console, the demo's account). The hub cannot
// tell presses closer than its resolution apart (host/io/hub/claim_resolution.h): such a margin
// carries the resolution, and is read as "within 9 µs" rather than a figure the hub cannot know.
#pragma once

#include <cstdint>
#include <string>

namespace venue {

// "12 µs", or "within 9 µs" when `within_us` is set; `unit` is how µs is written ("us" in ASCII).
inline std::string margin_text(std::int64_t margin_us, std::int64_t within_us,
                               const char* unit = "\u00B5s") {
    if (within_us > 0) return "within " + std::to_string(within_us) + " " + unit;
    return std::to_string(margin_us) + " " + unit;
}

}  // namespace venue
