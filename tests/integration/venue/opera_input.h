// The Opera Game as `venue run` input lines (board and clock), for tests of the venue program.
#pragma once

#include <iterator>
#include <string>

namespace venue::testing {

// The Opera Game as board and clock input, with an arbiter's note at the end.
inline std::string opera_input() {
    const char* moves[] = {"e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3",
                           "d6e5", "f1c4", "g8f6", "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5",
                           "c3b5", "c6b5", "c4b5", "b8d7", "e1c1", "a8d8", "d1d7", "d8d7", "h1d1",
                           "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8"};
    std::string in;
    const int n = int(std::size(moves));
    for (int i = 0; i < n; ++i) {
        in += std::string(R"({"kind":"move_sensed","data":{"match":"m1","board":"b","uci":")") +
              moves[i] + "\"}}\n";
        if (i + 1 < n)
            in += std::string(R"({"kind":"clock_pressed","data":{"match":"m1","side":")") +
                  (i % 2 ? "black" : "white") + R"(","remaining_ms":)" +
                  std::to_string(5400000 - 7000 * i) + "}}\n";
    }
    in += R"({"kind":"arbiter_action","data":{"match":"m1","kind":"add_time","side":"black",)"
          R"("amount_ms":60000,"arbiter":"chief","note":"MARKER-note-for-corruption"}})"
          "\n";
    return in;
}

}  // namespace venue::testing
