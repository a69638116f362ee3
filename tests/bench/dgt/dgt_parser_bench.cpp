// Parser throughput in bytes per second (Google Benchmark reports it as MB/s), for the
// streams a board really sends and for line noise.
#include <benchmark/benchmark.h>

#include <random>

#include "io/dgt/dgt_message_writer.h"
#include "io/dgt/dgt_parser.h"

namespace {

using namespace venue::io::dgt;

constexpr std::size_t STREAM_BYTES = 1 << 20;

Bytes field_updates() {
    Bytes b;
    std::mt19937 rng(1);
    while (b.size() < STREAM_BYTES) {
        write_field_update(static_cast<std::uint8_t>(rng() % 64), Piece(rng() % 13), b);
    }
    return b;
}

Bytes board_dumps() {
    Bytes b;
    while (b.size() < STREAM_BYTES) write_board_dump(start_position(), b);
    return b;
}

// What a board in update mode with a clock sends: mostly field updates, a BWTIME a second,
// serial-number replies to the keep-alive, an occasional board dump.
Bytes session() {
    Bytes b;
    std::mt19937 rng(2);
    BwTime t;
    t.running = true;
    t.left.time = {0, 12, 34};
    t.right.time = {1, 2, 3};
    while (b.size() < STREAM_BYTES) {
        for (int i = 0; i < 8; ++i) {
            write_field_update(static_cast<std::uint8_t>(rng() % 64), Piece(rng() % 13), b);
        }
        write_bwtime(t, b);
        write_serialnr("12345", b);
        if (rng() % 16 == 0) write_board_dump(start_position(), b);
    }
    return b;
}

Bytes noise() {
    Bytes b(STREAM_BYTES);
    std::mt19937 rng(3);
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return b;
}

void run(benchmark::State& state, const Bytes& stream) {
    std::uint64_t messages = 0;
    for (auto _ : state) {
        DgtParser p;
        for (const std::uint8_t byte : stream) {
            ParseResult r = p.push(byte);
            benchmark::DoNotOptimize(r);
        }
        messages += p.stats().messages;
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * stream.size()));
    state.counters["msgs/s"] =
        benchmark::Counter(static_cast<double>(messages), benchmark::Counter::kIsRate);
}

void BM_FieldUpdates(benchmark::State& s) {
    static const Bytes stream = field_updates();
    run(s, stream);
}
void BM_BoardDumps(benchmark::State& s) {
    static const Bytes stream = board_dumps();
    run(s, stream);
}
void BM_Session(benchmark::State& s) {
    static const Bytes stream = session();
    run(s, stream);
}
void BM_Noise(benchmark::State& s) {
    static const Bytes stream = noise();
    run(s, stream);
}

BENCHMARK(BM_FieldUpdates)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoardDumps)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Session)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Noise)->Unit(benchmark::kMillisecond);

}  // namespace
