#include "publish/broker_address.h"

#include <charconv>

namespace venue::publish {

std::string BrokerAddress::display() const {
    std::string out = tls ? "mqtts://" : "mqtt://";
    if (!username.empty()) out += username + "@";
    out += host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return out + ":" + std::to_string(port);
}

Result<BrokerAddress, std::string> parse_broker_url(std::string_view url) {
    const std::string quoted = "'" + std::string(url) + "'";
    BrokerAddress a;
    std::string_view rest = url;
    if (const std::size_t scheme = rest.find("://"); scheme != std::string_view::npos) {
        const std::string_view name = rest.substr(0, scheme);
        if (name == "mqtts")
            a.tls = true;
        else if (name != "mqtt")
            return unexpected(quoted + ": the scheme is '" + std::string(name) +
                              "'; give mqtt:// or mqtts://");
        rest.remove_prefix(scheme + 3);
    }
    a.port = a.tls ? 8883 : 1883;
    if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
    if (rest.find('/') != std::string_view::npos)
        return unexpected(quoted +
                          ": a broker address has no path (the topics come from "
                          "[publish] event and hall)");
    if (const std::size_t at = rest.rfind('@'); at != std::string_view::npos) {
        const std::string_view user = rest.substr(0, at);
        const std::size_t colon = user.find(':');
        a.username = std::string(user.substr(0, colon));
        if (colon != std::string_view::npos) a.password = std::string(user.substr(colon + 1));
        if (a.username.empty()) return unexpected(quoted + ": the user name before '@' is empty");
        rest.remove_prefix(at + 1);
    }
    std::string_view port_text;
    if (!rest.empty() && rest.front() == '[') {
        const std::size_t close = rest.find(']');
        if (close == std::string_view::npos)
            return unexpected(quoted + ": an IPv6 address in '[' has no ']'");
        a.host = std::string(rest.substr(1, close - 1));
        rest.remove_prefix(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':')
                return unexpected(quoted + ": after ']' comes ':PORT' or nothing");
            port_text = rest.substr(1);
            if (port_text.empty()) return unexpected(quoted + ": the port after ':' is empty");
        }
    } else {
        const std::size_t colon = rest.rfind(':');
        a.host = std::string(rest.substr(0, colon));
        if (colon != std::string_view::npos) {
            port_text = rest.substr(colon + 1);
            if (port_text.empty()) return unexpected(quoted + ": the port after ':' is empty");
        }
    }
    if (a.host.empty()) return unexpected(quoted + ": no host name or address");
    if (!port_text.empty()) {
        int port = -1;
        auto [end, ec] =
            std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
        if (ec != std::errc() || end != port_text.data() + port_text.size() || port < 1 ||
            port > 65535)
            return unexpected(quoted + ": the port '" + std::string(port_text) +
                              "' is not a number from 1 to 65535");
        a.port = port;
    }
    return a;
}

}  // namespace venue::publish
