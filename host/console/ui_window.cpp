#include "console/ui_window.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <fmt/core.h>
#include <imgui.h>

#include "console/console_app.h"
#include "console/screenshot.h"
#include "console/window_scale.h"

namespace venue::console {

std::unique_ptr<UiWindow> UiWindow::open(const char* title, const AppOptions& o, bool vsync) {
    glfwSetErrorCallback(
        [](int code, const char* text) { fmt::print(stderr, "glfw error {}: {}\n", code, text); });
    if (!glfwInit()) {
        fmt::print(stderr, "venue-console: cannot open a display (is DISPLAY set?)\n");
        return nullptr;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    int width = o.width, height = o.height;
    initial_window_size(o.scale, o.size_given, width, height);
    GLFWwindow* window = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (!window) {
        fmt::print(stderr, "venue-console: cannot create an OpenGL 3 window\n");
        glfwTerminate();
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(vsync ? 1 : 0);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is fixed; nothing to remember
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 130");
    return std::unique_ptr<UiWindow>(new UiWindow(window));
}

void UiWindow::render() const {
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(0.08f, 0.09f, 0.10f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool UiWindow::take_screenshot(const AppOptions& o, int frame, int& rc) const {
    if (o.screenshot.empty() || frame < o.frames) return false;
    int w = 0, h = 0;
    glfwGetFramebufferSize(window_, &w, &h);
    const std::string err = write_screenshot(o.screenshot, w, h);
    if (!err.empty()) {
        fmt::print(stderr, "venue-console: {}\n", err);
        rc = 1;
    } else {
        fmt::print("screenshot {} ({}x{}) after {} frames\n", o.screenshot, w, h, frame);
    }
    return true;
}

UiWindow::~UiWindow() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window_);
    glfwTerminate();
}

}  // namespace venue::console
