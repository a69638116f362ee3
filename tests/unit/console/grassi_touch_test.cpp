// The players' touch panel on a Grassi's ChessBall match, headless (ImGui with no renderer, the
// display 1920x1080): a tap on the field picks the nearest point, the game's controls make the
// draft input of the taps, the model previews it (the refusal with its clause, or what it would
// decide) and nothing reaches the engine before Confirm. The clicks on the real window are the
// console's e2e test (tests/e2e/console).
#include <gtest/gtest.h>

#include <cmath>

#include "../../support/grassi_config.h"
#include "console/panels.h"
#include "console_feed.h"
#include "games/grassi/rules/grassi_match.h"

namespace venue::console {
namespace {

using testing::Headless;

class GrassiTouch : public ::testing::Test {
  protected:
    void SetUp() override {
        send(engine::MatchCreated{engine::testing::grassi_config()});
        input(0, "seed", {{"value", "77"}});
        white_kicks_ = game().kicker() == chess::WHITE;
        input(0, "place", {{"points", white_kicks_ ? "7,7 4,5 12,5" : "7,5 4,5 12,5"}});
        input(1, "place", {{"points", white_kicks_ ? "9,11 4,11 12,11" : "9,9 4,11 12,11"}});
        h_.ui.touch_panel = true;
    }

    const games::grassi::GrassiGame& game() const {
        return *dynamic_cast<const games::grassi::GrassiMatch&>(*state_.match("g1")).game();
    }
    void send(engine::EventBody body) { state_.apply({0, std::nullopt, std::move(body)}); }
    void input(int side, std::string kind, std::map<std::string, std::string> args) {
        send(engine::GameInput{"g1", std::move(kind), side, "", std::move(args), "", ""});
    }
    // One frame as the app draws it: the draft of the frame before is previewed.
    ConsoleView frame() {
        model_.set_draft(h_.ui.draft);
        ConsoleView v = model_.build(state_, DeviceInputs{}, 0);
        ImGui::NewFrame();
        draw_console(v, {}, h_.ui);
        ImGui::Render();
        return v;
    }
    // A finger on point (x, y) of the touch panel's field (where the last frame drew it), `off`
    // pixels off in each direction.
    void tap(int x, int y, float off = 0) { drag(x, y, x, y, off); }
    // A finger down on point (x0, y0) and lifted on (x1, y1), a frame on the way.
    void drag(int x0, int y0, int x1, int y1, float off = 0) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = at(x0, y0, off);
        io.MouseDown[0] = true;
        frame();
        io.MousePos = ImVec2((io.MousePos.x + at(x1, y1, off).x) / 2,
                             (io.MousePos.y + at(x1, y1, off).y) / 2);
        frame();
        io.MousePos = at(x1, y1, off);
        frame();
        io.MouseDown[0] = false;
        frame();
    }
    ImVec2 at(int x, int y, float off) {
        const UiState::Target* field = nullptr;
        for (const UiState::Target& t : h_.ui.touch_targets)
            if (t.name == "field") field = &t;
        EXPECT_NE(field, nullptr);
        if (!field) return {};
        const float spacing = (field->x1 - field->x0) / 16;
        EXPECT_GE(spacing, 60.0f);  // a finger's target at 1920x1080
        return ImVec2(field->x0 + float(x) * spacing + off, field->y1 - float(y) * spacing - off);
    }

    engine::VenueState state_;
    ViewModel model_;
    Headless h_;
    bool white_kicks_ = true;
};

TEST_F(GrassiTouch, TapsPickTheNearestPointsAndTheLastTapAgainTakesItBack) {
    frame();
    ASSERT_TRUE(h_.ui.touch_panel);
    tap(4, 5, 20.0f);  // 20 pixels off: still (4, 5)
    tap(5, 6, -20.0f);
    ASSERT_EQ(h_.ui.picks.size(), 2u);
    EXPECT_EQ(h_.ui.picks[0], (engine::FieldPoint{4, 5}));
    EXPECT_EQ(h_.ui.picks[1], (engine::FieldPoint{5, 6}));
    tap(5, 6);
    ASSERT_EQ(h_.ui.picks.size(), 1u);
    EXPECT_EQ(h_.ui.picks_match, "g1");
}

// A drag is the two taps it joins: the point where the finger went down and the one where it was
// lifted; a drag from the last point tapped adds only where it ends.
TEST_F(GrassiTouch, ADragPicksWhereItStartsAndWhereItEnds) {
    frame();
    drag(12, 5, 12, 7);
    ASSERT_EQ(h_.ui.picks.size(), 2u);
    EXPECT_EQ(h_.ui.picks[0], (engine::FieldPoint{12, 5}));
    EXPECT_EQ(h_.ui.picks[1], (engine::FieldPoint{12, 7}));
    drag(12, 7, 10, 7);
    ASSERT_EQ(h_.ui.picks.size(), 3u);
    EXPECT_EQ(h_.ui.picks[2], (engine::FieldPoint{10, 7}));
    EXPECT_FALSE(h_.ui.press);  // the finger is up
}

// The side on move taps its rook one half square forward: the draft is its "move" with the path
// tapped, and the preview (a frame later) is the game's own decision: accepted, with the MP left.
// Nothing is sent: the outbox stays empty until Confirm, and the state is unchanged.
TEST_F(GrassiTouch, TheDraftOfThePathIsPreviewedBeforeAnythingIsSent) {
    const int mover = int(game().mover());
    const std::string before = state_.canonical();
    h_.ui.touch_action = "move";
    frame();
    const int y = mover == 0 ? 5 : 11, dy = mover == 0 ? 1 : -1;
    tap(12, y);
    tap(12, y + dy);
    ASSERT_TRUE(h_.ui.draft);
    EXPECT_EQ(h_.ui.draft->kind, "move");
    EXPECT_EQ(h_.ui.draft->side, mover);
    EXPECT_EQ(h_.ui.draft->player, mover == 0 ? "w" : "b");
    EXPECT_EQ(h_.ui.draft->args.at("path"),
              "12," + std::to_string(y) + " 12," + std::to_string(y + dy));
    const ConsoleView v = frame();
    ASSERT_TRUE(v.matches[0].draft_preview);
    EXPECT_TRUE(v.matches[0].draft_preview->accepted) << v.matches[0].draft_preview->reason;
    EXPECT_FALSE(v.matches[0].draft_preview->decisions.empty());
    EXPECT_TRUE(h_.ui.outbox.empty());
    EXPECT_EQ(state_.canonical(), before);

    // A path the rook cannot take: refused before Confirm, with the clause.
    h_.ui.picks.clear();
    tap(12, y);
    tap(15, 14);  // no rook's step
    frame();
    const ConsoleView refused = frame();
    ASSERT_TRUE(refused.matches[0].draft_preview);
    EXPECT_FALSE(refused.matches[0].draft_preview->accepted);
    EXPECT_EQ(refused.matches[0].draft_preview->rule.rfind("GCB-", 0), 0u)
        << refused.matches[0].draft_preview->rule;
    EXPECT_TRUE(h_.ui.outbox.empty());
}

// The arbiter's window draws the field in its board panel and drafts nothing; F2 turns to the
// touch panel, whose drafts are for the side whose move it is.
TEST_F(GrassiTouch, TheArbitersWindowDrawsTheFieldAndF2GoesToTheTouchPanel) {
    h_.ui.touch_panel = false;
    const ConsoleView v = frame();
    ASSERT_TRUE(v.matches[0].field);
    EXPECT_EQ(v.matches[0].field->tokens.size(), 9u);
    EXPECT_FALSE(h_.ui.draft);  // the arbiter's window drafts nothing
    ImGui::GetIO().KeysDown[KEY_F2] = true;
    frame();
    ImGui::GetIO().KeysDown[KEY_F2] = false;
    frame();
    EXPECT_TRUE(h_.ui.touch_panel);
    h_.ui.touch_action = "pass_move";
    frame();
    ASSERT_TRUE(h_.ui.draft);
    EXPECT_EQ(h_.ui.draft->kind, "pass_move");
    EXPECT_EQ(h_.ui.draft->side, int(game().mover()));
}

}  // namespace
}  // namespace venue::console
