// MqttClient: one connection to the broker, kept up by itself. A thin owner of a libmosquitto
// client (MQTT 5) with a network thread of its own (poll(), not libmosquitto's select() loop,
// which fails on socket numbers of 1024 and above) that connects, reconnects after an outage
// (1 s, then doubling up to `reconnect_max_s`), and calls the handlers. Every subscription is made
// again on each connection, so a broker restarted without its state loses none.
//
//   caller threads ──publish()/subscribe()──▶ libmosquitto's queue ──wake──▶ network thread ──▶
//   broker network thread ──on_connection / on_published / on_message──▶ handlers
//
// The handlers run on the network thread: they must be short and must not call stop().
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "common/result.h"
#include "publish/broker_address.h"

namespace venue::publish {

struct MqttOptions {
    BrokerAddress broker;
    std::string client_id;      // "": one made up by the library (then clean_session)
    bool clean_session = true;  // false: the broker keeps this client's QoS 1 messages while
                                // it is away (a mirror)
    std::string password_file;  // read at start, its first line; overrides the URL's password
    std::string ca_file;        // TLS: the broker's CA ("" with mqtts://: the system's CAs)
    std::string cert_file;      // TLS client certificate and key, where the broker asks for one
    std::string key_file;
    // Published by the broker, retained, when this client's connection drops without a goodbye.
    std::optional<std::pair<std::string, std::string>> will;  // topic, payload
    int keepalive_s = 10;
    int reconnect_max_s = 4;
};

struct MqttMessage {
    std::string topic;
    std::string payload;
    bool retained = false;
};

struct MqttHandlers {
    // connected: the broker accepted the connection; otherwise why it dropped or was refused.
    std::function<void(bool connected, const std::string& why)> on_connection;
    // A QoS 1 message the broker acknowledged: its mid, and the broker's reason code (0: taken;
    // 135: not authorised, under MQTT 5).
    std::function<void(int mid, int reason)> on_published;
    std::function<void(const MqttMessage&)> on_message;
};

struct MqttCallbacks;

class MqttClient {
  public:
    // Starts connecting (in the background: a broker that is down now is retried). An error is
    // a bad option: an unreadable password file, TLS files that cannot be loaded.
    static Result<std::unique_ptr<MqttClient>, std::string> start(MqttOptions options,
                                                                  MqttHandlers handlers);
    ~MqttClient();  // stop()
    MqttClient(const MqttClient&) = delete;
    MqttClient& operator=(const MqttClient&) = delete;

    // The message's id (for on_published), or why it could not be queued (not connected).
    Result<int, std::string> publish(const std::string& topic, std::string_view payload, int qos,
                                     bool retain);
    // Subscribes now when connected, and again on every connection.
    void subscribe(const std::string& filter, int qos);

    bool connected() const { return connected_; }
    const MqttOptions& options() const { return options_; }

    // Disconnects (the will is not sent: a goodbye) and ends the network thread. Idempotent.
    void stop();

    struct Impl;

  private:
    MqttClient(MqttOptions options, MqttHandlers handlers);
    MqttOptions options_;
    MqttHandlers handlers_;
    std::unique_ptr<Impl> impl_;
    std::atomic<bool> connected_{false};
    friend struct MqttCallbacks;  // libmosquitto's C callbacks (mqtt_client.cpp)
};

// How a client proves who it is, as the venue file's [publish] and the commands' options give it.
struct BrokerCredentials {
    std::string username;  // overrides the URL's user
    std::string password_file;
    std::string ca_file, cert_file, key_file;
};

// MqttOptions for the broker at `url` (broker_address.h) with these credentials; an error names
// what is wrong with the URL.
Result<MqttOptions, std::string> make_mqtt_options(const std::string& url,
                                                   const BrokerCredentials& credentials);

// The first line of a file (a password), without its line end; an error names the file.
Result<std::string, std::string> read_secret_file(const std::string& path);

}  // namespace venue::publish
