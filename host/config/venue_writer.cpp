#include "config/venue_writer.h"

#include <toml++/toml.h>

#include <sstream>
#include <tuple>

#include "venue/game_rules.h"

namespace venue::config {
namespace {

// A duration in the file's unit: an integer when whole (what a person would write), else a
// fraction, which the reader rounds back to the same millisecond.
void put_duration(toml::table& t, std::string_view key, std::int64_t ms, std::int64_t ms_per_unit) {
    if (ms % ms_per_unit == 0)
        t.insert_or_assign(key, ms / ms_per_unit);
    else
        t.insert_or_assign(key, static_cast<double>(ms) / static_cast<double>(ms_per_unit));
}

void put_if_set(toml::table& t, std::string_view key, const std::string& value) {
    if (!value.empty()) t.insert_or_assign(key, value);
}

// One of a game's options in the file's form: durations in the option's unit.
void put_option(toml::table& t, const engine::GameOption& o, const engine::OptionValue& v) {
    if (const bool* b = std::get_if<bool>(&v)) {
        t.insert_or_assign(o.file_key, *b);
    } else if (const std::int64_t* n = std::get_if<std::int64_t>(&v)) {
        if (o.kind == engine::OptionKind::DURATION)
            put_duration(t, o.file_key, *n, o.unit_ms);
        else
            t.insert_or_assign(o.file_key, *n);
    } else if (const std::string* x = std::get_if<std::string>(&v)) {
        t.insert_or_assign(o.file_key, *x);
    } else {
        toml::array a;
        for (const std::string& item : std::get<std::vector<std::string>>(v)) a.push_back(item);
        t.insert_or_assign(o.file_key, std::move(a));
    }
}

toml::table team_table(const engine::TeamConfig& team) {
    toml::table t;
    put_if_set(t, "team", team.name);
    toml::array players;
    for (const engine::PlayerConfig& p : team.players) {
        // Inline: one line per player, as the examples are written.
        toml::table pt;
        pt.is_inline(true);
        pt.insert_or_assign("id", p.id);
        pt.insert_or_assign("name", p.name);
        pt.insert_or_assign("seat", std::int64_t{p.seat});
        if (!p.buttons.empty()) {
            toml::array buttons;
            for (int b : p.buttons) buttons.push_back(std::int64_t{b});
            pt.insert_or_assign("buttons", std::move(buttons));
        }
        put_if_set(pt, "files", p.files);
        players.push_back(std::move(pt));
    }
    t.insert_or_assign("players", std::move(players));
    return t;
}

toml::table match_table(const engine::MatchConfig& m) {
    toml::table t;
    t.insert_or_assign("id", m.id);
    t.insert_or_assign("game", m.game);
    t.insert_or_assign("round", m.round);
    if (!m.date.empty()) t.insert_or_assign("date", m.date);
    put_if_set(t, "board", m.board);
    put_if_set(t, "start_fen", m.start_fen);

    toml::table time;
    put_duration(time, "base_minutes", m.time.base_ms, 60000);
    put_duration(time, "increment_seconds", m.time.increment_ms, 1000);
    time.insert_or_assign("mode", engine::to_string(m.time.mode));
    t.insert_or_assign("time", std::move(time));

    toml::table pen;
    put_duration(pen, "illegal_move_bonus_seconds", m.penalties.illegal_move_bonus_ms, 1000);
    pen.insert_or_assign("illegal_moves_to_lose", std::int64_t{m.penalties.illegal_moves_to_lose});
    put_duration(pen, "incorrect_claim_bonus_seconds", m.penalties.incorrect_claim_bonus_ms, 1000);
    t.insert_or_assign("penalties", std::move(pen));

    // The game's own table, every key written (its defaults too: the file says what was played).
    if (const engine::GameRules* game = engine::find_game(m.game); game && !game->options.empty()) {
        toml::table own;
        for (const engine::GameOption& o : game->options) {
            auto it = m.options.values().find(o.key);
            put_option(own, o, it == m.options.values().end() ? o.default_value : it->second);
        }
        t.insert_or_assign(game->id, std::move(own));
    }
    // As the reading wants them: white and black in a game of two sides, [[match.side]] in a
    // game of more even when two play.
    const engine::GameRules* game = engine::find_game(m.game);
    if (game ? game->sides.max_sides == 2 : m.side_count() == 2) {
        t.insert_or_assign("white", team_table(m.white()));
        t.insert_or_assign("black", team_table(m.black()));
    } else {
        toml::array sides;
        for (const engine::TeamConfig& side : m.sides) sides.push_back(team_table(side));
        t.insert_or_assign("side", std::move(sides));
    }
    return t;
}

}  // namespace

std::string write_venue_toml(const VenueConfig& c) {
    toml::table root;

    toml::table event;
    event.insert_or_assign("name", c.event_name);
    event.insert_or_assign("site", c.site);
    event.insert_or_assign("log", c.log_path);
    if (c.seed) event.insert_or_assign("seed", std::int64_t(*c.seed));
    root.insert_or_assign("event", std::move(event));

    toml::table feed;
    feed.insert_or_assign("enabled", c.feed.enabled);
    feed.insert_or_assign("address", c.feed.host + ":" + std::to_string(c.feed.port));
    root.insert_or_assign("feed", std::move(feed));

    toml::table publish;
    put_if_set(publish, "broker", c.publish.broker);
    put_if_set(publish, "event", c.publish.event);
    put_if_set(publish, "hall", c.publish.hall);
    put_if_set(publish, "username", c.publish.username);
    put_if_set(publish, "password_file", c.publish.password_file);
    put_if_set(publish, "ca_file", c.publish.ca_file);
    put_if_set(publish, "cert_file", c.publish.cert_file);
    put_if_set(publish, "key_file", c.publish.key_file);
    if (!publish.empty()) root.insert_or_assign("publish", std::move(publish));

    toml::table hub;
    put_if_set(hub, "serial", c.hub.serial);
    put_if_set(hub, "port", c.hub.port);
    put_if_set(hub, "match", c.hub.match);
    if (!hub.empty()) root.insert_or_assign("hub", std::move(hub));

    if (!c.boards.empty()) {
        toml::array boards;
        for (const BoardPortConfig& b : c.boards) {
            toml::table bt;
            bt.insert_or_assign("id", b.id);
            put_if_set(bt, "port", b.port);
            put_if_set(bt, "usb_serial", b.usb_serial);
            put_if_set(bt, "clock", b.clock);
            if (b.orientation != "auto") bt.insert_or_assign("orientation", b.orientation);
            boards.push_back(std::move(bt));
        }
        root.insert_or_assign("board", std::move(boards));
    }

    toml::array matches;
    for (const engine::MatchConfig& m : c.matches) matches.push_back(match_table(m));
    root.insert_or_assign("match", std::move(matches));

    // Flat sections and "double quotes", as the examples are written; long arrays (the players)
    // still wrap, indented.
    constexpr auto flags =
        toml::toml_formatter::default_flags &
        ~(toml::format_flags::indent_sub_tables | toml::format_flags::allow_literal_strings);
    std::ostringstream out;
    out << "# A venue file (schemas/config/README.md), written by venue-console's setup wizard.\n\n"
        << toml::toml_formatter{root, flags} << "\n";
    return out.str();
}

}  // namespace venue::config
