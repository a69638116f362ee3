#include "console/console_app.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <fmt/core.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <thread>

#include "console/panels.h"
#include "console/ui_window.h"
#include "console/window_scale.h"
#include "runtime/replay.h"

namespace venue::console {
namespace {

std::atomic<bool> g_signalled{false};
void on_signal(int) {
    g_signalled = true;
}

HostNanos now_ns() {
    return io::HubRunner::now_ns();
}

double thread_cpu_s() {
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

double process_cpu_s() {
    rusage ru{};
    ::getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

// The engine thread: steps the venue and feeds the view model, all under the venue lock.
class Engine {
  public:
    Engine(VenueSource& source, ViewModel& model, std::mutex& lock)
        : source_(source), model_(model), lock_(lock) {}
    ~Engine() { stop(); }

    void start() {
        source_.daemon().on_message([this](const std::string& m) { model_.message(m, now_ns()); });
        thread_ = std::thread([this] { run(); });
    }
    void stop() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
    }
    bool stopped() const { return ended_; }

  private:
    void run() {
        while (!stop_) {
            bool changed = false;
            {
                std::lock_guard<std::mutex> g(lock_);
                auto records = source_.step(now_ns() / 1'000'000);
                if (!records) {
                    model_.message("the log failed: " + records.error() + "; stopped", now_ns());
                    ended_ = true;
                } else {
                    for (const runtime::StepRecord& r : *records)
                        model_.observe(r, &source_.session().state());
                    changed = !records->empty();
                }
                if (!ended_ && source_.done()) {
                    const std::string why = source_.failure();
                    model_.message(
                        why.empty() ? "the demo's game is over" : "the demo stopped: " + why,
                        now_ns());
                    source_.finish();
                    ended_ = true;
                }
            }
            if (changed || ended_) glfwPostEmptyEvent();  // thread-safe: wakes the UI
            if (ended_) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }

    VenueSource& source_;
    ViewModel& model_;
    std::mutex& lock_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> ended_{false};
};

struct FrameTimes {
    std::vector<double> total_ms, view_ms, draw_ms, gl_ms;
    void print() const {
        auto stat = [](std::vector<double> v, double q) {
            if (v.empty()) return 0.0;
            std::sort(v.begin(), v.end());
            return v[std::min(v.size() - 1, std::size_t(q * double(v.size())))];
        };
        fmt::print("frames: {}\n", total_ms.size());
        fmt::print("frame time (ms): median {:.2f}, p99 {:.2f}, max {:.2f}\n", stat(total_ms, 0.5),
                   stat(total_ms, 0.99), stat(total_ms, 1.0));
        fmt::print("  view model under the lock: median {:.3f}, p99 {:.3f}\n", stat(view_ms, 0.5),
                   stat(view_ms, 0.99));
        fmt::print("  ImGui panels:              median {:.3f}, p99 {:.3f}\n", stat(draw_ms, 0.5),
                   stat(draw_ms, 0.99));
        fmt::print("  OpenGL render + swap:      median {:.3f}, p99 {:.3f}\n", stat(gl_ms, 0.5),
                   stat(gl_ms, 0.99));
    }
};

double ms_since(HostNanos t) {
    return double(now_ns() - t) / 1e6;
}

// --ui-map: the touch panel's targets in window pixels ({"touch_panel", "field_points",
// "targets": [{"name", "x0", "y0", "x1", "y1", "enabled"}]}), rewritten (whole, by a rename) when
// they move.
void write_ui_map(const std::string& path, const UiState& ui, std::string& last) {
    std::string s = fmt::format("{{\"touch_panel\": {}, \"field_points\": {}, \"targets\": [",
                                ui.touch_panel ? "true" : "false", ui.field_points);
    for (std::size_t i = 0; i < ui.touch_targets.size(); ++i) {
        const UiState::Target& t = ui.touch_targets[i];
        std::string name;
        for (char c : t.name) {
            if (c == '"' || c == '\\') name += '\\';
            name += c;
        }
        s += fmt::format(
            "{}{{\"name\": \"{}\", \"x0\": {:.0f}, \"y0\": {:.0f}, \"x1\": {:.0f}, "
            "\"y1\": {:.0f}, \"enabled\": {}}}",
            i ? ", " : "", name, t.x0, t.y0, t.x1, t.y1, t.enabled);
    }
    s += "]}\n";
    if (s == last) return;
    last = s;
    const std::string tmp = path + ".tmp";
    if (FILE* f = std::fopen(tmp.c_str(), "w")) {
        std::fputs(s.c_str(), f);
        std::fclose(f);
        std::rename(tmp.c_str(), path.c_str());
    }
}

}  // namespace

int run_console(VenueSource& source, const AppOptions& o) {
    auto ui_window = UiWindow::open("Venue console", o, o.bench_frames == 0);
    if (!ui_window) return 1;
    GLFWwindow* window = ui_window->glfw();
    WindowScale scale(window, o.scale);

    UiState ui;
    ui.touch_panel = o.touch_panel;
    std::string ui_map_text;  // what --ui-map holds
    scale.apply(ui.fonts);    // the fonts and the style at the window's scale
    std::mutex lock;
    ViewModel model;
    {
        const auto wall = std::chrono::system_clock::now().time_since_epoch();
        model.set_wall_offset_ns(
            std::chrono::duration_cast<std::chrono::nanoseconds>(wall).count() - now_ns());
        for (const std::string& d : source.devices) model.message("device: " + d, now_ns());
    }
    if (!source.history_log.empty()) {
        // The events logged before this run, into the log panel (read-only, beside the session).
        const engine::VenueState* state = &source.session().state();
        auto replayed = runtime::replay_log(
            source.history_log, source.session().last_seq(),
            [&](const runtime::Applied& a) { model.observe(a, a.event.host_ns, state); });
        if (!replayed)
            model.message("the log's history could not be read: " + replayed.error(), now_ns());
    }
    std::vector<LogRow> rows;
    std::uint64_t rows_seen = 0;
    Engine engine(source, model, lock);
    engine.start();
    g_signalled = false;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);

    FrameTimes times;
    int frame = 0;
    int rc = 0;
    double wait_s = 0;
    enum class Mode {
        NORMAL,
        BENCH_IDLE
    } mode = Mode::NORMAL;
    double idle_ui0 = 0, idle_proc0 = 0;
    HostNanos idle_t0 = 0;
    int idle_frames = 0;

    while (!glfwWindowShouldClose(window) && !g_signalled) {
        const bool paced = !o.screenshot.empty() || o.bench_frames;
        if (paced && mode == Mode::NORMAL) {
            glfwPollEvents();
        } else {
            glfwWaitEventsTimeout(wait_s);
        }
        const HostNanos t0 = now_ns();
        ConsoleView view;
        {
            std::lock_guard<std::mutex> g(lock);
            runtime::Daemon& d = source.daemon();
            DeviceInputs devices{d.hub_status(), d.board_statuses(), d.heartbeat(),
                                 source.hub_match(), source.broker()};
            model.set_draft(ui.draft);  // the touch panel's, previewed in the view
            view = model.build(source.session(), devices, t0);
            model.copy_new_rows(rows_seen, rows);
        }
        view.title = source.title();
        const double view_ms = ms_since(t0);

        const HostNanos t1 = now_ns();
        scale.apply(ui.fonts);  // the window moved to a monitor of another scale
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        draw_console(view, rows, ui);
        ImGui::Render();
        if (!o.ui_map.empty()) write_ui_map(o.ui_map, ui, ui_map_text);
        const double draw_ms = ms_since(t1);

        const HostNanos t2 = now_ns();
        ui_window->render();
        if (ui_window->take_screenshot(o, ++frame, rc)) break;
        glfwSwapBuffers(window);
        if (o.bench_frames) glFinish();
        const double gl_ms = ms_since(t2);

        // Arbiter intents leave as events; Daemon::post is thread-safe.
        for (const ArbiterIntent& in : ui.outbox) {
            auto e = to_event(in, now_ns());
            if (e) {
                {
                    std::lock_guard<std::mutex> g(lock);
                    model.expect(*e, describe(in), now_ns());
                }
                source.daemon().post(std::move(*e));
            } else {
                std::lock_guard<std::mutex> g(lock);
                model.message("not sent: " + e.error(), now_ns());
            }
        }
        ui.outbox.clear();

        if (mode == Mode::NORMAL && o.bench_frames) {
            times.total_ms.push_back(ms_since(t0));
            times.view_ms.push_back(view_ms);
            times.draw_ms.push_back(draw_ms);
            times.gl_ms.push_back(gl_ms);
            if (frame >= o.bench_frames) {
                times.print();
                if (o.bench_idle_s <= 0) break;
                mode = Mode::BENCH_IDLE;
                idle_t0 = now_ns();
                idle_ui0 = thread_cpu_s();
                idle_proc0 = process_cpu_s();
                idle_frames = 0;
            }
        } else if (mode == Mode::BENCH_IDLE) {
            ++idle_frames;
            const double s = double(now_ns() - idle_t0) / 1e9;
            if (s >= o.bench_idle_s) {
                fmt::print(
                    "idle for {:.1f} s: {} frames drawn; UI thread {:.2f}% of a core, whole "
                    "process {:.2f}% (engine thread and simulators included)\n",
                    s, idle_frames, 100 * (thread_cpu_s() - idle_ui0) / s,
                    100 * (process_cpu_s() - idle_proc0) / s);
                break;
            }
        }
        // Idle: wake when a clock's digits change, or every half second (device ages).
        std::int64_t next_ms = 500;
        for (const MatchView& m : view.matches)
            if (m.clock.next_change_ms >= 0) next_ms = std::min(next_ms, m.clock.next_change_ms);
        if (ImGui::GetIO().WantTextInput || ImGui::IsAnyMouseDown())
            next_ms = std::min<std::int64_t>(next_ms, 50);
        wait_s = double(std::max<std::int64_t>(next_ms, 5)) / 1000.0;
        if (paced && mode == Mode::NORMAL && !o.bench_frames) {
            // Screenshot mode: about 60 frames a second, so that N frames take N/60 s.
            const double spent = ms_since(t0);
            if (spent < 16.6)
                std::this_thread::sleep_for(std::chrono::microseconds(int((16.6 - spent) * 1000)));
        }
    }
    engine.stop();
    source.finish();
    return rc;  // ui_window closes the window after `scale` lets go of it
}

}  // namespace venue::console
