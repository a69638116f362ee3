#include "sim/hub/run_hub_rig.h"

#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "sim/hub/hub_rig_thread.h"

namespace venue::sim {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_signal(int) {
    g_interrupted = true;
}

const char* report_name(HubReport::What what) {
    switch (what) {
        case HubReport::What::BOOT:
            return "boot";
        case HubReport::What::LEDS:
            return "leds";
        case HubReport::What::LAMP_A:
            return "lamp-a";
        case HubReport::What::LAMP_B:
            return "lamp-b";
        case HubReport::What::BUZZER:
            return "buzzer";
        case HubReport::What::STATION_LAMPS:
            return "station-lamps";
    }
    return "?";
}

void print_report(const HubReport& r) {
    const double t = static_cast<double>(r.hub_cycles) / HUB_CYCLES_PER_US;
    if (r.what == HubReport::What::BOOT) {
        std::printf("t=%.4f boot mcusr=0x%02x\n", t, r.value);
    } else if (r.what == HubReport::What::LEDS) {
        std::printf("t=%.4f leds 0x%04x\n", t, r.value);
    } else if (r.what == HubReport::What::STATION_LAMPS) {
        std::printf("t=%.4f station-lamps 0x%02x\n", t, r.value);
    } else {
        std::printf("t=%.4f %s %s\n", t, report_name(r.what), r.value ? "on" : "off");
    }
    std::fflush(stdout);
}

}  // namespace

int run_hub_rig(const HubRigOptions& options) {
    std::vector<HubAction> script;
    if (!options.script_path.empty()) {
        std::ifstream in(options.script_path);
        if (!in) {
            std::fprintf(stderr, "venue sim hub: cannot open %s\n", options.script_path.c_str());
            return 1;
        }
        std::stringstream text;
        text << in.rdbuf();
        auto parsed = parse_hub_script(text.str());
        if (auto* e = std::get_if<HubScriptError>(&parsed)) {
            std::fprintf(stderr, "venue sim hub: %s: %s\n", options.script_path.c_str(),
                         e->message.c_str());
            return 1;
        }
        script = std::get<std::vector<HubAction>>(parsed);
    }
    HubRigConfig config;
#ifdef VENUE_HUB_ELF_DEFAULT
    config.elf_path = options.elf_path.empty() ? VENUE_HUB_ELF_DEFAULT : options.elf_path;
#else
    config.elf_path = options.elf_path;
#endif
    // The path first: report lines come from the rig thread, after on_ready.
    auto started =
        HubRigThread::start(config, options.speed, print_report, [](const std::string& path) {
            std::printf("%s\n", path.c_str());
            std::fflush(stdout);
        });
    if (auto* e = std::get_if<std::string>(&started)) {
        std::fprintf(stderr, "venue sim hub: %s\n", e->c_str());
        return 1;
    }
    auto& rig = *std::get<std::unique_ptr<HubRigThread>>(started);
    rig.schedule(script);

    g_interrupted = false;
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    bool stdin_open = options.read_stdin;
    std::string pending;
    int line_no = 0;
    while (!rig.finished() && !g_interrupted) {
        if (!stdin_open) {
            usleep(20'000);
            continue;
        }
        pollfd p{STDIN_FILENO, POLLIN, 0};
        if (poll(&p, 1, 20) <= 0) continue;
        char buf[1024];
        const ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
        if (n <= 0) {
            stdin_open = false;  // EOF: keep running until quit or a signal
            continue;
        }
        pending.append(buf, static_cast<size_t>(n));
        for (size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
            const std::string line = pending.substr(0, nl);
            pending.erase(0, nl + 1);
            ++line_no;
            auto parsed = parse_hub_action_line(line);
            if (auto* e = std::get_if<HubScriptError>(&parsed)) {
                std::fprintf(stderr, "stdin line %d: %s\n", line_no, e->message.c_str());
                continue;
            }
            rig.schedule(std::get<std::vector<HubAction>>(parsed));
        }
    }
    const bool crashed = rig.with_rig([](HubRig& r) { return r.crashed(); });
    rig.stop();
    std::fprintf(stderr, "venue sim hub: %s; %llu bytes to the host dropped\n",
                 crashed ? "the CPU crashed" : "stopped",
                 static_cast<unsigned long long>(rig.tx_dropped()));
    return crashed ? 2 : 0;
}

}  // namespace venue::sim
