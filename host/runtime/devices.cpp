#include "runtime/devices.h"

namespace venue::runtime {

namespace {

class HubRunnerDevice final : public HubDevice {
  public:
    HubRunnerDevice(std::unique_ptr<io::Link> link, io::HubRunnerConfig config)
        : runner_(std::move(link), config) {}
    void start() override { runner_.start(); }
    void stop() override { runner_.stop(); }
    std::optional<std::uint16_t> submit(io::HubCommand command) override {
        return runner_.submit(std::move(command));
    }
    std::vector<io::HubEvent> poll_events() override { return runner_.poll_events(); }
    void confirm_stored(std::uint32_t seq) override { runner_.confirm_stored(seq); }
    io::HubLinkStatus status() const override { return runner_.status(); }

  private:
    io::HubRunner runner_;
};

class BoardRunnerDevice final : public BoardDevice {
  public:
    BoardRunnerDevice(io::dgt::BoardPort port, io::dgt::BoardRunnerConfig config)
        : runner_(std::move(port), config) {}
    void start() override { runner_.start(); }
    void stop() override { runner_.stop(); }
    std::vector<io::dgt::BoardEvent> poll() override { return runner_.poll(); }
    io::dgt::BoardStatus status() const override { return runner_.status(); }
    std::optional<std::uint32_t> clock_set_and_run(const io::dgt::SetAndRun& s,
                                                   std::string* why) override {
        return runner_.clock_set_and_run(s, why);
    }
    std::optional<std::uint32_t> clock_text(std::string_view text, std::uint8_t beep,
                                            std::string* why) override {
        return runner_.clock_text(text, beep, why);
    }
    std::optional<std::uint32_t> clock_end_text(std::string* why) override {
        return runner_.clock_end_text(why);
    }
    std::optional<io::dgt::BwTime> clock_reading() const override {
        return runner_.clock_reading();
    }
    bool light_squares(const std::vector<int>& squares, std::string* why) override {
        return runner_.light_squares(squares, why);
    }

  private:
    io::dgt::BoardRunner runner_;
};

}  // namespace

std::unique_ptr<HubDevice> hub_runner_device(std::unique_ptr<io::Link> link,
                                             io::HubRunnerConfig config) {
    return std::make_unique<HubRunnerDevice>(std::move(link), config);
}

std::unique_ptr<BoardDevice> board_runner_device(io::dgt::BoardPort port,
                                                 io::dgt::BoardRunnerConfig config) {
    return std::make_unique<BoardRunnerDevice>(std::move(port), config);
}

}  // namespace venue::runtime
