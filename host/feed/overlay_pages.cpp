#include "feed/overlay_pages.h"

#include <nlohmann/json.hpp>

#include "feed/overlay_assets.h"

namespace venue::feed {
namespace {

// JSON inside <script>: "</" would end the element early; "<\/" is the same JSON text.
std::string embeddable(const std::string& json) {
    std::string out;
    out.reserve(json.size());
    for (std::size_t i = 0; i < json.size(); ++i) {
        out += json[i];
        if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') out += '\\';
    }
    return out;
}

std::string html_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string page(std::string_view title, std::string_view body, const std::string& event_json) {
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>";
    s += title;
    s += "</title>\n<style>";
    s += overlay_asset("common.css");
    s += "</style>\n<script id=\"initial\" type=\"application/json\">";
    s += embeddable(event_json);
    s += "</script>\n<script>";
    s += overlay_asset("common.js");
    s += "</script>\n</head><body>";
    s += body;
    s += "</body></html>\n";
    return s;
}

}  // namespace

std::string overlay_page(std::string_view name, const std::string& event_json) {
    if (name == "scoreboard")
        return page("Venue scoreboard", overlay_asset("scoreboard.html"), event_json);
    if (name == "board") return page("Venue board", overlay_asset("board.html"), event_json);
    if (name == "claim") return page("Venue claim", overlay_asset("claim.html"), event_json);
    if (name == "tree") return page("Venue branch tree", overlay_asset("tree.html"), event_json);
    if (name == "field") return page("Venue field", overlay_asset("field.html"), event_json);
    if (name == "sides") return page("Venue sides", overlay_asset("sides.html"), event_json);
    return "";
}

std::string index_page(const std::string& event_json) {
    auto doc = nlohmann::json::parse(event_json, nullptr, false);
    std::string name = "Venue";
    if (doc.is_object() && doc.contains("event") && doc["event"].value("name", "") != "")
        name = doc["event"]["name"].get<std::string>();
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
                    html_escape(name) +
                    " — TV feed</title>\n<style>body{font-family:sans-serif;margin:2em}"
                    "td{padding:2px 12px}</style></head><body>\n<h1>" +
                    html_escape(name) + " — TV feed</h1>\n";
    s += "<p>JSON: <a href=\"/api/v1/event\">/api/v1/event</a> · stream: "
         "<a href=\"/api/v1/stream\">/api/v1/stream</a> · schema: "
         "<a href=\"/api/v1/schema\">/api/v1/schema</a> · PGN of every game: "
         "<a href=\"/pgn\">/pgn</a></p>\n<table>\n"
         "<tr><th>match</th><th>teams</th><th>overlays (1920×1080, transparent)</th>"
         "<th>PGN</th></tr>\n";
    if (doc.is_object() && doc.contains("matches") && doc["matches"].is_array())
        for (const auto& m : doc["matches"]) {
            const std::string id = html_escape(m.value("id", ""));
            std::string teams;
            if (m.contains("sides") && m["sides"].is_array())
                for (const auto& side : m["sides"])
                    teams += (teams.empty() ? "" : " – ") + html_escape(side.value("name", ""));
            s += "<tr><td>" + id + "</td><td>" + teams + "</td><td>";
            // The branch tree for a match that plays one (its boards carry branches), the claim
            // indicator for the other games.
            bool tree = false;
            if (m.contains("boards") && m["boards"].is_array())
                for (const auto& b : m["boards"])
                    tree |= b.is_object() && b.contains("branch") && !b["branch"].is_null();
            // A game on a field of points (its document carries "field") has the field instead
            // of the board.
            const bool field = m.contains("field");
            // A game of more than two sides has its table of sides for a scoreboard.
            const bool many = m.contains("sides") && m["sides"].is_array() && m["sides"].size() > 2;
            for (const char* o : {many ? "sides" : "scoreboard", field ? "field" : "board",
                                  tree ? "tree" : "claim"})
                s += std::string("<a href=\"/overlay/") + o + "?match=" + id + "\">" + o + "</a> ";
            s += "</td><td><a href=\"/pgn/" + id + "\">/pgn/" + id + "</a></td></tr>\n";
        }
    s += "</table>\n<p>Read-only: only GET and HEAD are answered. See docs/tv-guide.md.</p>\n"
         "</body></html>\n";
    return s;
}

}  // namespace venue::feed
