// The arbiter's intents: checked and turned into events (an arbiter action, or a team's entry
// through the game's console entry), the confirmation's question in words, and the undo of an
// action.
#include <algorithm>

#include "console/game_console.h"
#include "console/view_model_internal.h"

namespace venue::console {

using namespace engine;
using detail::player_label;
using detail::side_name;

engine::KeyChange key_change_of(const ArbiterIntent& in) {
    KeyChange k;
    k.match = in.match;
    k.kind = in.key.value_or(KeyChangeKind::PASS);
    k.side = in.side;
    k.from_branch = in.from_branch;
    k.to_branch = in.to_branch;
    k.board = in.board;
    k.amount = in.amount;
    k.shares = in.shares;
    k.claim = in.claim;
    k.player = in.player;
    k.in_player = in.in_player;
    k.arbiter = in.arbiter;
    k.note = in.note;
    return k;
}

namespace {

// A team's entry in words, by the game that takes it; the kind alone when none does.
std::string entry_words(const ArbiterIntent& in, const std::string& game, const PlayerWords& who) {
    const GameConsole* g = entry_console(game);
    if (!g || !g->entry_words) return to_string(in.key.value_or(KeyChangeKind::PASS));
    return g->entry_words(key_change_of(in), who);
}

// A game's own input in words, by its game; its kind and side when the game words none.
std::string input_words(const engine::GameInput& in, const std::string& game,
                        const std::string& side) {
    const GameConsole* g = find_game_console(game);
    if (g && g->input_words) return g->input_words(in, side);
    return "'" + in.kind + "' for " + side;
}

}  // namespace

Result<engine::Event, std::string> to_event(const ArbiterIntent& in, HostNanos host_ns) {
    if (in.match.empty()) return unexpected(std::string("no match chosen"));
    auto blank = [](const std::string& s) {
        return std::all_of(s.begin(), s.end(), [](char ch) { return ch == ' ' || ch == '\t'; });
    };
    if (blank(in.note)) return unexpected(std::string("a note is required (why, in words)"));
    if (in.input && !in.key) {
        engine::GameInput g = *in.input;
        g.match = in.match;
        g.arbiter = blank(in.arbiter) ? "arbiter" : in.arbiter;
        g.note = in.note;
        return engine::Event{host_ns, std::nullopt, std::move(g)};
    }
    if (in.key) {
        const GameConsole* g = entry_console();
        if (!g) return unexpected(std::string("no game of this build takes a team's entries"));
        ArbiterIntent k = in;
        if (blank(k.arbiter)) k.arbiter = "arbiter";
        return g->entry_event(k, host_ns);
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
        case ArbiterActionKind::CONFIRM_SCORE:
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
            a.clause = in.clause;
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
    if (in.input && !in.key)
        return input_words(*in.input, m ? m->config().game : "",
                           m && in.input->side >= 0 && in.input->side < m->side_count()
                               ? m->config().side(in.input->side).name
                               : "side " + std::to_string(in.input->side)) +
               " in match " + in.match;
    if (in.key)
        return entry_words(
                   in, m ? m->config().game : "",
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
            s = "Warn " + who + ": " + in.text + (in.clause.empty() ? "" : " (" + in.clause + ")");
            break;
        case ArbiterActionKind::REMOVE:
            s = "Remove " + who + ": " + in.text +
                (in.clause.empty() ? "" : " (" + in.clause + ")");
            break;
        case ArbiterActionKind::CONFIRM_WARNING:
            s = "Confirm proposed warning #" + std::to_string(in.ref);
            break;
        case ArbiterActionKind::REJECT_WARNING:
            s = "Reject proposed warning #" + std::to_string(in.ref);
            break;
        case ArbiterActionKind::CONFIRM_SCORE:
            s = "Confirm the score as it stands";
            break;
    }
    return s + " in match " + in.match;
}

std::string describe(const ArbiterIntent& in, const MatchView& m) {
    auto who = [&](const std::string& id) {
        for (const TeamView* t : {&m.white(), &m.black()})
            for (const PlayerRow& p : t->players)
                if (p.id == id) return p.name + " (" + id + ")";
        return id;
    };
    if (in.key) return entry_words(in, m.game, who) + " in match " + in.match;
    if (in.input) {
        const int side = in.input->side;
        std::string name = "side " + std::to_string(side);
        if (side >= 0 && std::size_t(side) < m.sides.size()) {
            const TeamView& t = m.sides[std::size_t(side)];
            name = t.name.empty() ? t.label : t.name + " (" + t.label + ")";
        }
        return input_words(*in.input, m.game, name) + " in match " + in.match;
    }
    const bool penalty = in.kind == ArbiterActionKind::WARN || in.kind == ArbiterActionKind::REMOVE;
    // A game may word its penalties its own way (a yellow or red card): the arbiter reads the
    // words of the game.
    if (const PenaltyWords& words = game_console(m.game).penalties; penalty && words.describe)
        return words.describe(in, who(in.player)) + " in match " + in.match;
    if (penalty) {
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

}  // namespace venue::console
