// The hub, for the setup wizard: its claim presses, fed to SetupWizard::on_claim_press, so that
// an arbiter assigns a button by asking the player to press it.
//
// No daemon, no session and no log: the wizard writes a file and plays no match, so the hub's
// driver (io::HubRunner) is read directly and its events are not stored. A hub not configured
// yet reports every press as a ButtonPress with outcome UNASSIGNED; one configured by an earlier
// run reports it with its lockout's verdict. Either way the button number is what counts.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "console/setup_wizard.h"
#include "io/hub/hub_event.h"

namespace venue::io {
class HubRunner;
}

namespace venue::console {

// Every ButtonPress among `events` is a press for the wizard, in order. Returns how many.
int feed_claim_presses(SetupWizard& wizard, const std::vector<io::HubEvent>& events);

class SetupHub {
  public:
    // Opens the hub on `port` as `venue run` does: a pty (a simulator) through termios, any other
    // port through libserialport at the hub's 1 Mbit/s. The driver reconnects by itself.
    explicit SetupHub(std::string port);
    ~SetupHub();
    SetupHub(const SetupHub&) = delete;
    SetupHub& operator=(const SetupHub&) = delete;

    // Feeds the presses that arrived since the last call to the wizard. Never waits.
    int poll(SetupWizard& wizard);
    // "hub on /dev/ttyACM0: RUNNING" (or the link's last error), for the wizard's window.
    std::string status() const;

  private:
    std::string port_;
    std::unique_ptr<io::HubRunner> runner_;
};

}  // namespace venue::console
