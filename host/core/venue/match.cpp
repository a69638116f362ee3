// What every game's match does the same way: the event fold, the clocks, the zones, the
// arbiter's pause, time and result, and the ending of a game. Rule ids name the Laws' articles
// ("FIDE-6.11.1") or the catalogue's shared conventions ("X-3").
#include "venue/match.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "venue/game_rules.h"

namespace venue::engine {

const char* to_string(MatchPhase p) {
    switch (p) {
        case MatchPhase::WAITING:
            return "waiting";
        case MatchPhase::PLAYING:
            return "playing";
        case MatchPhase::PAUSED:
            return "paused";
        case MatchPhase::FINISHED:
            return "finished";
    }
    return "?";
}

Match::Match(MatchConfig config) : config_(std::move(config)) {
    clock_.white_ms = clock_.black_ms = config_.time.base_ms;
}

void Match::apply(const Event& event, std::vector<Decision>& out) {
    const std::vector<Decision> shown = shown_on_devices();
    event_hub_us_ = event.hub_us;
    std::visit(
        [&](const auto& body) {
            if constexpr (requires { body.match; }) on(body, out);
        },
        event.body);
    auto command = [](const Decision& d) { return std::get_if<DeviceCommand>(&d.body); };
    for (const Decision& now : shown_on_devices()) {
        const DeviceCommand* c = command(now);
        const bool same = c && std::any_of(shown.begin(), shown.end(), [&](const Decision& was) {
                              const DeviceCommand* w = command(was);
                              return w && w->device == c->device && w->command == c->command &&
                                     w->value == c->value && w->squares == c->squares;
                          });
        if (c && !same) out.push_back(now);
    }
#ifndef NDEBUG
    // Debug and sanitizer builds: a rule that broke the state stops the test that found it.
    if (std::string why; !is_ok(&why)) {
        std::fprintf(stderr, "match %s broke an invariant on a '%s' event: %s\n",
                     config_.id.c_str(), kind_name(event.body), why.c_str());
        std::abort();
    }
#endif
}

bool Match::is_ok(std::string* why) const {
    auto fail = [&](std::string reason) {
        if (why) *why = std::move(reason);
        return false;
    };
    if (zone_occupancy_[0] < 0 || zone_occupancy_[1] < 0) return fail("negative zone occupancy");
    if (outcome_.decided() && phase_ != MatchPhase::FINISHED) return fail("a result while playing");
    return true;
}

bool Match::finished(std::vector<Decision>& out) {
    if (phase_ != MatchPhase::FINISHED) return false;
    ignore("FIDE-5", "the game is over (" + outcome_.text() + ", " + termination_ + ")", out);
    return true;
}

void Match::ignore(const char* rule, const std::string& why, std::vector<Decision>& out) {
    out.push_back({EventIgnored{config_.id}, rule, why});
}

void Match::on(const ClaimPressed& e, std::vector<Decision>& out) {
    ignore("X-1", "button " + std::to_string(e.button) + ": plain chess has no claims", out);
}

void Match::on(const KeyChange& e, std::vector<Decision>& out) {
    ignore("X-1",
           std::string("'") + to_string(e.kind) + "': " + display_name() + " has no key changes",
           out);
}

// A game's own input reaches the game that knows its kind; the base knows none.
void Match::on(const GameInput& e, std::vector<Decision>& out) {
    ignore("X-1", "'" + e.kind + "': " + display_name() + " has no such input", out);
}

std::string Match::display_name() const {
    const GameRules* game = find_game(config_.game);
    return game ? game->display_name : config_.game;
}

// What the board state decides: a game whose board is not a chess position reads no chess moves
// from a board and takes no chess draw claims; its own rules override what it does take.
void Match::on(const MoveSensed& e, std::vector<Decision>& out) {
    ignore("X-1", "move " + e.uci + ": " + display_name() + " reads no chess moves", out);
}
void Match::on(const BoardMismatch& /*e*/, std::vector<Decision>& /*out*/) {}
void Match::on(const BoardRestored& /*e*/, std::vector<Decision>& /*out*/) {}
void Match::on(const ClockPressed& e, std::vector<Decision>& out) {
    ignore("X-1",
           std::string(side_name(e.side)) + " pressed: " + display_name() +
               " does not pass the move with the clock",
           out);
}
void Match::on(const DrawClaimed& e, std::vector<Decision>& out) {
    ignore("X-1",
           std::string(side_name(e.side)) + "'s draw claim: " + display_name() +
               " has no draw by claim",
           out);
}

// The base: the flag loses (Art. 6.9). A game that can tell a side unable to win answers its own.
void Match::on(const FlagFell& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    clock_.of(e.side) = 0;
    end(win_for(~e.side), "time forfeit", "FIDE-6.9",
        std::string(side_name(e.side)) + "'s flag fell", out);
}

// What every game lets the arbiter do: pause and resume the clocks, add time, declare the
// result. The rest needs a board state that knows it (a chess position to restore or move on).
void Match::on(const ArbiterAction& e, std::vector<Decision>& out) {
    if (e.note.empty()) {
        ignore("X-3", "an arbiter's action needs a note saying why", out);
        return;
    }
    switch (e.kind) {
        case ArbiterActionKind::PAUSE:
            if (finished(out)) return;
            phase_ = MatchPhase::PAUSED;
            out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, chess::WHITE, 0},
                           "FIDE-6.11.1", "arbiter paused: " + e.note});
            return;
        case ArbiterActionKind::RESUME:
            if (finished(out)) return;
            phase_ = phase_on_resume();
            out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RESUME, chess::WHITE, 0},
                           "FIDE-6.11.1", "arbiter resumed: " + e.note});
            return;
        case ArbiterActionKind::ADD_TIME:
            add_time(e.side, e.amount_ms, "X-3", "arbiter: " + e.note, out);
            return;
        case ArbiterActionKind::DECLARE_RESULT: {
            const std::optional<Outcome> declared = Outcome::parse(e.result, side_count());
            if (!declared || !declared->decided()) {
                ignore("X-3",
                       "'" + e.result + "' is not a result of " + std::to_string(side_count()) +
                           " sides" +
                           (side_count() == 2 ? "" : " (each side's points in order: \"0-1-0\")"),
                       out);
                return;
            }
            end(*declared, e.text.empty() ? "arbiter decision" : e.text, "X-3",
                "arbiter: " + e.note, out);
            return;
        }
        default:
            ignore("X-1",
                   std::string("'") + to_string(e.kind) + "': " + display_name() +
                       " has no such action",
                   out);
            return;
    }
}

// Every game keeps the zones' occupancy; what a crossing means (a violation where only one
// member may be at the boards) is the game's to decide.
void Match::on(const BeamCrossed& e, std::vector<Decision>& /*out*/) {
    int& n = zone_occupancy_[e.zone];
    n = e.inward ? n + 1 : std::max(0, n - 1);
}

// Raw board readings are evidence in the log; the moves read from them arrive
// as their own events.
void Match::on(const BoardSnapshot& /*e*/, std::vector<Decision>& /*out*/) {}
// A game that reads its boards itself overrides this; others are never handed one.
void Match::on(const BoardSettled& /*e*/, std::vector<Decision>& /*out*/) {}
// So are the field updates the readings were built from, one by one.
void Match::on(const BoardFieldUpdate& /*e*/, std::vector<Decision>& /*out*/) {}

void Match::add_time(Color side, std::int64_t ms, const char* rule, const std::string& why,
                     std::vector<Decision>& out) {
    clock_.of(side) += ms;
    out.push_back({TimeAdded{config_.id, side, ms}, rule, why});
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_ADD_TIME, side, ms}, rule, why});
}

void Match::end(const Outcome& outcome, const std::string& termination, const char* rule,
                const std::string& why, std::vector<Decision>& out) {
    phase_ = MatchPhase::FINISHED;
    outcome_ = outcome;
    const std::string result = outcome.text();
    termination_ = termination;
    on_game_over();
    clock_.running.reset();
    out.push_back({GameEnded{config_.id, result, termination}, rule, why});
    // The score of a game of two sides; a game of more gives its standing (standing()).
    if (side_count() == 2) {
        const Standing final_score = standing();  // the result's points, or the game's own count
        out.push_back({ScoreChanged{config_.id, final_score.of(0), final_score.of(1)}, rule,
                       "final score " + result + " (" + termination + ")"});
    }
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, chess::WHITE, 0}, rule,
                   "the game is over: stop the clocks"});
}

void Match::on(const ArmyTurnEnded& e, std::vector<Decision>& out) {
    ignore("X-1",
           "army " + std::to_string(e.army) + "'s End-turn press: " + display_name() +
               " keeps no army clock",
           out);
}
void Match::on(const ArmyFlagFell& e, std::vector<Decision>& out) {
    ignore("X-1",
           "army " + std::to_string(e.army) + "'s flag: " + display_name() + " keeps no army clock",
           out);
}
void Match::on(const ArmyClockReading& e, std::vector<Decision>& /*out*/) {
    army_clock_.remaining_ms = e.remaining_ms;
    army_clock_.running = e.running;
}

void Match::on(const ClockReading& e, std::vector<Decision>& /*out*/) {
    clock_.white_ms = e.white_ms;
    clock_.black_ms = e.black_ms;
    clock_.running = e.running;
}

std::string side_label(const MatchConfig& config, int side) {
    const bool known = side >= 0 && side < config.side_count();
    if (known && config.side_count() == 2) return chess::color_name(Color(side));
    if (known && !config.side(side).name.empty()) return config.side(side).name;
    // The game's word for a side, numbered as the game counts ("Army 2").
    if (const GameRules* game = known ? find_game(config.game) : nullptr) {
        std::string word = game->sides.side_word;
        if (!word.empty()) word[0] = char(std::toupper(static_cast<unsigned char>(word[0])));
        return word + " " + std::to_string(side + game->sides.first_number);
    }
    return "Side " + std::to_string(side + 1);
}

std::string Match::clock_face_short_label(Color face) const {
    constexpr std::size_t WIDTH = 8;
    const std::string label = clock_face_label(face);
    if (label.size() <= WIDTH) return label;
    const std::string first_word = label.substr(0, label.find(' '));
    return first_word.size() <= WIDTH ? first_word : label.substr(0, WIDTH);
}

std::string Match::side_label(int side) const {
    return engine::side_label(config_, side);
}

PlayerStatus Match::player_status(int side, int index) const {
    PlayerStatus s;
    if (side < 0 || side >= side_count()) return s;
    const TeamConfig& t = config_.side(side);
    if (index >= 0 && std::size_t(index) < t.players.size())
        s.files = t.players[std::size_t(index)].files;
    return s;
}

Standing Match::standing() const {
    if (outcome_.decided()) return {outcome_.half_points()};
    return {std::vector<int>(std::size_t(side_count()), 0)};
}

std::string Match::canonical() const {
    std::string s = "match " + config_.id;
    s += "\nphase " + std::string(to_string(phase_)) + "\nresult " + outcome_.text() + " " +
         termination_;
    s += "\nclock " + std::to_string(clock_.white_ms) + " " + std::to_string(clock_.black_ms) +
         " " + (clock_.running ? side_name(*clock_.running) : "-");
    s += "\nzones " + std::to_string(zone_occupancy_[0]) + " " + std::to_string(zone_occupancy_[1]);
    if (!army_clock_.remaining_ms.empty()) {  // only a game on the army clock has this line
        s += "\narmy clock";
        for (std::int64_t ms : army_clock_.remaining_ms) s += " " + std::to_string(ms);
        s += army_clock_.running ? " running " + std::to_string(*army_clock_.running) : " -";
    }
    s += "\n" + canonical_extra();
    return s;
}

}  // namespace venue::engine
