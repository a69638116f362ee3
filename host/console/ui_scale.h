// The console's scale on high-DPI screens: which scale to draw at, from the window's content
// scale (what the desktop asks for: 2 on a 4K screen at 200 %) and `--scale`, and the font sizes
// for it. Pure, so that the choice is tested without a display; the apps apply it (fonts, ImGui's
// style, the panels' own sizes).
#pragma once

namespace venue::console {

// The smallest and largest scales drawn: below 1 the console's text is no longer readable from
// across a table; above 4 the clock's digits no longer fit a font atlas texture.
constexpr float MIN_SCALE = 1.0f;
constexpr float MAX_SCALE = 4.0f;

// `forced` (--scale; 0 = not given) wins; else the larger of the content scale's axes. Either is
// clamped to [MIN_SCALE, MAX_SCALE]; a content scale that is not a positive number (a display
// that reports none) counts as 1.
float choose_scale(float content_x, float content_y, float forced = 0.0f);

// Whether `--scale` may be given this value.
bool valid_forced_scale(float forced);

// The fonts' pixel sizes at `scale`, whole pixels (a font rasterised at a fractional size is
// blurred): at 1, body 18, large 30, clock 128, pieces 96.
struct FontSizes {
    float body = 18, large = 30, clock = 128, pieces = 96;
};
FontSizes font_sizes(float scale);

}  // namespace venue::console
