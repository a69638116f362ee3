#include "publish/hall_topics.h"

namespace venue::publish {

namespace {
bool allowed(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
}
}  // namespace

std::string topic_segment_problem(std::string_view id) {
    if (id.empty()) return "is empty";
    if (id.size() > 64) return "is longer than 64 characters";
    for (char c : id)
        if (!allowed(c))
            return std::string("has '") + c + "': only letters, digits, '-' and '_' may be used";
    return "";
}

bool valid_topic_segment(std::string_view id) {
    return topic_segment_problem(id).empty();
}

std::string topic_slug(std::string_view name) {
    std::string out;
    bool dash = false;
    for (char c : name) {
        if (allowed(c) && c != '-') {
            if (dash && !out.empty()) out += '-';
            dash = false;
            out += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
        } else {
            dash = true;
        }
        if (out.size() >= 64) break;
    }
    return out.empty() ? "event" : out.substr(0, 64);
}

HallTopics::HallTopics(std::string event, std::string hall)
    : event_(std::move(event)),
      hall_(std::move(hall)),
      root_(std::string(TOPIC_ROOT) + "/" + event_ + "/" + hall_) {}

std::optional<HallTopic> split_hall_topic(std::string_view topic) {
    const std::string prefix = std::string(TOPIC_ROOT) + "/";
    if (topic.substr(0, prefix.size()) != prefix) return std::nullopt;
    topic.remove_prefix(prefix.size());
    const std::size_t a = topic.find('/');
    if (a == std::string_view::npos) return std::nullopt;
    const std::size_t b = topic.find('/', a + 1);
    if (b == std::string_view::npos) return std::nullopt;
    HallTopic t{std::string(topic.substr(0, a)), std::string(topic.substr(a + 1, b - a - 1)),
                std::string(topic.substr(b + 1))};
    if (!valid_topic_segment(t.event) || !valid_topic_segment(t.hall) || t.rest.empty())
        return std::nullopt;
    return t;
}

std::string hall_filter(std::string_view event, std::string_view rest) {
    return std::string(TOPIC_ROOT) + "/" + std::string(event) + "/+/" + std::string(rest);
}

}  // namespace venue::publish
