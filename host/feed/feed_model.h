// The TV feed's model: the JSON documents TV crews pull (schemas/feed/feed.schema.json) and the
// live PGN, built from the engine's state and the decisions of the events just applied.
//
// Pure and single-threaded: it runs on the engine thread (the daemon's loop), reads the state
// through const references and returns text. What the documents need that the engine's state
// does not keep (the hub time of the last clock reading, the rivals of a claim and their margins,
// the last warnings and penalties with their reasons) is carried between updates in FeedMemory,
// which only remember() changes.
//
//   daemon: Session::submit(events) ──▶ applied ──▶ make_update(state, applied, memory)
//                                                        └─▶ FeedServer::publish(update)
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "feed/feed_update.h"
#include "runtime/session.h"
#include "venue/match_of.h"
#include "venue/venue_state.h"

namespace venue::feed {

// The version in the paths (/api/v1/...) and in every document's "api_version".
inline constexpr int API_VERSION = 1;
// Incidents kept per match (the newest last).
inline constexpr std::size_t MAX_INCIDENTS = 20;
// Rivals kept per claim (the first ones: the closest presses come first).
inline constexpr std::size_t MAX_RIVALS = 16;

// A press that lost the claim: behind the holder by margin_us (0 for a lost tie).
struct Rival {
    std::string player;  // player id
    std::string code;    // CLAIM_HELD (late), TIE_LOST
    std::int64_t margin_us = 0;
    // Set when the hub could not resolve the gap: margin_us says only "within" this many µs.
    std::int64_t margin_within_us = 0;
};

// The last claim granted in a match, with the presses that lost to it.
struct ClaimRecord {
    std::string player;
    int button = 0;
    std::optional<std::int64_t> hub_us;  // the press's hub time
    std::int64_t seq = 0;
    bool active = true;  // false once the claim ended (move completed, released)
    std::vector<Rival> rivals;
};

// A warning, removal, penalty or result, in the words of its decision.
struct Incident {
    std::int64_t seq = 0;
    std::string kind;  // warning, warning_proposed, removal, time_added, illegal_move, ...
    std::optional<chess::Color> team;
    std::string player;  // player id, "" when none
    std::optional<int> count;
    std::optional<std::int64_t> amount_ms;
    std::string text;  // the decision's reason
    std::string rule;
    // kind "news": a game's own news that its registry entry lists as a headline
    // (GameRules::headline_news), by its kind ("shot"), with its facts ({"outcome": "save"}).
    std::string news;
    std::map<std::string, std::string> facts;
};

struct LastMove {
    std::string board;  // "" for single-board games
    std::string uci, san;
    int ply = 0;
};

struct MatchMemory {
    std::optional<std::int64_t> clock_hub_us;  // hub time of the last clock reading or press
    std::int64_t clock_seq = 0;
    std::optional<ClaimRecord> claim;
    std::vector<Rival> tie_losers;  // TIE_LOST refusals waiting for the tie's winner
    std::deque<Incident> incidents;
    std::map<std::string, LastMove> last_move;  // by board ("" for single-board games)
    std::int64_t seq = 0;                       // the last event that concerned the match
};

struct FeedMemory {
    std::map<std::string, MatchMemory> matches;
};

// The match an event or a decision is about ("" when none: host and device events).
using engine::match_of;

// Takes in one applied event and its decisions (`state`: the matches, whose games say which of
// their news are headlines).
void remember(FeedMemory& memory, const runtime::Applied& applied, const engine::VenueState& state);

// The documents (schemas/feed/feed.schema.json).
nlohmann::json match_document(const engine::Match& match, const MatchMemory* memory);
nlohmann::json event_header(const engine::VenueState& state);  // {"name", "site"}
nlohmann::json event_document(const engine::VenueState& state, const FeedMemory& memory,
                              std::int64_t seq);

// The match as live PGN: every part, as `venue export pgn --match ID` writes it.
std::string live_pgn(const engine::Match& match);

// What the feed server publishes after `applied` (the events of one Session::submit, in order):
// the documents and PGN of every match they touched. With no events (at start, after the log was
// replayed) every match, as a full snapshot.
FeedUpdate make_update(const engine::VenueState& state, std::span<const runtime::Applied> applied,
                       FeedMemory& memory);

// "1½", "½", "0": half points as shown on a scoreboard.
std::string points_text(int half_points);

}  // namespace venue::feed
