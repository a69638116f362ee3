// The overlay pages for an OBS browser source (1920×1080, transparent background): each is one
// HTML page with its CSS and JavaScript inline (no external fonts, scripts or images), starting
// from the event document embedded in it and kept current by /api/v1/stream.
#pragma once

#include <string>
#include <string_view>

namespace venue::feed {

// "scoreboard", "board", "claim", "tree" (a match that branches), "field" (a game on a field of
// points); the page for any other name is "". `event_json` (the /api/v1/event document) is
// embedded as the first state, so that the page shows the match at once, before the stream's
// first event.
std::string overlay_page(std::string_view name, const std::string& event_json);

// The index page at "/": links to every overlay, the API and the PGN.
std::string index_page(const std::string& event_json);

}  // namespace venue::feed
