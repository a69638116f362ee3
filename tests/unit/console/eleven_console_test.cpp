// Chess Eleven in the console: its entries are registered (its inputs in words, the arbiter's
// buttons), and the arbiter's "Ball" as the dialog makes it (an input with the arbiter's name and
// note) reaches the match and puts the ball on the piece typed.
#include <gtest/gtest.h>

#include "../eleven/eleven_script.h"
#include "console/game_console.h"
#include "console/game_panels.h"
#include "console/view_model.h"

namespace venue::console {
namespace {

TEST(ElevenConsole, TheGamesEntriesSayItsInputsAndDrawTheArbitersButtons) {
    const GameConsole* g = find_game_console("eleven");
    ASSERT_NE(g, nullptr);
    ASSERT_NE(g->input_words, nullptr);
    EXPECT_FALSE(g->illegal_move_stands);
    engine::GameInput ball{"e1", "ball", 0, "", {{"to", "d7"}}, "Chief", "missed"};
    EXPECT_EQ(g->input_words(ball, "White"), "The ball to the piece on d7");
    ball.args["to"] = "centre";
    EXPECT_EQ(g->input_words(ball, "White"), "The ball back on the centre circle");
    engine::GameInput pass{"e1", "pass", 1, "", {{"from", "a8"}, {"to", "b7"}}, "", ""};
    EXPECT_EQ(g->input_words(pass, "Black"), "Black passes from a8 to b7");
    const GamePanels* p = find_game_panels("eleven");
    ASSERT_NE(p, nullptr);
    EXPECT_NE(p->draw_actions, nullptr);
    EXPECT_NE(p->draw_entry_fields, nullptr);
}

TEST(ElevenConsole, TheArbitersBallReachesTheMatchWithTheNote) {
    games::eleven::testing::ElevenScript s;
    s.input(chess::WHITE, "substitute", {{"piece", "q"}});
    s.input(chess::BLACK, "substitute", {{"piece", "q"}});
    s.board(games::eleven::testing::OPEN_E_FILE);
    s.input(chess::WHITE, "ready");
    s.input(chess::BLACK, "ready");
    s.move("e3e4");
    ArbiterIntent intent;
    intent.match = "e1";
    intent.input = engine::GameInput{"", "ball", 0, "", {{"to", "c7"}}, "", ""};
    intent.arbiter = "Chief";
    intent.note = "Black's pawn has it";
    const auto event = to_event(intent, 0);
    ASSERT_TRUE(event) << event.error();
    const auto d = s.send(event->body);
    ASSERT_NE(engine::testing::news(d, "ball_placed"), nullptr);
    EXPECT_EQ(s.match.ball().square, chess::SQ_C7);
    EXPECT_EQ(s.match.possession(), chess::BLACK);
}

// C11-PASS-3 in the console: while a player holds a piece of the side on move lifted from the
// board, the board panel's squares carry what it may do (a pass to e2, a shot at e8).
TEST(ElevenConsole, TheBoardPanelMarksWhatALiftedPieceMayDo) {
    engine::VenueState state;
    const auto send = [&](engine::EventBody body) {
        state.apply({0, std::nullopt, std::move(body)});
    };
    const auto input = [&](chess::Color side, const char* kind,
                           std::map<std::string, std::string> args = {}) {
        send(engine::GameInput{"e1", kind, int(side), "", std::move(args), "", ""});
    };
    send(engine::MatchCreated{games::eleven::testing::eleven_config()});
    input(chess::WHITE, "substitute", {{"piece", "q"}});
    input(chess::BLACK, "substitute", {{"piece", "q"}});
    send(engine::BoardSnapshot{"e1", "b1", games::eleven::testing::OPEN_E_FILE});
    input(chess::WHITE, "ready");
    input(chess::BLACK, "ready");
    send(engine::MoveSensed{"e1", "b1", "e3e4"});
    send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, chess::SQ_E4});  // the carrier lifted
    ViewModel model;
    const ConsoleView v = model.build(state, DeviceInputs{}, 0);
    ASSERT_EQ(v.matches.size(), 1u);
    const BoardView& b = v.matches[0].board;
    EXPECT_TRUE(b.squares[chess::SQ_E2].marks & MARK_PASS_TO);
    EXPECT_TRUE(b.squares[chess::SQ_E8].marks & MARK_SHOT_AT);
    EXPECT_TRUE(b.squares[chess::SQ_E4].marks & MARK_BALL);
    EXPECT_FALSE(b.squares[chess::SQ_D2].marks & (MARK_MOVE_TO | MARK_PASS_TO | MARK_SHOT_AT));
    send(engine::BoardFieldUpdate{"e1", "b1", 0, 4, chess::SQ_E4});  // set back
    const ConsoleView after = model.build(state, DeviceInputs{}, 0);
    EXPECT_FALSE(after.matches[0].board.squares[chess::SQ_E2].marks & MARK_PASS_TO);
}

}  // namespace
}  // namespace venue::console
