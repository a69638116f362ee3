#include "console/setup_hub.h"

#include <type_traits>

#include "io/hub/hub_runner.h"
#include "runtime/attach_devices.h"

namespace venue::console {

int feed_claim_presses(SetupWizard& wizard, const std::vector<io::HubEvent>& events) {
    int n = 0;
    for (const io::HubEvent& e : events) {
        const auto* input = std::get_if<io::HubInput>(&e);
        if (!input) continue;
        if (const auto* press = std::get_if<wire::ButtonPress>(&input->payload)) {
            wizard.on_claim_press(int(press->button));
            ++n;
        }
    }
    return n;
}

SetupHub::SetupHub(std::string port)
    : port_(std::move(port)), runner_(std::make_unique<io::HubRunner>(runtime::hub_link(port_))) {
    runner_->start();
}

SetupHub::~SetupHub() {
    runner_->stop();
}

int SetupHub::poll(SetupWizard& wizard) {
    return feed_claim_presses(wizard, runner_->poll_events());
}

std::string SetupHub::status() const {
    const io::HubLinkStatus s = runner_->status();
    std::string text = "hub on " + port_ + ": " + io::state_name(s.state);
    if (s.state != io::HubSessionState::RUNNING && !s.last_error.empty())
        text += " (" + s.last_error + ")";
    if (!s.refusal.empty()) text += " (" + s.refusal + ")";
    return text;
}

}  // namespace venue::console
