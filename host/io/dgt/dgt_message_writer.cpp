#include "io/dgt/dgt_message_writer.h"

namespace venue::io::dgt {

namespace {

std::span<const std::uint8_t> as_bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

void write_id(MessageId id, std::span<const std::uint8_t> data, Bytes& out) {
    write_message(static_cast<std::uint8_t>(id), data, out);
}

}  // namespace

void write_message(std::uint8_t id, std::span<const std::uint8_t> data, Bytes& out) {
    const std::size_t len = data.size() + HEADER_LENGTH;
    out.push_back(id);
    out.push_back(static_cast<std::uint8_t>((len >> 7) & 0x7f));
    out.push_back(static_cast<std::uint8_t>(len & 0x7f));
    out.insert(out.end(), data.begin(), data.end());
}

void write_board_dump(const BoardCodes& board, Bytes& out) {
    std::array<std::uint8_t, SQUARE_NB> codes{};
    for (std::size_t i = 0; i < SQUARE_NB; ++i) codes[i] = code_of(board[i]);
    write_id(MessageId::BOARD_DUMP, codes, out);
}

void write_field_update(std::uint8_t square, Piece piece, Bytes& out) {
    const std::array<std::uint8_t, 2> data{square, code_of(piece)};
    write_id(MessageId::FIELD_UPDATE, data, out);
}

void write_bwtime(const BwTime& t, Bytes& out) {
    write_id(MessageId::BWTIME, encode_bwtime(t), out);
}

void write_clock_ack(const ClockAck& a, Bytes& out) {
    write_id(MessageId::BWTIME, encode_clock_ack(a), out);
}

void write_serialnr(std::string_view five_chars, Bytes& out) {
    write_id(MessageId::SERIALNR, as_bytes(five_chars), out);
}

void write_long_serialnr(std::string_view ten_chars, Bytes& out) {
    write_id(MessageId::LONG_SERIALNR, as_bytes(ten_chars), out);
}

void write_version(std::uint8_t major, std::uint8_t minor, Bytes& out) {
    const std::array<std::uint8_t, 2> data{major, minor};
    write_id(MessageId::VERSION, data, out);
}

void write_trademark(std::string_view text, Bytes& out) {
    write_id(MessageId::TRADEMARK, as_bytes(text), out);
}

void write_busadres(std::uint16_t address, Bytes& out) {
    const std::array<std::uint8_t, 2> data{static_cast<std::uint8_t>((address >> 7) & 0x7f),
                                           static_cast<std::uint8_t>(address & 0x7f)};
    write_id(MessageId::BUSADRES, data, out);
}

void write_ee_moves(std::span<const std::uint8_t> log, Bytes& out) {
    write_id(MessageId::EE_MOVES, log, out);
}

void write_battery_status(std::span<const std::uint8_t> data, Bytes& out) {
    write_id(MessageId::BATTERY_STATUS, data, out);
}

void write(const Message& m, Bytes& out) {
    struct Writer {
        Bytes& out;
        void operator()(const BoardDump& d) const { write_board_dump(d.squares, out); }
        void operator()(const FieldUpdate& f) const { write_field_update(f.square, f.piece, out); }
        void operator()(const BwTime& t) const { write_bwtime(t, out); }
        void operator()(const ClockAck& a) const { write_clock_ack(a, out); }
        void operator()(const SerialNr& s) const { write_serialnr(s.digits, out); }
        void operator()(const LongSerialNr& s) const { write_long_serialnr(s.digits, out); }
        void operator()(const Version& v) const { write_version(v.major, v.minor, out); }
        void operator()(const Trademark& t) const { write_trademark(t.text, out); }
        void operator()(const BusAdres& b) const { write_busadres(b.address, out); }
        void operator()(const EeMoves& e) const { write_ee_moves(e.data, out); }
        void operator()(const BatteryStatus& b) const { write_battery_status(b.data, out); }
    };
    std::visit(Writer{out}, m);
}

}  // namespace venue::io::dgt
