#include "console/window_scale.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>
#include <fmt/core.h>

#include <algorithm>

#include "console/panels.h"
#include "console/ui_scale.h"

namespace venue::console {

void initial_window_size(float forced, bool size_given, int& width, int& height) {
    if (size_given) return;
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    float x = 1, y = 1;
    if (monitor) glfwGetMonitorContentScale(monitor, &x, &y);
    const float s = choose_scale(x, y, forced);
    width = int(float(width) * s);
    height = int(float(height) * s);
    if (const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr) {
        width = std::min(width, mode->width);
        height = std::min(height, mode->height);
    }
}

WindowScale::WindowScale(GLFWwindow* window, float forced) : window_(window), forced_(forced) {
    glfwGetWindowContentScale(window_, &content_x_, &content_y_);
    // ImGui's GLFW backend (1.86) keeps its state elsewhere: the user pointer is ours.
    glfwSetWindowUserPointer(window_, this);
    glfwSetWindowContentScaleCallback(window_, on_content_scale);
}

WindowScale::~WindowScale() {
    glfwSetWindowContentScaleCallback(window_, nullptr);
    glfwSetWindowUserPointer(window_, nullptr);
}

void WindowScale::on_content_scale(GLFWwindow* window, float x, float y) {
    // Called from glfwPollEvents / glfwWaitEvents on the UI thread: apply() reads it next frame.
    if (auto* self = static_cast<WindowScale*>(glfwGetWindowUserPointer(window))) {
        self->content_x_ = x;
        self->content_y_ = y;
    }
}

bool WindowScale::apply(Fonts& fonts) {
    const float s = choose_scale(content_x_, content_y_, forced_);
    if (s == applied_) return false;
    const bool first = applied_ == 0;
    applied_ = s;
    // From the unscaled style each time, so that scalings do not compound.
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowRounding = 4;
    style.FrameRounding = 3;
    style.ScaleAllSizes(s);
    ImGui::GetStyle() = style;
    fonts = load_fonts(s);
    if (!first) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    if (s != 1.0f)
        fmt::print("venue-console: drawing at scale {:g} (content scale {:g}x{:g}{})\n", s,
                   content_x_, content_y_, forced_ > 0 ? ", --scale" : "");
    return true;
}

}  // namespace venue::console
