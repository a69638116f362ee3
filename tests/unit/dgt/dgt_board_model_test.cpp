// The emulated board: reply bytes to every command, modes, and physical actions.
#include <gtest/gtest.h>

#include "io/dgt/dgt_parser.h"
#include "sim/dgt/dgt_board_model.h"

namespace venue::sim::dgt {
namespace {

using io::dgt::Bytes;
using io::dgt::Piece;

DgtBoardModel make(BoardModelOptions o = {}) {
    if (o.serial == "00001") o.serial = "12345";
    auto r = DgtBoardModel::create(o);
    if (auto* e = std::get_if<std::string>(&r)) ADD_FAILURE() << *e;
    return std::get<DgtBoardModel>(std::move(r));
}

Bytes send(DgtBoardModel& m, Bytes in, std::int64_t now = 0) {
    m.receive(in, now);
    return m.take_output();
}

Action act(std::string_view line) {
    return std::get<Action>(parse_action(line));
}

std::uint8_t sq(std::string_view name) {
    return *io::dgt::parse_square(name);
}

TEST(DgtBoardModel, PowersUpInBusModeAndLeavesItOnTheFirstCommand) {
    auto m = make();
    EXPECT_EQ(m.mode(), BoardMode::BUS);
    EXPECT_TRUE(send(m, {0x40}).empty());
    EXPECT_EQ(m.mode(), BoardMode::IDLE);
    EXPECT_TRUE(send(m, {0x4a}).empty());
    EXPECT_EQ(m.mode(), BoardMode::BUS);
    EXPECT_TRUE(m.is_ok());
}

TEST(DgtBoardModel, ReplyBytesOfEveryQuery) {
    auto m = make();
    Bytes dump{0x86, 0x00, 0x43, 8, 9, 10, 12, 11, 10, 9, 8};
    for (int i = 0; i < 8; ++i) dump.push_back(7);
    for (int i = 0; i < 32; ++i) dump.push_back(0);
    for (int i = 0; i < 8; ++i) dump.push_back(1);
    for (const std::uint8_t c : {2, 3, 4, 6, 5, 4, 3, 2}) dump.push_back(c);
    EXPECT_EQ(send(m, {0x42}), dump);
    EXPECT_EQ(send(m, {0x45}), (Bytes{0x91, 0x00, 0x08, '1', '2', '3', '4', '5'}));
    EXPECT_EQ(send(m, {0x55}),
              (Bytes{0xa2, 0x00, 0x0d, '0', '0', '0', '0', '0', '1', '2', '3', '4', '5'}));
    EXPECT_EQ(send(m, {0x4d}), (Bytes{0x93, 0x00, 0x05, 0x01, 0x00}));
    // 12345 & 0x3fff = 12345 = 96 * 128 + 57
    EXPECT_EQ(send(m, {0x46}), (Bytes{0x90, 0x00, 0x05, 96, 57}));
    // No clock attached: BWTIME with "no clock connected" (status bit 5).
    EXPECT_EQ(send(m, {0x41}), (Bytes{0x8d, 0x00, 0x0a, 0, 0, 0, 0, 0, 0, 0x20}));
    EXPECT_EQ(send(m, {0x4c}), (Bytes{0xa0, 0x00, 0x0c, 100, 0, 0, 0, 0, 0, 0, 0, 0}));

    const Bytes tm = send(m, {0x47});
    const std::string text = "Venue DGT board emulator, serial no 12345";
    ASSERT_EQ(tm.size(), 3 + text.size());
    EXPECT_EQ(tm[0], 0x92);
    EXPECT_EQ((tm[1] << 7) | tm[2], static_cast<int>(tm.size()));
    EXPECT_EQ(std::string(tm.begin() + 3, tm.end()), text);

    EXPECT_EQ(send(m, {0x49}), (Bytes{0x8f, 0x00, 0x03}));  // nothing logged yet
    EXPECT_EQ(m.mode(), BoardMode::IDLE);                   // queries keep the mode
}

TEST(DgtBoardModel, EveryReplyParses) {
    BoardModelOptions o;
    o.with_clock = true;
    auto m = make(o);
    const Bytes all{0x40, 0x41, 0x42, 0x45, 0x46, 0x47, 0x49, 0x4c, 0x4d, 0x55};
    const Bytes out = send(m, all);
    const auto results = io::dgt::parse_all(out);
    ASSERT_EQ(results.size(), 9u);
    for (const auto& r : results) ASSERT_TRUE(std::holds_alternative<io::dgt::Message>(r));
}

TEST(DgtBoardModel, UpdateModeSendsFieldUpdates) {
    auto m = make();
    EXPECT_TRUE(m.apply(act("lift e2"), 0) == std::nullopt);
    EXPECT_TRUE(m.take_output().empty());  // idle: no automatic updates
    EXPECT_TRUE(send(m, {0x44}).empty());
    EXPECT_EQ(m.mode(), BoardMode::UPDATE_BRD);
    EXPECT_FALSE(m.apply(act("put e4 P"), 0));
    EXPECT_EQ(m.take_output(), (Bytes{0x8e, 0x00, 0x05, sq("e4"), 1}));
    EXPECT_FALSE(m.apply(act("move g8 f6"), 0));
    EXPECT_EQ(m.take_output(),
              (Bytes{0x8e, 0x00, 0x05, sq("g8"), 0, 0x8e, 0x00, 0x05, sq("f6"), 9}));
    EXPECT_TRUE(send(m, {0x40}).empty());
    EXPECT_EQ(m.mode(), BoardMode::IDLE);
}

TEST(DgtBoardModel, RotatedBoardReportsSixtyThreeMinusIndex) {
    BoardModelOptions o;
    o.orientation = io::dgt::Orientation::ROTATED;
    auto m = make(o);
    const auto results = io::dgt::parse_all(send(m, {0x42}));
    ASSERT_EQ(results.size(), 1u);
    const auto dump = std::get<io::dgt::BoardDump>(std::get<io::dgt::Message>(results[0]));
    EXPECT_EQ(io::dgt::detect_orientation(dump.squares), io::dgt::Orientation::ROTATED);
    send(m, {0x43});
    EXPECT_FALSE(m.apply(act("lift e2"), 0));
    EXPECT_EQ(m.take_output(),
              (Bytes{0x8e, 0x00, 0x05, static_cast<std::uint8_t>(63 - sq("e2")), 0}));
}

TEST(DgtBoardModel, CaptureSlideOverlapKnockFlicker) {
    auto m = make();
    send(m, {0x4b});
    ASSERT_FALSE(m.apply(act("setup 4k3/8/8/3p4/4P3/8/8/R3K3"), 0));
    (void)m.take_output();

    // exd5: the captured pawn is lifted first, then the capturing pawn moves.
    ASSERT_FALSE(m.apply(act("move e4 d5"), 0));
    EXPECT_EQ(m.take_output(),
              (Bytes{0x8e, 0, 5, sq("d5"), 0, 0x8e, 0, 5, sq("e4"), 0, 0x8e, 0, 5, sq("d5"), 1}));
    // Rook slides a1 -> d1 over b1 and c1.
    ASSERT_FALSE(m.apply(act("slide a1 b1 c1 d1"), 0));
    EXPECT_EQ(m.take_output(),
              (Bytes{0x8e, 0, 5, sq("a1"), 0, 0x8e, 0, 5, sq("b1"), 2, 0x8e, 0, 5, sq("b1"), 0,
                     0x8e, 0, 5, sq("c1"), 2, 0x8e, 0, 5, sq("c1"), 0, 0x8e, 0, 5, sq("d1"), 2}));
    // Seen on two squares in one scan: placed before removed.
    ASSERT_FALSE(m.apply(act("overlap e8 f8"), 0));
    EXPECT_EQ(m.take_output(), (Bytes{0x8e, 0, 5, sq("f8"), 11, 0x8e, 0, 5, sq("e8"), 0}));
    // Knocked over onto a neighbour, then stood up again.
    ASSERT_FALSE(m.apply(act("knock d5 d6"), 0));
    EXPECT_EQ(m.take_output(), (Bytes{0x8e, 0, 5, sq("d5"), 0, 0x8e, 0, 5, sq("d6"), 1}));
    ASSERT_FALSE(m.apply(act("restore d5"), 0));
    EXPECT_EQ(m.take_output(), (Bytes{0x8e, 0, 5, sq("d6"), 0, 0x8e, 0, 5, sq("d5"), 1}));
    ASSERT_FALSE(m.apply(act("flicker d1 2"), 0));
    EXPECT_EQ(m.take_output(), (Bytes{0x8e, 0, 5, sq("d1"), 0, 0x8e, 0, 5, sq("d1"), 2,
                                      0x8e, 0, 5, sq("d1"), 0, 0x8e, 0, 5, sq("d1"), 2}));
    EXPECT_EQ(io::dgt::to_placement(m.position()), "5k2/8/8/3P4/8/8/8/3RK3");
}

TEST(DgtBoardModel, ImpossibleActionsAreRefusedWithTheSquare) {
    auto m = make();
    EXPECT_EQ(m.apply(act("lift e4"), 0), "nothing to lift on e4");
    EXPECT_EQ(m.apply(act("put e2 Q"), 0), "e2 is occupied by P");
    EXPECT_EQ(m.apply(act("slide a1 a2 a3"), 0), "slide blocked on a2");
    EXPECT_EQ(m.apply(act("restore e2"), 0), "no knocked-over piece belongs on e2");
    EXPECT_EQ(m.apply(act("flicker e4"), 0), "flicker needs a piece on e4");
    EXPECT_EQ(m.apply(act("lever"), 0), "no clock attached");
    EXPECT_EQ(io::dgt::to_placement(m.position()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

TEST(DgtBoardModel, EeMovesLogsEverySensorChange) {
    auto m = make();
    ASSERT_FALSE(m.apply(act("move e2 e4"), 0));
    EXPECT_EQ(send(m, {0x49}), (Bytes{0x8f, 0x00, 0x07, sq("e2"), 0, sq("e4"), 1}));
}

TEST(DgtBoardModel, ClockCommandsAreAcknowledgedOnlyInUpdateMode) {
    BoardModelOptions o;
    o.with_clock = true;
    auto m = make(o);
    Bytes beep;
    ASSERT_FALSE(io::dgt::encode_clock_beep(2, beep));
    EXPECT_TRUE(send(m, beep).empty());  // bus mode -> idle: executed, not acknowledged
    EXPECT_EQ(m.clock()->beep_units(), 2);
    send(m, {0x44});
    EXPECT_EQ(send(m, beep), (Bytes{0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x0b, 0x0a, 0x00, 0x00, 0x00}));
    // A malformed clock frame (no end byte) is acknowledged as an error.
    const auto bad = send(m, Bytes{0x2b, 0x03, 0x03, 0x0b, 0x01});
    const auto r = io::dgt::parse_all(bad);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_TRUE(std::get<io::dgt::ClockAck>(std::get<io::dgt::Message>(r[0])).is_error());
}

TEST(DgtBoardModel, UpdateModeSendsBwTimeEverySecondNiceModeOnChange) {
    BoardModelOptions o;
    o.with_clock = true;
    auto m = make(o);
    send(m, {0x43}, 0);
    m.tick(0);
    EXPECT_EQ(io::dgt::parse_all(m.take_output()).size(), 1u);
    m.tick(500);
    EXPECT_TRUE(m.take_output().empty());  // stopped clock, nothing changed
    m.tick(1000);
    EXPECT_EQ(io::dgt::parse_all(m.take_output()).size(), 1u);

    send(m, {0x4b}, 1000);
    m.tick(1100);
    EXPECT_EQ(io::dgt::parse_all(m.take_output()).size(), 1u);  // first reading
    m.tick(5000);
    EXPECT_TRUE(m.take_output().empty());  // stopped clock: no change, no message
    ASSERT_FALSE(m.apply(act("lever"), 5000));
    m.tick(5010);
    const auto r = io::dgt::parse_all(m.take_output());
    ASSERT_EQ(r.size(), 1u);
    EXPECT_TRUE(std::get<io::dgt::BwTime>(std::get<io::dgt::Message>(r[0])).lever_right_high);

    send(m, {0x44}, 6000);
    m.tick(9000);
    EXPECT_TRUE(m.take_output().empty());  // UPDATE_BRD: field updates only
}

TEST(DgtBoardModel, ButtonReportInUpdateMode) {
    BoardModelOptions o;
    o.with_clock = true;
    auto m = make(o);
    send(m, {0x4b});
    m.tick(0);
    (void)m.take_output();
    ASSERT_FALSE(m.apply(act("button plus"), 0));
    const auto r = io::dgt::parse_all(m.take_output());
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(std::get<io::dgt::ClockAck>(std::get<io::dgt::Message>(r[0])).button(),
              io::dgt::ClockButton::PLUS);
}

TEST(DgtBoardModel, SetLedsAndUnknownBytes) {
    auto m = make();
    EXPECT_TRUE(send(m, {0x60, 0x04, 0x01, 0x0c, 0x1c, 0x00, 0x48, 0x00}).empty());
    EXPECT_EQ(m.last_leds(), (Bytes{0x01, 0x0c, 0x1c, 0x00}));
    EXPECT_EQ(m.unknown_bytes(), 2u);
}

TEST(DgtBoardModel, PowerCycleReturnsToBusModeKeepingThePieces) {
    auto m = make();
    send(m, {0x43});
    ASSERT_FALSE(m.apply(act("move e2 e4"), 0));
    m.power_cycle(0);
    EXPECT_EQ(m.mode(), BoardMode::BUS);
    EXPECT_TRUE(m.take_output().empty());
    EXPECT_EQ(m.position()[sq("e4")], Piece::W_PAWN);
}

TEST(DgtBoardModel, InvalidOptionsAreRefused) {
    BoardModelOptions o;
    o.serial = "1234";
    EXPECT_TRUE(std::holds_alternative<std::string>(DgtBoardModel::create(o)));
    o.serial = "12345";
    o.long_serial = "short";
    EXPECT_TRUE(std::holds_alternative<std::string>(DgtBoardModel::create(o)));
}

}  // namespace
}  // namespace venue::sim::dgt
