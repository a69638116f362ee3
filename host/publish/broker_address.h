// Where the broker is, as the venue file, `--publish` and `--mqtt` give it:
//
//   mqtt://[USER[:PASSWORD]@]HOST[:PORT]    plain TCP, port 1883 by default
//   mqtts://[USER[:PASSWORD]@]HOST[:PORT]   TLS, port 8883 by default
//   HOST[:PORT]                             as mqtt://
//
// HOST may be a name, an IPv4 address or an IPv6 address in brackets ([::1]). A password in the
// URL is accepted for tests and rehearsals; at a venue give it in a file (password_file), so that
// it is not in the process list or the shell's history.
#pragma once

#include <string>
#include <string_view>

#include "common/result.h"

namespace venue::publish {

struct BrokerAddress {
    std::string host;
    int port = 1883;
    bool tls = false;
    std::string username;
    std::string password;

    // "mqtt://hall-a@broker.local:1883": without the password, for accounts and messages.
    std::string display() const;
};

// An error names the part of the text that is wrong.
Result<BrokerAddress, std::string> parse_broker_url(std::string_view url);

}  // namespace venue::publish
