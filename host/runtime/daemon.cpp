#include "runtime/daemon.h"

#include "common/overloaded.h"
#include "runtime/press_hold.h"
#include "venue/event_json.h"
#include "venue/match_of.h"

namespace venue::runtime {

namespace {

std::string hub_device(const wire::Handshake& h) {
    return "hub:" + std::to_string(h.hub_serial);
}

// For operators' messages: which command the hub refused.
const char* command_name(const io::HubCommand& c) {
    static constexpr const char* NAMES[] = {
        "ConfigureButton", "ConfigureInputs", "ConfigureLockout", "ArmTeam",      "ReleaseClaim",
        "ClockSetPeriod",  "ClockReset",      "ClockSetTime",     "ClockAddTime", "ClockStart",
        "ClockPause",      "ClockResume",     "SetLeds",          "SetLamp",      "Buzz",
        "TestStall"};
    static_assert(std::size(NAMES) == std::variant_size_v<io::HubCommand>);
    return NAMES[c.index()];
}

}  // namespace

Daemon::Daemon(Session& session, DaemonOptions options) : session_(session), options_(options) {}

Daemon::~Daemon() {
    stop();
}

void Daemon::attach_hub(std::unique_ptr<io::Link> link, std::string match_id,
                        io::HubRunnerConfig config) {
    // Log first: the hub keeps an event until the host says it is stored.
    config.session.ack_on_delivery = false;
    hub_ = std::make_unique<io::HubRunner>(std::move(link), config);
    // The hub keeps up to 64 events for resending; a few more for ClockReadings between them.
    for (auto& k : session_.recent_hub_events(256)) logged_hub_.insert(std::move(k));
    hub_bridge_.emplace(std::move(match_id));
}

void Daemon::attach_board(std::string board_id, io::dgt::BoardPort port, std::string match_id,
                          io::dgt::BoardRunnerConfig config, sensing::RecogniserConfig recogniser,
                          std::optional<bool> clock_white_left) {
    std::optional<ClockBridge> clock;
    if (clock_white_left) clock.emplace(match_id, *clock_white_left);
    boards_.push_back(Board{std::make_unique<io::dgt::BoardRunner>(std::move(port), config),
                            BoardBridge(match_id, std::move(board_id), recogniser),
                            io::dgt::BoardLinkState::DISCONNECTED, std::move(clock), 0});
}

Daemon::Board* Daemon::clock_board(const std::string& match_id) {
    for (Board& b : boards_)
        if (b.clock && b.clock->match_id() == match_id) return &b;
    return nullptr;
}

// A match not started yet gets its time control on the clock, stopped until the first press.
// A match under way keeps whatever the clock shows: it kept the time while the host was away.
void Daemon::check_clock(Board& b, const io::dgt::BwTime& t) {
    const engine::Match* m = session_.state().match(b.clock->match_id());
    if (!m || m->phase() != engine::MatchPhase::WAITING || t.running) return;
    io::dgt::SetAndRun s;
    s.left = s.right = to_clock_time(m->config().time.base_ms);
    s.pause = true;
    std::string why;
    if (!b.runner->clock_set_and_run(s, &why)) say("DGT clock: setting the time control: " + why);
}

void Daemon::to_clock(Board& b, const engine::DeviceCommand& c) {
    const auto reading = b.runner->clock_reading();
    if (!reading) {
        say("the DGT clock of match " + b.clock->match_id() + " has not answered: " + c.command +
            " not sent");
        return;
    }
    const engine::Match* m = session_.state().match(b.clock->match_id());
    const chess::Color to_move = m ? m->game().position().side_to_move() : chess::WHITE;
    std::string why;
    auto s = b.clock->set_and_run_for(c, *reading, to_move, &why);
    if (s && !b.runner->clock_set_and_run(*s, &why)) s.reset();
    if (!s) say("DGT clock: " + c.command + ": " + why);
}

void Daemon::start() {
    if (started_) return;
    started_ = true;
    if (hub_) hub_->start();
    for (Board& b : boards_) b.runner->start();
}

void Daemon::stop() {
    if (!started_) return;
    started_ = false;
    if (hub_) hub_->stop();
    for (Board& b : boards_) b.runner->stop();
}

void Daemon::post(engine::Event event) {
    std::lock_guard<std::mutex> lock(posted_mutex_);
    posted_.push_back(std::move(event));
}

void Daemon::send(io::HubCommand cmd, const std::string& why) {
    const std::string name = command_name(cmd);
    auto id = hub_->submit(std::move(cmd));
    if (!id) {
        say("the hub's command queue is full: " + name + " (" + why + ") was not sent");
        return;
    }
    sent_[*id] = name + " (" + why + ")";
    if (sent_.size() > 256) sent_.erase(sent_.begin());
}

void Daemon::say(const std::string& text) {
    if (message_) message_(text);
}

std::optional<io::HubLinkStatus> Daemon::hub_status() const {
    if (!hub_) return std::nullopt;
    return hub_->status();
}

std::vector<io::dgt::BoardStatus> Daemon::board_statuses() const {
    std::vector<io::dgt::BoardStatus> out;
    for (const Board& b : boards_) out.push_back(b.runner->status());
    return out;
}

void Daemon::hub_inputs(std::vector<engine::Event>& events, std::vector<io::HostNanos>& happened) {
    if (!hub_) return;
    const io::HostNanos now = io::HubRunner::now_ns();
    std::vector<io::HubInput> inputs;
    // Hub input joins the queue of held input (released in order by release_held).
    auto flush_inputs = [&] {
        for (HubTranslated& t : hub_bridge_->translate(inputs)) {
            if (!logged_hub_.empty() &&
                logged_hub_.count({t.event.hub_us.value_or(-1), engine::kind_name(t.event.body),
                                   engine::event_payload(t.event.body)}))
                continue;  // stored by the host run before this one
            held_.push_back({std::move(t.event), t.happened_ns, t.seq, 0});
        }
        for (const io::HubInput& in : inputs) hub_seq_seen_ = std::max(hub_seq_seen_, in.seq);
        inputs.clear();
    };
    auto system = [&](engine::EventBody body, io::HostNanos at) {
        flush_inputs();
        events.push_back({at, std::nullopt, std::move(body)});
        happened.push_back(at);
    };
    for (io::HubEvent& ev : hub_->poll_events()) {
        std::visit(
            Overloaded{
                [&](io::HubInput& in) { inputs.push_back(std::move(in)); },
                [&](io::HubConnected& c) {
                    std::string detail = "firmware " + std::to_string(c.handshake.build_id) +
                                         ", protocol " +
                                         std::to_string(c.handshake.protocol_version) + ", boot " +
                                         io::boot_reason_name(c.handshake.boot_reason);
                    if (c.new_session) {
                        detail += " (new to this host: configured from the engine)";
                        configure_after_us_ = c.handshake.hub_time_us;
                        // Sequence numbers start again: what is held from before goes now.
                        for (Held& h : held_) {
                            events.push_back(std::move(h.event));
                            happened.push_back(h.happened_ns);
                        }
                        held_.clear();
                        hub_seq_seen_ = 0;
                    }
                    system(engine::DeviceConnected{hub_device(c.handshake), detail}, c.at);
                },
                [&](io::HubRefused& r) {
                    say("hub refused: " + r.message);
                    system(engine::DeviceLost{hub_device(r.handshake), r.message}, r.at);
                },
                [&](io::HubDisconnected& d) {
                    system(engine::DeviceLost{"hub", d.reason}, d.at);
                },
                [&](io::HubEventsLost& l) {
                    system(engine::DeviceLost{"hub", "hub events " + std::to_string(l.first) +
                                                         ".." + std::to_string(l.last) +
                                                         " were lost by the hub"},
                           l.at);
                },
                [&](io::HubCommandResult& r) {
                    std::string what = "hub command " + std::to_string(r.cmd_id);
                    if (auto it = sent_.find(r.cmd_id); it != sent_.end()) {
                        what += " " + it->second;
                        sent_.erase(it);
                    }
                    if (r.outcome != io::CommandOutcome::ACKED)
                        say(what + ": the hub rebooted before answering");
                    else if (r.status != wire::CommandStatus::OK)
                        say(what + " refused: " +
                            (r.status == wire::CommandStatus::BAD_STATE ? "BAD_STATE"
                                                                        : "BAD_ARGUMENT"));
                },
            },
            ev);
    }
    flush_inputs();

    // The clock as the hub's heartbeats report it, a few times a second at most.
    if (now - last_status_ns_ >= 50'000'000) {
        last_status_ns_ = now;
        io::HubLinkStatus st = hub_->status();
        if (st.heartbeat && st.state == io::HubSessionState::RUNNING) {
            heartbeat_ = st.heartbeat;
            // A heartbeat of the session that just said Handshake (not one held from before).
            if (configure_after_us_ && st.heartbeat->hub_time_us >= *configure_after_us_ &&
                st.heartbeat->hub_time_us < *configure_after_us_ + 10'000'000) {
                configure_after_us_.reset();
                configure_hub(*st.heartbeat);
            }
            if (auto r = hub_bridge_->clock_reading(*st.heartbeat, now,
                                                    options_.clock_reading_every_ns)) {
                events.push_back(std::move(*r));
                happened.push_back(now);
            }
        }
    }
}

void Daemon::board_inputs(std::vector<engine::Event>& events,
                          std::vector<io::HostNanos>& happened) {
    for (Board& b : boards_) {
        const engine::Match* match = session_.state().match(b.bridge.match_id());
        const std::size_t before = events.size();
        for (io::dgt::BoardEvent& ev : b.runner->poll()) {
            const io::HostNanos now = io::HubRunner::now_ns();
            std::visit(
                Overloaded{
                    [&](const sensing::Snapshot& s) {
                        if (match) b.bridge.on_board(s, *match, now, events);
                    },
                    // Each one as the board sent it, in order, logged like the snapshots:
                    // while the board's match exists.
                    [&](const io::dgt::SensedFieldUpdate& f) {
                        if (match) b.bridge.on_field_update(f, now, events);
                    },
                    [&](const io::dgt::ClockEvent& c) {
                        if (const auto* r = std::get_if<io::dgt::ClockCommandResult>(&c);
                            r && !r->ok)
                            say("DGT clock of board " + b.bridge.board_id() +
                                ": command failed: " + r->error);
                        if (!b.clock) return;
                        if (const auto* t = std::get_if<io::dgt::ClockTimes>(&c);
                            t && !b.clock_checked) {
                            b.clock_checked = true;
                            check_clock(b, t->time);
                        }
                        b.clock->on_event(c, now, events);
                        if (auto side = b.clock->take_start_request())
                            to_clock(b, engine::DeviceCommand{"hub", "clock.run", *side, 0, 0});
                    },
                    [&](const io::dgt::BoardStatus& st) {
                        if (st.state == b.state) return;
                        const std::string device =
                            "board:" + (st.serial.empty() ? b.bridge.board_id() : st.serial);
                        if (st.state == io::dgt::BoardLinkState::CONNECTED)
                            events.push_back(
                                {now, std::nullopt, engine::DeviceConnected{device, st.device}});
                        else if (b.state == io::dgt::BoardLinkState::CONNECTED)
                            events.push_back(
                                {now, std::nullopt,
                                 engine::DeviceLost{device, io::dgt::state_name(st.state)}});
                        b.state = st.state;
                    },
                },
                ev);
        }
        if (match)
            b.bridge.tick(io::dgt::BoardRunner::now_us(), *match, io::HubRunner::now_ns(), events);
        if (b.end_text_at_ns && io::HubRunner::now_ns() >= b.end_text_at_ns) {
            b.end_text_at_ns = 0;
            b.runner->clock_end_text();
        }
        for (std::size_t i = before; i < events.size(); ++i) happened.push_back(events[i].host_ns);
    }
}

Result<std::optional<StepRecord>, std::string> Daemon::submit(std::vector<engine::Event> events,
                                                              std::vector<io::HostNanos> happened) {
    if (events.empty()) return std::optional<StepRecord>();
    auto applied = session_.submit(std::move(events));
    if (!applied) return unexpected(applied.error());
    StepRecord r;
    r.applied = std::move(*applied);
    r.happened_ns = std::move(happened);
    r.durable_ns = io::HubRunner::now_ns();
    return std::optional<StepRecord>(std::move(r));
}

void Daemon::act_on(const StepRecord& record) {
    for (const Applied& a : record.applied) {
        const std::string match = engine::match_of(a.event.body);
        Board* clock = clock_board(match);
        const bool hub_serves = hub_ && hub_bridge_->match_id() == match;
        for (const engine::Decision& d : a.decisions) {
            if (clock) {
                const std::string text = ClockBridge::announcement(d);
                if (!text.empty() && clock->runner->clock_text(text, 2)) {
                    clock->end_text_at_ns = io::HubRunner::now_ns() + 4'000'000'000;
                }
            }
            const auto* c = std::get_if<engine::DeviceCommand>(&d.body);
            if (!c || c->device != "hub") continue;
            // The match's clock is a DGT 3000 on its board: the clock commands go there.
            if (clock && c->command.rfind("clock.", 0) == 0) {
                to_clock(*clock, *c);
                continue;
            }
            if (!hub_serves) continue;
            std::string why;
            auto commands = HubBridge::commands_for(*c, heartbeat_, &why);
            if (!why.empty()) say(why);
            for (io::HubCommand& cmd : commands) send(std::move(cmd), c->command);
        }
    }
    for (const Observer& o : observers_) o(record);
}

void Daemon::configure_hub(const wire::Heartbeat& hb) {
    const engine::Match* match = session_.state().match(hub_bridge_->match_id());
    if (!match) {
        say("the hub serves match '" + hub_bridge_->match_id() + "', which does not exist");
        return;
    }
    // A stopped clock is set from the engine (a fresh or rebooted hub, or a game not started);
    // a clock that runs, is paused or has flagged belongs to a game the hub kept going while
    // this host was away: it is left alone.
    const bool clock = hb.clock_state == wire::ClockState::STOPPED;
    for (io::HubCommand& cmd : HubBridge::configuration(*match, clock)) {
        // The button holding a claim cannot be reassigned (BAD_STATE) and needs no change.
        if (auto* b = std::get_if<wire::ConfigureButton>(&cmd); b && b->button == hb.claim_button)
            continue;
        send(std::move(cmd), "configuration");
    }
}

bool Daemon::press_waits(const std::string& match_id, io::HostNanos held_since,
                         io::HostNanos now) const {
    const engine::Match* match = session_.state().match(match_id);
    const bool move_sensed = match && match->pending_move().has_value();
    for (const Board& b : boards_)
        if (b.bridge.match_id() == match_id &&
            press_still_held(now, held_since,
                             {b.bridge.settling(), b.bridge.last_change_ns(), b.bridge.settle_us()},
                             move_sensed))
            return true;
    return false;
}

// A clock press waits for its match's board to be read (press_hold.h), so that the move it
// completes is known: a player who presses at once after setting the piece down has made a move,
// not an illegal press. Everything the hub sent after it waits too, so that the engine sees the
// hub's order.
void Daemon::release_held(std::vector<engine::Event>& events, std::vector<io::HostNanos>& happened,
                          io::HostNanos now) {
    while (!held_.empty()) {
        Held& h = held_.front();
        if (const auto* press = std::get_if<engine::ClockPressed>(&h.event.body)) {
            if (h.held_since_ns == 0) h.held_since_ns = now;
            if (press_waits(press->match, h.held_since_ns, now)) return;
        }
        events.push_back(std::move(h.event));
        happened.push_back(h.happened_ns);
        held_.pop_front();
    }
}

Result<std::vector<StepRecord>, std::string> Daemon::step() {
    std::vector<StepRecord> records;

    std::vector<engine::Event> events;
    std::vector<io::HostNanos> happened;
    {
        std::lock_guard<std::mutex> lock(posted_mutex_);
        for (engine::Event& e : posted_) {
            happened.push_back(e.host_ns);
            events.push_back(std::move(e));
        }
        posted_.clear();
    }
    hub_inputs(events, happened);
    release_held(events, happened, io::HubRunner::now_ns());
    auto first = submit(std::move(events), std::move(happened));
    if (!first) return unexpected(first.error());
    // Durable now: the hub may forget them, up to the first one still held (the hub's
    // acknowledgement is cumulative).
    if (hub_ && hub_seq_seen_ > 0)
        hub_->confirm_stored(held_.empty() ? hub_seq_seen_ : held_.front().seq - 1);
    if (*first) {
        act_on(**first);
        records.push_back(std::move(**first));
    }

    std::vector<engine::Event> board_events;
    std::vector<io::HostNanos> board_happened;
    board_inputs(board_events, board_happened);
    auto second = submit(std::move(board_events), std::move(board_happened));
    if (!second) return unexpected(second.error());
    if (*second) {
        act_on(**second);
        records.push_back(std::move(**second));
    }
    return records;
}

}  // namespace venue::runtime
