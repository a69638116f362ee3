// The topic tree a hall publishes under (docs/multi-hall.md has it with examples):
//
//   venue/<event>/<hall>/events             every durable event with its decisions, QoS 1, in
//                                           sequence order; at least once (receivers drop a seq
//                                           they already hold)
//   venue/<event>/<hall>/head               retained {"seq", "hash"}: the newest event the broker
//                                           acknowledged (where a restarted hall resumes; a
//                                           witness of the log's head)
//   venue/<event>/<hall>/status             retained {"state": "online" | "offline", ...}; the
//                                           broker publishes "offline" itself when the hall's
//                                           connection drops (its will)
//   venue/<event>/<hall>/feed/event         retained {"seq", "event": {"name", "site"}}
//   venue/<event>/<hall>/feed/match/<id>    retained {"seq", "match": <feed document>, "pgn"}
//   venue/<event>/<hall>/pgn/<id>           retained: the match's live PGN as plain text
//   venue/<event>/<hall>/replay             to the hall: {"from": N}, a mirror asking for events
//                                           again from N (the only topic a reader writes to)
//
// <event> and <hall> are one topic level each: 1 to 64 of A-Z a-z 0-9 '-' '_', so that no id
// can reach into another hall's topics ('/', '+' and '#' are refused).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace venue::publish {

inline constexpr std::string_view TOPIC_ROOT = "venue";

// True for an id usable as one topic level (above).
bool valid_topic_segment(std::string_view id);
// "" when valid, else why not (naming the character), for error messages.
std::string topic_segment_problem(std::string_view id);

// A topic id from a display name: "Venue Open 2026" -> "venue-open-2026" (lower case,
// runs of other characters become one '-', at most 64 characters; "event" when nothing is left).
std::string topic_slug(std::string_view name);

class HallTopics {
  public:
    HallTopics(std::string event, std::string hall);

    const std::string& event() const { return event_; }
    const std::string& hall() const { return hall_; }
    const std::string& root() const { return root_; }  // venue/<event>/<hall>

    std::string events() const { return root_ + "/events"; }
    std::string head() const { return root_ + "/head"; }
    std::string status() const { return root_ + "/status"; }
    std::string replay() const { return root_ + "/replay"; }
    std::string feed_event() const { return root_ + "/feed/event"; }
    std::string feed_match(std::string_view match) const {
        return root_ + "/feed/match/" + std::string(match);
    }
    std::string pgn(std::string_view match) const { return root_ + "/pgn/" + std::string(match); }

  private:
    std::string event_, hall_, root_;
};

// A topic of the tree split into its hall and the rest ("events", "feed/match/final", ...);
// nullopt for a topic outside venue/<event>/<hall>/...
struct HallTopic {
    std::string event;
    std::string hall;
    std::string rest;
};
std::optional<HallTopic> split_hall_topic(std::string_view topic);

// The subscription filter for `rest` of every hall of `event` ("+": of every event).
std::string hall_filter(std::string_view event, std::string_view rest);

}  // namespace venue::publish
