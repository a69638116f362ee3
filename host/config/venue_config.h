// The venue file: a TOML description of the event, its matches, devices and
// feed (reference: schemas/config/README.md). A wrong file is refused with
// the file, line and key, and nothing starts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "venue/match_config.h"

namespace venue::config {

struct FeedConfig {
    bool enabled = true;
    std::string host = "127.0.0.1";
    int port = 8080;
};

// [publish]: the hall's log and feed to an MQTT broker (docs/multi-hall.md). Off while broker is
// empty.
struct PublishConfig {
    std::string broker;         // mqtt://HOST[:PORT] or mqtts://... (publish/broker_address.h)
    std::string event;          // the topic's event id; "": a slug of [event] name
    std::string hall;           // the topic's hall id (required with a broker)
    std::string username;       // the broker account of this hall
    std::string password_file;  // its password, first line of the file
    std::string ca_file;        // TLS: the broker's CA
    std::string cert_file;      // TLS: this hall's client certificate and key
    std::string key_file;

    bool enabled() const { return !broker.empty(); }
};

struct HubConfig {
    std::string serial;  // USB serial number: survives ports being renumbered
    std::string port;    // or a fixed port name (/dev/ttyACM0, or a pty for simulators)
    std::string match;   // the match whose claim buttons and clock it serves ("": see below)
};

// Where an electronic board is plugged in. `id` is the board's serial number as matches name
// it in `board`; the board is found by a fixed port or by the USB serial number of its cable.
struct BoardPortConfig {
    std::string id;
    std::string port;        // /dev/ttyUSB0, /dev/rfcomm0, or a simulator's pty
    std::string usb_serial;  // or the USB serial number of the port
    // A DGT 3000 on this board keeps the match's clock (instead of the hub): "white-left" or
    // "white-right" says on which side of it White sits; "" when it does not.
    std::string clock;
    // Which way round the board lies (io::dgt::Orientation): "normal" (its connector on White's
    // left, sensor 0 on a8), "rotated" (turned round), or "auto": decided by the first start
    // position the board reads, either way round.
    std::string orientation = "auto";
};

struct VenueConfig {
    std::string event_name;
    std::string site;
    std::string log_path = "venue-log.sqlite";
    // [event] seed: the seed of every match's random draws (a rehearsal or a demo that must draw
    // the same each time); absent, the host draws one for each match that needs one when it
    // creates it. Either way the seed is an event in the log, so a replay draws the same.
    std::optional<std::uint64_t> seed;
    FeedConfig feed;
    PublishConfig publish;
    HubConfig hub;
    std::vector<BoardPortConfig> boards;
    std::vector<engine::MatchConfig> matches;

    // The match the hub serves: hub.match, else the first match with claim buttons, else the
    // first match. Null when there are no matches.
    const engine::MatchConfig* hub_match() const;
};

struct ConfigError {
    std::string file;
    int line = 0;     // 0 when the problem has no single place (a missing key)
    std::string key;  // dotted path, e.g. "match[1].time.base_minutes"
    std::string message;
    std::string to_string() const;
};

Result<VenueConfig, ConfigError> parse_venue_config(std::string_view text,
                                                    std::string_view file_name);
Result<VenueConfig, ConfigError> load_venue_config(const std::string& path);

}  // namespace venue::config
