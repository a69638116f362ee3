// The console's window: GLFW + OpenGL 3, the frame loop, and the engine thread.
//
//   engine thread: every ~1 ms, under the venue lock: source.step() ──▶ ViewModel::observe
//                  (new records wake the UI: glfwPostEmptyEvent)
//   UI thread:     under the venue lock: ViewModel::build + new log rows (a copy); then, without
//                  it, the panels draw the copy; confirmed intents ──▶ to_event ──▶ Daemon::post
//                  idle: glfwWaitEventsTimeout until the next clock digit changes (at most 0.5 s)
//
// The devices' threads never touch ImGui, and neither does the engine thread.
#pragma once

#include <cstdint>
#include <string>

#include "console/venue_source.h"

namespace venue::console {

struct AppOptions {
    int width = 1920, height = 1080;
    bool size_given = false;   // --size: else the default grows with the monitor's scale
    float scale = 0;           // --scale: draw at this scale; 0 follows the window's content scale
    std::string screenshot;    // write a PNG after `frames` frames, then exit
    int frames = 0;            // with screenshot: frames to render first (paced at 60 Hz)
    int bench_frames = 0;      // render this many frames unpaced, print frame times, then exit
    double bench_idle_s = 5;   // with bench_frames: then measure CPU use while idle this long
    bool touch_panel = false;  // start on the players' touch panel (a game on a field of points)
    // Write where the touch panel's targets are (JSON) to this file whenever they move, for a UI
    // test that clicks them through the window system.
    std::string ui_map;
};

// Runs the window until it is closed (or the screenshot/bench is done). Returns the exit code.
int run_console(VenueSource& source, const AppOptions& options);

}  // namespace venue::console
