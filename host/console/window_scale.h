// High-DPI for the console's and the setup wizard's windows: the scale follows the window's
// content scale (GLFW: the desktop's setting for the monitor it is on, and its callback when the
// window moves to another) unless --scale forces one (ui_scale.h chooses), and is applied
// between frames: the fonts rebuilt at their sizes for it, ImGui's style scaled
// (ImGuiStyle::ScaleAllSizes), the OpenGL font texture uploaded again.
#pragma once

struct GLFWwindow;

namespace venue::console {

struct Fonts;

// The window's size before it exists: `width` x `height` as given (--size), else the default
// grown by the primary monitor's scale and kept within the monitor.
void initial_window_size(float forced, bool size_given, int& width, int& height);

class WindowScale {
  public:
    // `forced`: --scale, 0 for the content scale. Installs the content-scale callback (the
    // window's user pointer is this object's: keep it alive as long as the window).
    WindowScale(GLFWwindow* window, float forced);
    ~WindowScale();
    WindowScale(const WindowScale&) = delete;
    WindowScale& operator=(const WindowScale&) = delete;

    // Between frames (before ImGui's NewFrame): when the scale to draw at differs from the one
    // applied (the first call always), rebuilds `fonts` and the style for it. Returns whether it
    // did. The first call, before any frame, leaves the texture to the backend's first frame.
    bool apply(Fonts& fonts);
    float scale() const { return applied_; }

  private:
    static void on_content_scale(GLFWwindow* window, float x, float y);

    GLFWwindow* window_;
    float forced_;
    float content_x_ = 1, content_y_ = 1;
    float applied_ = 0;  // 0: nothing applied yet
};

}  // namespace venue::console
