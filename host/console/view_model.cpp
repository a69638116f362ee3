#include "console/view_model.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <string_view>
#include <type_traits>

#include "chess/san.h"
#include "chess/uci.h"
#include "common/overloaded.h"
#include "console/key_change_intent.h"
#include "games/business/business_match.h"
#include "games/chessball/chessball_match.h"
#include "venue/match_of.h"

namespace venue::console {

using namespace engine;
namespace cb = games::chessball;

namespace {

constexpr std::size_t MAX_CLAIM_LINES = 200;
constexpr std::size_t MAX_MESSAGES = 50;

std::string fmt(const char* f, auto... args) {
    char buf[256];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

const char* side_name(Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

const char* glyph_of(chess::Piece p) {
    // The Unicode chess symbols: white U+2654..2659, black U+265A..265F (K Q R B N P).
    switch (p) {
        case chess::W_KING:
            return "\u2654";
        case chess::W_QUEEN:
            return "\u2655";
        case chess::W_ROOK:
            return "\u2656";
        case chess::W_BISHOP:
            return "\u2657";
        case chess::W_KNIGHT:
            return "\u2658";
        case chess::W_PAWN:
            return "\u2659";
        case chess::B_KING:
            return "\u265A";
        case chess::B_QUEEN:
            return "\u265B";
        case chess::B_ROOK:
            return "\u265C";
        case chess::B_BISHOP:
            return "\u265D";
        case chess::B_KNIGHT:
            return "\u265E";
        case chess::B_PAWN:
            return "\u265F";
        default:
            return "";
    }
}

const char* action_name(ArbiterActionKind k) {
    switch (k) {
        case ArbiterActionKind::PAUSE:
            return "pause";
        case ArbiterActionKind::RESUME:
            return "resume";
        case ArbiterActionKind::ADD_TIME:
            return "add_time";
        case ArbiterActionKind::RESTORE_POSITION:
            return "restore_position";
        case ArbiterActionKind::DECLARE_RESULT:
            return "declare_result";
        case ArbiterActionKind::ENTER_MOVE:
            return "enter_move";
        case ArbiterActionKind::WARN:
            return "warn";
        case ArbiterActionKind::REMOVE:
            return "remove";
        case ArbiterActionKind::CONFIRM_WARNING:
            return "confirm_warning";
        case ArbiterActionKind::REJECT_WARNING:
            return "reject_warning";
        case ArbiterActionKind::RELEASE_CLAIM:
            return "release_claim";
        case ArbiterActionKind::ILLEGAL_MOVE_STANDS:
            return "illegal_move_stands";
    }
    return "?";
}

// "Bulat (Kazan)" for a player id of the match; the id itself when unknown.
std::string player_label(const MatchConfig& c, const std::string& id) {
    for (const TeamConfig* t : {&c.white, &c.black})
        for (const PlayerConfig& p : t->players)
            if (p.id == id) return p.name + " (" + t->name + ")";
    return id;
}

std::string button_label(const MatchConfig& c, int button) {
    for (const TeamConfig* t : {&c.white, &c.black})
        for (const PlayerConfig& p : t->players)
            for (int b : p.buttons)
                if (b == button)
                    return p.name + " (" + t->name + ", button " + std::to_string(button) + ")";
    return "button " + std::to_string(button);
}

std::string half_points(int h) {
    std::string s = h / 2 || h % 2 == 0 ? std::to_string(h / 2) : "";
    if (h % 2) s += "\u00BD";
    return s;
}

std::string event_text(const EventBody& body, const VenueState* state) {
    auto config = [&](const std::string& match) -> const MatchConfig* {
        const Match* m = state ? state->match(match) : nullptr;
        return m ? &m->config() : nullptr;
    };
    return std::visit(
        Overloaded{
            [](const HostStarted& e) { return "host started, version " + e.version; },
            [](const DeviceConnected& e) { return e.device + " connected: " + e.detail; },
            [](const DeviceLost& e) { return e.device + " lost: " + e.reason; },
            [](const MatchCreated& e) {
                return "match " + e.config.id + " (" + e.config.game + "): " + e.config.white.name +
                       " - " + e.config.black.name;
            },
            [](const MoveSensed& e) { return "board " + e.board + " read " + e.uci; },
            [](const BoardMismatch& e) {
                return "board " + e.board + " differs on " + square_list(e.squares);
            },
            [](const BoardSnapshot& e) { return "board " + e.board + ": " + e.placement; },
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
                std::string s = std::string(action_name(e.kind));
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
                        return who + " pressed " + std::to_string(e.margin_us) + " \u00B5s late";
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
                return key_change_words(e, who) + " \u2014 " +
                       (e.arbiter.empty() ? std::string("arbiter") : e.arbiter) + ": " + e.note;
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
                          [](const ArbiterAction&) { return LogFamily::ARBITER; },
                          [](const KeyChange&) { return LogFamily::ARBITER; },
                          [](const DeviceConnected&) { return LogFamily::DEVICE; },
                          [](const DeviceLost&) { return LogFamily::DEVICE; },
                          [](const HostStarted&) { return LogFamily::DEVICE; },
                          [](const BoardSnapshot&) { return LogFamily::BOARD; },
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
                          [](const auto&) { return LogFamily::OTHER; },
                      },
                      body);
}

// The player whose claim button `button` is in the match ("" when none is).
std::string button_owner(const MatchConfig& c, int button) {
    for (const TeamConfig* t : {&c.white, &c.black})
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

const char* family_name(LogFamily f) {
    switch (f) {
        case LogFamily::CLAIM:
            return "claims";
        case LogFamily::MOVE:
            return "moves";
        case LogFamily::CLOCK:
            return "clock";
        case LogFamily::PENALTY:
            return "penalties";
        case LogFamily::ARBITER:
            return "arbiter";
        case LogFamily::DEVICE:
            return "devices";
        case LogFamily::BOARD:
            return "board";
        case LogFamily::RESULT:
            return "results";
        case LogFamily::OTHER:
            return "other";
        case LogFamily::COUNT_:
            break;
    }
    return "?";
}

std::string clock_text(std::int64_t ms) {
    if (ms < 0) ms = 0;
    if (ms < 10'000) return fmt("%d.%d", int(ms / 1000), int(ms % 1000 / 100));
    const std::int64_t s = ms / 1000;
    if (s >= 3600) return fmt("%d:%02d:%02d", int(s / 3600), int(s / 60 % 60), int(s % 60));
    return fmt("%d:%02d", int(s / 60), int(s % 60));
}

std::string duration_text(std::int64_t ms) {
    const char sign = ms < 0 ? '-' : '+';
    const std::int64_t a = ms < 0 ? -ms : ms;
    const std::int64_t s = a / 1000;
    if (a % 1000) return fmt("%c%d:%02d.%d", sign, int(s / 60), int(s % 60), int(a % 1000 / 100));
    return fmt("%c%d:%02d", sign, int(s / 60), int(s % 60));
}

std::string age_text(std::int64_t ns) {
    if (ns < 0) return "\u2014";
    if (ns < 10'000'000'000) return fmt("%d ms", int(ns / 1'000'000));
    return fmt("%.1f s", double(ns) / 1e9);
}

std::string square_list(const std::vector<chess::Square>& squares) {
    std::string s;
    for (chess::Square q : squares) s += (s.empty() ? "" : ", ") + chess::square_to_string(q);
    return s;
}

// --- intents ----------------------------------------------------------------------------------

Result<engine::Event, std::string> to_event(const ArbiterIntent& in, HostNanos host_ns) {
    if (in.match.empty()) return unexpected(std::string("no match chosen"));
    auto blank = [](const std::string& s) {
        return std::all_of(s.begin(), s.end(), [](char ch) { return ch == ' ' || ch == '\t'; });
    };
    if (blank(in.note)) return unexpected(std::string("a note is required (why, in words)"));
    if (in.key) {
        ArbiterIntent k = in;
        if (blank(k.arbiter)) k.arbiter = "arbiter";
        return key_change_event(k, host_ns);
    }
    ArbiterAction a;
    a.match = in.match;
    a.kind = in.kind;
    a.arbiter = blank(in.arbiter) ? "arbiter" : in.arbiter;
    a.note = in.note;
    switch (in.kind) {
        case ArbiterActionKind::PAUSE:
        case ArbiterActionKind::RESUME:
        case ArbiterActionKind::RELEASE_CLAIM:
            break;
        case ArbiterActionKind::ADD_TIME:
            if (in.amount_ms == 0) return unexpected(std::string("the amount is zero"));
            a.side = in.side;
            a.amount_ms = in.amount_ms;
            break;
        case ArbiterActionKind::RESTORE_POSITION:
            if (in.ply < 0) return unexpected(std::string("the ply cannot be negative"));
            a.ply = in.ply;
            break;
        case ArbiterActionKind::DECLARE_RESULT:
            if (in.result != "1-0" && in.result != "0-1" && in.result != "1/2-1/2")
                return unexpected(std::string("the result must be 1-0, 0-1 or 1/2-1/2"));
            if (blank(in.text)) return unexpected(std::string("give the reason (termination)"));
            a.result = in.result;
            a.text = in.text;
            break;
        case ArbiterActionKind::ENTER_MOVE:
            if (blank(in.text)) return unexpected(std::string("give the move in UCI (e2e4)"));
            a.text = in.text;
            break;
        case ArbiterActionKind::ILLEGAL_MOVE_STANDS:
            if (blank(in.text))
                return unexpected(std::string("give the move as it was made: from and to (e1g3)"));
            a.text = in.text;
            break;
        case ArbiterActionKind::WARN:
        case ArbiterActionKind::REMOVE:
            if (in.player.empty()) return unexpected(std::string("no player chosen"));
            if (blank(in.text)) return unexpected(std::string("give the reason"));
            a.player = in.player;
            a.text = in.text;
            break;
        case ArbiterActionKind::CONFIRM_WARNING:
        case ArbiterActionKind::REJECT_WARNING:
            if (in.ref <= 0) return unexpected(std::string("no proposed warning chosen"));
            a.ref = in.ref;
            break;
    }
    return engine::Event{host_ns, std::nullopt, a};
}

std::string describe(const ArbiterIntent& in, const engine::VenueState* state) {
    const Match* m = state ? state->match(in.match) : nullptr;
    if (in.key)
        return key_change_words(
                   key_change_of(in),
                   [&](const std::string& id) { return m ? player_label(m->config(), id) : id; }) +
               " in match " + in.match;
    const std::string who = m ? player_label(m->config(), in.player) : in.player;
    std::string s;
    switch (in.kind) {
        case ArbiterActionKind::PAUSE:
            s = "Pause the clocks";
            break;
        case ArbiterActionKind::RESUME:
            s = "Resume the clocks";
            break;
        case ArbiterActionKind::RELEASE_CLAIM:
            s = "Release the claim";
            break;
        case ArbiterActionKind::ADD_TIME:
            s = std::string(in.amount_ms < 0 ? "Take " : "Give ") + side_name(in.side) + " " +
                duration_text(in.amount_ms).substr(1);
            break;
        case ArbiterActionKind::RESTORE_POSITION:
            s = "Restore the position after ply " + std::to_string(in.ply);
            break;
        case ArbiterActionKind::DECLARE_RESULT:
            s = "Declare the result " + in.result + " (" + in.text + ")";
            break;
        case ArbiterActionKind::ENTER_MOVE:
            s = "Enter the move " + in.text;
            break;
        case ArbiterActionKind::ILLEGAL_MOVE_STANDS:
            s = "Let the illegal move " + in.text + " stand (the game goes on from there)";
            break;
        case ArbiterActionKind::WARN:
            s = "Warn " + who + ": " + in.text;
            break;
        case ArbiterActionKind::REMOVE:
            s = "Remove " + who + ": " + in.text;
            break;
        case ArbiterActionKind::CONFIRM_WARNING:
            s = "Confirm proposed warning #" + std::to_string(in.ref);
            break;
        case ArbiterActionKind::REJECT_WARNING:
            s = "Reject proposed warning #" + std::to_string(in.ref);
            break;
    }
    return s + " in match " + in.match;
}

std::string describe(const ArbiterIntent& in, const MatchView& m) {
    auto who = [&](const std::string& id) {
        for (const TeamView* t : {&m.white, &m.black})
            for (const PlayerRow& p : t->players)
                if (p.id == id) return p.name + " (" + id + ")";
        return id;
    };
    if (in.key) return key_change_words(key_change_of(in), who) + " in match " + in.match;
    // Business Chess: a warning is a red-line offence shown as a yellow card, a removal a red
    // card (BC-I.11); the arbiter reads the words of the game.
    if (m.business && in.kind == ArbiterActionKind::WARN)
        return "Show " + who(in.player) + " a yellow card: " + in.text + " in match " + in.match;
    if (m.business && in.kind == ArbiterActionKind::REMOVE)
        return "Show " + who(in.player) + " a red card (expulsion): " + in.text + " in match " +
               in.match;
    if (in.kind == ArbiterActionKind::WARN || in.kind == ArbiterActionKind::REMOVE) {
        ArbiterIntent named = in;
        named.player = who(in.player);
        return describe(named);
    }
    return describe(in);
}

std::optional<ArbiterIntent> undo_of(const engine::ArbiterAction& done) {
    ArbiterIntent u;
    u.match = done.match;
    u.note = "undoes: " + done.note;
    switch (done.kind) {
        case ArbiterActionKind::ADD_TIME:
            u.kind = ArbiterActionKind::ADD_TIME;
            u.side = done.side;
            u.amount_ms = -done.amount_ms;
            return u;
        case ArbiterActionKind::PAUSE:
            u.kind = ArbiterActionKind::RESUME;
            return u;
        case ArbiterActionKind::RESUME:
            u.kind = ArbiterActionKind::PAUSE;
            return u;
        default:
            return std::nullopt;
    }
}

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

void ViewModel::observe(const runtime::Applied& a, HostNanos happened_ns,
                        const engine::VenueState* state) {
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
        for (const TeamConfig* team : {&in_match->config().white, &in_match->config().black})
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
                               std::to_string(refused.margin_us) + " \u00B5s";
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

ConsoleView ViewModel::build(const runtime::Session& session, const DeviceInputs& devices,
                             HostNanos now_ns) const {
    ConsoleView v = build(session.state(), devices, now_ns);
    v.status = fmt("events %" PRId64 ", state %s", session.last_seq(),
                   session.state().state_hash().c_str());
    return v;
}

ConsoleView ViewModel::build(const engine::VenueState& state, const DeviceInputs& devices,
                             HostNanos now_ns) const {
    ConsoleView v;
    v.status =
        fmt("events %" PRId64 ", state %s", state.events_applied(), state.state_hash().c_str());
    for (const auto& [id, m] : state.matches())
        v.matches.push_back(match_view(*m, devices, now_ns));
    v.claims.assign(claims_.begin(), claims_.end());
    v.messages.assign(messages_.begin(), messages_.end());

    if (devices.hub) {
        const io::HubLinkStatus& h = *devices.hub;
        DeviceRow r;
        r.name = "hub";
        const bool running = h.state == io::HubSessionState::RUNNING;
        if (running)
            r.state = "connected";
        else if (h.state == io::HubSessionState::REFUSED)
            r.state = "refused: " + h.refusal;
        else if (h.down_since_ns || h.opens)
            r.state = fmt("reconnecting (%u tries)", unsigned(h.attempts_since_up));
        else
            r.state = std::string("connecting (") + io::state_name(h.state) + ")";
        r.ok = running && h.last_frame_age_ns >= 0 && h.last_frame_age_ns < 1'000'000'000;
        r.frame_age = age_text(h.last_frame_age_ns);
        if (h.heartbeat && h.last_frame_ns) {
            const double offset_s =
                double(h.last_frame_ns - std::int64_t(h.heartbeat->hub_time_us) * 1000) / 1e9;
            r.clock =
                fmt("drift %+.2f ppm, fit error \u00B1%d \u00B5s (%zu samples), hub time "
                    "offset %+.3f s",
                    h.drift_ppm, int(h.time_error_ns / 1000), h.time_samples, offset_s);
        } else {
            r.clock = "no time fit yet";
        }
        if (h.handshake) {
            r.firmware = fmt(
                "build %08x, protocol %u, serial %u, boot %u (%s)", unsigned(h.handshake->build_id),
                unsigned(h.handshake->protocol_version), unsigned(h.handshake->hub_serial),
                unsigned(h.handshake->boot_count), io::boot_reason_name(h.handshake->boot_reason));
            // A hub that restarted while this host ran: its clock and lockout restarted too.
            if (h.stats.reboots > 0)
                r.firmware += fmt(", rebooted %llu\u00D7 while connected",
                                  static_cast<unsigned long long>(h.stats.reboots));
        } else
            r.firmware = "\u2014";
        r.errors = fmt("%llu CRC, %llu resync, %llu link, %llu lost",
                       static_cast<unsigned long long>(h.stats.crc_errors),
                       static_cast<unsigned long long>(h.stats.resyncs),
                       static_cast<unsigned long long>(h.link_errors),
                       static_cast<unsigned long long>(h.stats.events_lost));
        r.detail = h.device + (h.last_error.empty() ? "" : ": " + h.last_error);
        if (!devices.hub_match.empty()) r.detail += ", match " + devices.hub_match;
        v.devices.push_back(std::move(r));
    }
    for (const io::dgt::BoardStatus& b : devices.boards) {
        DeviceRow r;
        r.name = "board " + (b.serial.empty() ? std::string("?") : b.serial);
        switch (b.state) {
            case io::dgt::BoardLinkState::CONNECTED:
                r.state = "connected";
                break;
            case io::dgt::BoardLinkState::CONNECTING:
                r.state = "connecting";
                break;
            case io::dgt::BoardLinkState::SILENT:
                r.state = "silent";
                break;
            case io::dgt::BoardLinkState::DISCONNECTED:
                r.state = b.opens ? "reconnecting" : "disconnected";
                // now_ns and down_since_us are both the steady clock (the runners' time base).
                if (b.down_since_us > 0 && now_ns / 1000 >= b.down_since_us)
                    r.state += fmt(" for %.0f s", double(now_ns / 1000 - b.down_since_us) / 1e6);
                break;
        }
        r.ok = b.state == io::dgt::BoardLinkState::CONNECTED;
        r.frame_age =
            b.last_message_age_us < 0 ? age_text(-1) : age_text(b.last_message_age_us * 1000);
        r.firmware =
            b.version ? fmt("version %u.%u", unsigned(b.version->major), unsigned(b.version->minor))
                      : "\u2014";
        r.clock = std::string("orientation ") + io::dgt::source_name(b.orientation_source);
        r.errors = fmt("%llu parse, %llu link, %llu silences, %llu dropped",
                       static_cast<unsigned long long>(b.parse_errors),
                       static_cast<unsigned long long>(b.link_errors),
                       static_cast<unsigned long long>(b.silences),
                       static_cast<unsigned long long>(b.dropped_events));
        r.detail = b.device + (b.last_link_error.empty() ? "" : ": " + b.last_link_error);
        v.devices.push_back(std::move(r));
    }
    return v;
}

namespace {

// A board as the console draws it: pieces, the last move, check, and the squares to restore.
BoardView board_view(const chess::Game& game, const std::vector<chess::Square>& restore) {
    const chess::Position& pos = game.position();
    BoardView b;
    b.fen = pos.fen();
    for (int s = 0; s < 64; ++s) {
        const auto sq = chess::Square(s);
        SquareView& q = b.squares[std::size_t(s)];
        q.piece = pos.piece_on(sq);
        q.glyph = glyph_of(q.piece);
        q.letter = " PNBRQK  pnbrqk "[q.piece];
        q.light = (chess::file_of(sq) + chess::rank_of(sq)) % 2 == 1;
    }
    if (!game.moves().empty()) {
        const chess::Move last = game.moves().back();
        b.squares[last.from()].marks |= MARK_LAST_FROM;
        b.squares[last.to()].marks |= MARK_LAST_TO;
        const std::size_t ply = game.ply_count();
        const chess::Position& before = game.position_at(ply - 1);
        const int move_no = before.fullmove_number();
        b.last_move = std::to_string(move_no) +
                      (before.side_to_move() == chess::WHITE ? ". " : "... ") +
                      chess::to_san(before, last);
    }
    if (pos.in_check()) b.squares[pos.king_square(pos.side_to_move())].marks |= MARK_CHECK;
    for (chess::Square s : restore) b.squares[s].marks |= MARK_RESTORE;
    b.restore_required = !restore.empty();
    if (b.restore_required) b.restore_text = "restore " + square_list(restore);
    return b;
}

}  // namespace

MatchView ViewModel::match_view(const engine::Match& m, const DeviceInputs& devices,
                                HostNanos now_ns) const {
    const MatchConfig& c = m.config();
    const auto* ball = dynamic_cast<const cb::ChessballMatch*>(&m);
    const auto tr_it = tracks_.find(c.id);
    const MatchTrack empty_track;
    const MatchTrack& tr = tr_it == tracks_.end() ? empty_track : tr_it->second;
    const chess::Position& pos = m.game().position();

    MatchView v;
    v.id = c.id;
    v.game = c.game;
    v.title = c.white.name + " - " + c.black.name;
    v.phase = to_string(m.phase());
    v.result = m.result();
    v.termination = m.termination();
    v.segment_ply = int(m.game().ply_count());
    v.ply = v.segment_ply;
    for (const engine::GamePart& p : m.earlier_parts()) {
        const std::string& part = p.line;  // "FEN moves UCI UCI ..."
        const auto at = part.find(" moves");
        for (std::size_t i = at == std::string::npos ? part.size() : at + 6; i < part.size(); ++i)
            if (part[i] == ' ' && i + 1 < part.size() && part[i + 1] != ' ') ++v.ply;
    }
    v.chessball = ball != nullptr;
    const Color stm = pos.side_to_move();
    if (m.phase() == MatchPhase::FINISHED)
        v.to_move = "game over: " + m.result() + (v.termination.empty() ? "" : " " + v.termination);
    else
        v.to_move = std::string(side_name(stm)) + " (" +
                    (stm == chess::WHITE ? c.white : c.black).name + ") to move" +
                    (m.phase() == MatchPhase::PAUSED ? ", paused" : "");

    // Teams and players.
    for (Color side : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& t = side == chess::WHITE ? c.white : c.black;
        TeamView& tv = side == chess::WHITE ? v.white : v.black;
        tv.name = t.name;
        tv.side = side;
        tv.on_move = m.phase() != MatchPhase::FINISHED && stm == side;
        tv.score = side == chess::WHITE ? tr.score_white : tr.score_black;
        for (std::size_t i = 0; i < t.players.size(); ++i) {
            const PlayerConfig& p = t.players[i];
            PlayerRow row{p.id, p.name, p.files, p.buttons, 0, false, false};
            if (ball) {
                const cb::PlayerRef ref{side, int(i)};
                row.files = ball->ownership(side).files_of(int(i));
                row.warnings = ball->warnings(ref);
                row.removed = ball->removed(ref);
                row.holds_claim = ball->claim_holder() && *ball->claim_holder() == ref;
                if (row.holds_claim)
                    v.claim_holder =
                        p.name + " (" + t.name + ")" +
                        (p.buttons.empty() ? "" : ", button " + std::to_string(p.buttons.front()));
            }
            if (const auto* bc = dynamic_cast<const games::business::BusinessMatch*>(&m)) {
                const games::business::Member& member = bc->member(side, int(i));
                row.warnings = member.offences;
                row.removed = member.expelled;
                row.reserve = !member.active;
            }
            tv.players.push_back(std::move(row));
        }
    }
    if (ball)
        for (const cb::Proposal& p : ball->proposals())
            if (p.open) {
                const PlayerConfig& pc = ball->player(p.player);
                v.proposals.push_back(
                    {p.ref, pc.id,
                     "#" + std::to_string(p.ref) + " " + player_label(c, pc.id) + ": " + p.reason});
            }

    // The board.
    v.board = board_view(m.game(), m.restore_squares());
    BoardView& b = v.board;
    // The engine's position no longer has them; the physical board has until they are cleared.
    for (chess::Square s : tr.removed_squares) b.squares[s].marks |= MARK_REMOVED;
    b.restore_required = m.restore_required();
    if (!b.restore_required)
        b.restore_text.clear();
    else if (m.restore_squares().empty())
        b.restore_text = "restore the position";

    // Business Chess: the tree, a board per branch, and the red line.
    if (const auto* bc = dynamic_cast<const games::business::BusinessMatch*>(&m)) {
        v.business = true;
        for (const games::business::Branch& br : bc->branches()) {
            BranchView bv;
            bv.number = br.number;
            bv.parent = br.parent;
            bv.split_ply = br.split_ply;
            bv.rating = br.open ? br.rating : br.stake;
            bv.open = br.open;
            bv.board = br.board;
            bv.setup_board = br.setup_board;
            bv.result = br.result;
            bv.view = board_view(br.game, br.mismatch);
            bv.caption = "Branch " + std::to_string(br.number) + " \u00b7 " +
                         std::to_string(bv.rating) + (bv.rating == 1 ? " chip" : " chips");
            if (!br.setup_board.empty())
                bv.caption += " \u00b7 setting up on board " + br.setup_board;
            else if (!br.board.empty())
                bv.caption += " \u00b7 board " + br.board;
            if (br.parent)
                bv.caption += " \u00b7 from " + std::to_string(br.parent) + " at ply " +
                              std::to_string(br.split_ply);
            if (!br.open) bv.caption += " \u00b7 " + br.result + " " + br.termination;
            v.branches.push_back(std::move(bv));
        }
        for (const std::string& board : c.business.boards) {
            bool taken = false;
            for (const games::business::Branch& br : bc->branches())
                taken |= br.open && (br.board == board || br.setup_board == board);
            if (!taken) v.free_boards.push_back(board);
        }
        const games::business::Score sc = bc->score();
        v.business_score = c.white.name + " " + half_points(sc.white) + " \u2013 " +
                           half_points(sc.black) + " " + c.black.name;
        v.white.score = half_points(sc.white);
        v.black.score = half_points(sc.black);
    }
    v.beyond_red_line = {m.zone_occupancy(chess::WHITE), m.zone_occupancy(chess::BLACK)};

    // The clocks: the hub's heartbeat (10 Hz) for its match, else the engine's mirror counted on
    // from the last event that set it.
    ClockView& k = v.clock;
    k.white.added =
        tr.added_ms[chess::WHITE] ? duration_text(tr.added_ms[chess::WHITE]) + " added" : "";
    k.black.added =
        tr.added_ms[chess::BLACK] ? duration_text(tr.added_ms[chess::BLACK]) + " added" : "";
    std::optional<Color> running;
    bool paused = m.phase() == MatchPhase::PAUSED;
    if (devices.heartbeat && devices.hub_match == c.id && m.phase() != MatchPhase::FINISHED) {
        const wire::Heartbeat& hb = *devices.heartbeat;
        k.source = "hub";
        k.white.ms = std::int64_t(hb.remaining_a_us / 1000);
        k.black.ms = std::int64_t(hb.remaining_b_us / 1000);
        if (hb.clock_state == wire::ClockState::RUNNING && hb.on_move != wire::Team::NONE)
            running = hb.on_move == wire::Team::A ? chess::WHITE : chess::BLACK;
        paused = hb.clock_state == wire::ClockState::PAUSED;
        if (hb.clock_state == wire::ClockState::FLAGGED)
            (hb.on_move == wire::Team::B ? k.black : k.white).flagged = true;
    } else {
        k.source = "engine";
        k.white.ms = m.clock().white_ms;
        k.black.ms = m.clock().black_ms;
        if (m.phase() == MatchPhase::PLAYING) running = m.clock().running;
        if (running && tr.clock_ns && now_ns > tr.clock_ns)
            k.of_running_ms(*running) -= (now_ns - tr.clock_ns) / 1'000'000;
    }
    k.white.running = running == chess::WHITE;
    k.black.running = running == chess::BLACK;
    for (ClockSide* s : {&k.white, &k.black}) {
        if (s->ms <= 0) {
            s->ms = 0;
            if (s->running) s->flagged = true;
        }
        s->text = clock_text(s->ms);
    }
    k.state = m.phase() == MatchPhase::FINISHED    ? "stopped"
              : paused                             ? "paused"
              : k.white.flagged || k.black.flagged ? "flag"
              : running                            ? "running"
                                                   : "stopped";
    if (running) {
        const std::int64_t ms = k.of_running_ms(*running);
        const std::int64_t step = ms < 10'000 ? 100 : 1000;
        k.next_change_ms = ms > 0 ? ms % step + 1 : -1;
    }
    return v;
}

}  // namespace venue::console
