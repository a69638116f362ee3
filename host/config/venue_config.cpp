#include "config/venue_config.h"

#include "venue/game_rules.h"

#include <toml++/toml.h>
#include <cctype>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace venue::config {
namespace {

// "YYYY.MM.DD" with a month 01-12 and a day 01-31 (PGN's Date tag, fully known).
bool is_pgn_date(const std::string& s) {
    if (s.size() != 10 || s[4] != '.' || s[7] != '.') return false;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (s[std::size_t(i)] < '0' || s[std::size_t(i)] > '9') return false;
    const int month = std::stoi(s.substr(5, 2)), day = std::stoi(s.substr(8, 2));
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// Thrown inside the parser only; parse_venue_config turns it into a ConfigError.
struct Failure {
    int line;
    std::string key;
    std::string message;
};

int line_of(const toml::node& n) {
    return int(n.source().begin.line);
}

// Refuses keys the reference does not list, so that a typo is caught rather than ignored.
void only_keys(const toml::table& t, const std::string& path, std::set<std::string> allowed) {
    for (const auto& [k, v] : t) {
        if (!allowed.count(std::string(k.str())))
            throw Failure{line_of(v),
                          path.empty() ? std::string(k.str()) : path + "." + std::string(k.str()),
                          "unknown key (see schemas/config/README.md)"};
    }
}

template <class T>
T get(const toml::table& t, const std::string& path, const char* key, T fallback) {
    const toml::node* n = t.get(key);
    if (!n) return fallback;
    auto v = n->value<T>();
    if (!v) {
        const char* want = std::is_same_v<T, std::string> ? "a string"
                           : std::is_same_v<T, bool>      ? "true or false"
                                                          : "a number";
        throw Failure{line_of(*n), path + "." + key, std::string("must be ") + want};
    }
    return *v;
}

// Durations are written in minutes or seconds, possibly with a fraction: rounded to the nearest
// millisecond, so that 1.005 s is 1005 ms and a written file reads back the value it was written
// from (truncation would make it 1004).
std::int64_t to_ms(double value, double ms_per_unit) {
    return std::llround(value * ms_per_unit);
}

const toml::table* table_at(const toml::table& t, const std::string& path, const char* key) {
    const toml::node* n = t.get(key);
    if (!n) return nullptr;
    if (!n->is_table()) throw Failure{line_of(*n), path + "." + key, "must be a table"};
    return n->as_table();
}

engine::TeamConfig parse_team(const toml::table& t, const std::string& path) {
    only_keys(t, path, {"team", "players"});
    engine::TeamConfig team;
    team.name = get<std::string>(t, path, "team", "");
    const toml::node* players = t.get("players");
    if (!players) throw Failure{line_of(t), path + ".players", "missing: name at least one player"};
    const toml::array* arr = players->as_array();
    if (!arr) throw Failure{line_of(*players), path + ".players", "must be an array of tables"};
    int index = 0;
    for (const toml::node& pn : *arr) {
        const std::string ppath = path + ".players[" + std::to_string(++index) + "]";
        const toml::table* p = pn.as_table();
        if (!p) throw Failure{line_of(pn), ppath, "must be a table"};
        only_keys(*p, ppath, {"id", "name", "seat", "buttons", "files"});
        engine::PlayerConfig player;
        player.id = get<std::string>(*p, ppath, "id", "");
        player.name = get<std::string>(*p, ppath, "name", "");
        player.seat = int(get<int64_t>(*p, ppath, "seat", index));
        player.files = get<std::string>(*p, ppath, "files", "");
        if (player.id.empty()) throw Failure{line_of(*p), ppath + ".id", "missing"};
        if (player.name.empty()) player.name = player.id;
        if (const toml::node* b = p->get("buttons")) {
            const toml::array* ba = b->as_array();
            if (!ba) throw Failure{line_of(*b), ppath + ".buttons", "must be an array of numbers"};
            for (const toml::node& x : *ba) {
                auto v = x.value<int64_t>();
                if (!v || *v < 0 || *v > 15)
                    throw Failure{line_of(x), ppath + ".buttons", "button numbers are 0 to 15"};
                player.buttons.push_back(int(*v));
            }
        }
        team.players.push_back(player);
    }
    return team;
}

// One key of a game's [match.<game>] table, read as its kind says (durations in the option's
// unit, to milliseconds) and checked against its range or choices.
engine::OptionValue parse_option(const toml::table& t, const std::string& path,
                                 const engine::GameOption& option) {
    const char* key = option.file_key.c_str();
    const toml::node* n = t.get(key);
    engine::OptionValue value;
    switch (option.kind) {
        case engine::OptionKind::FLAG:
            value = get<bool>(t, path, key, false);
            break;
        case engine::OptionKind::COUNT: {
            const toml::node* x = t.get(key);
            if (x && !x->is_integer())
                throw Failure{line_of(*x), path + "." + key, "must be a whole number"};
            value = get<int64_t>(t, path, key, 0);
            break;
        }
        case engine::OptionKind::DURATION:
            value = to_ms(get<double>(t, path, key, 0), double(option.unit_ms));
            break;
        case engine::OptionKind::CHOICE:
        case engine::OptionKind::TEXT:
            value = get<std::string>(t, path, key, "");
            break;
        case engine::OptionKind::TEXT_LIST: {
            const toml::array* a = n->as_array();
            if (!a) throw Failure{line_of(*n), path + "." + key, "must be an array of strings"};
            std::vector<std::string> list;
            for (const toml::node& x : *a) {
                auto v = x.value<std::string>();
                if (!v) throw Failure{line_of(x), path + "." + key, "must be an array of strings"};
                list.push_back(*v);
            }
            value = std::move(list);
            break;
        }
    }
    if (std::string bad = engine::option_value_problem(option, value); !bad.empty())
        throw Failure{line_of(*n), path + "." + key,
                      bad + (option.rule.empty() ? "" : " (" + option.rule + ")")};
    return value;
}

engine::MatchConfig parse_match(const toml::table& t, const std::string& path,
                                const VenueConfig& venue) {
    engine::MatchConfig m;
    m.game = get<std::string>(t, path, "game", "fide");
    const engine::GameRules* game = engine::find_game(m.game);
    if (!game)
        throw Failure{line_of(*t.get("game")), path + ".game",
                      "'" + m.game + "' is not available yet; this build runs " +
                          engine::game_ids_in_words()};
    // The game's own table is [match.<game>]; the other games' are not this match's.
    only_keys(t, path,
              {"id", "game", "round", "date", "board", "start_fen", "time", "penalties", "white",
               "black", "side", game->id});
    m.id = get<std::string>(t, path, "id", "");
    if (m.id.empty()) throw Failure{line_of(t), path + ".id", "missing"};
    m.time = game->default_time;
    m.event = venue.event_name;
    m.site = venue.site;
    m.round = get<std::string>(t, path, "round", "1");
    m.date = get<std::string>(t, path, "date", "");
    if (!m.date.empty() && !is_pgn_date(m.date))
        throw Failure{
            line_of(*t.get("date")), path + ".date",
            "'" + m.date + "' is not a date as PGN writes it: \"YYYY.MM.DD\", e.g. \"" +
                "2026.11.26\" (leave it out: the host dates the match the day it starts)"};
    m.board = get<std::string>(t, path, "board", "");
    m.start_fen = get<std::string>(t, path, "start_fen", "");
    if (const toml::table* time = table_at(t, path, "time")) {
        const std::string tp = path + ".time";
        only_keys(*time, tp, {"base_minutes", "increment_seconds", "mode"});
        const engine::TimeControl d = game->default_time;
        m.time.base_ms =
            to_ms(get<double>(*time, tp, "base_minutes", double(d.base_ms) / 60000), 60000);
        m.time.increment_ms =
            to_ms(get<double>(*time, tp, "increment_seconds", double(d.increment_ms) / 1000), 1000);
        const std::string mode = get<std::string>(*time, tp, "mode", engine::to_string(d.mode));
        if (mode == "fischer")
            m.time.mode = engine::TimeMode::FISCHER;
        else if (mode == "sudden_death")
            m.time.mode = engine::TimeMode::SUDDEN_DEATH;
        else if (mode == "simple_delay")
            m.time.mode = engine::TimeMode::SIMPLE_DELAY;
        else if (mode == "bronstein")
            m.time.mode = engine::TimeMode::BRONSTEIN;
        else
            throw Failure{line_of(*time->get("mode")), tp + ".mode",
                          "'" + mode + "': use fischer, sudden_death, simple_delay or bronstein"};
        if (m.time.base_ms <= 0) throw Failure{line_of(*time), tp + ".base_minutes", "must be > 0"};
    }
    if (const toml::table* pen = table_at(t, path, "penalties")) {
        const std::string pp = path + ".penalties";
        only_keys(*pen, pp,
                  {"illegal_move_bonus_seconds", "illegal_moves_to_lose",
                   "incorrect_claim_bonus_seconds"});
        m.penalties.illegal_move_bonus_ms =
            to_ms(get<double>(*pen, pp, "illegal_move_bonus_seconds", 120), 1000);
        m.penalties.illegal_moves_to_lose = int(get<int64_t>(*pen, pp, "illegal_moves_to_lose", 2));
        m.penalties.incorrect_claim_bonus_ms =
            to_ms(get<double>(*pen, pp, "incorrect_claim_bonus_seconds", 120), 1000);
    }
    // The game's options: every key at its default, then what [match.<game>] sets.
    m.options = engine::default_options(game->options);
    if (const toml::table* own = table_at(t, path, game->id.c_str())) {
        const std::string op = path + "." + game->id;
        std::set<std::string> keys;
        for (const engine::GameOption& o : game->options) keys.insert(o.file_key);
        only_keys(*own, op, keys);
        for (const engine::GameOption& o : game->options)
            if (own->get(o.file_key)) m.options.set(o.key, parse_option(*own, op, o));
    }
    // The sides: [match.white] and [match.black] in a game of two, else [[match.side]] once for
    // each side in its order of play.
    // Each side is read as it is found, so that the first wrong key in the file is the one named.
    std::vector<std::pair<std::string, const toml::table*>> sides;  // (path, table)
    m.sides.clear();
    if (game->sides.max_sides == 2) {
        if (t.get("side"))
            throw Failure{line_of(*t.get("side")), path + ".side",
                          game->display_name + " is played by two sides: write them as [" +
                              "match.white] and [match.black]"};
        for (const char* side : {"white", "black"}) {
            const toml::table* st = table_at(t, path, side);
            if (!st) throw Failure{line_of(t), path + "." + side, "missing"};
            sides.emplace_back(path + "." + side, st);
            m.sides.push_back(parse_team(*st, sides.back().first));
        }
    } else {
        for (const char* side : {"white", "black"})
            if (t.get(side))
                throw Failure{line_of(*t.get(side)), path + "." + side,
                              game->display_name + " numbers its " +
                                  engine::side_words(game->sides) +
                                  ": write each as [[match.side]], in their order of play"};
        const toml::node* list = t.get("side");
        const toml::array* arr = list ? list->as_array() : nullptr;
        if (!arr)
            throw Failure{list ? line_of(*list) : line_of(t), path + ".side",
                          list ? "must be an array of tables: [[match.side]]"
                               : "missing: one [[match.side]] for each " + game->sides.side_word};
        int index = -1;
        for (const toml::node& n : *arr) {
            const std::string sp = path + ".side[" + std::to_string(++index) + "]";
            const toml::table* st = n.as_table();
            if (!st) throw Failure{line_of(n), sp, "must be a table"};
            sides.emplace_back(sp, st);
            m.sides.push_back(parse_team(*st, sp));
        }
        if (auto bad = engine::side_count_problem(*game, int(sides.size())))
            throw Failure{line_of(*list), path + ".side", *bad};
    }
    // The game's own check first: it names its clause (a team's size among the rest).
    if (auto bad = engine::validate_match(m)) throw Failure{line_of(t), path, *bad};
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (auto bad = engine::side_size_problem(*game, m.sides[i]))
            throw Failure{line_of(*sides[i].second), sides[i].first + ".players", *bad};
    return m;
}

VenueConfig parse(const toml::table& root) {
    only_keys(root, "", {"event", "feed", "publish", "hub", "board", "match"});
    VenueConfig c;
    if (const toml::table* ev = table_at(root, "", "event")) {
        only_keys(*ev, "event", {"name", "site", "log", "seed"});
        c.event_name = get<std::string>(*ev, "event", "name", "");
        c.site = get<std::string>(*ev, "event", "site", "");
        c.log_path = get<std::string>(*ev, "event", "log", c.log_path);
        if (ev->contains("seed")) {
            const std::int64_t seed = get<std::int64_t>(*ev, "event", "seed", 0);
            if (seed < 0)
                throw Failure{line_of(*ev->get("seed")), "event.seed", "must be at least 0"};
            c.seed = std::uint64_t(seed);
        }
    }
    if (const toml::table* feed = table_at(root, "", "feed")) {
        only_keys(*feed, "feed", {"enabled", "address"});
        c.feed.enabled = get<bool>(*feed, "feed", "enabled", true);
        const std::string address = get<std::string>(*feed, "feed", "address", "127.0.0.1:8080");
        size_t colon = address.rfind(':');
        int port = 0;
        if (colon != std::string::npos) {
            try {
                port = std::stoi(address.substr(colon + 1));
            } catch (...) {
                port = 0;
            }
        }
        if (colon == std::string::npos || port <= 0 || port > 65535)
            throw Failure{line_of(*feed->get("address")), "feed.address",
                          "'" + address + "' is not HOST:PORT"};
        c.feed.host = address.substr(0, colon);
        c.feed.port = port;
    }
    if (const toml::table* pub = table_at(root, "", "publish")) {
        only_keys(*pub, "publish",
                  {"broker", "event", "hall", "username", "password_file", "ca_file", "cert_file",
                   "key_file"});
        PublishConfig& p = c.publish;
        p.broker = get<std::string>(*pub, "publish", "broker", "");
        p.event = get<std::string>(*pub, "publish", "event", "");
        p.hall = get<std::string>(*pub, "publish", "hall", "");
        p.username = get<std::string>(*pub, "publish", "username", "");
        p.password_file = get<std::string>(*pub, "publish", "password_file", "");
        p.ca_file = get<std::string>(*pub, "publish", "ca_file", "");
        p.cert_file = get<std::string>(*pub, "publish", "cert_file", "");
        p.key_file = get<std::string>(*pub, "publish", "key_file", "");
        // One topic level each (venue/<event>/<hall>/...): no '/', '+' or '#' may reach into
        // another hall's topics.
        auto segment = [&](const std::string& key, const std::string& value) {
            if (value.empty()) return;
            for (char ch : value)
                if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_'))
                    throw Failure{line_of(*pub->get(key)), "publish." + key,
                                  "'" + value + "' has '" + std::string(1, ch) +
                                      "': only letters, digits, '-' and '_' (one topic level)"};
            if (value.size() > 64)
                throw Failure{line_of(*pub->get(key)), "publish." + key,
                              "is longer than 64 characters"};
        };
        segment("event", p.event);
        segment("hall", p.hall);
        if (!p.broker.empty() && p.hall.empty())
            throw Failure{line_of(*pub->get("broker")), "publish.hall",
                          "is needed with a broker: the hall's id in the topics "
                          "(venue/<event>/<hall>/...)"};
    }
    if (const toml::table* hub = table_at(root, "", "hub")) {
        only_keys(*hub, "hub", {"serial", "port", "match"});
        c.hub.serial = get<std::string>(*hub, "hub", "serial", "");
        c.hub.port = get<std::string>(*hub, "hub", "port", "");
        c.hub.match = get<std::string>(*hub, "hub", "match", "");
    }
    if (const toml::node* boards = root.get("board")) {
        const toml::array* arr = boards->as_array();
        if (!arr) throw Failure{line_of(*boards), "board", "must be an array of tables: [[board]]"};
        int index = 0;
        for (const toml::node& bn : *arr) {
            const std::string path = "board[" + std::to_string(++index) + "]";
            const toml::table* bt = bn.as_table();
            if (!bt) throw Failure{line_of(bn), path, "must be a table"};
            only_keys(*bt, path, {"id", "port", "usb_serial", "clock", "orientation"});
            BoardPortConfig b;
            b.id = get<std::string>(*bt, path, "id", "");
            b.port = get<std::string>(*bt, path, "port", "");
            b.usb_serial = get<std::string>(*bt, path, "usb_serial", "");
            b.clock = get<std::string>(*bt, path, "clock", "");
            if (!b.clock.empty() && b.clock != "white-left" && b.clock != "white-right")
                throw Failure{line_of(*bt->get("clock")), path + ".clock",
                              "'" + b.clock + "': use \"white-left\" or \"white-right\""};
            b.orientation = get<std::string>(*bt, path, "orientation", b.orientation);
            if (b.orientation != "auto" && b.orientation != "normal" && b.orientation != "rotated")
                throw Failure{line_of(*bt->get("orientation")), path + ".orientation",
                              "'" + b.orientation + "': use \"auto\", \"normal\" or \"rotated\""};
            if (b.id.empty()) throw Failure{line_of(*bt), path + ".id", "missing"};
            if (b.port.empty() == b.usb_serial.empty())
                throw Failure{line_of(*bt), path, "give exactly one of port and usb_serial"};
            for (const BoardPortConfig& other : c.boards)
                if (other.id == b.id)
                    throw Failure{line_of(*bt), path + ".id", "'" + b.id + "' is listed twice"};
            c.boards.push_back(b);
        }
    }
    const toml::node* matches = root.get("match");
    if (!matches) throw Failure{0, "match", "missing: a venue file needs at least one [[match]]"};
    const toml::array* arr = matches->as_array();
    if (!arr) throw Failure{line_of(*matches), "match", "must be an array of tables: [[match]]"};
    std::set<std::string> ids;
    int index = 0;
    for (const toml::node& mn : *arr) {
        const std::string path = "match[" + std::to_string(++index) + "]";
        const toml::table* mt = mn.as_table();
        if (!mt) throw Failure{line_of(mn), path, "must be a table"};
        engine::MatchConfig m = parse_match(*mt, path, c);
        if (!ids.insert(m.id).second)
            throw Failure{line_of(*mt->get("id")), path + ".id", "'" + m.id + "' is used twice"};
        c.matches.push_back(m);
    }
    if (!c.hub.match.empty()) {
        bool found = false;
        for (const auto& m : c.matches) found |= m.id == c.hub.match;
        if (!found)
            throw Failure{line_of(*root.get("hub")), "hub.match",
                          "no match '" + c.hub.match + "' in this file"};
    }
    return c;
}

}  // namespace

const engine::MatchConfig* VenueConfig::hub_match() const {
    for (const auto& m : matches)
        if (m.id == hub.match) return &m;
    for (const auto& m : matches)
        for (const auto& team : m.sides)
            for (const auto& p : team.players)
                if (!p.buttons.empty()) return &m;
    return matches.empty() ? nullptr : &matches.front();
}

std::string ConfigError::to_string() const {
    std::string s = file;
    if (line > 0) s += ":" + std::to_string(line);
    s += ": ";
    if (!key.empty()) s += key + ": ";
    return s + message;
}

Result<VenueConfig, ConfigError> parse_venue_config(std::string_view text,
                                                    std::string_view file_name) {
    try {
        toml::table root = toml::parse(text, file_name);
        return parse(root);
    } catch (const toml::parse_error& e) {
        return unexpected(ConfigError{std::string(file_name), int(e.source().begin.line), "",
                                      std::string(e.description())});
    } catch (const Failure& f) {
        return unexpected(ConfigError{std::string(file_name), f.line, f.key, f.message});
    }
}

Result<VenueConfig, ConfigError> load_venue_config(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return unexpected(ConfigError{path, 0, "", "cannot read the file"});
    std::stringstream ss;
    ss << in.rdbuf();
    return parse_venue_config(ss.str(), path);
}

}  // namespace venue::config
