// A board with lights (the DGT Revelation II) shows Chess Eleven's ball (C11-A25 ball_led): the
// engine's light decision reaches the board's driver after its event is durable, and the board
// is sent SET_LEDS in its own numbering; a host that restarts lights the square again from the
// log. The board is the emulator's model behind the real driver session (VirtualBoard).
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "../../unit/eleven/eleven_script.h"
#include "eleven_hall.h"

namespace venue::runtime {
namespace {

// The Chess Eleven tests' match (board "b1"), with the board's light on the ball, or on where a
// lifted piece may go (C11-PASS-3 move_lights).
engine::MatchConfig eleven_with_lights(bool move_lights = false) {
    games::eleven::ElevenRules rules;
    rules.ball_led = !move_lights;
    rules.move_lights = move_lights;
    return games::eleven::testing::eleven_config(rules);
}

// The board lights tests' hall: the match with the lights asked for.
struct Hall : testing::ElevenHall {
    explicit Hall(const std::filesystem::path& log, bool move_lights = false)
        : ElevenHall(log, eleven_with_lights(move_lights)) {}
};

TEST(DaemonBoardLights, TheBallsSquareIsLitOnTheBoardAndAgainAfterAHostRestart) {
    const auto log = std::filesystem::path(::testing::TempDir()) / "daemon_board_lights.sqlite";
    std::filesystem::remove(log);
    // e4 is the board's sensor 36 (a8 = 0): every light out, then that one.
    const io::dgt::Bytes e4{0x01, 36, 36, 0x00};
    {
        Hall hall(log);
        hall.to_kick_off();
        // No ball on a square yet: the host put every light out when it started.
        EXPECT_EQ(hall.board->model().last_leds(), (io::dgt::Bytes{0x00, 0, 63, 0x00}));
        hall.board->act("move e3 e4");  // the rook collects the ball in the centre
        hall.run(1000);
        const auto* m = hall.session->state().match("e1");
        ASSERT_NE(m, nullptr);
        EXPECT_NE(m->canonical().find("ball 1 28"), std::string::npos) << m->canonical();
        EXPECT_EQ(hall.board->model().last_leds(), e4);
        hall.daemon->stop();
    }
    // The host restarts on the same log: the board is told again what the state says.
    Hall again(log);
    again.run(50);
    EXPECT_EQ(again.board->model().last_leds(), e4);
    again.daemon->stop();
}

// C11-PASS-3 on the board: the rook lifted at the kick-off lights e4 and e5, the squares of the
// centre circle it may reach (sensors 36 and 28); set back, every light is out again.
TEST(DaemonBoardLights, ALiftedPieceLightsWhereItMayGo) {
    const auto log = std::filesystem::path(::testing::TempDir()) / "daemon_move_lights.sqlite";
    std::filesystem::remove(log);
    Hall hall(log, true);
    hall.to_kick_off();
    EXPECT_EQ(hall.board->model().lit_fields(), 0u);
    hall.board->act("lift e3");
    hall.run(300);
    EXPECT_EQ(hall.board->model().lit_fields(),
              (std::uint64_t{1} << 36) | (std::uint64_t{1} << 28));
    hall.board->act("put e3 R");
    hall.run(300);
    EXPECT_EQ(hall.board->model().lit_fields(), 0u);
    hall.daemon->stop();
}

}  // namespace
}  // namespace venue::runtime
