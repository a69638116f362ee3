#include "config/venue_writer.h"

#include <toml++/toml.h>

#include <sstream>
#include <tuple>

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

const char* mode_name(engine::TimeMode mode) {
    switch (mode) {
        case engine::TimeMode::SUDDEN_DEATH:
            return "sudden_death";
        case engine::TimeMode::FISCHER:
            return "fischer";
        case engine::TimeMode::SIMPLE_DELAY:
            return "simple_delay";
        case engine::TimeMode::BRONSTEIN:
            return "bronstein";
    }
    return "fischer";
}

// A game's own table is written for that game, and for another only when it differs from the
// defaults (then it was set on purpose and must survive the round trip).
bool is_default(const engine::ChessballRules& r) {
    const engine::ChessballRules d;
    return std::tie(r.ownership, r.auto_warnings, r.warning_bonus_ms, r.third_warning_bonus,
                    r.warnings_to_remove) == std::tie(d.ownership, d.auto_warnings,
                                                      d.warning_bonus_ms, d.third_warning_bonus,
                                                      d.warnings_to_remove);
}

bool is_default(const engine::BusinessRules& r) {
    const engine::BusinessRules d;
    return std::tie(r.game_rating, r.max_branches, r.boards, r.control_board, r.players, r.reserves,
                    r.veto_window_ms, r.single_branch_bonus_ms, r.second_offence,
                    r.offence_bonus_ms, r.clone_pause_auto, r.return_rating_half_up) ==
           std::tie(d.game_rating, d.max_branches, d.boards, d.control_board, d.players, d.reserves,
                    d.veto_window_ms, d.single_branch_bonus_ms, d.second_offence,
                    d.offence_bonus_ms, d.clone_pause_auto, d.return_rating_half_up);
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
    put_if_set(t, "board", m.board);
    put_if_set(t, "start_fen", m.start_fen);

    toml::table time;
    put_duration(time, "base_minutes", m.time.base_ms, 60000);
    put_duration(time, "increment_seconds", m.time.increment_ms, 1000);
    time.insert_or_assign("mode", mode_name(m.time.mode));
    t.insert_or_assign("time", std::move(time));

    toml::table pen;
    put_duration(pen, "illegal_move_bonus_seconds", m.penalties.illegal_move_bonus_ms, 1000);
    pen.insert_or_assign("illegal_moves_to_lose", std::int64_t{m.penalties.illegal_moves_to_lose});
    put_duration(pen, "incorrect_claim_bonus_seconds", m.penalties.incorrect_claim_bonus_ms, 1000);
    t.insert_or_assign("penalties", std::move(pen));

    if (m.game == "chessball" || !is_default(m.chessball)) {
        const engine::ChessballRules& r = m.chessball;
        toml::table cb;
        cb.insert_or_assign("ownership", r.ownership == engine::Ownership::START_FILE
                                             ? "start_file"
                                             : "current_file");
        cb.insert_or_assign("auto_warnings", r.auto_warnings);
        put_duration(cb, "warning_bonus_seconds", r.warning_bonus_ms, 1000);
        cb.insert_or_assign("third_warning_bonus", r.third_warning_bonus);
        cb.insert_or_assign("warnings_to_remove", std::int64_t{r.warnings_to_remove});
        t.insert_or_assign("chessball", std::move(cb));
    }
    if (m.game == "business" || !is_default(m.business)) {
        const engine::BusinessRules& r = m.business;
        toml::table bc;
        bc.insert_or_assign("game_rating", std::int64_t{r.game_rating});
        bc.insert_or_assign("max_branches", std::int64_t{r.max_branches});
        toml::array boards;
        for (const std::string& b : r.boards) boards.push_back(b);
        bc.insert_or_assign("boards", std::move(boards));
        bc.insert_or_assign("control_board", r.control_board);
        bc.insert_or_assign("players", std::int64_t{r.players});
        bc.insert_or_assign("reserves", std::int64_t{r.reserves});
        put_duration(bc, "veto_minutes", r.veto_window_ms, 60000);
        put_duration(bc, "single_branch_bonus_seconds", r.single_branch_bonus_ms, 1000);
        bc.insert_or_assign("second_offence", r.second_offence == engine::SecondOffence::EXPEL
                                                  ? "expel"
                                                  : "time_penalty");
        put_duration(bc, "offence_bonus_seconds", r.offence_bonus_ms, 1000);
        bc.insert_or_assign("clone_pause_auto", r.clone_pause_auto);
        bc.insert_or_assign("return_rating_half_up", r.return_rating_half_up);
        t.insert_or_assign("business", std::move(bc));
    }
    t.insert_or_assign("white", team_table(m.white));
    t.insert_or_assign("black", team_table(m.black));
    return t;
}

}  // namespace

std::string write_venue_toml(const VenueConfig& c) {
    toml::table root;

    toml::table event;
    event.insert_or_assign("name", c.event_name);
    event.insert_or_assign("site", c.site);
    event.insert_or_assign("log", c.log_path);
    root.insert_or_assign("event", std::move(event));

    toml::table feed;
    feed.insert_or_assign("enabled", c.feed.enabled);
    feed.insert_or_assign("address", c.feed.host + ":" + std::to_string(c.feed.port));
    root.insert_or_assign("feed", std::move(feed));

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
