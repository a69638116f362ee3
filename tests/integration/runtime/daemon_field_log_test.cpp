// The daemon with a DGT board on a pty, in this process: every field update the board sends is
// appended to the log as a BoardFieldUpdate, one by one and in the order sent, beside the
// BoardSnapshots of the boards they make (issue #4). One board is the emulator (host/sim/dgt)
// played by script; the other is bytes the test writes, for the reports no emulated hand makes:
// a repeated report and a magic piece, which change no board and so make no snapshot.
#include <gtest/gtest.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "../../support/emulated_dgt_board.h"
#include "../../support/step_daemon.h"
#include "chess/uci.h"
#include "io/dgt/dgt_message_writer.h"
#include "runtime/daemon.h"
#include "runtime/replay.h"
#include "sim/dgt/dgt_emulator.h"
#include "sim/dgt/pty.h"

namespace venue::runtime {
namespace {

using namespace std::chrono_literals;

const std::string START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

std::filesystem::path fresh_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() /
               ("venue-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// One plain chess match played on board `board`.
config::VenueConfig one_match(const std::string& board) {
    engine::MatchConfig m;
    m.id = "m1";
    m.game = "fide";
    m.board = board;
    config::VenueConfig c;
    c.matches = {m};
    return c;
}

std::uint8_t sensor(std::string_view square) {
    return *io::dgt::parse_square(square);  // the normal orientation's index
}

// A session and its daemon with one board attached; steps until a condition holds.
class Venue {
  public:
    Venue(const std::string& log, const std::string& board_id, const std::string& path) {
        auto s = Session::open(one_match(board_id), log);
        if (!s) throw std::runtime_error(s.error());
        session_ = std::move(*s);
        daemon_ = std::make_unique<Daemon>(*session_);
        io::dgt::BoardRunnerConfig runner;
        runner.backoff_min = 20ms;
        runner.backoff_max = 200ms;
        daemon_->attach_board(board_id, io::dgt::BoardPort::path(path), "m1", runner);
        daemon_->on_applied([this](const StepRecord& r) {
            for (const Applied& a : r.applied) applied_.push_back(a);
        });
        daemon_->start();
    }
    ~Venue() { daemon_->stop(); }

    // Steps the daemon until done() or the time is up; true when done.
    bool step_until(const std::function<bool()>& done, std::chrono::milliseconds limit = 5000ms) {
        return testing::step_daemon_until(*daemon_, done, limit);
    }
    std::size_t count(const std::string& kind) const {
        std::size_t n = 0;
        for (const Applied& a : applied_) n += kind == engine::kind_name(a.event.body);
        return n;
    }
    const Session& session() const { return *session_; }

  private:
    std::unique_ptr<Session> session_;
    std::unique_ptr<Daemon> daemon_;
    std::vector<Applied> applied_;
};

// The board's events as the log holds them, read back from the file, with the state they
// replay to.
struct Logged {
    std::vector<std::string> kinds;  // board events only, in log order
    std::vector<engine::BoardFieldUpdate> updates;
    std::vector<std::string> snapshots;
    std::string state_hash;
};
Logged read_log(const std::string& path) {
    Logged out;
    auto replayed =
        replay_log(path, std::numeric_limits<std::int64_t>::max(), [&](const Applied& a) {
            if (const auto* f = std::get_if<engine::BoardFieldUpdate>(&a.event.body)) {
                EXPECT_TRUE(a.decisions.empty()) << "evidence only";
                out.updates.push_back(*f);
                out.kinds.push_back("update");
            } else if (const auto* s = std::get_if<engine::BoardSnapshot>(&a.event.body)) {
                out.snapshots.push_back(s->placement);
                out.kinds.push_back("snapshot");
            }
        });
    EXPECT_TRUE(replayed) << (replayed ? "" : replayed.error());
    if (replayed) out.state_hash = replayed->state.state_hash();
    return out;
}

// The emulator on a pty, served by its own thread; actions go in through a pipe.
class EmulatedBoard : public venue::testing::EmulatedDgtBoard {
  public:
    explicit EmulatedBoard(std::string serial) : EmulatedDgtBoard(options(std::move(serial))) {}
    void actions(const std::string& lines) { ASSERT_TRUE(EmulatedDgtBoard::actions(lines)); }

  private:
    static sim::dgt::DgtEmulatorOptions options(std::string serial) {
        sim::dgt::DgtEmulatorOptions o;
        o.board.serial = std::move(serial);
        return o;
    }
};

TEST(DaemonFieldLog, AnEmulatedBoardsFieldUpdatesReachTheLogOneByOneInOrder) {
    const auto dir = fresh_dir("field-log-emulated");
    const std::string log = (dir / "log.sqlite").string();
    EmulatedBoard board("24680");
    std::string hash;
    {
        Venue venue(log, "24680", board.path());
        ASSERT_TRUE(venue.step_until([&] { return venue.count("board_snapshot") >= 1; }))
            << "the start position was never logged";
        // White plays e4 (e2 lifted, e4 put); then the sensor under e4 drops out and recovers
        // twice: the board ends as it was, but each report is kept.
        board.actions("move e2 e4\nflicker e4 2\n");
        ASSERT_TRUE(venue.step_until([&] { return venue.count("board_field_update") >= 6; }))
            << venue.count("board_field_update") << " field updates logged";
        // Nothing more comes (the session's keep-alive replies are not field updates).
        venue.step_until([] { return false; }, 300ms);
        EXPECT_EQ(venue.count("board_field_update"), 6u);
        hash = venue.session().state().state_hash();
    }
    EXPECT_EQ(board.exit_code(), 0);

    const Logged logged = read_log(log);
    struct Expected {
        const char* square;
        io::dgt::Piece piece;
    };
    const std::vector<Expected> expected = {
        {"e2", io::dgt::Piece::EMPTY}, {"e4", io::dgt::Piece::W_PAWN},
        {"e4", io::dgt::Piece::EMPTY}, {"e4", io::dgt::Piece::W_PAWN},
        {"e4", io::dgt::Piece::EMPTY}, {"e4", io::dgt::Piece::W_PAWN},
    };
    ASSERT_EQ(logged.updates.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const engine::BoardFieldUpdate& u = logged.updates[i];
        EXPECT_EQ(u.match, "m1") << i;
        EXPECT_EQ(u.board, "24680") << i;
        EXPECT_EQ(u.dgt_square, sensor(expected[i].square)) << i;
        EXPECT_EQ(u.piece_code, int(io::dgt::code_of(expected[i].piece))) << i;
        ASSERT_TRUE(u.square) << i << ": the start position told the orientation";
        EXPECT_EQ(chess::square_to_string(*u.square), expected[i].square) << i;
    }
    // The snapshots are what they were (one per board the updates make), each after the update
    // that made it.
    ASSERT_EQ(logged.snapshots.size(), 1u + expected.size());
    EXPECT_EQ(logged.snapshots.front(), START);
    EXPECT_EQ(logged.snapshots.back(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    std::vector<std::string> order = {"snapshot"};  // the start position's
    for (std::size_t i = 0; i < expected.size(); ++i)
        order.insert(order.end(), {"update", "snapshot"});
    EXPECT_EQ(logged.kinds, order);
    // They changed nothing: the log replays to the state the daemon had.
    EXPECT_EQ(logged.state_hash, hash);
    auto verified = verify_log(log);
    ASSERT_TRUE(verified) << verified.error();
    EXPECT_TRUE(verified->ok) << verified->problem;
}

// A "board" that is only a pty the test writes DGT messages to, as a board would send them.
class RawBoard {
  public:
    RawBoard() {
        auto p = sim::Pty::open();
        if (auto* e = std::get_if<std::string>(&p)) throw std::runtime_error(*e);
        pty_ = std::make_unique<sim::Pty>(std::move(std::get<sim::Pty>(p)));
    }
    const std::string& path() const { return pty_->slave_path(); }
    // What the host sent so far (its start sequence, keep-alives).
    const io::dgt::Bytes& heard() {
        pollfd p{pty_->master_fd(), POLLIN, 0};
        std::uint8_t buf[256];
        while (::poll(&p, 1, 0) > 0 && (p.revents & POLLIN)) {
            const ssize_t n = ::read(pty_->master_fd(), buf, sizeof buf);
            if (n <= 0) break;
            heard_.insert(heard_.end(), buf, buf + n);
        }
        return heard_;
    }
    void send(const io::dgt::Bytes& bytes) {
        ASSERT_EQ(::write(pty_->master_fd(), bytes.data(), bytes.size()), ssize_t(bytes.size()));
    }
    void dump(const io::dgt::BoardCodes& board) {
        io::dgt::Bytes b;
        io::dgt::write_board_dump(board, b);
        send(b);
    }
    void update(std::string_view square, io::dgt::Piece p) {
        io::dgt::Bytes b;
        io::dgt::write_field_update(sensor(square), p, b);
        send(b);
    }

  private:
    std::unique_ptr<sim::Pty> pty_;
    io::dgt::Bytes heard_;
};

TEST(DaemonFieldLog, UpdatesThatChangeNoBoardAreKeptToo) {
    const auto dir = fresh_dir("field-log-raw");
    const std::string log = (dir / "log.sqlite").string();
    RawBoard board;
    {
        Venue venue(log, "13579", board.path());
        // The host's start sequence ends with the board dump request: answer it.
        ASSERT_TRUE(venue.step_until([&] { return board.heard().size() >= 4; }));
        board.dump(io::dgt::start_position());
        ASSERT_TRUE(venue.step_until([&] { return venue.count("board_snapshot") >= 1; }));
        // The pawn on e2 reported again (a board repeats a square whose sensor wavered), a magic
        // piece on the empty e4 (a result signal: no chess piece), then the pawn lifted.
        board.update("e2", io::dgt::Piece::W_PAWN);
        board.update("e4", io::dgt::Piece::MAGIC_DRAW);
        board.update("e2", io::dgt::Piece::EMPTY);
        ASSERT_TRUE(venue.step_until([&] { return venue.count("board_field_update") >= 3; }))
            << venue.count("board_field_update") << " field updates logged";
        venue.step_until([] { return false; }, 200ms);
    }
    const Logged logged = read_log(log);
    ASSERT_EQ(logged.updates.size(), 3u);
    EXPECT_EQ(logged.updates[0].dgt_square, sensor("e2"));
    EXPECT_EQ(logged.updates[0].piece_code, 1);
    EXPECT_EQ(logged.updates[1].dgt_square, sensor("e4"));
    EXPECT_EQ(logged.updates[1].piece_code, 13);
    EXPECT_EQ(logged.updates[1].square, chess::SQ_E4);
    EXPECT_EQ(logged.updates[2].dgt_square, sensor("e2"));
    EXPECT_EQ(logged.updates[2].piece_code, 0);
    // Only the lift changed the board: the first two are in the log and in no snapshot.
    EXPECT_EQ(logged.snapshots,
              (std::vector<std::string>{START, "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR"}));
    EXPECT_EQ(logged.kinds,
              (std::vector<std::string>{"snapshot", "update", "update", "update", "snapshot"}));
}

}  // namespace
}  // namespace venue::runtime
