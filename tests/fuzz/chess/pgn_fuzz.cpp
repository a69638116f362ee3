// Any text given to the PGN reader ends in games or errors, never a crash; and
// every game it accepts is written and read back to the same main line.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chess/pgn.h"

using namespace venue::chess;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    PgnReader reader(text);
    int guard = 0;
    while (auto game = reader.next()) {
        if (++guard > 10000) std::abort();  // the reader must always make progress
        if (!*game) continue;
        const PgnGame& g = game->value();
        auto again = read_pgn(write_pgn(g));
        if (!again || again->size() != 1) std::abort();
        if (again->front().moves.size() != g.moves.size()) std::abort();
        for (std::size_t i = 0; i < g.moves.size(); ++i)
            if (!(again->front().moves[i].move == g.moves[i].move)) std::abort();
    }
    return 0;
}
