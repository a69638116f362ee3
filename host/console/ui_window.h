// The window both of venue-console's apps draw in (the console and the setup wizard): GLFW with an
// OpenGL 3 context, Dear ImGui with its GLFW and OpenGL3 backends, no ImGui ini file (the layouts
// are fixed). Open, use, and the destructor takes it all down in the right order.
#pragma once

#include <memory>

struct GLFWwindow;

namespace venue::console {

struct AppOptions;

class UiWindow {
  public:
    // nullptr, after saying why on stderr, when there is no display or no OpenGL 3.
    // `vsync`: swap at the display's rate (off to measure frame times).
    static std::unique_ptr<UiWindow> open(const char* title, const AppOptions& o, bool vsync);
    ~UiWindow();
    UiWindow(const UiWindow&) = delete;
    UiWindow& operator=(const UiWindow&) = delete;

    GLFWwindow* glfw() const { return window_; }

    // Draws ImGui's rendered frame (after ImGui::Render) into the back buffer, on the console's
    // background; not yet swapped.
    void render() const;
    // With --screenshot: once `frame` (frames drawn so far, this one included) reaches --frames,
    // writes the back buffer as the PNG and returns true (the app then stops); rc = 1 if the
    // PNG could not be written. False otherwise.
    bool take_screenshot(const AppOptions& o, int frame, int& rc) const;

  private:
    explicit UiWindow(GLFWwindow* w) : window_(w) {}
    GLFWwindow* window_;
};

}  // namespace venue::console
