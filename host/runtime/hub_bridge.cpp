#include "runtime/hub_bridge.h"

#include <algorithm>
#include <bit>

#include "common/overloaded.h"
#include "io/hub/claim_resolution.h"
#include "nibbles.h"

namespace venue::runtime {

namespace {

// The lockout policy every match uses (protocol.md, ConfigureLockout): a clock press ends the
// claim, and the team whose clock runs is the one armed.
constexpr std::uint8_t RELEASE_ON_PADDLE = 0x01;
constexpr std::uint8_t ARM_FOLLOWS_CLOCK = 0x02;

// Input timing the catalogue's fairness rests on (CB-A3): confirm 200 µs, bounce 5 ms.
constexpr std::uint16_t CONFIRM_US = 200;
constexpr std::uint16_t BOUNCE_US = 5000;

// The tie draw's seed: from the match id, so that it is fixed for a match and differs between
// matches (the hub documents the draw; the host only chooses where it starts).
std::uint16_t tie_seed_for(const std::string& match_id) {
    std::uint16_t h = 0x5EED;
    for (unsigned char c : match_id) h = std::uint16_t(h * 31u + c);
    return h ? h : 1;
}

wire::TimingMode timing_of(engine::TimeMode m) {
    switch (m) {
        case engine::TimeMode::SUDDEN_DEATH:
            return wire::TimingMode::NONE;
        case engine::TimeMode::FISCHER:
            return wire::TimingMode::FISCHER;
        case engine::TimeMode::SIMPLE_DELAY:
            return wire::TimingMode::SIMPLE_DELAY;
        case engine::TimeMode::BRONSTEIN:
            return wire::TimingMode::BRONSTEIN;
    }
    return wire::TimingMode::NONE;
}

std::vector<int> buttons_in(std::uint16_t mask) {
    std::vector<int> out;
    for (int b = 0; b < 16; ++b)
        if (mask & (1u << b)) out.push_back(b);
    return out;
}

std::string tie_rule_text(const wire::ButtonPress& p) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s, LFSR state 0x%04X",
                  p.tie_rule == wire::TieRule::LFSR16_DRAW ? "LFSR16 uniform draw" : "none",
                  unsigned(p.tie_draw));
    return buf;
}

}  // namespace

wire::Team team_of(chess::Color c) {
    return c == chess::WHITE ? wire::Team::A : wire::Team::B;
}

std::optional<chess::Color> color_of(wire::Team t) {
    if (t == wire::Team::A) return chess::WHITE;
    if (t == wire::Team::B) return chess::BLACK;
    return std::nullopt;
}

engine::ClaimPressed HubBridge::claim_from(const wire::ButtonPress& p,
                                           const std::vector<io::HubInput>& batch) {
    engine::ClaimPressed c;
    c.match = match_;
    c.button = p.button;
    switch (p.outcome) {
        case wire::PressOutcome::ACCEPTED:
            c.verdict = engine::ClaimVerdict::ACCEPTED;
            claim_time_us_ = p.time_us;
            break;
        case wire::PressOutcome::LATE:
            c.verdict = engine::ClaimVerdict::LATE;
            if (claim_time_us_ && p.time_us >= *claim_time_us_) {
                c.margin_us = std::int64_t(p.time_us - *claim_time_us_);
                // A margin the hub cannot resolve says only "within" its resolution.
                if (c.margin_us <= io::CLAIM_MARGIN_FLOOR_US)
                    c.margin_within_us = io::CLAIM_RESOLUTION_US;
            }
            break;
        case wire::PressOutcome::TIE_WON:
        case wire::PressOutcome::TIE_LOST: {
            c.verdict = engine::ClaimVerdict::TIE;
            c.tied_with = buttons_in(p.same_sample);
            c.tie_rule = tie_rule_text(p);
            if (p.outcome == wire::PressOutcome::TIE_WON) {
                c.winner = p.button;
                claim_time_us_ = p.time_us;
                last_tie_time_us_ = p.time_us;
                last_tie_winner_ = p.button;
            } else {
                // The winner pressed in the same sample: same time, outcome TIE_WON.
                for (const io::HubInput& in : batch)
                    if (const auto* w = std::get_if<wire::ButtonPress>(&in.payload))
                        if (w->outcome == wire::PressOutcome::TIE_WON && w->time_us == p.time_us)
                            c.winner = w->button;
                if (c.winner < 0 && last_tie_time_us_ == p.time_us) c.winner = last_tie_winner_;
            }
            break;
        }
        case wire::PressOutcome::OUT_OF_TURN:
        case wire::PressOutcome::NOT_ARMED:
        case wire::PressOutcome::UNASSIGNED:
            // The hub lit nothing: for the engine these are presses of a team not on move (an
            // unassigned button is refused by the engine as belonging to nobody).
            c.verdict = engine::ClaimVerdict::OUT_OF_TURN;
            break;
    }
    return c;
}

std::vector<HubTranslated> HubBridge::translate(const std::vector<io::HubInput>& inputs) {
    std::vector<HubTranslated> out;
    for (const io::HubInput& in : inputs) {
        engine::Event e;
        e.host_ns = in.received_ns;
        e.hub_us = std::int64_t(in.hub_time_us);
        bool made = true;
        std::visit(
            Overloaded{
                [&](const wire::ButtonPress& p) { e.body = claim_from(p, inputs); },
                [&](const wire::Claim& c) {
                    // A claim ends with the paddle, the host or a change of arm: the
                    // engine learns each of those from its own event.
                    if (c.change != wire::ClaimChange::TAKEN) claim_time_us_.reset();
                    made = false;
                },
                [&](const wire::Paddle& p) {
                    auto side = color_of(p.paddle);
                    if (!side) {
                        made = false;
                        return;
                    }
                    if (p.effect == wire::PaddleEffect::STARTED) {
                        // The stopped clock was started: the other side now runs.
                        // Times from the last heartbeat; without one they are not
                        // known yet and the next heartbeat's reading says it.
                        if (!last_heartbeat_) {
                            made = false;
                            return;
                        }
                        engine::ClockReading r;
                        r.match = match_;
                        r.white_ms = std::int64_t(last_heartbeat_->remaining_a_us / 1000);
                        r.black_ms = std::int64_t(last_heartbeat_->remaining_b_us / 1000);
                        r.running = ~*side;
                        e.body = r;
                        return;
                    }
                    if (p.effect != wire::PaddleEffect::SWITCHED) {
                        // The hub ignored it (not on move, paused, flagged): the clock
                        // did not change, so there is nothing for the rules to judge.
                        made = false;
                        return;
                    }
                    e.body =
                        engine::ClockPressed{match_, *side, std::int64_t(p.remaining_us / 1000)};
                },
                [&](const wire::Flag& f) {
                    auto side = color_of(f.side);
                    if (!side) {
                        made = false;
                        return;
                    }
                    e.body = engine::FlagFell{match_, *side};
                },
                [&](const wire::PeriodStart&) { made = false; },
                [&](const wire::Beam&) { made = false; },
                [&](const wire::Crossing& c) {
                    auto zone = color_of(c.zone);
                    if (!zone) {
                        made = false;
                        return;
                    }
                    e.body = engine::BeamCrossed{match_, *zone, c.direction == wire::Direction::IN};
                },
                [&](const wire::PauseButton& p) {
                    engine::ArbiterAction a;
                    a.match = match_;
                    a.kind = p.clock_state == wire::ClockState::PAUSED
                                 ? engine::ArbiterActionKind::PAUSE
                                 : engine::ArbiterActionKind::RESUME;
                    a.arbiter = "hub pause button";
                    a.note = "the arbiter pressed the hub's pause button";
                    e.body = a;
                },
                [&](const wire::ArmyTurn& t) {
                    // Only a station's press that ended a turn is news: a press the hub
                    // ignored changed nothing, and an ArmyEndTurn was the host's own decision.
                    if (t.effect != wire::TurnEffect::ENDED || t.station == wire::NO_ARMY ||
                        t.army == wire::NO_ARMY) {
                        made = false;
                        return;
                    }
                    e.body =
                        engine::ArmyTurnEnded{match_, int(t.army), int(t.next_army), int(t.station),
                                              std::int64_t(t.remaining_us / 1000)};
                },
                [&](const wire::ArmyFlag& f) {
                    e.body = engine::ArmyFlagFell{match_, int(f.army)};
                },
            },
            in.payload);
        if (made) out.push_back({std::move(e), in.host_time_ns, in.seq});
    }
    return out;
}

std::uint64_t HubBridge::packed_label(const std::string& text) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < text.size() && i < 8; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::uint64_t shown = c >= 0x20 && c <= 0x7E ? c : '?';
        v |= shown << (8 * i);
    }
    return v;
}

std::optional<wire::ClockLabels> HubBridge::face_labels(const engine::Match& match) {
    if (match.army_clock()) return std::nullopt;
    wire::ClockLabels l{};
    l.label_a = packed_label(match.clock_face_short_label(*color_of(wire::Team::A)));
    l.label_b = packed_label(match.clock_face_short_label(*color_of(wire::Team::B)));
    if (l.label_a == 0 && l.label_b == 0) return std::nullopt;
    return l;
}

std::optional<engine::Event> HubBridge::clock_reading(const wire::Heartbeat& hb,
                                                      io::HostNanos received_ns,
                                                      io::HostNanos every_ns) {
    last_heartbeat_ = hb;
    const auto state = std::uint8_t(hb.clock_state);
    const auto on_move = std::uint8_t(hb.on_move);
    const bool changed = last_clock_state_ != state || last_on_move_ != on_move;
    const bool due = every_ns > 0 && received_ns - last_reading_ns_ >= every_ns;
    if (!changed && !due) return std::nullopt;
    last_clock_state_ = state;
    last_on_move_ = on_move;
    last_reading_ns_ = received_ns;
    engine::ClockReading r;
    r.match = match_;
    r.white_ms = std::int64_t(hb.remaining_a_us / 1000);
    r.black_ms = std::int64_t(hb.remaining_b_us / 1000);
    if (hb.clock_state == wire::ClockState::RUNNING) r.running = color_of(hb.on_move);
    engine::Event e;
    e.host_ns = received_ns;
    e.hub_us = std::int64_t(hb.hub_time_us);
    e.body = r;
    return e;
}

std::optional<engine::Event> HubBridge::army_clock_reading(const wire::ArmyStatus& st,
                                                           io::HostNanos received_ns,
                                                           io::HostNanos every_ns) {
    const auto state = std::uint8_t(st.state);
    const bool changed = last_army_state_ != state || last_army_on_move_ != st.on_move;
    const bool due = every_ns > 0 && received_ns - last_army_reading_ns_ >= every_ns;
    if (!changed && !due) return std::nullopt;
    last_army_state_ = state;
    last_army_on_move_ = st.on_move;
    last_army_reading_ns_ = received_ns;
    const std::uint32_t times[] = {st.remaining_0_ms, st.remaining_1_ms, st.remaining_2_ms,
                                   st.remaining_3_ms, st.remaining_4_ms, st.remaining_5_ms,
                                   st.remaining_6_ms, st.remaining_7_ms};
    engine::ArmyClockReading r;
    r.match = match_;
    for (int a = 0; a < std::min<int>(st.armies, int(wire::ARMY_COUNT)); ++a)
        r.remaining_ms.push_back(std::int64_t(times[a]));
    if (st.state == wire::ClockState::RUNNING && st.on_move != wire::NO_ARMY)
        r.running = int(st.on_move);
    engine::Event e;
    e.host_ns = received_ns;
    e.hub_us = std::int64_t(st.hub_time_us);
    e.body = r;
    return e;
}

namespace {

// A list of armies or stations as the wire packs it (nibbles.h, shared with the firmware).
std::uint32_t nibbles(const std::vector<int>& list) {
    std::uint8_t v[hub::NIBBLES_PER_WORD] = {};
    const std::size_t n = std::min<std::size_t>(list.size(), hub::NIBBLES_PER_WORD);
    for (std::size_t i = 0; i < n; ++i) v[i] = std::uint8_t(list[i]);
    return hub::pack_nibbles(v, std::uint8_t(n));
}

std::uint8_t army_byte(int army) {
    return army >= 0 && army < int(wire::ARMY_COUNT) ? std::uint8_t(army)
                                                     : std::uint8_t(wire::NO_ARMY);
}

std::uint64_t micros_of(std::int64_t ms) {
    return std::uint64_t(std::max<std::int64_t>(0, ms)) * 1000;
}

}  // namespace

std::vector<io::HubCommand> HubBridge::commands_for(const engine::DeviceCommand& c,
                                                    const std::optional<wire::Heartbeat>& hb,
                                                    std::string* why) {
    const wire::Team side = team_of(c.side);
    using A = engine::DeviceAction;
    switch (c.command) {
        case A::CLOCK_ADD_TIME:
            return {wire::ClockAddTime{0, side, c.amount_ms * 1000}};
        case A::CLOCK_SET_TIME:
            return {wire::ClockSetTime{
                0, side, std::uint64_t(std::max<std::int64_t>(0, c.amount_ms)) * 1000}};
        case A::CLOCK_PAUSE:
            return {wire::ClockPause{0}};
        case A::CLOCK_RESUME:
            return {wire::ClockResume{0}};
        case A::CLAIM_RELEASE:
            return {wire::ReleaseClaim{0}};
        case A::CLAIM_DISABLE_BUTTON:
            return {wire::ConfigureButton{0, std::uint8_t(c.value), wire::Team::NONE, 0}};
        case A::CLOCK_RUN:
            if (!hb || hb->clock_state == wire::ClockState::STOPPED)
                return {wire::ClockStart{0, side}};
            if (hb->on_move == side) {
                // Already that side's time; a paused clock is resumed by its own command.
                return {};
            }
            // The hub has no "switch back" command: restart the clock on that side with both
            // times as they stand (the period counters restart; documented in hub-driver.md).
            return {wire::ClockReset{0}, wire::ClockSetTime{0, wire::Team::A, hb->remaining_a_us},
                    wire::ClockSetTime{0, wire::Team::B, hb->remaining_b_us},
                    wire::ClockStart{0, side}};
        case A::ARMY_START:
            return {wire::ArmyStart{0, army_byte(c.value)}};
        case A::ARMY_SET_ON_MOVE:
            return {wire::ArmySetOnMove{0, army_byte(c.value)}};
        case A::ARMY_SET_TIME:
            return {wire::ArmySetTime{0, army_byte(c.value), micros_of(c.amount_ms)}};
        case A::ARMY_SET_ORDER:
            return {wire::ArmySetOrder{0, std::uint8_t(c.armies.size()), nibbles(c.armies),
                                       nibbles(c.stations)}};
        case A::BOARD_LIGHT_SQUARE:
            break;  // for a board's driver, never the hub's
    }
    if (why) *why = std::string("the hub has no command '") + engine::to_string(c.command) + "'";
    return {};
}

std::vector<io::HubCommand> HubBridge::army_configuration(const engine::Match& match,
                                                          const engine::ArmyClockPlan& plan,
                                                          bool clock) {
    std::vector<io::HubCommand> out;
    out.push_back(wire::ConfigureInputs{0, CONFIRM_US, BOUNCE_US});
    if (!clock) return out;
    // The hub's batting order names every army once; the armies already out leave it at once.
    std::vector<int> all = plan.order;
    for (int a = 0; a < plan.armies; ++a)
        if (std::find(all.begin(), all.end(), a) == all.end()) all.push_back(a);
    std::uint64_t buttons = ~std::uint64_t{0};  // NO_BUTTON for every station
    for (std::size_t s = 0; s < plan.buttons.size() && s < wire::ARMY_COUNT; ++s)
        if (plan.buttons[s] >= 0) {
            buttons &= ~(std::uint64_t{0xFF} << (8 * s));
            buttons |= std::uint64_t(plan.buttons[s] & 0xFF) << (8 * s);
        }
    out.push_back(wire::ArmyConfigure{0, std::uint8_t(plan.armies), micros_of(plan.time_ms),
                                      std::uint32_t(plan.increment_ms * 1000), nibbles(all),
                                      nibbles(plan.stations), buttons});
    if (all.size() != plan.order.size())
        out.push_back(wire::ArmySetOrder{0, std::uint8_t(plan.order.size()), nibbles(plan.order),
                                         nibbles(plan.stations)});
    if (!plan.on_move || match.phase() == engine::MatchPhase::FINISHED) return out;
    // A hub that rebooted mid-game: the times the engine last knew, and the army on move's
    // time running again (paused again if the arbiter had paused it).
    const engine::ArmyClockMirror& mirror = match.army_clock_reading();
    for (std::size_t a = 0; a < mirror.remaining_ms.size() && int(a) < plan.armies; ++a)
        out.push_back(wire::ArmySetTime{0, army_byte(int(a)), micros_of(mirror.remaining_ms[a])});
    out.push_back(wire::ArmyStart{0, army_byte(*plan.on_move)});
    if (match.phase() == engine::MatchPhase::PAUSED) out.push_back(wire::ClockPause{0});
    return out;
}

std::vector<io::HubCommand> HubBridge::configuration(const engine::Match& match, bool clock) {
    if (const std::optional<engine::ArmyClockPlan> plan = match.army_clock())
        return army_configuration(match, *plan, clock);
    const engine::MatchConfig& cfg = match.config();
    std::vector<io::HubCommand> out;
    out.push_back(wire::ConfigureInputs{0, CONFIRM_US, BOUNCE_US});
    // The lockout follows the clock (and a paddle frees the claim) only where the players claim
    // the move: there the claim belongs to the side on move. Elsewhere a game's buttons are its
    // own (Ready, End turn) and the host alone frees a press's claim, so that its release never
    // meets a claim the hub freed itself, say as a clock switched while a button was pressed
    // (the release would be refused as BAD_STATE).
    const std::uint8_t lockout =
        match.claims_the_move() ? RELEASE_ON_PADDLE | ARM_FOLLOWS_CLOCK : 0;
    out.push_back(wire::ConfigureLockout{0, lockout, tie_seed_for(cfg.id)});

    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const engine::TeamConfig& team = cfg.side(c);
        for (std::size_t i = 0; i < team.players.size(); ++i) {
            const bool dead = !match.player_status(c, int(i)).buttons_live;
            for (int b : team.players[i].buttons)
                out.push_back(wire::ConfigureButton{
                    0, std::uint8_t(b), dead ? wire::Team::NONE : team_of(c), std::uint8_t(i)});
        }
    }

    if (!clock) return out;
    out.push_back(wire::ClockSetPeriod{0, 0x03, 0, 0, std::uint64_t(cfg.time.base_ms) * 1000,
                                       std::uint32_t(cfg.time.increment_ms * 1000),
                                       timing_of(cfg.time.mode)});
    out.push_back(wire::ClockReset{0});

    const chess::Color to_move = match.to_move();
    const chess::Color face = match.clock_face_on_move();
    switch (match.phase()) {
        case engine::MatchPhase::WAITING:
            // The clock waits for its first press; the side to move may claim already.
            out.push_back(wire::ArmTeam{0, team_of(to_move)});
            break;
        case engine::MatchPhase::PLAYING:
        case engine::MatchPhase::PAUSED: {
            // A hub that rebooted mid-game: the times the engine last knew, and the clock
            // running again for the side to move (paused again if the arbiter had paused it).
            const engine::ClockMirror& mirror = match.clock();
            out.push_back(wire::ClockSetTime{
                0, wire::Team::A,
                std::uint64_t(std::max<std::int64_t>(0, mirror.white_ms)) * 1000});
            out.push_back(wire::ClockSetTime{
                0, wire::Team::B,
                std::uint64_t(std::max<std::int64_t>(0, mirror.black_ms)) * 1000});
            out.push_back(wire::ClockStart{0, team_of(face)});
            if (match.phase() == engine::MatchPhase::PAUSED) out.push_back(wire::ClockPause{0});
            break;
        }
        case engine::MatchPhase::FINISHED:
            out.push_back(wire::ArmTeam{0, wire::Team::NONE});
            break;
    }
    return out;
}

}  // namespace venue::runtime
