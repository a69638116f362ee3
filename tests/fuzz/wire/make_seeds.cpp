// Writes the seed corpus of fuzz_wire_decoder: valid frames of every host->hub message, some
// with garbage around them. Run once; the output is committed under corpus/.
//   fuzz_wire_seeds tests/fuzz/wire/corpus
#include <cstdio>
#include <string>
#include <vector>

#include "frame.h"

namespace {

using Bytes = std::vector<uint8_t>;

template <class M>
Bytes frame(const M& m) {
    Bytes out(venue::hub::MAX_WIRE_FRAME);
    out.resize(venue::hub::encode_message(m, out.data()));
    return out;
}

void write(const std::string& dir, const std::string& name, const Bytes& bytes) {
    const std::string path = dir + "/" + name;
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return;
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
}

void append(Bytes& to, const Bytes& from) {
    to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const std::string dir = argv[1];
    namespace w = venue::wire;

    Bytes session;
    append(session, frame(w::Hello{uint16_t(w::PROTOCOL_VERSION), w::SCHEMA_HASH}));
    for (uint8_t b = 0; b < 16; ++b) {
        w::ConfigureButton c;
        c.cmd_id = uint16_t(1 + b);
        c.button = b;
        c.team = b < 8 ? w::Team::A : w::Team::B;
        c.player = uint8_t(b % 8 + 1);
        append(session, frame(c));
    }
    append(session, frame(w::ArmTeam{20, w::Team::A}));
    append(session, frame(w::ConfigureLockout{21, 3, 0xACE1}));
    append(session, frame(w::ClockSetPeriod{22, 3, 0, 40, 90ull * 60 * 1000000, 30000000,
                                            w::TimingMode::FISCHER}));
    append(session, frame(w::ClockSetPeriod{23, 3, 1, 0, 30ull * 60 * 1000000, 30000000,
                                            w::TimingMode::BRONSTEIN}));
    append(session, frame(w::ClockReset{24}));
    append(session, frame(w::ClockStart{25, w::Team::A}));
    append(session, frame(w::ClockAddTime{26, w::Team::B, 120000000}));
    write(dir, "session", session);

    write(dir, "hello", frame(w::Hello{1, w::SCHEMA_HASH}));
    write(dir, "ack_resend", [] {
        Bytes b = frame(w::EventAck{5});
        append(b, frame(w::ResendRequest{3}));
        return b;
    }());
    Bytes clock;
    append(clock, frame(w::ClockSetTime{30, w::Team::A, 1000}));
    append(clock, frame(w::ClockPause{31}));
    append(clock, frame(w::ClockResume{32}));
    append(clock, frame(w::ClockResume{32}));  // duplicate cmd_id
    append(clock, frame(w::ReleaseClaim{33}));
    write(dir, "clock", clock);
    Bytes outputs;
    append(outputs, frame(w::SetLeds{40, 0xA5A5}));
    append(outputs, frame(w::SetLamp{41, w::LampMode::BOTH}));
    append(outputs, frame(w::Buzz{42, 250}));
    append(outputs, frame(w::ConfigureInputs{43, 100, 2000}));
    write(dir, "outputs", outputs);
    Bytes noisy = {0x12, 0x00, 0xFF, 0xFF, 0x03, 0x41};
    append(noisy, frame(w::ArmTeam{50, w::Team::B}));
    noisy.insert(noisy.end(), {0x00, 0x00, 0x07, 0x01, 0x02});
    append(noisy, frame(w::ReleaseClaim{51}));
    write(dir, "noisy", noisy);
    return 0;
}
