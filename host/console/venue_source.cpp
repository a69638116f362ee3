#include "console/venue_source.h"

#include <cctype>
#include <chrono>
#include <filesystem>

#include "config/venue_config.h"
#include "publish/hall_publishing.h"
#include "runtime/session.h"

#ifdef VENUE_HAVE_DEMO
#include "demo/demo_choice.h"
#include "demo/simulated_event.h"
#endif

namespace venue::console {
namespace {

class RealVenue final : public VenueSource {
  public:
    RealVenue(config::VenueConfig config, std::unique_ptr<runtime::Session> session)
        : config_(std::move(config)), session_(std::move(session)), daemon_(*session_) {}
    ~RealVenue() override { finish(); }

    Result<std::vector<runtime::StepRecord>, std::string> step(std::int64_t) override {
        return daemon_.step();
    }
    runtime::Daemon& daemon() override { return daemon_; }
    const runtime::Session& session() const override { return *session_; }
    std::string title() const override {
        return config_.event_name.empty() ? std::string("Venue") : config_.event_name;
    }
    std::string hub_match() const override {
        const engine::MatchConfig* m = config_.hub_match();
        for (const std::string& d : devices)
            if (m && d.rfind("hub ", 0) == 0) return m->id;
        return "";
    }
    void finish() override {
        if (!stopped_) daemon_.stop();
        if (!stopped_ && publishing_) publishing_->stop(std::chrono::milliseconds(3000));
        stopped_ = true;
    }
    std::optional<BrokerInput> broker() const override {
        if (!publishing_) return std::nullopt;
        const publish::PublishStatus s = publishing_->status();
        return BrokerInput{s.connected, s.broker, s.topic, s.durable, s.acked, s.refused};
    }
    void start() { daemon_.start(); }
    // [publish]: the log and the feed's documents to the championship's broker. Made before the
    // daemon runs; a publisher that cannot start is a message, never a stop. Its state is the
    // devices panel's "broker" row.
    void publish(publish::PublishOptions options) {
        auto started = publish::HallPublishing::start(std::move(options), daemon_, nullptr);
        if (started)
            publishing_ = std::move(*started);
        else
            devices.push_back("publish: not started: " + started.error());
    }

  private:
    config::VenueConfig config_;
    std::unique_ptr<runtime::Session> session_;
    runtime::Daemon daemon_;
    std::unique_ptr<publish::HallPublishing> publishing_;  // goes before the daemon
    bool stopped_ = false;
};

}  // namespace

Result<std::unique_ptr<VenueSource>, std::string> open_venue(const VenueOptions& o) {
    auto config = config::load_venue_config(o.config);
    if (!config) return unexpected(config.error().to_string());
    const std::string log_path = o.log.empty() ? config->log_path : o.log;
    auto session = runtime::Session::open(*config, log_path);
    if (!session) return unexpected(session.error());
    auto publishing = publish::publish_options_for(*config, log_path);
    if (!publishing) return unexpected(publishing.error());
    auto venue = std::make_unique<RealVenue>(*config, std::move(*session));
    auto devices = runtime::attach_devices(*config, venue->daemon(), o.devices);
    if (!devices) return unexpected(devices.error());
    venue->devices = *devices;
    if (venue->session().last_seq() > 0) venue->history_log = log_path;
    if (*publishing) venue->publish(std::move(**publishing));
    venue->start();
    return std::unique_ptr<VenueSource>(std::move(venue));
}

#ifdef VENUE_HAVE_DEMO
namespace {

class DemoVenue final : public VenueSource {
  public:
    explicit DemoVenue(std::unique_ptr<demo::SimulatedEvent> ev) : ev_(std::move(ev)) {}
    ~DemoVenue() override { finish(); }

    Result<std::vector<runtime::StepRecord>, std::string> step(std::int64_t now_ms) override {
        return ev_->step(now_ms);
    }
    runtime::Daemon& daemon() override { return ev_->daemon(); }
    const runtime::Session& session() const override { return ev_->session(); }
    std::string title() const override { return "Demo: " + ev_->title(); }
    std::string hub_match() const override { return ev_->match().id; }
    bool done() const override { return ev_->done() || ev_->failed(); }
    std::string failure() const override { return ev_->failed() ? ev_->failure() : ""; }
    void finish() override { ev_->finish(); }

  private:
    std::unique_ptr<demo::SimulatedEvent> ev_;
};

}  // namespace

Result<std::unique_ptr<VenueSource>, std::string> open_demo(const DemoSourceOptions& o) {
    if (!(o.speed > 0.05 && o.speed <= 50))
        return unexpected(std::string("--speed: give a factor between 0.05 and 50"));
    const std::string log_path = o.log.empty() ? demo::default_demo_log_name() : o.log;
    const demo::SimulatedEventOptions options{o.speed, o.elf, o.step_timeout_ms};
    auto plan = demo::plan_demo(o.game, o.tree, o.players, o.seed, o.turns);
    if (!plan) return unexpected(plan.error());
    if (std::filesystem::exists(log_path))
        return unexpected(log_path + " exists; the demo writes a fresh log (give --log)");
    auto ev = demo::SimulatedEvent::start(std::move(*plan), log_path, options);
    if (!ev) return unexpected(ev.error());
    auto src = std::make_unique<DemoVenue>(std::move(*ev));
    src->devices = {"demo log " + log_path};
    return std::unique_ptr<VenueSource>(std::move(src));
}

std::string demo_option_help(const std::string& option) {
    std::string help = demo::demo_option_help(option);
    if (!help.empty()) help[0] = char(std::tolower(static_cast<unsigned char>(help[0])));
    return "--demo: " + help;
}
#else
Result<std::unique_ptr<VenueSource>, std::string> open_demo(const DemoSourceOptions&) {
    return unexpected(
        std::string("this build has no hub simulator (simavr, gcc-avr): run "
                    "scripts/setup"));
}

std::string demo_option_help(const std::string&) {
    return "";
}
#endif

}  // namespace venue::console
