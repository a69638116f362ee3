#include "console/ui_scale.h"

#include <algorithm>
#include <cmath>

namespace venue::console {

float choose_scale(float content_x, float content_y, float forced) {
    float s = forced > 0 ? forced : std::max(content_x, content_y);
    if (!std::isfinite(s) || s <= 0) s = 1.0f;
    return std::clamp(s, MIN_SCALE, MAX_SCALE);
}

bool valid_forced_scale(float forced) {
    return std::isfinite(forced) && forced >= MIN_SCALE && forced <= MAX_SCALE;
}

FontSizes font_sizes(float scale) {
    const FontSizes base;
    auto at = [&](float px) { return std::round(px * scale); };
    return {at(base.body), at(base.large), at(base.clock), at(base.pieces)};
}

}  // namespace venue::console
