// Feeds arbitrary bytes to HubSession in arbitrary pieces and at arbitrary
// times, with link drops; the session's invariants must hold after every step.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/hub/hub_session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    venue::io::HubSession session;
    venue::io::HostNanos now = 1'000'000;
    session.on_link_up(now);
    std::size_t i = 0;
    while (i < size) {
        // One control byte: the next piece's length and what happens after it.
        const std::uint8_t control = data[i++];
        const std::size_t len = std::min<std::size_t>(control & 0x3f, size - i);
        session.on_bytes(std::span<const std::uint8_t>(data + i, len), now);
        i += len;
        now += (control >> 6) * 7'000'000 + 1'000;
        session.on_tick(now);
        if ((control & 0xc0) == 0xc0) {
            session.on_link_down(now, "fuzz");
            session.on_link_up(now + 1);
        }
        (void)session.take_output();
        (void)session.take_events(64);
        if (!session.is_ok()) std::abort();
    }
    return 0;
}
