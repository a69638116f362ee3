// Any text given to the FEN reader is either refused with a field number or
// gives a consistent position whose FEN reads back to the same position.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chess/movegen.h"
#include "chess/position.h"

using venue::chess::Position;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto pos = Position::from_fen(text);
    if (!pos) {
        if (pos.error().field < 1 || pos.error().field > 7) std::abort();
        return 0;
    }
    if (!pos->is_ok()) std::abort();
    auto again = Position::from_fen(pos->fen());
    if (!again || again->fen() != pos->fen()) std::abort();
    // Every legal move keeps the position consistent.
    for (auto m : venue::chess::legal_moves(*pos)) {
        Position next = *pos;
        next.do_move(m);
        if (!next.is_ok()) std::abort();
    }
    return 0;
}
