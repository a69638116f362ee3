// The event log as the console keeps it: each event and its decisions as rows in words, with
// their family, match and players (for the log's filters), the claims panel's lines, and what
// the view keeps per match between steps (scores, time added, the squares of a removal).
#include <algorithm>
#include <ctime>
#include <optional>
#include <string_view>
#include <type_traits>

#include "chess/uci.h"
#include "common/margin_text.h"
#include "common/overloaded.h"
#include "console/game_console.h"
#include "console/view_model_internal.h"
#include "venue/event_json.h"
#include "venue/match_of.h"

namespace venue::console {

using namespace engine;
using detail::button_label;
using detail::fmt;
using detail::half_points;
using detail::player_label;
using detail::side_name;

namespace {

constexpr std::size_t MAX_CLAIM_LINES = 200;
constexpr std::size_t MAX_MESSAGES = 50;

std::string event_text(const EventBody& body, const VenueState* state) {
    auto config = [&](const std::string& match) -> const MatchConfig* {
        const Match* m = state ? state->match(match) : nullptr;
        return m ? &m->config() : nullptr;
    };
    // Side `side` of the match as people call it (a match not known: as in a game of two).
    auto side_of = [&](const std::string& match, int side) {
        const MatchConfig* c = config(match);
        return side_label(c ? *c : MatchConfig{}, side);
    };
    return std::visit(
        Overloaded{
            [](const HostStarted& e) { return "host started, version " + e.version; },
            [](const DeviceConnected& e) { return e.device + " connected: " + e.detail; },
            [](const DeviceLost& e) { return e.device + " lost: " + e.reason; },
            [](const MatchCreated& e) {
                return "match " + e.config.id + " (" + e.config.game +
                       "): " + e.config.white().name + " - " + e.config.black().name;
            },
            [](const MoveSensed& e) { return "board " + e.board + " read " + e.uci; },
            [](const BoardMismatch& e) {
                return "board " + e.board + " differs on " + square_list(e.squares);
            },
            [](const BoardSnapshot& e) { return "board " + e.board + ": " + e.placement; },
            [](const BoardSettled& e) {
                return "board " + e.board + " stands still: " + e.placement;
            },
            [](const BoardFieldUpdate& e) {
                // DGT piece codes 1..12 in the board's order (king before queen).
                static constexpr std::string_view LETTERS = ".PRNBKQprnbkq";
                std::string s = "board " + e.board + " sensor " + std::to_string(e.dgt_square);
                if (e.square) s += " (" + chess::square_to_string(*e.square) + ")";
                if (e.piece_code == 0) return s + ": empty";
                if (e.piece_code >= 0 && std::size_t(e.piece_code) < LETTERS.size())
                    return s + ": " + LETTERS[std::size_t(e.piece_code)];
                return s + ": magic piece " + std::to_string(e.piece_code);
            },
            [](const BoardRestored& e) { return "board " + e.board + " matches the game again"; },
            [](const ClockPressed& e) {
                std::string s = std::string(side_name(e.side)) + " pressed the clock";
                if (e.remaining_ms) s += " (" + clock_text(*e.remaining_ms) + " left)";
                return s;
            },
            [](const FlagFell& e) { return std::string(side_name(e.side)) + "'s flag fell"; },
            [](const ClockReading& e) {
                return "clock White " + clock_text(e.white_ms) + ", Black " +
                       clock_text(e.black_ms) +
                       (e.running ? std::string(", ") + side_name(*e.running) + " running"
                                  : std::string(", stopped"));
            },
            [](const DrawClaimed& e) {
                return std::string(side_name(e.side)) + " claims a draw (" +
                       (e.kind == DrawClaimKind::THREEFOLD ? "threefold" : "fifty moves") + ")";
            },
            [&](const ArbiterAction& e) {
                std::string s = std::string(to_string(e.kind));
                const MatchConfig* c = config(e.match);
                if (!e.player.empty()) s += " " + (c ? player_label(*c, e.player) : e.player);
                if (e.kind == ArbiterActionKind::ADD_TIME)
                    s += std::string(" ") + side_name(e.side) + " " + duration_text(e.amount_ms);
                if (e.kind == ArbiterActionKind::RESTORE_POSITION)
                    s += " to ply " + std::to_string(e.ply);
                if (!e.result.empty()) s += " " + e.result;
                if (e.ref) s += " #" + std::to_string(e.ref);
                if (!e.text.empty()) s += ": " + e.text;
                s += " — " + (e.arbiter.empty() ? std::string("arbiter") : e.arbiter) + ": " +
                     e.note;
                return s;
            },
            [&](const ClaimPressed& e) {
                const MatchConfig* c = config(e.match);
                std::string who =
                    c ? button_label(*c, e.button) : "button " + std::to_string(e.button);
                switch (e.verdict) {
                    case ClaimVerdict::ACCEPTED:
                        return who + " pressed first";
                    case ClaimVerdict::LATE:
                        return who + " pressed " + margin_text(e.margin_us, e.margin_within_us) +
                               " late";
                    case ClaimVerdict::OUT_OF_TURN:
                        return who + " pressed out of turn";
                    case ClaimVerdict::TIE: {
                        std::string t = who + " tied with buttons";
                        for (int b : e.tied_with) t += " " + std::to_string(b);
                        return t + "; the hub chose " + std::to_string(e.winner) +
                               (e.tie_rule.empty() ? "" : " (" + e.tie_rule + ")");
                    }
                }
                return who;
            },
            [](const BeamCrossed& e) {
                return std::string(side_name(e.zone)) + " zone: red line crossed " +
                       (e.inward ? "inward" : "outward");
            },
            [&](const KeyChange& e) {
                const MatchConfig* c = config(e.match);
                auto who = [&](const std::string& id) { return c ? player_label(*c, id) : id; };
                const GameConsole* g = entry_console(c ? c->game : "");
                return (g && g->entry_words ? g->entry_words(e, who)
                                            : std::string(to_string(e.kind))) +
                       " \u2014 " + (e.arbiter.empty() ? std::string("arbiter") : e.arbiter) +
                       ": " + e.note;
            },
            [&](const ArmyTurnEnded& e) {
                return "station " + std::to_string(e.station) + " ended " +
                       side_of(e.match, e.army) + "'s turn (" + clock_text(e.remaining_ms) +
                       " left); " + side_of(e.match, e.next_army) + "'s time runs";
            },
            [&](const ArmyFlagFell& e) { return side_of(e.match, e.army) + "'s flag fell"; },
            [&](const ArmyClockReading& e) {
                std::string s = "army clock";
                for (std::size_t a = 0; a < e.remaining_ms.size(); ++a)
                    s += std::string(a ? ", " : " ") + side_of(e.match, int(a)) + " " +
                         clock_text(e.remaining_ms[a]);
                return s + (e.running ? "; " + side_of(e.match, *e.running) + " running"
                                      : std::string("; stopped"));
            },
            [&](const GameInput& e) {
                const MatchConfig* c = config(e.match);
                // A match not (yet) known: named as a game of two.
                std::string s = side_label(c ? *c : MatchConfig{}, e.side) + " " + e.kind;
                for (const auto& [key, value] : e.args) s += " " + key + "=" + value;
                if (!e.player.empty())
                    s += " (" + (c ? player_label(*c, e.player) : e.player) + ")";
                if (!e.arbiter.empty()) s += " \u2014 " + e.arbiter + ": " + e.note;
                return s;
            },
        },
        body);
}

LogFamily family_of(const EventBody& body) {
    return std::visit(Overloaded{
                          [](const ClaimPressed&) { return LogFamily::CLAIM; },
                          [](const MoveSensed&) { return LogFamily::MOVE; },
                          [](const ClockPressed&) { return LogFamily::CLOCK; },
                          [](const ClockReading&) { return LogFamily::CLOCK; },
                          [](const FlagFell&) { return LogFamily::CLOCK; },
                          [](const ArmyTurnEnded&) { return LogFamily::CLOCK; },
                          [](const ArmyFlagFell&) { return LogFamily::CLOCK; },
                          [](const ArmyClockReading&) { return LogFamily::CLOCK; },
                          [](const ArbiterAction&) { return LogFamily::ARBITER; },
                          [](const KeyChange&) { return LogFamily::ARBITER; },
                          [](const GameInput&) { return LogFamily::MOVE; },
                          [](const DeviceConnected&) { return LogFamily::DEVICE; },
                          [](const DeviceLost&) { return LogFamily::DEVICE; },
                          [](const HostStarted&) { return LogFamily::DEVICE; },
                          [](const BoardSnapshot&) { return LogFamily::BOARD; },
                          [](const BoardSettled&) { return LogFamily::BOARD; },
                          [](const BoardFieldUpdate&) { return LogFamily::BOARD; },
                          [](const BoardMismatch&) { return LogFamily::BOARD; },
                          [](const BoardRestored&) { return LogFamily::BOARD; },
                          [](const auto&) { return LogFamily::OTHER; },
                      },
                      body);
}

LogFamily family_of(const DecisionBody& body) {
    return std::visit(Overloaded{
                          [](const ClaimGranted&) { return LogFamily::CLAIM; },
                          [](const ClaimRefused&) { return LogFamily::CLAIM; },
                          [](const ClaimEnded&) { return LogFamily::CLAIM; },
                          [](const MoveAccepted&) { return LogFamily::MOVE; },
                          [](const MoveRefused&) { return LogFamily::MOVE; },
                          [](const ClockSwitched&) { return LogFamily::CLOCK; },
                          [](const TimeAdded&) { return LogFamily::PENALTY; },
                          [](const IllegalMoveCounted&) { return LogFamily::PENALTY; },
                          [](const WarningProposed&) { return LogFamily::PENALTY; },
                          [](const WarningGiven&) { return LogFamily::PENALTY; },
                          [](const PlayerRemoved&) { return LogFamily::PENALTY; },
                          [](const RestoreRequired&) { return LogFamily::BOARD; },
                          [](const GameEnded&) { return LogFamily::RESULT; },
                          [](const ScoreChanged&) { return LogFamily::RESULT; },
                          [](const DeviceCommand&) { return LogFamily::DEVICE; },
                          [](const KeyChangeAccepted&) { return LogFamily::ARBITER; },
                          [](const KeyChangeRefused&) { return LogFamily::ARBITER; },
                          [](const GameNews&) { return LogFamily::MOVE; },
                          [](const auto&) { return LogFamily::OTHER; },
                      },
                      body);
}

// The player whose claim button `button` is in the match ("" when none is).
std::string button_owner(const MatchConfig& c, int button) {
    for (const TeamConfig* t : {&c.white(), &c.black()})
        for (const PlayerConfig& p : t->players)
            if (std::find(p.buttons.begin(), p.buttons.end(), button) != p.buttons.end())
                return p.id;
    return "";
}

void add_player(std::vector<std::string>& players, const std::string& id) {
    if (!id.empty() && std::find(players.begin(), players.end(), id) == players.end())
        players.push_back(id);
}

// The players an event names; a claim press names a button, whose owner the match's config
// tells (the press's decisions usually name him too, but not when the engine ignored it).
void players_of(const EventBody& body, const MatchConfig* config,
                std::vector<std::string>& players) {
    if (const auto* a = std::get_if<ArbiterAction>(&body)) add_player(players, a->player);
    if (const auto* k = std::get_if<KeyChange>(&body)) {
        add_player(players, k->player);
        add_player(players, k->in_player);
    }
    if (const auto* p = std::get_if<ClaimPressed>(&body); p && config)
        add_player(players, button_owner(*config, p->button));
}

void players_of(const DecisionBody& body, std::vector<std::string>& players) {
    std::visit(
        [&](const auto& d) {
            using T = std::decay_t<decltype(d)>;
            if constexpr (std::is_same_v<T, PlayerReplaced>) {
                add_player(players, d.player_out);
                add_player(players, d.player_in);
            } else if constexpr (requires { d.player; }) {
                // ClaimGranted, ClaimRefused, ClaimEnded, WarningProposed, WarningGiven,
                // PlayerRemoved.
                add_player(players, d.player);
            }
        },
        body);
}

// Does this event set the engine's clock mirror (so that the running side's time counts from it)?
bool sets_clock(const EventBody& body) {
    return std::holds_alternative<ClockPressed>(body) ||
           std::holds_alternative<ClockReading>(body) ||
           std::holds_alternative<MatchCreated>(body) ||
           std::holds_alternative<ArbiterAction>(body) || std::holds_alternative<FlagFell>(body);
}

}  // namespace

// --- the model --------------------------------------------------------------------------------

std::string ViewModel::format_time(HostNanos host_ns) const {
    if (wall_offset_ns_ == 0) {
        const std::int64_t ms = (host_ns - std::max<HostNanos>(first_ns_, 0)) / 1'000'000;
        return fmt("+%d:%02d.%03d", int(ms / 60000), int(ms / 1000 % 60), int(ms % 1000));
    }
    const std::int64_t wall = host_ns + wall_offset_ns_;
    const std::time_t t = std::time_t(wall / 1'000'000'000);
    std::tm tm{};
    ::localtime_r(&t, &tm);
    return fmt("%02d:%02d:%02d.%03d", tm.tm_hour, tm.tm_min, tm.tm_sec,
               int(wall / 1'000'000 % 1000));
}

void ViewModel::add_row(LogRow row) {
    log_.push_back(std::move(row));
    while (log_.size() > log_capacity_) log_.pop_front();
    ++rows_added_;
}

void ViewModel::copy_new_rows(std::uint64_t& seen, std::vector<LogRow>& out) const {
    const std::uint64_t first = rows_added_ - log_.size();  // the absolute index of log_.front()
    if (seen < first) seen = first;
    for (std::uint64_t i = seen; i < rows_added_; ++i) out.push_back(log_[std::size_t(i - first)]);
    seen = rows_added_;
}

void ViewModel::message(const std::string& text, HostNanos now_ns) {
    messages_.push_back(format_time(now_ns) + "  " + text);
    while (messages_.size() > MAX_MESSAGES) messages_.pop_front();
}

void ViewModel::observe(const runtime::StepRecord& record, const engine::VenueState* state) {
    for (std::size_t i = 0; i < record.applied.size(); ++i)
        observe(record.applied[i],
                i < record.happened_ns.size() ? record.happened_ns[i] : record.durable_ns, state);
}

void ViewModel::expect(const engine::Event& event, std::string what, HostNanos now_ns) {
    expected_.push_back(
        {kind_name(event.body), event_payload(event.body), std::move(what), now_ns});
}

void ViewModel::observe(const runtime::Applied& a, HostNanos happened_ns,
                        const engine::VenueState* state) {
    if (!expected_.empty()) {
        // Only an event of an awaited kind is serialised, and only once.
        const std::string kind = kind_name(a.event.body);
        std::optional<std::string> payload;
        for (auto it = expected_.begin(); it != expected_.end(); ++it) {
            if (it->kind != kind) continue;
            if (!payload) payload = event_payload(a.event.body);
            if (it->payload == *payload) {
                action_logged_ = "Logged as event " + std::to_string(a.seq) + ": " + it->what;
                expected_.erase(it);
                break;
            }
        }
    }
    const HostNanos t = a.event.host_ns ? a.event.host_ns : happened_ns;
    if (first_ns_ < 0) first_ns_ = t;
    const std::string time = format_time(t);
    const std::string match = match_of(a.event.body);
    MatchTrack* track = match.empty() ? nullptr : &tracks_[match];
    if (track && sets_clock(a.event.body)) track->clock_ns = t;
    if (track && std::holds_alternative<BoardRestored>(a.event.body))
        track->removed_squares.clear();

    const Match* in_match = state && !match.empty() ? state->match(match) : nullptr;
    // What the filters by match and by player look at, for the event and all its decisions.
    std::string row_match = match;
    std::vector<std::string> players;
    players_of(a.event.body, in_match ? &in_match->config() : nullptr, players);
    for (const Decision& d : a.decisions) {
        if (row_match.empty()) row_match = match_of(d.body);
        players_of(d.body, players);
    }

    LogRow row;
    row.seq = a.seq;
    row.host_ns = t;
    row.time = time;
    row.family = family_of(a.event.body);
    row.kind = kind_name(a.event.body);
    row.text = event_text(a.event.body, state);
    row.match = row_match;
    row.players = players;
    auto who = [&](const std::string& id) {
        if (!in_match) return id;
        for (const TeamConfig* team : {&in_match->config().white(), &in_match->config().black()})
            for (const PlayerConfig& p : team->players)
                if (p.id == id) return p.name + " (" + id + ")";
        return id;
    };
    if (const auto* act = std::get_if<ArbiterAction>(&a.event.body)) row.undo = undo_of(*act);
    add_row(std::move(row));

    const auto* press = std::get_if<ClaimPressed>(&a.event.body);
    for (const Decision& d : a.decisions) {
        LogRow r;
        r.seq = a.seq;
        r.host_ns = t;
        r.time = time;
        r.decision = true;
        r.family = family_of(d.body);
        r.kind = kind_name(d.body);
        r.rule = d.rule;
        r.text = d.reason;
        r.match = row_match;
        r.players = players;
        add_row(std::move(r));

        std::visit(
            Overloaded{
                [&](const ClaimGranted& g) {
                    std::string text = who(g.player) + " holds the claim (button " +
                                       std::to_string(g.button) + ")";
                    ClaimKind kind = ClaimKind::GRANTED;
                    if (press && press->verdict == ClaimVerdict::TIE) {
                        kind = ClaimKind::TIE;
                        text += ": tie of buttons";
                        for (int b : press->tied_with) text += " " + std::to_string(b);
                        if (!press->tie_rule.empty()) text += ", " + press->tie_rule;
                    }
                    claims_.push_back({time, kind, text});
                },
                [&](const ClaimRefused& refused) {
                    ClaimKind kind = ClaimKind::REFUSED;
                    std::string text = who(refused.player) + " refused (" + refused.code + ")";
                    if (refused.code == "CLAIM_HELD" ||
                        (press && press->verdict == ClaimVerdict::LATE)) {
                        kind = ClaimKind::LATE;
                        text = who(refused.player) + " late by " +
                               margin_text(refused.margin_us, press ? press->margin_within_us : 0);
                    } else if (refused.code == "NOT_TEAM_TURN" ||
                               (press && press->verdict == ClaimVerdict::OUT_OF_TURN)) {
                        kind = ClaimKind::OUT_OF_TURN;
                        text = who(refused.player) + " pressed out of turn (" +
                               side_name(refused.side) + ")";
                    } else if (press && press->verdict == ClaimVerdict::TIE) {
                        kind = ClaimKind::TIE;
                        text = who(refused.player) + " lost a tie (" + refused.code + ")";
                    }
                    claims_.push_back({time, kind, text});
                },
                [&](const ClaimEnded& e) {
                    claims_.push_back({time, ClaimKind::ENDED, who(e.player) + "'s claim ended"});
                },
                [&](const ScoreChanged& s) {
                    auto& tr = tracks_[s.match];
                    tr.score_white = half_points(s.white_half_points);
                    tr.score_black = half_points(s.black_half_points);
                },
                [&](const TimeAdded& ta) { tracks_[ta.match].added_ms[ta.side] += ta.amount_ms; },
                [&](const PlayerRemoved& p) { tracks_[p.match].removed_squares = p.squares; },
                [&](const MoveAccepted& m) { tracks_[m.match].removed_squares.clear(); },
                [](const auto&) {},
            },
            d.body);
    }
    while (claims_.size() > MAX_CLAIM_LINES) claims_.pop_front();
}

}  // namespace venue::console
