#include "io/hub/hub_event.h"

#include "common/overloaded.h"

namespace venue::io {

const char* event_name(const HubEventPayload& p) {
    return std::visit(Overloaded{[](const wire::ButtonPress&) { return "ButtonPress"; },
                                 [](const wire::Claim&) { return "Claim"; },
                                 [](const wire::Paddle&) { return "Paddle"; },
                                 [](const wire::Flag&) { return "Flag"; },
                                 [](const wire::PeriodStart&) { return "PeriodStart"; },
                                 [](const wire::Beam&) { return "Beam"; },
                                 [](const wire::Crossing&) { return "Crossing"; },
                                 [](const wire::PauseButton&) { return "PauseButton"; },
                                 [](const wire::ArmyTurn&) { return "ArmyTurn"; },
                                 [](const wire::ArmyFlag&) { return "ArmyFlag"; }},
                      p);
}

const char* boot_reason_name(wire::BootReason r) {
    switch (r) {
        case wire::BootReason::UNKNOWN:
            return "unknown";
        case wire::BootReason::POWER_ON:
            return "power-on";
        case wire::BootReason::EXTERNAL:
            return "external reset";
        case wire::BootReason::BROWN_OUT:
            return "brown-out";
        case wire::BootReason::WATCHDOG:
            return "watchdog";
        case wire::BootReason::JTAG:
            return "JTAG";
    }
    return "invalid";
}

}  // namespace venue::io
