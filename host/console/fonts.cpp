// The console's fonts: DejaVu from Debian (fonts-dejavu-core), whose Sans has the chess symbols.
#include <cmath>
#include <filesystem>

#include "console/panels.h"
#include "console/ui_scale.h"

namespace venue::console {
namespace {

std::string font_path(const char* file) {
    return std::string(VENUE_FONT_DIR) + "/" + file;
}

}  // namespace

Fonts load_fonts(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const FontSizes size = font_sizes(scale);
    Fonts f;
    f.scale = scale;
    // ImGui's own font is a 13 px bitmap: scaled as a whole it stays readable, if coarse.
    auto default_font = [&] {
        ImFontConfig c;
        c.SizePixels = std::round(13.0f * scale);
        return io.Fonts->AddFontDefault(&c);
    };
    const std::string sans = font_path("DejaVuSans.ttf");
    const std::string bold = font_path("DejaVuSans-Bold.ttf");
    const std::string mono_bold = font_path("DejaVuSansMono-Bold.ttf");
    std::error_code ec;
    if (!std::filesystem::exists(sans, ec) || !std::filesystem::exists(bold, ec) ||
        !std::filesystem::exists(mono_bold, ec)) {
        f.body = f.large = f.clock = f.pieces = default_font();
        io.Fonts->Build();
        return f;
    }
    // Latin-1 and Latin Extended-A, Cyrillic (players' and teams' names as the setup wizard
    // takes them), punctuation (dashes, µ, ½), arrows, geometric shapes, the misc symbols block
    // (the chess men U+2654..265F, the warning sign U+26A0, the star U+2605) and the dingbats'
    // check marks (U+2713, U+2717).
    static const ImWchar body_ranges[] = {0x0020, 0x017F, 0x0400, 0x04FF, 0x2010,
                                          0x2044, 0x2190, 0x21FF, 0x25A0, 0x25FF,
                                          0x2600, 0x26FF, 0x2700, 0x27BF, 0};
    static const ImWchar clock_ranges[] = {0x0020, 0x003A, 0};  // space + - . / 0-9 :
    static const ImWchar piece_ranges[] = {0x2654, 0x265F, 0};
    ImFontConfig cfg;
    // Oversampling sharpens small text; at twice the size and more the glyphs are sharp anyway,
    // and the atlas (four times the area at scale 2) stays within a texture's limits.
    cfg.OversampleH = scale >= 2 ? 1 : 2;
    f.body = io.Fonts->AddFontFromFileTTF(sans.c_str(), size.body, &cfg, body_ranges);
    f.large = io.Fonts->AddFontFromFileTTF(bold.c_str(), size.large, &cfg, body_ranges);
    ImFontConfig big;
    big.OversampleH = 1;
    big.OversampleV = 1;
    f.clock = io.Fonts->AddFontFromFileTTF(mono_bold.c_str(), size.clock, &big, clock_ranges);
    f.pieces = io.Fonts->AddFontFromFileTTF(sans.c_str(), size.pieces, &big, piece_ranges);
    f.chess_glyphs = f.body && f.large && f.clock && f.pieces;
    if (!f.chess_glyphs) {
        io.Fonts->Clear();
        f = Fonts{};
        f.scale = scale;
        f.body = f.large = f.clock = f.pieces = default_font();
    }
    io.Fonts->Build();
    return f;
}

}  // namespace venue::console
