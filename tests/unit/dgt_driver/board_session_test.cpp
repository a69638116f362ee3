// BoardSession as timelines: bytes and times in, commands and events out. No I/O, no clock.
#include <gtest/gtest.h>

#include "chess/uci.h"
#include "io/dgt/board_session.h"
#include "io/dgt/dgt_message_writer.h"

namespace venue::io::dgt {
namespace {

constexpr std::int64_t MS = 1000;
const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

std::uint8_t sq(std::string_view name) {
    return *parse_square(name);
}

template <class T>
std::vector<T> only(const std::vector<BoardEvent>& events) {
    std::vector<T> out;
    for (const auto& e : events)
        if (const auto* t = std::get_if<T>(&e)) out.push_back(*t);
    return out;
}

Bytes dump(const BoardCodes& b) {
    Bytes out;
    write_board_dump(b, out);
    return out;
}

Bytes update(std::uint8_t sensor, Piece p) {
    Bytes out;
    write_field_update(sensor, p, out);
    return out;
}

std::string text(const sensing::Snapshot& s) {
    return sensing::to_string(s.squares);
}

TEST(BoardSessionTest, StartSequenceIsUpdateNiceVersionBoardSerial) {
    BoardSession s;
    EXPECT_TRUE(s.take_output().empty());
    s.start(0);
    EXPECT_EQ(s.take_output(), (Bytes{0x4b, 0x4d, 0x42, 0x45}));
    EXPECT_EQ(s.state(), BoardLinkState::CONNECTING);
    const auto statuses = only<BoardStatus>(s.take_events());
    ASSERT_EQ(statuses.size(), 1u);
    EXPECT_EQ(statuses[0].state, BoardLinkState::CONNECTING);
}

TEST(BoardSessionTest, DumpThenFieldUpdatesGiveSnapshots) {
    BoardSession s;
    s.start(0);
    s.on_bytes(dump(start_position()), 10 * MS);
    auto snaps = only<sensing::Snapshot>(s.take_events());
    ASSERT_EQ(snaps.size(), 1u);
    EXPECT_EQ(text(snaps[0]), START);
    EXPECT_EQ(snaps[0].t_us, 10 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::CONNECTED);

    Bytes bytes = update(sq("e2"), Piece::EMPTY);
    s.on_bytes(bytes, 20 * MS);
    bytes = update(sq("e4"), Piece::W_PAWN);
    s.on_bytes(bytes, 30 * MS);
    const auto events = s.take_events();
    snaps = only<sensing::Snapshot>(events);
    ASSERT_EQ(snaps.size(), 2u);
    EXPECT_EQ(text(snaps[0]), "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR");
    EXPECT_EQ(text(snaps[1]), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_EQ(snaps[1].t_us, 30 * MS);
    const auto raw = only<SensedFieldUpdate>(events);
    ASSERT_EQ(raw.size(), 2u);
    EXPECT_EQ(raw[1].sensor, sq("e4"));
    EXPECT_EQ(raw[1].square, chess::SQ_E4);
    EXPECT_EQ(raw[1].piece, Piece::W_PAWN);
}

TEST(BoardSessionTest, RotatedBoardIsDetectedAndTranslated) {
    BoardSession s;
    s.start(0);
    s.on_bytes(dump(rotated(start_position())), 10 * MS);
    EXPECT_EQ(s.status(10 * MS).orientation, Orientation::ROTATED);
    EXPECT_EQ(s.status(10 * MS).orientation_source, OrientationSource::DETECTED);
    // The turned board numbers e2 as the sensor it would call d7.
    Bytes bytes = update(flip(sq("e2")), Piece::EMPTY);
    const Bytes put = update(flip(sq("e4")), Piece::W_PAWN);
    bytes.insert(bytes.end(), put.begin(), put.end());
    s.on_bytes(bytes, 20 * MS);
    const auto events = s.take_events();
    const auto snaps = only<sensing::Snapshot>(events);
    ASSERT_EQ(snaps.size(), 3u);
    EXPECT_EQ(text(snaps[0]), START);
    EXPECT_EQ(text(snaps[2]), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_EQ(only<SensedFieldUpdate>(events)[1].square, chess::SQ_E4);
}

TEST(BoardSessionTest, FirstStartPositionDecidesTheOrientation) {
    BoardSession s;
    s.start(0);
    // Mid-game board: nothing to decide from, snapshots use the assumed orientation.
    const BoardCodes mid = *from_placement("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    s.on_bytes(dump(rotated(mid)), 10 * MS);
    EXPECT_EQ(s.status(0).orientation_source, OrientationSource::ASSUMED);
    EXPECT_EQ(s.status(0).orientation, Orientation::NORMAL);
    // The arbiter sets the pieces up again, the board turned round: decided.
    s.on_bytes(dump(rotated(start_position())), 20 * MS);
    EXPECT_EQ(s.status(0).orientation_source, OrientationSource::DETECTED);
    EXPECT_EQ(s.status(0).orientation, Orientation::ROTATED);
    EXPECT_EQ(text(*s.last_snapshot()), START);
    // A later start position the other way round does not undo the decision.
    s.on_bytes(dump(start_position()), 30 * MS);
    EXPECT_EQ(s.status(0).orientation, Orientation::ROTATED);
    EXPECT_EQ(text(*s.last_snapshot()), "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr");
}

TEST(BoardSessionTest, FieldUpdatesNameNoSquareUntilTheOrientationIsKnown) {
    BoardSession s;
    s.start(0);
    const BoardCodes mid = *from_placement("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
    s.on_bytes(dump(mid), 10 * MS);
    s.on_bytes(update(sq("g1"), Piece::EMPTY), 20 * MS);
    auto raw = only<SensedFieldUpdate>(s.take_events());
    ASSERT_EQ(raw.size(), 1u);
    EXPECT_EQ(raw[0].sensor, sq("g1"));  // the raw index is kept all the same
    EXPECT_EQ(raw[0].square, chess::SQ_NONE);
    // The start position decides it: from then on the square is named.
    s.on_bytes(dump(start_position()), 30 * MS);
    s.on_bytes(update(sq("g1"), Piece::EMPTY), 40 * MS);
    raw = only<SensedFieldUpdate>(s.take_events());
    ASSERT_EQ(raw.size(), 1u);
    EXPECT_EQ(raw[0].square, chess::SQ_G1);
    // A configured orientation is known from the start.
    BoardSessionConfig c;
    c.orientation = Orientation::ROTATED;
    BoardSession set(c);
    set.start(0);
    set.on_bytes(update(flip(sq("g1")), Piece::EMPTY), 10 * MS);
    raw = only<SensedFieldUpdate>(set.take_events());
    ASSERT_EQ(raw.size(), 1u);
    EXPECT_EQ(raw[0].square, chess::SQ_G1);
}

TEST(BoardSessionTest, ASetOrientationIsNeverOverriddenAndCanChange) {
    BoardSessionConfig c;
    c.orientation = Orientation::ROTATED;
    BoardSession s(c);
    s.start(0);
    s.on_bytes(dump(start_position()), 10 * MS);
    EXPECT_EQ(s.status(0).orientation_source, OrientationSource::SET);
    EXPECT_EQ(s.status(0).orientation, Orientation::ROTATED);
    EXPECT_EQ(text(*s.last_snapshot()), "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr");
    s.take_events();
    s.set_orientation(Orientation::NORMAL, 20 * MS);
    const auto snaps = only<sensing::Snapshot>(s.take_events());
    ASSERT_EQ(snaps.size(), 1u);
    EXPECT_EQ(text(snaps[0]), START);
    EXPECT_EQ(snaps[0].t_us, 20 * MS);
    s.set_orientation(Orientation::NORMAL, 30 * MS);
    EXPECT_TRUE(s.take_events().empty());
}

// SET_LEDS (DGT Revelation II): every light out, then each square, in the board's own
// numbering; sent again when the board is turned and after a reconnect; a square off the board
// is refused and sends nothing.
TEST(BoardSessionTest, LitSquaresAreSentInTheBoardsOwnNumberingAndKeptAcrossReconnects) {
    BoardSession s;
    s.start(0);
    s.take_output();
    ASSERT_TRUE(s.light_squares({chess::SQ_E4}));
    const Bytes off{0x60, 0x04, 0x00, 0, 63, 0x00};
    // e4 in the normal orientation (a8 = 0): (8 - 4) * 8 + 4 = 36.
    Bytes e4 = off;
    e4.insert(e4.end(), {0x60, 0x04, 0x01, 36, 36, 0x00});
    EXPECT_EQ(s.take_output(), e4);
    // Turned round: the same chess square is the board's sensor 63 - 36 = 27.
    s.set_orientation(Orientation::ROTATED, 10 * MS);
    Bytes turned = off;
    turned.insert(turned.end(), {0x60, 0x04, 0x01, 27, 27, 0x00});
    EXPECT_EQ(s.take_output(), turned);
    // A reconnect (a board that lost power lost its lights): the start sequence, then the light.
    s.on_link_lost(20 * MS);
    s.start(30 * MS);
    Bytes again{0x4b, 0x4d, 0x42, 0x45};
    again.insert(again.end(), turned.begin(), turned.end());
    EXPECT_EQ(s.take_output(), again);
    // Several squares: one command each after the lights go out (a1 is the rotated board's 7,
    // h8 its 56).
    ASSERT_TRUE(s.light_squares({chess::SQ_A1, chess::SQ_H8}));
    Bytes two = off;
    two.insert(two.end(), {0x60, 0x04, 0x01, 7, 7, 0x00, 0x60, 0x04, 0x01, 56, 56, 0x00});
    EXPECT_EQ(s.take_output(), two);
    ASSERT_TRUE(s.light_squares({}));
    EXPECT_EQ(s.take_output(), off);
    EXPECT_EQ(s.lit_squares(), std::vector<int>{});
    std::string why;
    EXPECT_FALSE(s.light_squares({chess::SQ_E4, 64}, &why));
    EXPECT_NE(why.find("64"), std::string::npos);
    EXPECT_TRUE(s.take_output().empty());
    EXPECT_EQ(s.lit_squares(), std::vector<int>{});
}

TEST(BoardSessionTest, KeepAliveEverySecondAndSilenceAfterThree) {
    BoardSession s;
    s.start(0);
    s.take_output();
    s.on_tick(999 * MS);
    EXPECT_TRUE(s.take_output().empty());
    s.on_tick(1000 * MS);
    EXPECT_EQ(s.take_output(), Bytes{0x45});
    s.on_tick(1500 * MS);
    EXPECT_TRUE(s.take_output().empty());
    s.on_tick(2000 * MS);
    EXPECT_EQ(s.take_output(), Bytes{0x45});
    s.on_tick(2999 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::CONNECTING);
    s.on_tick(3000 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::SILENT);
    EXPECT_EQ(s.status(3000 * MS).silences, 1u);

    Bytes serial;
    write_serialnr("24680", serial);
    s.on_bytes(serial, 3100 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::CONNECTED);
    EXPECT_EQ(s.status(3600 * MS).last_message_age_us, 500 * MS);
    s.on_tick(6099 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::CONNECTED);
    s.on_tick(6100 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::SILENT);
    const auto states = only<BoardStatus>(s.take_events());
    ASSERT_EQ(states.size(), 5u);  // connecting, silent, (serial) connected, serial, silent
    EXPECT_EQ(states.back().state, BoardLinkState::SILENT);
}

TEST(BoardSessionTest, ConfigurableSilenceTimeout) {
    BoardSessionConfig c;
    c.silence_timeout_us = 500 * MS;
    BoardSession s(c);
    s.start(100 * MS);
    s.on_tick(599 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::CONNECTING);
    s.on_tick(600 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::SILENT);
}

TEST(BoardSessionTest, GarbageAndAnImpossibleLengthAreSurvived) {
    BoardSession s;
    s.start(0);
    Bytes bytes{0x01, 0x02, 0x7f, 0xff, 0x33};             // stray bytes, unknown id
    const Bytes bad_length{0x86, 0x00, 0x05, 0x01, 0x02};  // BOARD_DUMP cannot be 5 long
    bytes.insert(bytes.end(), bad_length.begin(), bad_length.end());
    const Bytes good = dump(start_position());
    bytes.insert(bytes.end(), good.begin(), good.end());
    const Bytes cut{0x8e, 0x00, 0x05, 0x0c};  // a field update cut short by the next message
    bytes.insert(bytes.end(), cut.begin(), cut.end());
    const Bytes after = update(sq("e2"), Piece::EMPTY);
    bytes.insert(bytes.end(), after.begin(), after.end());
    s.on_bytes(bytes, 10 * MS);

    const auto snaps = only<sensing::Snapshot>(s.take_events());
    ASSERT_EQ(snaps.size(), 2u);
    EXPECT_EQ(text(snaps[0]), START);
    EXPECT_EQ(text(snaps[1]), "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR");
    const BoardStatus st = s.status(10 * MS);
    EXPECT_GE(st.parse_errors, 3u);
    EXPECT_GT(st.skipped_bytes, 0u);
    EXPECT_EQ(st.messages, 2u);
    EXPECT_FALSE(st.last_parse_error.empty());
    EXPECT_EQ(st.state, BoardLinkState::CONNECTED);
}

TEST(BoardSessionTest, SerialNumberAndVersionRecorded) {
    BoardSession s;
    s.start(0);
    Bytes bytes;
    write_version(2, 3, bytes);
    write_serialnr("13579", bytes);
    s.on_bytes(bytes, 5 * MS);
    const BoardStatus st = s.status(5 * MS);
    EXPECT_EQ(st.serial, "13579");
    ASSERT_TRUE(st.version);
    EXPECT_EQ(*st.version, (Version{2, 3}));
    const auto statuses = only<BoardStatus>(s.take_events());
    EXPECT_EQ(statuses.back().serial, "13579");
}

TEST(BoardSessionTest, UpdatesBeforeTheFirstDumpEmitNoSnapshot) {
    BoardSession s;
    s.start(0);
    s.on_bytes(update(sq("e2"), Piece::EMPTY), 1 * MS);
    EXPECT_TRUE(only<sensing::Snapshot>(s.take_events()).empty());
    BoardCodes b = start_position();
    b[sq("e2")] = Piece::EMPTY;
    s.on_bytes(dump(b), 2 * MS);
    const auto snaps = only<sensing::Snapshot>(s.take_events());
    ASSERT_EQ(snaps.size(), 1u);
    EXPECT_EQ(text(snaps[0]), "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR");
}

TEST(BoardSessionTest, ReconnectRereadsTheBoardAndReportsOnlyChanges) {
    BoardSession s;
    s.start(0);
    s.on_bytes(dump(start_position()), 1 * MS);
    s.on_link_lost(2 * MS);
    EXPECT_EQ(s.state(), BoardLinkState::DISCONNECTED);
    s.on_tick(5000 * MS);  // no keep-alive and no silence while disconnected
    EXPECT_TRUE(s.take_output().empty());
    s.take_events();

    // Same board after the reconnect: nothing new to report.
    s.start(6000 * MS);
    EXPECT_EQ(s.take_output(), (Bytes{0x4b, 0x4d, 0x42, 0x45}));
    s.on_bytes(dump(start_position()), 6010 * MS);
    EXPECT_TRUE(only<sensing::Snapshot>(s.take_events()).empty());

    // A move made while the link was down arrives as one changed board.
    s.on_link_lost(7000 * MS);
    s.start(8000 * MS);
    BoardCodes b = start_position();
    b[sq("e2")] = Piece::EMPTY;
    b[sq("e4")] = Piece::W_PAWN;
    Bytes half = dump(b);
    // A cut message from the old link must not leak into the new one: the parser restarts.
    s.on_bytes(Bytes{0x86, 0x00, 0x43, 0x08}, 8005 * MS);
    s.on_link_lost(8006 * MS);
    s.start(8007 * MS);
    s.on_bytes(half, 8010 * MS);
    const auto snaps = only<sensing::Snapshot>(s.take_events());
    ASSERT_EQ(snaps.size(), 1u);
    EXPECT_EQ(text(snaps[0]), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    EXPECT_TRUE(s.is_ok());
}

TEST(BoardSessionTest, MagicPiecesAreNotPieces) {
    BoardSession s;
    s.start(0);
    s.on_bytes(dump(start_position()), 1 * MS);
    s.on_bytes(update(sq("d4"), Piece::MAGIC_DRAW), 2 * MS);
    EXPECT_EQ(s.status(2 * MS).magic_pieces, 1u);
    // The board changed (a sensor reads something) but the chess board did not.
    EXPECT_EQ(only<sensing::Snapshot>(s.take_events()).size(), 1u);
}

// A DGT 3000's readings come through the board, between its field updates: the events keep the
// order the board sent them in, even within one read, so that a lever pressed after a piece was
// set down comes after that piece and before the opponent's reply (issue #15).
TEST(BoardSessionTest, ClockEventsKeepTheLinksOrderAmongTheBoards) {
    BoardSession s;
    s.start(0);
    s.on_bytes(dump(start_position()), 1 * MS);
    BwTime t;
    t.left.time = {0, 5, 0};
    t.right.time = {0, 5, 0};
    t.running = true;
    t.left_to_move = true;
    Bytes first;
    write_bwtime(t, first);
    s.on_bytes(first, 2 * MS);
    s.take_events();
    // One read: White's e2-e4, his lever (the left side goes down: the right one is high), and
    // Black's pawn lifted from e7.
    Bytes bytes = update(sq("e2"), Piece::EMPTY);
    const Bytes put = update(sq("e4"), Piece::W_PAWN);
    bytes.insert(bytes.end(), put.begin(), put.end());
    t.lever_right_high = true;
    t.left_to_move = false;
    t.right_to_move = true;
    write_bwtime(t, bytes);
    const Bytes reply = update(sq("e7"), Piece::EMPTY);
    bytes.insert(bytes.end(), reply.begin(), reply.end());
    s.on_bytes(bytes, 3 * MS);
    std::vector<std::string> kinds;
    for (const BoardEvent& e : s.take_events()) {
        if (const auto* f = std::get_if<SensedFieldUpdate>(&e))
            kinds.push_back("update " + chess::square_to_string(f->square));
        else if (const auto* c = std::get_if<ClockEvent>(&e))
            kinds.push_back(std::holds_alternative<ClockLever>(*c)   ? "lever"
                            : std::holds_alternative<ClockTimes>(*c) ? "times"
                                                                     : "clock");
        else if (std::holds_alternative<sensing::Snapshot>(e))
            kinds.push_back("snapshot");
    }
    EXPECT_EQ(kinds, (std::vector<std::string>{"update e2", "snapshot", "update e4", "snapshot",
                                               "times", "lever", "update e7", "snapshot"}));
}

}  // namespace
}  // namespace venue::io::dgt
