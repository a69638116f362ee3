#include "publish/local_broker.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace venue::publish {

namespace {

sockaddr_in loopback(int port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(std::uint16_t(port));
    return a;
}

int free_port() {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a = loopback(0);
    ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(s);
    return ntohs(a.sin_port);
}

}  // namespace

LocalBroker::LocalBroker(std::filesystem::path dir, Options options)
    : dir_(std::move(dir)), options_(std::move(options)) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    port_ = free_port();
    std::ofstream conf(dir_ / "mosquitto.conf");
    conf << "listener " << port_ << " 127.0.0.1\n";
    if (!options_.certfile.empty())
        conf << "certfile " << options_.certfile << "\nkeyfile " << options_.keyfile << "\n";
    // Started as root, Mosquitto changes to the user "mosquitto", who may not write in this
    // folder: stay who we are (the option is ignored when not root).
    if (const passwd* me = ::getpwuid(::getuid())) conf << "user " << me->pw_name << "\n";
    conf << "persistence " << (options_.persistence ? "true" : "false") << "\n";
    conf << "persistence_location " << (dir_ / "").string() << "\n";
    conf << "autosave_interval 1\n";
    conf << "log_dest file " << (dir_ / "broker.log").string() << "\n";
    conf << "log_type error\nlog_type warning\nlog_type notice\n";
    conf << "max_queued_messages 100000\n";
    if (options_.users.empty()) {
        conf << "allow_anonymous true\n";
    } else {
        conf << "allow_anonymous false\n";
        const std::string passwords = (dir_ / "passwords").string();
        std::ofstream(passwords).close();
        for (const auto& [user, password] : options_.users) {
            const std::string command = "mosquitto_passwd -b '" + passwords + "' '" + user + "' '" +
                                        password + "' > /dev/null 2>&1";
            if (std::system(command.c_str()) != 0)
                throw std::runtime_error("mosquitto_passwd failed for " + user);
        }
        conf << "password_file " << passwords << "\n";
    }
    if (!options_.acl.empty()) {
        std::ofstream(dir_ / "acl") << options_.acl;
        conf << "acl_file " << (dir_ / "acl").string() << "\n";
    }
}

LocalBroker::~LocalBroker() {
    stop(SIGTERM);
}

bool LocalBroker::start() {
    if (pid_ > 0) return true;
    pid_ = ::fork();
    if (pid_ == 0) {
        const std::string conf = (dir_ / "mosquitto.conf").string();
        // What it says before its log file is open goes nowhere (the log file has the rest).
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, STDERR_FILENO);
        ::dup2(null, STDOUT_FILENO);
        if (options_.nice > 0 && ::nice(options_.nice) == -1) ::_exit(126);
        ::execl("/usr/sbin/mosquitto", "mosquitto", "-c", conf.c_str(),
                static_cast<char*>(nullptr));
        ::_exit(127);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < deadline) {
        if (accepts()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

void LocalBroker::stop(int sig) {
    if (pid_ <= 0) return;
    ::kill(pid_, sig);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

std::string LocalBroker::url(const std::string& user, const std::string& password) const {
    const std::string auth =
        user.empty() ? "" : user + (password.empty() ? "" : ":" + password) + "@";
    return std::string(options_.certfile.empty() ? "mqtt://" : "mqtts://") + auth +
           "127.0.0.1:" + std::to_string(port_);
}

std::string LocalBroker::log() const {
    std::ifstream in(dir_ / "broker.log");
    return std::string(std::istreambuf_iterator<char>(in), {});
}

bool LocalBroker::accepts() const {
    const int s = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a = loopback(port_);
    const bool ok = ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(s);
    return ok;
}

}  // namespace venue::publish
