// The setup wizard's window (venue-console --setup FILE): GLFW + OpenGL 3 like the console, one
// thread. Each frame the hub's claim presses (if a hub is given) are fed to the wizard, then the
// wizard's panel is drawn. No daemon, no log: nothing is played, only a file written.
#pragma once

#include "console/console_app.h"
#include "console/setup_hub.h"
#include "console/setup_wizard.h"

namespace venue::console {

// Runs the window until it is closed (or the screenshot is taken). `hub` may be null: buttons
// are then typed as numbers. Returns the exit code.
int run_setup(SetupWizard& wizard, SetupHub* hub, const AppOptions& options);

}  // namespace venue::console
