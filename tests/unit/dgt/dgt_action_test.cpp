// Script lines of the emulator.
#include <gtest/gtest.h>

#include "sim/dgt/dgt_action.h"

namespace venue::sim::dgt {
namespace {

Action ok(std::string_view line) {
    auto r = parse_action(line);
    if (auto* e = std::get_if<ActionError>(&r)) ADD_FAILURE() << line << ": " << e->what;
    if (!std::holds_alternative<Action>(r)) return {};
    return std::get<Action>(r);
}

std::string error(std::string_view line) {
    auto r = parse_action(line);
    if (!std::holds_alternative<ActionError>(r)) {
        ADD_FAILURE() << "no error for " << line;
        return {};
    }
    return std::get<ActionError>(r).what;
}

TEST(DgtAction, Verbs) {
    auto a = ok("lift e2");
    EXPECT_EQ(a.kind, ActionKind::LIFT);
    EXPECT_EQ(a.squares, std::vector<std::uint8_t>{*io::dgt::parse_square("e2")});
    a = ok("put e4 P");
    EXPECT_EQ(a.kind, ActionKind::PUT);
    EXPECT_EQ(a.piece, io::dgt::Piece::W_PAWN);
    a = ok("  slide d1 d2 d3\r");
    EXPECT_EQ(a.kind, ActionKind::SLIDE);
    EXPECT_EQ(a.squares.size(), 3u);
    EXPECT_EQ(ok("wait 250").count, 250);
    EXPECT_EQ(ok("flicker a1").count, 1);
    EXPECT_EQ(ok("flicker a1 3").count, 3);
    EXPECT_EQ(ok("knock e4 e5").squares.size(), 2u);
    EXPECT_EQ(ok("overlap g1 f3").kind, ActionKind::OVERLAP);
    EXPECT_EQ(ok("button run").button, io::dgt::ClockButton::RUN);
    EXPECT_EQ(ok("setup start").board, io::dgt::start_position());
    EXPECT_EQ(ok("setup 8/8/8/8/8/8/8/K6k").board[63], io::dgt::Piece::B_KING);
    EXPECT_EQ(ok("unplug 300").kind, ActionKind::UNPLUG);
    EXPECT_EQ(ok("quit").kind, ActionKind::QUIT);
    EXPECT_EQ(ok("lever").kind, ActionKind::LEVER);
    EXPECT_EQ(ok("clear").kind, ActionKind::CLEAR);
}

TEST(DgtAction, BlankAndCommentLines) {
    EXPECT_TRUE(std::holds_alternative<std::monostate>(parse_action("")));
    EXPECT_TRUE(std::holds_alternative<std::monostate>(parse_action("   ")));
    EXPECT_TRUE(std::holds_alternative<std::monostate>(parse_action("# opening")));
}

TEST(DgtAction, ErrorsNameTheWord) {
    EXPECT_EQ(error("jump e2"), "unknown action 'jump'");
    EXPECT_EQ(error("lift e9"), "not a square: 'e9'");
    EXPECT_EQ(error("put e4 X"), "not a piece letter (PNBRQK pnbrqk): 'X'");
    EXPECT_EQ(error("lift"), "'lift': wrong number of arguments (0)");
    EXPECT_EQ(error("wait soon"), "not a number of milliseconds: 'soon'");
    EXPECT_EQ(error("flicker a1 0"), "flicker count must be 1..1000: '0'");
    EXPECT_NE(error("button panic").find("'panic'"), std::string::npos);
    EXPECT_NE(error("setup 8/8").find("'8/8'"), std::string::npos);
}

}  // namespace
}  // namespace venue::sim::dgt
