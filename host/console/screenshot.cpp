#include "console/screenshot.h"

#include <GL/gl.h>

#include <cstring>
#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb_image_write.h>

namespace venue::console {

std::string write_screenshot(const std::string& path, int width, int height) {
    if (width <= 0 || height <= 0) return "the framebuffer is empty";
    const std::size_t row = std::size_t(width) * 3;
    std::vector<unsigned char> pixels(row * std::size_t(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    if (glGetError() != GL_NO_ERROR) return "glReadPixels failed";
    // GL's rows start at the bottom; PNG's at the top.
    std::vector<unsigned char> line(row);
    for (int y = 0; y < height / 2; ++y) {
        unsigned char* a = pixels.data() + std::size_t(y) * row;
        unsigned char* b = pixels.data() + std::size_t(height - 1 - y) * row;
        std::memcpy(line.data(), a, row);
        std::memcpy(a, b, row);
        std::memcpy(b, line.data(), row);
    }
    if (!stbi_write_png(path.c_str(), width, height, 3, pixels.data(), int(row)))
        return "cannot write " + path;
    return "";
}

}  // namespace venue::console
