// Clock times as text: the one formatter for every place a person reads a time (the console's
// clocks, PGN's [%clk], the demo's account, decisions' reasons). Pure, header-only.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace venue {

enum class ClockStyle : std::uint8_t {
    PGN,      // "1:02:03": hours always, tenths dropped (PGN's [%clk], FIDE broadcast style)
    DISPLAY,  // "1:29:58", "4:07", and under 10 s "9.4": as a chess clock shows it
    TENTHS,   // "4:07.3": minutes, seconds and tenths (an account of events)
};

// A remaining time (negative reads as 0:00) in `style`.
inline std::string clock_text(std::int64_t ms, ClockStyle style) {
    if (ms < 0) ms = 0;
    const long long s = ms / 1000;
    const int tenths = int(ms % 1000 / 100);
    char buf[48];
    switch (style) {
        case ClockStyle::PGN:
            std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
            break;
        case ClockStyle::DISPLAY:
            if (ms < 10'000)
                std::snprintf(buf, sizeof buf, "%lld.%d", s, tenths);
            else if (s >= 3600)
                std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
            else
                std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
            break;
        case ClockStyle::TENTHS:
            std::snprintf(buf, sizeof buf, "%lld:%02lld.%d", s / 60, s % 60, tenths);
            break;
    }
    return buf;
}

// A time added or taken: "+2:00", "-0:30", "+0:01.5" (tenths only when there are some).
inline std::string duration_text(std::int64_t ms) {
    const char sign = ms < 0 ? '-' : '+';
    const long long a = ms < 0 ? -static_cast<long long>(ms) : ms;
    const long long s = a / 1000;
    char buf[48];
    if (a % 1000)
        std::snprintf(buf, sizeof buf, "%c%lld:%02lld.%d", sign, s / 60, s % 60,
                      int(a % 1000 / 100));
    else
        std::snprintf(buf, sizeof buf, "%c%lld:%02lld", sign, s / 60, s % 60);
    return buf;
}

}  // namespace venue
