// The emulator running in-process on a real pty, driven by TermiosLink from the test thread;
// physical actions go in through a pipe, as a script would from standard input.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "dgt_test_client.h"
#include "sim/dgt/dgt_emulator.h"

namespace venue::test {
namespace {

using io::dgt::Bytes;
using io::dgt::FieldUpdate;
using io::dgt::Piece;

std::uint8_t sq(std::string_view name) {
    return *io::dgt::parse_square(name);
}

class DgtPtyTest : public ::testing::Test {
  protected:
    void start(sim::dgt::DgtEmulatorOptions o = {}) {
        if (o.board.serial == "00001") o.board.serial = "54321";
        auto created = sim::dgt::DgtEmulator::create(o);
        ASSERT_TRUE(std::holds_alternative<sim::dgt::DgtEmulator>(created))
            << std::get<std::string>(created);
        emulator_.emplace(std::move(std::get<sim::dgt::DgtEmulator>(created)));
        emulator_->on_new_path = [this](const std::string& p) {
            new_paths_.fetch_add(1);
            (void)p;
        };
        ASSERT_EQ(::pipe(pipe_), 0);
        thread_ = std::thread([this] { exit_code_ = emulator_->run(pipe_[0], stop_); });
        client_.emplace(emulator_->slave_path());
        const auto e = client_->open();
        ASSERT_FALSE(e) << e->what;
    }

    void TearDown() override {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
        client_.reset();
        if (pipe_[0] >= 0) ::close(pipe_[0]);
        if (pipe_[1] >= 0) ::close(pipe_[1]);
        EXPECT_EQ(exit_code_, 0) << "the emulator reported a bad script line or action";
    }

    void actions(const std::string& lines) {
        ASSERT_EQ(::write(pipe_[1], lines.data(), lines.size()),
                  static_cast<ssize_t>(lines.size()));
    }

    // The emulator has read everything sent so far once it answers a serial-number request:
    // actions sent after this happen after those commands.
    void sync() {
        client_->send({0x45});
        ASSERT_TRUE(client_->wait_for_type<io::dgt::SerialNr>());
    }

    std::vector<FieldUpdate> field_updates(std::size_t n) {
        std::vector<FieldUpdate> out;
        while (out.size() < n) {
            auto f = client_->wait_for_type<FieldUpdate>();
            if (!f) break;
            out.push_back(*f);
        }
        return out;
    }

    std::optional<sim::dgt::DgtEmulator> emulator_;
    std::optional<DgtTestClient> client_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<int> new_paths_{0};
    int pipe_[2] = {-1, -1};
    int exit_code_ = 0;
};

TEST_F(DgtPtyTest, ResetThenBoardDumpOfTheStartPosition) {
    start();
    client_->send({0x40, 0x42});
    const auto dump = client_->wait_for_type<io::dgt::BoardDump>();
    ASSERT_TRUE(dump);
    EXPECT_EQ(dump->squares, io::dgt::start_position());
    EXPECT_EQ(io::dgt::detect_orientation(dump->squares), io::dgt::Orientation::NORMAL);
}

TEST_F(DgtPtyTest, CommonClientStartupSequence) {
    start();
    // What common clients send: update nice, version, board.
    client_->send({0x4b, 0x4d, 0x42, 0x55});
    const auto v = client_->wait_for_type<io::dgt::Version>();
    ASSERT_TRUE(v);
    EXPECT_EQ(*v, (io::dgt::Version{1, 0}));
    EXPECT_TRUE(client_->wait_for_type<io::dgt::BoardDump>());
    const auto ls = client_->wait_for_type<io::dgt::LongSerialNr>();
    ASSERT_TRUE(ls);
    EXPECT_EQ(ls->digits, "0000054321");
    EXPECT_TRUE(client_->errors().empty());
}

TEST_F(DgtPtyTest, FieldUpdatesFromAScriptedCapture) {
    start();
    client_->send({0x44});
    sync();
    // 1. e4 d5 2. exd5: the captured pawn is lifted first.
    actions("move e2 e4\nwait 50\nmove d7 d5\n# capture\nlift d5\nlift e4\nput d5 P\n");
    const auto got = field_updates(7);
    const std::vector<FieldUpdate> expected{{sq("e2"), Piece::EMPTY}, {sq("e4"), Piece::W_PAWN},
                                            {sq("d7"), Piece::EMPTY}, {sq("d5"), Piece::B_PAWN},
                                            {sq("d5"), Piece::EMPTY}, {sq("e4"), Piece::EMPTY},
                                            {sq("d5"), Piece::W_PAWN}};
    EXPECT_EQ(got, expected);
    client_->send({0x42});
    const auto dump = client_->wait_for_type<io::dgt::BoardDump>();
    ASSERT_TRUE(dump);
    EXPECT_EQ(io::dgt::to_placement(dump->squares),
              "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR");
    EXPECT_TRUE(client_->errors().empty());
}

TEST_F(DgtPtyTest, SerialNumberKeepAlive) {
    start();
    client_->send({0x43});
    for (int i = 0; i < 5; ++i) {
        client_->send({0x45});
        const auto s = client_->wait_for_type<io::dgt::SerialNr>(500ms);
        ASSERT_TRUE(s) << "poll " << i;
        EXPECT_EQ(s->digits, "54321");
        std::this_thread::sleep_for(100ms);
    }
}

TEST_F(DgtPtyTest, GarbageFromTheHostIsIgnored) {
    start();
    client_->send({0x00, 0x48, 0x7f, 0x13, 0x45});
    const auto s = client_->wait_for_type<io::dgt::SerialNr>();
    ASSERT_TRUE(s);
    EXPECT_EQ(emulator_->model().unknown_bytes(), 4u);  // read after the reply: no race
}

TEST_F(DgtPtyTest, ClosingAndReopeningThePtyMidStream) {
    start();
    client_->send({0x43});
    sync();
    actions("move e2 e4\n");
    ASSERT_EQ(field_updates(2).size(), 2u);

    // Close in the middle of a dump: the half-read dump must not confuse the next session.
    client_->send({0x42});
    std::uint8_t part[10];
    ASSERT_TRUE(client_->link().read(part, 500ms).ok());
    client_->close();

    actions("move e7 e5\n");  // played while nobody listens: the updates are lost

    ASSERT_FALSE(client_->open());
    sync();
    // The board kept its mode (closing the port does not power it off) and its pieces. The
    // action and the commands travel on different channels: ask until the move has happened.
    const std::string after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
    std::string seen;
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    while (seen != after && std::chrono::steady_clock::now() < deadline) {
        client_->send({0x42});
        const auto dump = client_->wait_for_type<io::dgt::BoardDump>();
        ASSERT_TRUE(dump);
        seen = io::dgt::to_placement(dump->squares);
    }
    EXPECT_EQ(seen, after);
    EXPECT_EQ(emulator_->model().mode(), sim::dgt::BoardMode::UPDATE);
    actions("move g1 f3\n");
    const auto got = field_updates(2);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[1], (FieldUpdate{sq("f3"), Piece::W_KNIGHT}));
    EXPECT_TRUE(client_->errors().empty()) << io::dgt::describe(client_->errors().front());
}

TEST_F(DgtPtyTest, UnplugHangsUpTheLinkAndABoardReturnsInBusMode) {
    sim::dgt::DgtEmulatorOptions o;
    o.link = "/tmp/venue-dgt-test-" + std::to_string(::getpid());
    start(o);
    client_->send({0x43});
    actions("unplug 2000\n");
    // The driver notices the hang-up...
    EXPECT_FALSE(client_->wait_for_type<io::dgt::SerialNr>(2000ms));
    ASSERT_TRUE(client_->last_error());
    EXPECT_EQ(client_->last_error()->code, io::LinkErrorCode::DISCONNECTED);
    // ...and while the cable is out the link names nothing: left on the closed pty, it could
    // lead a client to the device of another process given that pty's number.
    std::error_code ec;
    EXPECT_FALSE(std::filesystem::exists(std::filesystem::symlink_status(o.link, ec)))
        << o.link << " still names a pty while the cable is out";
    client_->close();
    // ...and reopens the same configured path once the link follows the new pty.
    const auto announced = std::chrono::steady_clock::now() + 5s;
    while (new_paths_.load() == 0 && std::chrono::steady_clock::now() < announced)
        std::this_thread::sleep_for(10ms);
    DgtTestClient again(o.link);
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    while (again.open() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(20ms);
    }
    ASSERT_TRUE(again.link().is_open());
    again.send({0x45});
    const auto s = again.wait_for_type<io::dgt::SerialNr>();
    ASSERT_TRUE(s);
    EXPECT_EQ(s->digits, "54321");
    EXPECT_EQ(new_paths_.load(), 1);  // announced before the loop served the new pty
    EXPECT_EQ(emulator_->model().mode(), sim::dgt::BoardMode::IDLE);
}

TEST_F(DgtPtyTest, ClockThroughTheBoard) {
    sim::dgt::DgtEmulatorOptions o;
    o.board.with_clock = true;
    start(o);
    client_->send({0x43});
    ASSERT_TRUE(client_->wait_for_type<io::dgt::BwTime>());  // periodic reading
    io::dgt::SetAndRun s;
    s.left = {0, 10, 0};
    s.right = {0, 9, 30};
    s.right_runs = true;
    Bytes cmd;
    ASSERT_FALSE(io::dgt::encode_clock_set_and_run(s, io::dgt::TimeEncoding::BINARY, cmd));
    client_->send(cmd);
    const auto ack = client_->wait_for_type<io::dgt::ClockAck>();
    ASSERT_TRUE(ack);
    EXPECT_EQ(ack->command(), 0x0a);
    EXPECT_FALSE(ack->is_error());
    const auto t = client_->wait_for([](const io::dgt::Message& m) {
        const auto* x = std::get_if<io::dgt::BwTime>(&m);
        return x && x->running;
    });
    ASSERT_TRUE(t);
    const auto& bw = std::get<io::dgt::BwTime>(*t);
    EXPECT_TRUE(bw.right_to_move);
    EXPECT_EQ(bw.left.time, (io::dgt::ClockTime{0, 10, 0}));
    EXPECT_LE(bw.right.time.total_seconds(), 9 * 60 + 30);
    Bytes text;
    ASSERT_FALSE(io::dgt::encode_clock_text("CLAIM", 1, text));
    client_->send(text);
    const auto ack2 = client_->wait_for_type<io::dgt::ClockAck>();
    ASSERT_TRUE(ack2);
    EXPECT_EQ(ack2->command(), 0x0c);
}

TEST_F(DgtPtyTest, RotatedBoardIsRecognisedFromItsDump) {
    sim::dgt::DgtEmulatorOptions o;
    o.board.orientation = io::dgt::Orientation::ROTATED;
    start(o);
    client_->send({0x42});
    const auto dump = client_->wait_for_type<io::dgt::BoardDump>();
    ASSERT_TRUE(dump);
    EXPECT_EQ(io::dgt::detect_orientation(dump->squares), io::dgt::Orientation::ROTATED);
}

}  // namespace
}  // namespace venue::test
