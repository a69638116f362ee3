#include "demo/people.h"

namespace venue::demo {

People::People(EventDevices devices, DirectorTiming timing)
    : daemon_(devices.daemon),
      hub_(devices.hub),
      board_script_(std::move(devices.board_script)),
      script_(timing) {}

void People::press(int button, std::int64_t hold_ms) {
    sim::HubAction a;
    a.kind = sim::HubActionKind::PRESS;
    a.index = std::uint8_t(button);
    a.hold_cycles = std::uint64_t(hold_ms * CYCLES_PER_MS);
    hub_.schedule({a});
}

void People::paddle(chess::Color side) {
    sim::HubAction a;
    a.kind = sim::HubActionKind::PADDLE_PRESS;
    a.index = side == chess::WHITE ? 0 : 1;
    a.hold_cycles = std::uint64_t(60 * CYCLES_PER_MS);
    hub_.schedule({a});
}

void People::post(engine::EventBody body) {
    daemon_.post({io::HubRunner::now_ns(), std::nullopt, std::move(body)});
}

void People::board(const std::string& id, const std::vector<std::string>& lines, int pause_ms,
                   int first_wait_ms) {
    if (first_wait_ms > 0) board_script_(id, "wait " + std::to_string(first_wait_ms));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i) board_script_(id, "wait " + std::to_string(pause_ms));
        board_script_(id, lines[i]);
    }
}

}  // namespace venue::demo
