// LocalBroker: a private Mosquitto on the loopback interface (Debian's /usr/sbin/mosquitto), in a
// folder of its own, on a free port kept across restarts: for the broker tests and `venue bench
// publish`, never for a venue (which runs its broker as a service: docs/multi-hall.md).
// Persistence is on, saved every second, as a production broker's would be; stop() with SIGKILL
// makes the crash the tests need, start() again the recovery.
#pragma once

#include <sys/types.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace venue::publish {

class LocalBroker {
  public:
    struct Options {
        bool persistence = true;
        // user -> password (hashed into a password file with mosquitto_passwd); empty: anonymous
        // clients are allowed
        std::vector<std::pair<std::string, std::string>> users;
        std::string acl;  // the ACL file's text ("" = none)
        // Nice steps below this process (a bench's broker standing in for one on a machine of
        // its own, so that it does not compete with the hall for the cores).
        int nice = 0;
        // TLS on the listener: the broker's certificate and key ("" = plain TCP).
        std::string certfile;
        std::string keyfile;
    };

    // Writes the configuration into `dir` (emptied first). Throws std::runtime_error when the
    // password file cannot be made.
    LocalBroker(std::filesystem::path dir, Options options);
    ~LocalBroker();  // stop(SIGTERM)
    LocalBroker(const LocalBroker&) = delete;
    LocalBroker& operator=(const LocalBroker&) = delete;

    // Starts it and waits until it accepts connections; false when it does not within 5 s.
    bool start();
    // SIGKILL: the broker dies as a crashed machine would (what persistence saved survives).
    void stop(int sig = SIGKILL);

    int port() const { return port_; }
    // mqtt://[user[:password]@]127.0.0.1:port
    std::string url(const std::string& user = "", const std::string& password = "") const;
    std::string log() const;  // the broker's own log file

  private:
    bool accepts() const;

    std::filesystem::path dir_;
    Options options_;
    int port_ = 0;
    pid_t pid_ = -1;
};

}  // namespace venue::publish
