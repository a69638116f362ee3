#include "publish/mqtt_client.h"

#include <mosquitto.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include <fstream>
#include <mutex>
#include <vector>

namespace venue::publish {

struct MqttClient::Impl {
    mosquitto* mosq = nullptr;
    std::mutex mutex;  // subscriptions
    std::vector<std::pair<std::string, int>> subscriptions;
    bool stopped = false;
    int wake_fd = -1;  // an eventfd: another thread queued a packet, or stop()
    std::atomic<bool> stopping{false};
    std::atomic<bool> connected_once{false};  // since the last reconnection began
    std::thread network;

    void wake() const {
        const std::uint64_t one = 1;
        if (wake_fd >= 0) (void)!::write(wake_fd, &one, sizeof one);
    }
    void drain() const {
        std::uint64_t n = 0;
        (void)!::read(wake_fd, &n, sizeof n);
    }
    void run(int reconnect_max_s, bool connect_failed);
};

// The network thread. libmosquitto's own (mosquitto_loop_start) waits with select(), which
// cannot watch a socket numbered 1024 or above: a feed server holding a thousand event streams
// would lose its broker at the first reconnection. This one polls.
void MqttClient::Impl::run(int reconnect_max_s, bool connect_failed) {
    int delay_s = 1;
    bool reconnect = connect_failed;
    while (true) {
        const int sock = mosquitto_socket(mosq);
        if (stopping && (sock < 0 || !mosquitto_want_write(mosq))) break;
        if (sock < 0 || reconnect) {
            if (stopping) break;
            // Wait before trying again (stop() cuts it short), longer after each failure.
            pollfd w{wake_fd, POLLIN, 0};
            if (::poll(&w, 1, delay_s * 1000) > 0) drain();
            if (stopping) break;
            if (connected_once.exchange(false)) delay_s = 1;
            const int rc = mosquitto_reconnect_async(mosq);
            reconnect = rc != MOSQ_ERR_SUCCESS;
            delay_s = std::min(std::max(1, reconnect_max_s), delay_s * 2);
            continue;
        }
        pollfd fds[2] = {{sock, short(POLLIN | (mosquitto_want_write(mosq) ? POLLOUT : 0)), 0},
                         {wake_fd, POLLIN, 0}};
        ::poll(fds, 2, 1000);
        if (fds[1].revents & POLLIN) drain();
        int rc = MOSQ_ERR_SUCCESS;
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) rc = mosquitto_loop_read(mosq, 1);
        if (rc == MOSQ_ERR_SUCCESS && mosquitto_want_write(mosq))
            rc = mosquitto_loop_write(mosq, 1);
        if (rc == MOSQ_ERR_SUCCESS) rc = mosquitto_loop_misc(mosq);  // keep-alive
        if (rc != MOSQ_ERR_SUCCESS && !stopping) reconnect = true;
    }
}

namespace {

std::once_flag g_lib_init;

MqttClient* owner(void* obj) {
    return static_cast<MqttClient*>(obj);
}

}  // namespace

Result<std::string, std::string> read_secret_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return unexpected("cannot read the password file " + path);
    std::string line;
    std::getline(in, line);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty()) return unexpected("the password file " + path + " is empty");
    return line;
}

Result<MqttOptions, std::string> make_mqtt_options(const std::string& url,
                                                   const BrokerCredentials& credentials) {
    auto broker = parse_broker_url(url);
    if (!broker) return unexpected(broker.error());
    MqttOptions o;
    o.broker = std::move(*broker);
    if (!credentials.username.empty()) o.broker.username = credentials.username;
    o.password_file = credentials.password_file;
    o.ca_file = credentials.ca_file;
    o.cert_file = credentials.cert_file;
    o.key_file = credentials.key_file;
    return o;
}

MqttClient::MqttClient(MqttOptions options, MqttHandlers handlers)
    : options_(std::move(options)), handlers_(std::move(handlers)), impl_(new Impl) {}

// Called by libmosquitto's callbacks (on its network thread): reaching the private members
// through a friend keeps the C callbacks out of the header.
struct MqttCallbacks {
    static void on_connect(mosquitto* m, void* obj, int rc, int, const mosquitto_property*) {
        MqttClient* c = owner(obj);
        if (rc == 0) c->impl_->connected_once = true;
        if (rc != 0) {
            c->connected_ = false;
            if (c->handlers_.on_connection)
                c->handlers_.on_connection(
                    false, std::string("refused by the broker: ") + mosquitto_reason_string(rc));
            return;
        }
        c->connected_ = true;
        {
            std::lock_guard lock(c->impl_->mutex);
            for (const auto& [filter, qos] : c->impl_->subscriptions)
                mosquitto_subscribe(m, nullptr, filter.c_str(), qos);
        }
        if (c->handlers_.on_connection) c->handlers_.on_connection(true, "");
    }
    static void on_disconnect(mosquitto*, void* obj, int rc, const mosquitto_property*) {
        MqttClient* c = owner(obj);
        const bool was = c->connected_.exchange(false);
        if (was && c->handlers_.on_connection)
            c->handlers_.on_connection(
                false, rc == 0 ? "disconnected"
                               : std::string("connection lost: ") + mosquitto_strerror(rc));
    }
    static void on_publish(mosquitto*, void* obj, int mid, int reason, const mosquitto_property*) {
        MqttClient* c = owner(obj);
        if (c->handlers_.on_published) c->handlers_.on_published(mid, reason);
    }
    static void on_message(mosquitto*, void* obj, const mosquitto_message* msg) {
        MqttClient* c = owner(obj);
        if (!c->handlers_.on_message) return;
        MqttMessage m;
        m.topic = msg->topic ? msg->topic : "";
        if (msg->payload && msg->payloadlen > 0)
            m.payload.assign(static_cast<const char*>(msg->payload), std::size_t(msg->payloadlen));
        m.retained = msg->retain;
        c->handlers_.on_message(m);
    }
};

Result<std::unique_ptr<MqttClient>, std::string> MqttClient::start(MqttOptions options,
                                                                   MqttHandlers handlers) {
    std::call_once(g_lib_init, [] { mosquitto_lib_init(); });
    if (!options.password_file.empty()) {
        auto secret = read_secret_file(options.password_file);
        if (!secret) return unexpected(secret.error());
        options.broker.password = *secret;
    }
    if (options.client_id.empty() && !options.clean_session)
        return unexpected(std::string("a client that keeps its session needs a client id"));
    std::unique_ptr<MqttClient> c(new MqttClient(std::move(options), std::move(handlers)));
    const MqttOptions& o = c->options_;
    mosquitto* m = mosquitto_new(o.client_id.empty() ? nullptr : o.client_id.c_str(),
                                 o.clean_session, c.get());
    if (!m) return unexpected(std::string("cannot create an MQTT client (out of memory?)"));
    c->impl_->mosq = m;
    mosquitto_int_option(m, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5);
    mosquitto_int_option(m, MOSQ_OPT_TCP_NODELAY, 1);
    if (!o.broker.username.empty()) {
        const int rc = mosquitto_username_pw_set(
            m, o.broker.username.c_str(),
            o.broker.password.empty() ? nullptr : o.broker.password.c_str());
        if (rc != MOSQ_ERR_SUCCESS)
            return unexpected(std::string("user name: ") + mosquitto_strerror(rc));
    }
    if (o.broker.tls || !o.ca_file.empty() || !o.cert_file.empty()) {
        // Without a CA file, the system's CAs: libmosquitto refuses TLS with neither a CA file
        // nor a CA folder, so Debian's folder of them is named as well.
        if (o.ca_file.empty()) mosquitto_int_option(m, MOSQ_OPT_TLS_USE_OS_CERTS, 1);
        const int rc =
            mosquitto_tls_set(m, o.ca_file.empty() ? nullptr : o.ca_file.c_str(),
                              o.ca_file.empty() ? "/etc/ssl/certs" : nullptr,
                              o.cert_file.empty() ? nullptr : o.cert_file.c_str(),
                              o.key_file.empty() ? nullptr : o.key_file.c_str(), nullptr);
        if (rc != MOSQ_ERR_SUCCESS)
            return unexpected(std::string("TLS files (ca_file, cert_file, key_file): ") +
                              mosquitto_strerror(rc));
    }
    if (o.will) {
        const int rc = mosquitto_will_set(m, o.will->first.c_str(), int(o.will->second.size()),
                                          o.will->second.data(), 1, true);
        if (rc != MOSQ_ERR_SUCCESS)
            return unexpected("will on " + o.will->first + ": " + mosquitto_strerror(rc));
    }
    mosquitto_threaded_set(m, true);  // publish() and subscribe() come from other threads
    mosquitto_connect_v5_callback_set(m, &MqttCallbacks::on_connect);
    mosquitto_disconnect_v5_callback_set(m, &MqttCallbacks::on_disconnect);
    mosquitto_publish_v5_callback_set(m, &MqttCallbacks::on_publish);
    mosquitto_message_callback_set(m, &MqttCallbacks::on_message);
    c->impl_->wake_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (c->impl_->wake_fd < 0) return unexpected(std::string("cannot make an eventfd"));
    // A broker that is down now is no error: the network thread keeps trying.
    const int rc = mosquitto_connect_bind_async(m, o.broker.host.c_str(), o.broker.port,
                                                o.keepalive_s, nullptr);
    if (rc == MOSQ_ERR_INVAL)
        return unexpected("cannot connect to " + o.broker.display() + ": " +
                          mosquitto_strerror(rc));
    Impl* impl = c->impl_.get();
    const int reconnect_max_s = o.reconnect_max_s;
    impl->network = std::thread(
        [impl, reconnect_max_s, rc] { impl->run(reconnect_max_s, rc != MOSQ_ERR_SUCCESS); });
    return c;
}

MqttClient::~MqttClient() {
    stop();
    if (impl_->mosq) mosquitto_destroy(impl_->mosq);
    if (impl_->wake_fd >= 0) ::close(impl_->wake_fd);
}

void MqttClient::stop() {
    if (impl_->stopped) return;
    impl_->stopped = true;
    if (!impl_->mosq) return;
    // What is queued goes out first, then the goodbye (the thread writes until the socket is
    // closed, which libmosquitto does once DISCONNECT is sent).
    if (connected_) mosquitto_disconnect(impl_->mosq);
    impl_->stopping = true;
    impl_->wake();
    if (impl_->network.joinable()) impl_->network.join();
    connected_ = false;
}

Result<int, std::string> MqttClient::publish(const std::string& topic, std::string_view payload,
                                             int qos, bool retain) {
    int mid = 0;
    const int rc = mosquitto_publish(impl_->mosq, &mid, topic.c_str(), int(payload.size()),
                                     payload.data(), qos, retain);
    if (rc != MOSQ_ERR_SUCCESS) return unexpected(std::string(mosquitto_strerror(rc)));
    impl_->wake();  // the network thread writes it
    return mid;
}

void MqttClient::subscribe(const std::string& filter, int qos) {
    std::lock_guard lock(impl_->mutex);
    impl_->subscriptions.emplace_back(filter, qos);
    if (connected_) {
        mosquitto_subscribe(impl_->mosq, nullptr, filter.c_str(), qos);
        impl_->wake();
    }
}

}  // namespace venue::publish
