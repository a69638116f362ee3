#include "console/setup_app.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <fmt/core.h>

#include <chrono>
#include <thread>

#include "console/panels.h"
#include "console/ui_window.h"
#include "console/window_scale.h"

namespace venue::console {

int run_setup(SetupWizard& wizard, SetupHub* hub, const AppOptions& o) {
    auto ui_window = UiWindow::open("Venue setup wizard", o, true);
    if (!ui_window) return 1;
    GLFWwindow* window = ui_window->glfw();
    WindowScale scale(window, o.scale);

    SetupUi ui;
    scale.apply(ui.fonts);  // the fonts and the style at the window's scale
    int frame = 0;
    int rc = 0;
    while (!glfwWindowShouldClose(window)) {
        // Presses come from the hub's thread into its queue: poll often enough that a press
        // shows at once (20 times a second), and sleep otherwise.
        if (o.screenshot.empty())
            glfwWaitEventsTimeout(hub ? 0.05 : 0.5);
        else
            glfwPollEvents();
        if (hub) {
            hub->poll(wizard);
            ui.hub_status = hub->status();
        }
        scale.apply(ui.fonts);  // the window moved to a monitor of another scale
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        draw_setup_panel(wizard, ui);
        ImGui::Render();
        ui_window->render();
        if (ui_window->take_screenshot(o, ++frame, rc)) break;
        glfwSwapBuffers(window);
        if (!o.screenshot.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(16));
    }
    return rc;  // ui_window closes the window after `scale` lets go of it
}

}  // namespace venue::console
