// The console's scale on high-DPI screens (ui_scale.h): which scale is drawn at, the fonts' sizes
// for it, and the panels drawn at scale 2 with fonts twice the size.
#include <cmath>

#include "console/ui_scale.h"
#include "console_feed.h"

namespace venue::console {
namespace {

using namespace testing;

TEST(ConsoleScale, TheContentScaleUnlessScaleIsGiven) {
    EXPECT_EQ(choose_scale(1, 1), 1.0f);
    EXPECT_EQ(choose_scale(2, 2), 2.0f);         // a 4K screen at 200 %
    EXPECT_EQ(choose_scale(1.5f, 1.25f), 1.5f);  // the larger axis
    EXPECT_EQ(choose_scale(1, 1, 2), 2.0f);      // --scale 2 under Xvfb (content scale 1)
    EXPECT_EQ(choose_scale(2, 2, 1), 1.0f);      // --scale 1 on a high-DPI screen
    EXPECT_EQ(choose_scale(1, 1, 1.75f), 1.75f);
}

TEST(ConsoleScale, ClampedToWhatStaysReadableAndFits) {
    EXPECT_EQ(choose_scale(0.5f, 0.5f), 1.0f);  // never smaller than designed
    EXPECT_EQ(choose_scale(6, 6), 4.0f);
    EXPECT_EQ(choose_scale(0, 0), 1.0f);  // a display that reports nothing
    EXPECT_EQ(choose_scale(-1, std::nanf("")), 1.0f);
    EXPECT_TRUE(valid_forced_scale(1));
    EXPECT_TRUE(valid_forced_scale(2.5f));
    EXPECT_TRUE(valid_forced_scale(4));
    EXPECT_FALSE(valid_forced_scale(0.5f));
    EXPECT_FALSE(valid_forced_scale(5));
    EXPECT_FALSE(valid_forced_scale(std::nanf("")));
}

TEST(ConsoleScale, FontSizesInWholePixels) {
    const FontSizes one = font_sizes(1);
    EXPECT_EQ(one.body, 18);
    EXPECT_EQ(one.large, 30);
    EXPECT_EQ(one.clock, 128);
    EXPECT_EQ(one.pieces, 96);
    const FontSizes two = font_sizes(2);
    EXPECT_EQ(two.body, 36);
    EXPECT_EQ(two.large, 60);
    EXPECT_EQ(two.clock, 256);
    EXPECT_EQ(two.pieces, 192);
    const FontSizes odd = font_sizes(1.25f);
    EXPECT_EQ(odd.body, 23);   // 22.5 rounded
    EXPECT_EQ(odd.large, 38);  // 37.5 rounded
    EXPECT_EQ(odd.clock, 160);
}

TEST(ConsoleScale, ThePanelsDrawAtTwiceTheSize) {
    Feed f;
    f.turn("e4");
    Headless h;
    h.frames(f, 2);
    ImGuiIO& io = ImGui::GetIO();
    const float body1 = h.ui.fonts.body->FontSize;
    const float line1 = ImGui::GetTextLineHeight();
    // The fonts rebuilt at scale 2 (the atlas replaced), on a 4K display.
    h.ui.fonts = load_fonts(2);
    ASSERT_TRUE(io.Fonts->IsBuilt());
    EXPECT_EQ(h.ui.fonts.scale, 2.0f);
    EXPECT_EQ(h.ui.fonts.px(52), 104.0f);
    if (h.ui.fonts.chess_glyphs) {
        EXPECT_EQ(body1, 18.0f);
        EXPECT_EQ(h.ui.fonts.body->FontSize, 36.0f);
        EXPECT_EQ(h.ui.fonts.clock->FontSize, 256.0f);
    } else {
        EXPECT_EQ(h.ui.fonts.body->FontSize, 2 * body1);  // ImGui's own font, scaled
    }
    io.DisplaySize = ImVec2(3840, 2160);
    EXPECT_GT(h.frames(f, 3), 1000);
    // Inside a panel the body font is pushed: a text line is twice as tall.
    ImGui::NewFrame();
    ImGui::PushFont(h.ui.fonts.body);
    EXPECT_NEAR(ImGui::GetTextLineHeight(), 2 * line1, 1.0f);
    ImGui::PopFont();
    ImGui::EndFrame();
}

}  // namespace
}  // namespace venue::console
