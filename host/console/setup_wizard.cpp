#include "console/setup_wizard.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <system_error>

#include "config/venue_writer.h"
#include "console/game_console.h"
#include "venue/game_rules.h"

namespace venue::console {
namespace {

// Whether the match's game numbers its sides ([[match.side]]) rather than naming them White and
// Black: a game of more than two sides, even when two play.
bool numbered_sides(const engine::MatchConfig& m) {
    const engine::GameRules* rules = engine::find_game(m.game);
    return rules ? rules->sides.max_sides > 2 : m.side_count() != 2;
}

// The side's key in the venue file as its reading names it: white and black, or side[N] (from 0,
// as the game numbers its sides).
std::string side_key(const engine::MatchConfig& m, int side) {
    if (!numbered_sides(m)) return side == 0 ? "white" : "black";
    return "side[" + std::to_string(side) + "]";
}

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A fresh id for a player of side `side`: the side's letter (W and B in a game of two; A, B, C
// ... by side in a game of more) and the first number no player of the match has.
std::string fresh_id(const engine::MatchConfig& m, int side) {
    const std::string letter =
        numbered_sides(m) ? std::string(1, char('A' + side)) : (side == 0 ? "W" : "B");
    for (int n = 1;; ++n) {
        const std::string id = letter + std::to_string(n);
        bool taken = false;
        for (const auto& t : m.sides)
            for (const auto& p : t.players) taken |= p.id == id;
        if (!taken) return id;
    }
}

config::VenueConfig new_venue() {
    config::VenueConfig c;
    engine::MatchConfig m;
    m.id = "m1";
    m.white().name = "White";
    m.black().name = "Black";
    c.matches.push_back(m);
    return c;
}

}  // namespace

const char* step_title(WizardStep step) {
    switch (step) {
        case WizardStep::EVENT:
            return "Event";
        case WizardStep::GAME:
            return "Game and time control";
        case WizardStep::TEAMS:
            return "Teams and players";
        case WizardStep::FILES:
            return "Files";
        case WizardStep::BUTTONS:
            return "Claim buttons";
        case WizardStep::BOARDS:
            return "Boards";
        case WizardStep::REVIEW:
            return "Review and save";
    }
    return "";
}

std::string WizardIssue::to_string() const {
    return key.empty() ? message : key + ": " + message;
}

WizardStep step_of_key(const std::string& key, std::size_t match_index) {
    if (starts_with(key, "event") || starts_with(key, "feed") || starts_with(key, "hub"))
        return WizardStep::EVENT;
    if (starts_with(key, "board")) return WizardStep::BOARDS;
    const std::string match = "match[" + std::to_string(match_index + 1) + "].";
    if (!starts_with(key, match)) return WizardStep::REVIEW;
    const std::string rest = key.substr(match.size());
    if (starts_with(rest, "white") || starts_with(rest, "black") || starts_with(rest, "side[")) {
        if (ends_with(rest, ".files")) return WizardStep::FILES;
        if (ends_with(rest, ".buttons")) return WizardStep::BUTTONS;
        return WizardStep::TEAMS;
    }
    return WizardStep::GAME;
}

SetupWizard::SetupWizard(std::string path) : SetupWizard(std::move(path), new_venue()) {
    set_game(default_game());
    message_.clear();
}

SetupWizard::SetupWizard(std::string path, config::VenueConfig config)
    : path_(std::move(path)), draft_(std::move(config)) {
    if (draft_.matches.empty()) draft_.matches = new_venue().matches;
}

SetupWizard SetupWizard::open(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        SetupWizard w(path);
        w.say("a new venue file: " + path);
        return w;
    }
    auto config = config::load_venue_config(path);
    if (!config) {
        SetupWizard w(path);
        w.say(config.error().to_string() + "; starting a new file (saving replaces it)", true);
        return w;
    }
    SetupWizard w(path, *config);
    w.say("editing " + path + " (saving over it needs \"overwrite\")");
    return w;
}

engine::TeamConfig& SetupWizard::team(int side) {
    return match().side(side);
}

const engine::TeamConfig& SetupWizard::team(int side) const {
    return match().side(side);
}

std::string SetupWizard::side_name(int side) const {
    return engine::side_label(match(), side);
}

std::string SetupWizard::match_key() const {
    return "match[" + std::to_string(match_index_ + 1) + "]";
}

void SetupWizard::select_match(std::size_t index) {
    match_index_ = std::min(index, draft_.matches.size() - 1);
    claim_target_.reset();
    say("setting up match " + match().id);
}

void SetupWizard::add_match() {
    std::string id, board;
    for (int n = int(draft_.matches.size()) + 1;; ++n) {
        id = "m" + std::to_string(n);
        board = "b" + std::to_string(n);
        bool taken = false;
        for (const auto& m : draft_.matches) taken |= m.id == id || m.board == board;
        if (!taken) break;
    }
    engine::MatchConfig m = new_venue().matches.front();
    m.id = id;
    m.board = board;
    draft_.matches.push_back(m);
    match_index_ = draft_.matches.size() - 1;
    claim_target_.reset();
    set_game(default_game());
    say("a new match " + id + " on board " + board);
}

bool SetupWizard::remove_match() {
    if (draft_.matches.size() < 2) {
        say("a venue file has at least one match", true);
        return false;
    }
    const std::string id = match().id;
    draft_.matches.erase(draft_.matches.begin() + std::ptrdiff_t(match_index_));
    if (draft_.hub.match == id) draft_.hub.match = draft_.matches.front().id;
    match_index_ = std::min(match_index_, draft_.matches.size() - 1);
    claim_target_.reset();
    say("match " + id + " removed (nothing is written until you save)");
    return true;
}

std::string SetupWizard::player_label(PlayerRef p) const {
    const engine::PlayerConfig& pc = player(p);
    if (pc.name.empty() || pc.name == pc.id) return pc.id;
    return pc.id + " (" + pc.name + ")";
}

std::string SetupWizard::player_key(PlayerRef p) const {
    return match_key() + "." + side_key(match(), p.side) + ".players[" +
           std::to_string(p.index + 1) + "]";
}

void SetupWizard::say(std::string text, bool error) {
    message_ = std::move(text);
    message_error_ = error;
}

// --- steps

bool SetupWizard::applies(WizardStep step) const {
    if (step == WizardStep::FILES) return game_console(match().game).players_own_files;
    if (step == WizardStep::BUTTONS) return game_console(match().game).players_have_buttons;
    return true;
}

std::string SetupWizard::title(WizardStep step) const {
    if (step != WizardStep::BUTTONS) return step_title(step);
    std::string words = game_console(match().game).button_word + "s";
    if (!words.empty()) words[0] = char(std::toupper(static_cast<unsigned char>(words[0])));
    return words;
}

void SetupWizard::go_to(WizardStep step) {
    step_ = step;
    claim_target_.reset();
    message_.clear();
    if (step == WizardStep::BUTTONS) {
        claim_target_ = first_without_button(std::nullopt);
        if (claim_target_)
            say("press " + player_label(*claim_target_) + "'s button");
        else
            say("every player has a button; select one to give him another");
    }
}

bool SetupWizard::next() {
    const auto issues = check(step_);
    if (!issues.empty()) {
        say(issues.front().to_string(), true);
        return false;
    }
    int s = int(step_);
    while (s + 1 < WIZARD_STEPS) {
        ++s;
        if (applies(WizardStep(s))) break;
    }
    go_to(WizardStep(s));
    return true;
}

void SetupWizard::back() {
    int s = int(step_);
    while (s > 0) {
        --s;
        if (applies(WizardStep(s))) break;
    }
    go_to(WizardStep(s));
}

// --- the match

std::string SetupWizard::default_game() {
    for (const engine::GameRules* g : engine::registered_games())
        if (g->sides.max_players > 1) return g->id;
    return engine::registered_games().empty() ? "fide" : engine::registered_games().front()->id;
}

void SetupWizard::set_game(const std::string& game) {
    engine::MatchConfig& m = match();
    const bool was_numbered = numbered_sides(m);
    m.game = game;
    const engine::GameRules* rules = engine::find_game(game);
    if (!rules) {
        say("game " + game + ": this build runs " + engine::game_ids_in_words(), true);
        return;
    }
    const GameConsole& console = game_console(game);
    m.time = console.setup_time ? *console.setup_time : rules->default_time;
    m.options = engine::default_options(rules->options);
    // The game's usual number of sides when the count is not its own, or came from a game of
    // the other shape (two sides of a game of two are not yet two armies of a game of more).
    const int count = side_count();
    if (count < rules->sides.min_sides || count > rules->sides.max_sides ||
        was_numbered != numbered_sides(m))
        set_side_count(console.setup_side_count ? console.setup_side_count
                                                : rules->sides.min_sides);
    // A game of two sides names them White and Black (kept where typed); one of more calls an
    // unnamed side by its number ("Army 2"), so those two default names go.
    for (int s = 0; s < 2 && s < side_count(); ++s) {
        const char* plain = s == 0 ? "White" : "Black";
        std::string& name = team(s).name;
        if (numbered_sides(m) && name == plain) name.clear();
        if (!numbered_sides(m) && name.empty()) name = plain;
    }
    const SetupSides sides = usual_sides();
    for (int s = 0; s < side_count(); ++s) {
        const int n = int(team(s).players.size());
        if (n < sides.fewest || n > sides.most) set_player_count(s, sides.usual);
    }
    for (int s = 0; s < side_count(); ++s) {
        if (console.players_own_files) deal_files(s);
        for (auto& p : team(s).players) {
            if (!console.players_have_buttons) p.buttons.clear();
            if (!console.players_own_files) p.files.clear();
        }
    }
    say("game " + game + ": time control, sides and teams set to its defaults");
}

void SetupWizard::set_match_id(const std::string& id) {
    if (draft_.hub.match == match().id) draft_.hub.match = id;
    match().id = id;
}

// --- teams

SetupSides SetupWizard::usual_sides() const {
    const engine::GameRules* rules = engine::find_game(match().game);
    const GameConsole& console = game_console(match().game);
    if (console.setup_sides) return console.setup_sides(match());
    if (!rules) return {};
    return {rules->sides.min_players, rules->sides.max_players, rules->sides.min_players};
}

bool SetupWizard::set_side_count(int count) {
    const engine::GameRules* rules = engine::find_game(match().game);
    const int fewest = rules ? rules->sides.min_sides : 2;
    const int most = rules ? rules->sides.max_sides : 2;
    const int asked = count;
    count = std::max(fewest, std::min(count, most));
    engine::MatchConfig& m = match();
    if (m.sides.size() > std::size_t(count)) m.sides.resize(std::size_t(count));
    const int usual = usual_sides().usual;
    while (m.sides.size() < std::size_t(count)) {
        m.sides.emplace_back();
        set_player_count(int(m.sides.size()) - 1, usual);
    }
    if (claim_target_ && claim_target_->side >= count) claim_target_.reset();
    if (asked != count) {
        say(rules ? rules->display_name + " is played by " + std::to_string(fewest) + " to " +
                        std::to_string(most) + " " + engine::side_words(rules->sides)
                  : "this game has two sides",
            true);
        return false;
    }
    say(std::to_string(count) + " " + (rules ? engine::side_words(rules->sides) : "sides"));
    return true;
}

void SetupWizard::set_player_count(int side, int count) {
    count = std::max(0, std::min(count, 16));
    engine::TeamConfig& t = team(side);
    const std::size_t before = t.players.size();
    if (t.players.size() > std::size_t(count)) t.players.resize(std::size_t(count));
    while (t.players.size() < std::size_t(count)) {
        engine::PlayerConfig p;
        p.id = fresh_id(match(), side);
        p.name = p.id;
        p.seat = int(t.players.size()) + 1;
        t.players.push_back(p);
    }
    if (claim_target_ && claim_target_->side == side && claim_target_->index >= t.players.size())
        claim_target_ = first_without_button(std::nullopt);
    if (game_console(match().game).players_own_files && t.players.size() != before)
        deal_files(side);
}

// --- files

std::vector<std::string> SetupWizard::dealt_files(int players) {
    std::vector<std::string> out;
    if (players < 1 || players > 8) return out;
    const int each = 8 / players, extra = 8 % players;
    char f = 'a';
    for (int p = 0; p < players; ++p) {
        std::string files;
        for (int k = 0; k < each + (p < extra ? 1 : 0); ++k) files += f++;
        out.push_back(files);
    }
    return out;
}

void SetupWizard::deal_files(int side) {
    engine::TeamConfig& t = team(side);
    const auto files = dealt_files(int(t.players.size()));
    if (files.empty()) {
        say(side_key(match(), side) + ": files are dealt to 1 to 8 players", true);
        return;
    }
    for (std::size_t i = 0; i < files.size(); ++i) t.players[i].files = files[i];
    std::string said = side_key(match(), side) + " files:";
    for (const auto& f : files) said += " " + f;
    say(said);
}

// --- buttons

std::optional<PlayerRef> SetupWizard::first_without_button(std::optional<PlayerRef> after) const {
    // In order of the sides (White 1.., Black 1..); after `after`, wrapping round to it.
    std::vector<PlayerRef> order;
    for (int s = 0; s < side_count(); ++s)
        for (std::size_t i = 0; i < team(s).players.size(); ++i) order.push_back({s, i});
    std::size_t start = 0;
    if (after)
        for (std::size_t k = 0; k < order.size(); ++k)
            if (order[k] == *after) start = k + 1;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const PlayerRef p = order[(start + k) % order.size()];
        if (player(p).buttons.empty()) return p;
    }
    return std::nullopt;
}

std::optional<PlayerRef> SetupWizard::owner_of(int button) const {
    for (int s = 0; s < side_count(); ++s)
        for (std::size_t i = 0; i < team(s).players.size(); ++i)
            for (int b : team(s).players[i].buttons)
                if (b == button) return PlayerRef{s, i};
    return std::nullopt;
}

void SetupWizard::select_for_claim(std::optional<PlayerRef> p) {
    if (p && p->index >= team(p->side).players.size()) p.reset();
    claim_target_ = p;
    if (p) say("press " + player_label(*p) + "'s button");
}

bool SetupWizard::on_claim_press(int button) {
    const std::string b = "button " + std::to_string(button);
    if (button < 0 || button > 15) {
        say(b + ": the hub's claim buttons are 0 to 15", true);
        return false;
    }
    if (!claim_target_) {
        say(b + " pressed; no player is selected for it" +
                (step_ == WizardStep::BUTTONS ? " (select one)"
                                              : " (go to " + title(WizardStep::BUTTONS) + ")"),
            true);
        return false;
    }
    const PlayerRef target = *claim_target_;
    if (auto owner = owner_of(button); owner && !(*owner == target)) {
        say(b + " is already " + player_label(*owner) +
                "'s: clear it there first, or press another for " + player_label(target),
            true);
        return false;
    }
    player(target).buttons = {button};
    claim_target_ = first_without_button(target);
    std::string said = b + " is " + player_label(target) + "'s";
    said += claim_target_ ? "; now press " + player_label(*claim_target_) + "'s"
                          : "; every player has a button";
    say(said);
    return true;
}

void SetupWizard::clear_buttons(PlayerRef p) {
    player(p).buttons.clear();
    say(player_label(p) + " has no button now");
}

// --- boards

void SetupWizard::add_board() {
    config::BoardPortConfig b;
    // A first board takes the match's board id, so that the two agree from the start.
    if (draft_.boards.empty()) b.id = match().board;
    draft_.boards.push_back(b);
}

void SetupWizard::remove_board(std::size_t index) {
    if (index < draft_.boards.size())
        draft_.boards.erase(draft_.boards.begin() + std::ptrdiff_t(index));
}

// --- validation

std::vector<WizardIssue> SetupWizard::own_issues(WizardStep step) const {
    std::vector<WizardIssue> out;
    const engine::MatchConfig& m = match();
    const std::string mk = match_key();
    const engine::GameRules* rules = engine::find_game(m.game);
    const GameConsole& game = game_console(m.game);
    // "(CB-A24: one owner per file)": a clause the game's entry names, and what it says.
    auto cite = [](const std::string& rule, const std::string& what) {
        return " (" + (rule.empty() ? what : rule + ": " + what) + ")";
    };
    switch (step) {
        case WizardStep::EVENT:
            if (draft_.log_path.empty())
                out.push_back({"event.log", "give the event log's file, e.g. venue-log.sqlite"});
            if (draft_.feed.host.empty() || draft_.feed.port <= 0 || draft_.feed.port > 65535)
                out.push_back({"feed.address", "give a host and a port 1-65535"});
            break;
        case WizardStep::GAME:
            if (m.id.empty()) out.push_back({mk + ".id", "missing"});
            if (!rules)
                out.push_back(
                    {mk + ".game", "'" + m.game + "': use " + engine::game_ids_in_words()});
            if (m.time.base_ms <= 0) out.push_back({mk + ".time.base_minutes", "must be > 0"});
            if (m.time.increment_ms < 0)
                out.push_back({mk + ".time.increment_seconds", "must be 0 or more"});
            if (m.penalties.illegal_moves_to_lose < 1)
                out.push_back({mk + ".penalties.illegal_moves_to_lose", "must be at least 1"});
            // The game's settings, each against its range or choices.
            if (rules)
                for (const engine::GameOption& o : rules->options) {
                    auto it = m.options.values().find(o.key);
                    if (it == m.options.values().end()) continue;  // the default
                    if (std::string bad = engine::option_value_problem(o, it->second); !bad.empty())
                        out.push_back({mk + "." + m.game + "." + o.file_key,
                                       bad + (o.rule.empty() ? "" : " (" + o.rule + ")")});
                }
            if (game.setup_issues) game.setup_issues(m, mk, step, out);
            break;
        case WizardStep::TEAMS: {
            std::set<std::string> ids;
            for (int s = 0; s < side_count(); ++s) {
                const int n = int(team(s).players.size());
                const std::string tk = mk + "." + side_key(m, s) + ".players";
                if (rules)
                    if (auto bad = engine::side_size_problem(*rules, team(s)))
                        out.push_back({tk, *bad});
                for (std::size_t i = 0; i < std::size_t(n); ++i) {
                    const std::string id = team(s).players[i].id;
                    const std::string pk = player_key({s, i}) + ".id";
                    if (id.empty())
                        out.push_back({pk, "missing"});
                    else if (!ids.insert(id).second)
                        out.push_back({pk, "'" + id + "' is used twice; ids are unique"});
                }
            }
            if (game.setup_issues) game.setup_issues(m, mk, step, out);
            break;
        }
        case WizardStep::FILES:
            if (!game.players_own_files) break;
            for (int s = 0; s < side_count(); ++s) {
                std::array<std::string, 8> owner;  // file -> the label of its owner
                for (std::size_t i = 0; i < team(s).players.size(); ++i) {
                    const PlayerRef p{s, i};
                    const std::string fk = player_key(p) + ".files";
                    const std::string& files = player(p).files;
                    if (files.empty())
                        out.push_back({fk, player_label(p) + " owns no file" +
                                               cite(game.files_rule, "at least one each")});
                    for (char f : files) {
                        if (f < 'a' || f > 'h') {
                            out.push_back({fk, "'" + std::string(1, f) + "' is not a file a-h"});
                            continue;
                        }
                        std::string& o = owner[std::size_t(f - 'a')];
                        if (!o.empty())
                            out.push_back(
                                {fk, "file " + std::string(1, f) + " is also " + o + "'s" +
                                         cite(game.file_owner_rule, "one owner per file")});
                        else
                            o = player_label(p);
                    }
                }
                std::string missing;
                for (std::size_t f = 0; f < 8; ++f)
                    if (owner[f].empty()) missing += char('a' + f);
                if (!missing.empty())
                    out.push_back({mk + "." + side_key(m, s) + ".players",
                                   "no owner for file" +
                                       std::string(missing.size() > 1 ? "s " : " ") + missing +
                                       cite(game.file_owner_rule, "every file needs one")});
            }
            break;
        case WizardStep::BUTTONS:
            if (!game.players_have_buttons) break;
            for (int s = 0; s < side_count(); ++s)
                for (std::size_t i = 0; i < team(s).players.size(); ++i) {
                    const PlayerRef p{s, i};
                    const std::string bk = player_key(p) + ".buttons";
                    if (player(p).buttons.empty())
                        out.push_back({bk, player_label(p) + " has no " + game.button_word +
                                               cite(game.buttons_rule, "one each") +
                                               ": select him and press it"});
                    for (int b : player(p).buttons) {
                        if (b < 0 || b > 15) {
                            out.push_back({bk, "button numbers are 0 to 15"});
                            continue;
                        }
                        const auto o = owner_of(b);
                        if (o && !(*o == p))
                            out.push_back({bk, "button " + std::to_string(b) + " is also " +
                                                   player_label(*o) + "'s"});
                    }
                }
            break;
        case WizardStep::BOARDS: {
            std::set<std::string> ids;
            // The boards this match plays on (its board, or the game's list of them).
            const std::vector<std::string> played_on =
                rules && rules->boards ? rules->boards(m) : std::vector<std::string>{m.board};
            for (std::size_t i = 0; i < draft_.boards.size(); ++i) {
                const config::BoardPortConfig& b = draft_.boards[i];
                const std::string bk = "board[" + std::to_string(i + 1) + "]";
                if (b.id.empty())
                    out.push_back({bk + ".id", "missing: the board's serial number"});
                else if (!ids.insert(b.id).second)
                    out.push_back({bk + ".id", "'" + b.id + "' is listed twice"});
                if (b.port.empty() == b.usb_serial.empty())
                    out.push_back({bk, "give exactly one of port and usb_serial"});
                if (b.orientation != "auto" && b.orientation != "normal" &&
                    b.orientation != "rotated")
                    out.push_back({bk + ".orientation", "use auto, normal or rotated"});
                else if (b.orientation == "auto" && !game.fixed_orientation.empty() &&
                         std::find(played_on.begin(), played_on.end(), b.id) != played_on.end())
                    out.push_back({bk + ".orientation", game.fixed_orientation +
                                                            ": set normal (its a1 at White's, or "
                                                            "its player's, left hand) or rotated"});
                if (!b.clock.empty() && b.clock != "white-left" && b.clock != "white-right")
                    out.push_back({bk + ".clock", "use white-left or white-right, or none"});
            }
            break;
        }
        case WizardStep::REVIEW:
            break;
    }
    return out;
}

std::optional<config::ConfigError> SetupWizard::read_back() const {
    auto c = config::parse_venue_config(toml(), path_);
    if (c) return std::nullopt;
    return c.error();
}

std::vector<WizardIssue> SetupWizard::check(WizardStep step) const {
    if (step == WizardStep::REVIEW) return check_all();
    if (!applies(step)) return {};
    std::vector<WizardIssue> out = own_issues(step);
    if (out.empty())
        if (auto e = read_back(); e && step_of_key(e->key, match_index_) == step)
            out.push_back({e->key, e->message + " (line " + std::to_string(e->line) + ")"});
    return out;
}

std::vector<WizardIssue> SetupWizard::check_all() const {
    std::vector<WizardIssue> out;
    for (int s = 0; s < WIZARD_STEPS - 1; ++s) {
        if (!applies(WizardStep(s))) continue;
        auto own = own_issues(WizardStep(s));
        out.insert(out.end(), own.begin(), own.end());
    }
    // What `venue run` would say of the file, word for word.
    if (out.empty())
        if (auto e = read_back()) out.push_back({"", e->to_string()});
    return out;
}

std::string SetupWizard::toml() const {
    return config::write_venue_toml(draft_);
}

bool SetupWizard::save(bool overwrite) {
    const auto issues = check_all();
    if (!issues.empty()) {
        say("not saved: " + issues.front().to_string(), true);
        return false;
    }
    std::error_code ec;
    if (std::filesystem::exists(path_, ec) && !overwrite) {
        say("not saved: " + path_ + " exists; tick \"overwrite\" to replace it", true);
        return false;
    }
    // The old file is kept: the new one is written from the draft, without its comments.
    const bool replacing = std::filesystem::exists(path_, ec);
    if (replacing) {
        std::filesystem::copy_file(path_, path_ + ".bak",
                                   std::filesystem::copy_options::overwrite_existing, ec);
        if (ec) {
            say("not saved: cannot keep the old file as " + path_ + ".bak: " + ec.message(), true);
            return false;
        }
    }
    // Written beside it and renamed over it: a failed write never leaves half a venue file.
    const std::string tmp = path_ + ".wizard-tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << toml();
        out.close();
        if (!out) {
            std::filesystem::remove(tmp, ec);
            say("not saved: cannot write " + tmp, true);
            return false;
        }
    }
    std::filesystem::rename(tmp, path_, ec);
    if (ec) {
        say("not saved: " + path_ + ": " + ec.message(), true);
        std::filesystem::remove(tmp, ec);
        return false;
    }
    say("saved " + path_ + (replacing ? " (the old file is " + path_ + ".bak)" : std::string()) +
        "; run it with: venue-console " + path_ + " (or venue run " + path_ + ")");
    return true;
}

}  // namespace venue::console
