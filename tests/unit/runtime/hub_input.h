// What the runtime's hub tests share: a hub input as the driver hands it over.
#pragma once

#include <cstdint>

#include "io/hub/hub_event.h"

namespace venue::runtime::test {

// `payload` as the driver's input `seq`, stamped `t` µs in hub time.
template <class T>
io::HubInput input(std::uint32_t seq, std::uint64_t t, T payload) {
    io::HubInput in;
    in.seq = seq;
    in.hub_time_us = t;
    in.payload = payload;
    return in;
}

}  // namespace venue::runtime::test
