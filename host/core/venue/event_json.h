// Events and decisions as JSON: the payload column of the log, the replay
// input, and what the console and feed show. Parsing names the field that is
// wrong.
#pragma once

#include <string>
#include <string_view>

#include "common/result.h"
#include "venue/decision.h"
#include "venue/event.h"

namespace venue::engine {

// The body's fields as a JSON object (the kind is stored beside it).
std::string event_payload(const EventBody& body);
Result<EventBody, std::string> parse_event(std::string_view kind, std::string_view payload);

// The decision's fields plus "rule" and "reason".
std::string decision_payload(const Decision& decision);
Result<Decision, std::string> parse_decision(std::string_view kind, std::string_view payload);

}  // namespace venue::engine
