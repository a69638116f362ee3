// FeedUpdate: what the engine thread hands to the feed server after a group of applied events.
// Plain text only (JSON documents and PGN), so that the server never touches the engine's state
// and the engine never waits for the server: publish() copies these strings and returns.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace venue::feed {

struct FeedUpdate {
    // The log sequence number of the last event applied (0: none yet, or unknown).
    std::int64_t seq = 0;
    // {"name": ..., "site": ...}: the event as the venue file names it (JSON text).
    std::string event_json;
    // The documents of the matches this group changed, by match id (JSON text, one line each,
    // schemas/feed/feed.schema.json#/$defs/match).
    std::map<std::string, std::string> matches;
    // The live PGN of the same matches: exactly what `venue export pgn --match ID` writes.
    std::map<std::string, std::string> pgn;
    // True: `matches` holds every match of the event (a snapshot); the server forgets the
    // others. False: only the changed ones; the server keeps the rest as they were.
    bool full = false;
};

}  // namespace venue::feed
