#include "runtime/daemon.h"

#include <algorithm>
#include <iterator>
#include <limits>

#include "common/overloaded.h"
#include "runtime/press_hold.h"
#include "venue/chess_match.h"
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
        "TestStall",       "ArmyConfigure",   "ArmySetOrder",     "ArmySetTime",  "ArmyStart",
        "ArmySetOnMove",   "ArmyEndTurn",     "ClockLabels"};
    static_assert(std::size(NAMES) == std::variant_size_v<io::HubCommand>);
    return NAMES[c.index()];
}

// Where an input goes on the timeline of one link: when it was received, but never before the
// link's previous input (the link's own order is kept).
io::HostNanos in_link_order(io::HostNanos at, io::HostNanos& last) {
    last = std::max(last, at);
    return last;
}

// When a board's input was received (the driver's clock, µs); nullopt for a status.
std::optional<io::HostNanos> board_input_time(const io::dgt::BoardEvent& e) {
    return std::visit(Overloaded{
                          [](const sensing::Snapshot& s) -> std::optional<io::HostNanos> {
                              return s.t_us * 1000;
                          },
                          [](const io::dgt::SensedFieldUpdate& f) -> std::optional<io::HostNanos> {
                              return f.t_us * 1000;
                          },
                          [](const io::dgt::ClockEvent& c) -> std::optional<io::HostNanos> {
                              return std::visit([](const auto& x) { return x.t_us; }, c) * 1000;
                          },
                          [](const io::dgt::BoardStatus&) -> std::optional<io::HostNanos> {
                              return std::nullopt;
                          },
                      },
                      e);
}

// Evidence only: it changes no state, so a board may be read with it not applied yet.
bool evidence_only(const engine::EventBody& b) {
    return std::holds_alternative<engine::BoardSnapshot>(b) ||
           std::holds_alternative<engine::BoardFieldUpdate>(b);
}

// Keeps a queue of Pending in order of at_ns: p goes after those that happened at the same time.
template <class Queue, class P>
void insert_in_order(Queue& queue, P p) {
    auto it = queue.end();
    while (it != queue.begin() && std::prev(it)->at_ns > p.at_ns) --it;
    queue.insert(it, std::move(p));
}

}  // namespace

Daemon::Daemon(Session& session, DaemonOptions options) : session_(session), options_(options) {}

Daemon::~Daemon() {
    stop();
}

io::HostNanos Daemon::now() const {
    return options_.now_ns ? options_.now_ns() : io::HubRunner::now_ns();
}

void Daemon::attach_hub(std::unique_ptr<io::Link> link, std::string match_id,
                        io::HubRunnerConfig config) {
    // Log first: the hub keeps an event until the host says it is stored.
    config.session.ack_on_delivery = false;
    attach_hub(hub_runner_device(std::move(link), config), std::move(match_id));
}

void Daemon::attach_hub(std::unique_ptr<HubDevice> hub, std::string match_id) {
    hub_ = std::move(hub);
    // The hub keeps up to 64 events for resending; a few more for ClockReadings between them.
    for (auto& k : session_.recent_hub_events(256)) logged_hub_.insert(std::move(k));
    hub_bridge_.emplace(std::move(match_id));
}

void Daemon::attach_board(std::string board_id, io::dgt::BoardPort port, std::string match_id,
                          io::dgt::BoardRunnerConfig config, sensing::RecogniserConfig recogniser,
                          std::optional<bool> clock_white_left) {
    attach_board(std::move(board_id), board_runner_device(std::move(port), config),
                 std::move(match_id), recogniser, clock_white_left);
}

void Daemon::attach_board(std::string board_id, std::unique_ptr<BoardDevice> board,
                          std::string match_id, sensing::RecogniserConfig recogniser,
                          std::optional<bool> clock_white_left) {
    std::optional<ClockBridge> clock;
    if (clock_white_left) clock.emplace(match_id, *clock_white_left);
    Board b(std::move(board), BoardBridge(match_id, std::move(board_id), recogniser));
    b.clock = std::move(clock);
    boards_.push_back(std::move(b));
}

void Daemon::light(const engine::DeviceCommand& c) {
    for (Board& b : boards_) {
        if (b.bridge.board_id() != c.device) continue;
        if (std::string why; !b.device->light_squares(engine::lit_squares(c), &why))
            say("board " + c.device + ": " + engine::to_string(c.command) + ": " + why);
        return;
    }
    say("no board '" + c.device + "' is attached: " + engine::to_string(c.command) + " not sent");
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
    if (!b.device->clock_set_and_run(s, &why)) {
        say("DGT clock: setting the time control: " + why);
    } else {
        b.clock->sent(s);
        b.clock_settings.push_back("the time control of match " + b.clock->match_id());
    }
}

void Daemon::to_clock(Board& b, const engine::DeviceCommand& c) {
    const auto reading = b.device->clock_reading();
    if (!reading) {
        say("the DGT clock of match " + b.clock->match_id() +
            " has not answered: " + engine::to_string(c.command) + " not sent");
        return;
    }
    const engine::Match* m = session_.state().match(b.clock->match_id());
    const chess::Color to_move = m ? m->to_move() : chess::WHITE;
    std::string why;
    auto s = b.clock->set_and_run_for(c, *reading, to_move, &why);
    if (s && !b.device->clock_set_and_run(*s, &why)) s.reset();
    if (s) {
        b.clock->sent(*s);
        b.clock_settings.push_back(engine::to_string(c.command));
    } else {
        say(std::string("DGT clock: ") + engine::to_string(c.command) + ": " + why);
    }
}

void Daemon::start() {
    if (started_) return;
    started_ = true;
    if (hub_) hub_->start();
    for (Board& b : boards_) b.device->start();
    // A host that restarted does not know what the boards' lights show: the state says it.
    for (const auto& [id, match] : session_.state().matches())
        for (const engine::Decision& d : match->shown_on_devices())
            if (const auto* c = std::get_if<engine::DeviceCommand>(&d.body);
                c && c->command == engine::DeviceAction::BOARD_LIGHT_SQUARE)
                light(*c);
}

void Daemon::stop() {
    if (!started_) return;
    started_ = false;
    if (hub_) hub_->stop();
    for (Board& b : boards_) b.device->stop();
}

void Daemon::post(engine::Event event) {
    const io::HostNanos at = now();
    std::lock_guard<std::mutex> lock(posted_mutex_);
    const io::HostNanos happened = event.host_ns;
    posted_.push_back({std::move(event), happened, at, 0});
}

std::optional<std::uint16_t> Daemon::send(io::HubCommand cmd, const std::string& why) {
    const std::string name = command_name(cmd);
    auto id = hub_->submit(std::move(cmd));
    if (!id) {
        say("the hub's command queue is full: " + name + " (" + why + ") was not sent");
        return std::nullopt;
    }
    sent_[*id] = name + " (" + why + ")";
    if (sent_.size() > 256) sent_.erase(sent_.begin());
    return id;
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
    for (const Board& b : boards_) out.push_back(b.device->status());
    return out;
}

void Daemon::take_posted() {
    std::lock_guard<std::mutex> lock(posted_mutex_);
    for (Pending& p : posted_) insert_in_order(free_, std::move(p));
    posted_.clear();
}

void Daemon::hub_inputs() {
    if (!hub_) return;
    std::vector<io::HubInput> inputs;
    // Hub input joins the hub's queue (released in order by release()), at the time it was
    // received: the clock it shares with the boards' input (a DGT board stamps nothing; what it
    // sends is timed when it arrives). The hub's own time, mapped to the host's clock, would put
    // a press before the board's report of the move it completes whenever the host's process
    // was stopped in between (both drivers' threads receive late, the hub's time does not).
    auto flush_inputs = [&] {
        for (HubTranslated& t : hub_bridge_->translate(inputs)) {
            if (!logged_hub_.empty() &&
                logged_hub_.count({t.event.hub_us.value_or(-1), engine::kind_name(t.event.body),
                                   engine::event_payload(t.event.body)}))
                continue;  // stored by the host run before this one
            const io::HostNanos at = in_link_order(t.event.host_ns, hub_last_at_ns_);
            held_.push_back({std::move(t.event), t.happened_ns, at, t.seq});
        }
        for (const io::HubInput& in : inputs) hub_seq_seen_ = std::max(hub_seq_seen_, in.seq);
        inputs.clear();
    };
    auto system = [&](engine::EventBody body, io::HostNanos at) {
        flush_inputs();
        insert_in_order(free_, Pending{{at, std::nullopt, std::move(body)}, at, at, 0});
    };
    for (io::HubEvent& ev : hub_->poll_events()) {
        std::visit(
            Overloaded{
                [&](io::HubInput& in) { inputs.push_back(std::move(in)); },
                [&](io::HubConnected& c) {
                    std::string detail = "firmware " + std::to_string(c.handshake.build_id) +
                                         ", protocol " +
                                         std::to_string(c.handshake.protocol_version) + ", boot " +
                                         std::to_string(c.handshake.boot_count) + " (" +
                                         io::boot_reason_name(c.handshake.boot_reason) + ")";
                    if (c.rebooted) {
                        // Its clock, lockout and unacknowledged events went with the reboot: the
                        // arbiter must know, and why.
                        detail = std::string("the hub rebooted (") +
                                 io::boot_reason_name(c.handshake.boot_reason) + "): " + detail +
                                 "; its clock and claim lockout restarted";
                        say(detail);
                    }
                    if (c.new_session) {
                        detail += " (new to this host: configured from the engine)";
                        configure_after_us_ = c.handshake.hub_time_us;
                        // Sequence numbers start again: what is held from before goes now.
                        flush_inputs();
                        for (Pending& h : held_) insert_in_order(free_, std::move(h));
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
                    if (configuring_.erase(r.cmd_id) && configuring_.empty() &&
                        r.outcome == io::CommandOutcome::ACKED)
                        say("the hub is configured for match '" + hub_bridge_->match_id() + "'");
                },
            },
            ev);
    }
    flush_inputs();

    // The clock as the hub's heartbeats report it, a few times a second at most.
    const io::HostNanos t = now();
    if (t - last_status_ns_ >= 50'000'000) {
        last_status_ns_ = t;
        io::HubLinkStatus st = hub_->status();
        if (st.heartbeat && st.state == io::HubSessionState::RUNNING) {
            heartbeat_ = st.heartbeat;
            // A heartbeat of the session that just said Handshake (not one held from before).
            if (configure_after_us_ && st.heartbeat->hub_time_us >= *configure_after_us_ &&
                st.heartbeat->hub_time_us < *configure_after_us_ + 10'000'000) {
                configure_after_us_.reset();
                configure_hub(*st.heartbeat, st.army_status);
            }
            // A game that times something from the hub's readings asks for them more often.
            io::HostNanos every = options_.clock_reading_every_ns;
            if (const engine::Match* m = session_.state().match(hub_bridge_->match_id()))
                if (const std::int64_t wish = m->clock_readings_every_ms(); wish > 0)
                    every = every > 0 ? std::min(every, wish * 1'000'000) : wish * 1'000'000;
            // A hub in army mode reports its army clock; its two faces then stand still.
            std::optional<engine::Event> r =
                st.army_status ? hub_bridge_->army_clock_reading(*st.army_status, t, every)
                               : hub_bridge_->clock_reading(*st.heartbeat, t, every);
            if (r) insert_in_order(free_, Pending{std::move(*r), t, t, 0});
        }
    }
}

void Daemon::take_board_inputs() {
    for (Board& b : boards_) {
        const io::HostNanos polled = now();
        for (io::dgt::BoardEvent& ev : b.device->poll()) {
            // A status has no time of its own: it keeps its place among the board's input.
            const io::HostNanos at =
                in_link_order(board_input_time(ev).value_or(b.last_at_ns), b.last_at_ns);
            b.inbox.push_back({std::move(ev), at, polled});
        }
    }
}

void Daemon::add(Pass& pass, engine::Event event, io::HostNanos happened) {
    if (!evidence_only(event.body)) pass.changes_state = true;
    pass.events.push_back(std::move(event));
    pass.happened.push_back(happened);
}

bool Daemon::flush(Pass& pass) {
    if (pass.error) return false;
    if (pass.events.empty()) return true;
    auto applied = session_.submit(std::move(pass.events));
    pass.events.clear();
    if (!applied) {
        pass.error = applied.error();
        return false;
    }
    StepRecord r;
    r.applied = std::move(*applied);
    r.happened_ns = std::move(pass.happened);
    r.durable_ns = now();
    pass.happened.clear();
    pass.changes_state = false;
    act_on(r);
    pass.records.push_back(std::move(r));
    return true;
}

bool Daemon::advance_boards(Pass& pass, io::HostNanos t) {
    for (Board& b : boards_) {
        const engine::Match* match = session_.state().match(b.bridge.match_id());
        if (!match) continue;
        // A board read now is read against the match as everything before it left it.
        if (pass.changes_state && b.bridge.reads_at(t / 1000, *match)) {
            if (!flush(pass)) return false;
            match = session_.state().match(b.bridge.match_id());
            if (!match) continue;
        }
        std::vector<engine::Event> out;
        b.bridge.tick(t / 1000, *match, t, out);
        for (engine::Event& e : out) add(pass, std::move(e), t);
    }
    return true;
}

void Daemon::read_board_input(Pass& pass, Board& b, BoardInput in) {
    const io::HostNanos at = in.at_ns;
    const engine::Match* match = session_.state().match(b.bridge.match_id());
    std::vector<engine::Event> out;
    std::visit(
        Overloaded{
            [&](const sensing::Snapshot& s) {
                if (match) b.bridge.on_board(s, *match, at, out);
            },
            // Each one as the board sent it, in order, logged like the snapshots: while the
            // board's match exists.
            [&](const io::dgt::SensedFieldUpdate& f) {
                if (match) b.bridge.on_field_update(f, at, out);
            },
            [&](const io::dgt::ClockEvent& c) {
                if (const auto* r = std::get_if<io::dgt::ClockCommandResult>(&c)) {
                    // A time setting's answer is said either way: the arbiter knows the clock
                    // shows what the engine decided (a penalty, a correction), or that it does not.
                    std::string what = "command";
                    if (r->sub == io::dgt::ClockSub::SET_AND_RUN && !b.clock_settings.empty()) {
                        what = b.clock_settings.front();
                        b.clock_settings.pop_front();
                        if (r->ok)
                            say("the clock of board " + b.bridge.board_id() + " was set: " + what);
                    }
                    if (!r->ok)
                        say("DGT clock of board " + b.bridge.board_id() + ": " + what +
                            " failed: " + r->error);
                }
                if (!b.clock) return;
                if (const auto* t = std::get_if<io::dgt::ClockTimes>(&c); t && !b.clock_checked) {
                    b.clock_checked = true;
                    check_clock(b, t->time);
                }
                // The clock's input waits in its own queue: a press for its board.
                std::vector<engine::Event> clock_out;
                b.clock->on_event(c, at, clock_out);
                for (engine::Event& e : clock_out)
                    b.clock_queue.push_back({std::move(e), at, at, 0});
                if (auto side = b.clock->take_start_request())
                    to_clock(b, engine::DeviceCommand{"hub", engine::DeviceAction::CLOCK_RUN, *side,
                                                      0, 0});
            },
            [&](const io::dgt::BoardStatus& st) {
                if (st.state == b.state) return;
                const std::string device =
                    "board:" + (st.serial.empty() ? b.bridge.board_id() : st.serial);
                if (st.state == io::dgt::BoardLinkState::CONNECTED)
                    out.push_back(
                        {in.polled_ns, std::nullopt, engine::DeviceConnected{device, st.device}});
                else if (b.state == io::dgt::BoardLinkState::CONNECTED)
                    out.push_back({in.polled_ns, std::nullopt,
                                   engine::DeviceLost{device, io::dgt::state_name(st.state)}});
                b.state = st.state;
            },
        },
        in.event);
    for (engine::Event& e : out) {
        const io::HostNanos happened = e.host_ns;
        add(pass, std::move(e), happened);
    }
}

void Daemon::act_on(const StepRecord& record) {
    for (const Applied& a : record.applied) {
        const std::string match = engine::match_of(a.event.body);
        Board* clock = clock_board(match);
        const bool hub_serves = hub_ && hub_bridge_->match_id() == match;
        for (const engine::Decision& d : a.decisions) {
            if (clock) {
                const std::string text = ClockBridge::announcement(d);
                if (!text.empty() && clock->device->clock_text(text, 2, nullptr)) {
                    clock->end_text_at_ns = now() + 4'000'000'000;
                }
            }
            const auto* c = std::get_if<engine::DeviceCommand>(&d.body);
            if (c && c->command == engine::DeviceAction::BOARD_LIGHT_SQUARE) {
                light(*c);
                continue;
            }
            if (!c || c->device != "hub") continue;
            // The match's clock is a DGT 3000 on its board: the clock commands go there.
            if (clock && engine::is_clock_action(c->command)) {
                to_clock(*clock, *c);
                continue;
            }
            if (!hub_serves) continue;
            // A game ended by the hub's flag: the hub stopped its clock itself when the face
            // reached zero (FLAGGED), and the heartbeat may not say so yet.
            if (c->command == engine::DeviceAction::CLOCK_PAUSE &&
                (std::holds_alternative<engine::FlagFell>(a.event.body) ||
                 std::holds_alternative<engine::ArmyFlagFell>(a.event.body)) &&
                a.event.hub_us)
                continue;
            std::string why;
            auto commands = HubBridge::commands_for(*c, heartbeat_, &why);
            if (!why.empty()) say(why);
            for (io::HubCommand& cmd : commands)
                send(std::move(cmd), engine::to_string(c->command));
        }
    }
    if (!record.applied.empty()) show_face_labels();
    for (const Observer& o : observers_) o(record);
}

void Daemon::show_face_labels() {
    // Not before the hub is configured: a command of a session not yet open is lost.
    if (!hub_ || !heartbeat_ || configure_after_us_) return;
    const engine::Match* match = session_.state().match(hub_bridge_->match_id());
    if (!match) return;
    const std::optional<wire::ClockLabels> labels = HubBridge::face_labels(*match);
    if (!labels) return;
    const std::pair shown{labels->label_a, labels->label_b};
    if (labels_shown_ == shown) return;
    if (send(*labels, "what the faces count")) labels_shown_ = shown;
}

void Daemon::configure_hub(const wire::Heartbeat& hb, const std::optional<wire::ArmyStatus>& army) {
    const engine::Match* match = session_.state().match(hub_bridge_->match_id());
    if (!match) {
        say("the hub serves match '" + hub_bridge_->match_id() + "', which does not exist");
        return;
    }
    // A stopped clock is set from the engine (a fresh or rebooted hub, or a game not started);
    // a clock that runs, is paused or has flagged belongs to a game the hub kept going while
    // this host was away: it is left alone. A match on the army clock asks the same of the
    // army clock (a hub not in army mode has none running).
    const bool clock = match->army_clock() ? !army || army->state == wire::ClockState::STOPPED
                                           : hb.clock_state == wire::ClockState::STOPPED;
    configuring_.clear();  // a configuration of an earlier boot is moot
    for (io::HubCommand& cmd : HubBridge::configuration(*match, clock)) {
        // The button holding a claim cannot be reassigned (BAD_STATE) and needs no change.
        if (auto* b = std::get_if<wire::ConfigureButton>(&cmd); b && b->button == hb.claim_button)
            continue;
        if (auto id = send(std::move(cmd), "configuration")) configuring_.insert(*id);
    }
    labels_shown_.reset();  // a hub configured anew shows none
    show_face_labels();
}

io::HostNanos Daemon::press_waits_until(const std::string& match_id,
                                        io::HostNanos held_since) const {
    const engine::Match* match = session_.state().match(match_id);
    const engine::ChessMatch* chess = match ? match->chess() : nullptr;
    io::HostNanos until = std::numeric_limits<io::HostNanos>::min();
    for (const Board& b : boards_) {
        if (b.bridge.match_id() != match_id) continue;
        // A board that plays no game now (a free demonstration board, one being set up) has no
        // move for the press to complete: the press does not wait for it.
        if (chess && !chess->board_role(b.bridge.board_id()).game) continue;
        const bool move_sensed = chess && chess->move_sensed_on(b.bridge.board_id());
        until = std::max(until, press_held_until(held_since,
                                                 {b.bridge.settling(), b.bridge.last_change_ns(),
                                                  b.bridge.settle_us(), b.bridge.in_progress()},
                                                 move_sensed));
    }
    return until;
}

std::optional<io::HostNanos> Daemon::front_goes_at(Pass& pass, std::deque<Pending>& queue,
                                                   io::HostNanos t, bool present) {
    if (queue.empty()) return std::nullopt;
    const Pending& p = queue.front();
    const auto* press = std::get_if<engine::ClockPressed>(&p.event.body);
    if (!press || p.at_ns > t) return p.at_ns;
    // Whether the move it completes has been sensed: what the pass holds is applied first.
    if (pass.changes_state && !flush(pass)) return std::nullopt;
    const io::HostNanos until = press_waits_until(press->match, p.at_ns);
    if (until == std::numeric_limits<io::HostNanos>::min()) return t;  // its move is known
    // The waiting runs out only on the host's own clock, at the present: a past the host did
    // not watch says nothing of the board (a stopped process receives what the board sent
    // meanwhile only when it runs again, and those reports are timed then).
    if (present && until <= t) return t;
    return std::nullopt;
}

// A clock press waits for its match's board to be read (press_hold.h), so that the move it
// completes is known: a player who presses at once after setting the piece down has made a move,
// not an illegal press. Everything its device sent after it waits too, so that the engine sees
// the device's order.
bool Daemon::release(Pass& pass, std::deque<Pending>& queue, io::HostNanos t, bool present) {
    for (;;) {
        const auto goes = front_goes_at(pass, queue, t, present);
        if (pass.error) return false;
        if (!goes || *goes > t) return true;
        Pending p = std::move(queue.front());
        queue.pop_front();
        add(pass, std::move(p.event), p.happened_ns);
    }
}

Result<std::vector<StepRecord>, std::string> Daemon::step() {
    Pass pass;
    auto failed = [&]() -> Result<std::vector<StepRecord>, std::string> {
        return unexpected(*pass.error);
    };
    // 1. What came in since the last step, each source in its own order.
    take_posted();
    hub_inputs();
    take_board_inputs();
    const io::HostNanos end = now();  // everything taken in happened before this

    // 2. Judged in the order it happened, every board brought up to each moment first, as if
    // the host had been there all along.
    io::HostNanos t = timeline_ns_;
    for (;;) {
        // What the queues of device input (the hub, each DGT clock) let go at t.
        if (!release(pass, held_, t, false)) return failed();
        for (Board& b : boards_)
            if (!release(pass, b.clock_queue, t, false)) return failed();
        // The next thing to happen: something a board sent (first, at the same time), an input
        // that waits for nothing, or a queue's front reached (a press is judged at its time;
        // one still waiting goes when a reading makes its move known, or at the present).
        io::HostNanos next = std::numeric_limits<io::HostNanos>::max();
        Board* from_board = nullptr;
        bool from_free = false;
        for (Board& b : boards_)
            if (!b.inbox.empty() && b.inbox.front().at_ns < next) {
                next = b.inbox.front().at_ns;
                from_board = &b;
            }
        if (!free_.empty() && free_.front().at_ns < next) {
            next = free_.front().at_ns;
            from_board = nullptr;
            from_free = true;
        }
        auto queue_front = [&](std::deque<Pending>& q) {
            if (const auto goes = front_goes_at(pass, q, t, false); goes && *goes < next) {
                next = *goes;
                from_board = nullptr;
                from_free = false;
            }
        };
        queue_front(held_);
        for (Board& b : boards_) queue_front(b.clock_queue);
        if (pass.error) return failed();
        if (next > end) break;
        t = std::max(t, next);
        if (!advance_boards(pass, t)) return failed();
        // A press whose move the boards have just read goes before what happens next.
        if (!release(pass, held_, t, false)) return failed();
        for (Board& b : boards_)
            if (!release(pass, b.clock_queue, t, false)) return failed();
        if (from_board) {
            BoardInput in = std::move(from_board->inbox.front());
            from_board->inbox.pop_front();
            read_board_input(pass, *from_board, std::move(in));
        } else if (from_free) {
            Pending p = std::move(free_.front());
            free_.pop_front();
            add(pass, std::move(p.event), p.happened_ns);
        }
        // Otherwise a queue's front may go at t: the next round lets it go.
    }
    // 3. Up to the present: boards settled by now are read, and what no longer waits goes.
    t = std::max(t, end);
    timeline_ns_ = t;
    if (!advance_boards(pass, t) || !release(pass, held_, t, true)) return failed();
    for (Board& b : boards_)
        if (!release(pass, b.clock_queue, t, true)) return failed();
    for (Board& b : boards_)
        if (b.end_text_at_ns && now() >= b.end_text_at_ns) {
            b.end_text_at_ns = 0;
            b.device->clock_end_text(nullptr);
        }
    if (!flush(pass)) return failed();
    // Durable now: the hub may forget them, up to the first one still held (the hub's
    // acknowledgement is cumulative).
    if (hub_ && hub_seq_seen_ > 0)
        hub_->confirm_stored(held_.empty() ? hub_seq_seen_ : held_.front().seq - 1);
    return std::move(pass.records);
}

}  // namespace venue::runtime
