// A minimal DGT host for the integration tests: a TermiosLink plus the message parser.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

#include "io/dgt/dgt_command.h"
#include "io/dgt/dgt_parser.h"
#include "io/link/termios_link.h"

namespace venue::test {

using namespace std::chrono_literals;

class DgtTestClient {
  public:
    explicit DgtTestClient(std::string path) : link_(std::move(path)) {}

    std::optional<io::LinkError> open() {
        parser_.reset();
        return link_.open();
    }
    void close() { link_.close(); }
    io::TermiosLink& link() { return link_; }
    std::vector<io::dgt::ParseError>& errors() { return errors_; }

    void send(std::initializer_list<std::uint8_t> bytes) { send(io::dgt::Bytes(bytes)); }
    void send(const io::dgt::Bytes& bytes) {
        const auto r = link_.write(bytes, 1000ms);
        ASSERT_TRUE(r.ok()) << r.error->what;
        ASSERT_EQ(r.count, bytes.size());
    }

    // Reads until `want` accepts a message or the timeout passes; messages not accepted are
    // kept in skipped(). Returns the accepted message, or nothing (with last_error() set if
    // the link failed).
    std::optional<io::dgt::Message> wait_for(
        const std::function<bool(const io::dgt::Message&)>& want,
        std::chrono::milliseconds timeout = 2000ms) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < deadline) {
            while (!inbox_.empty()) {
                auto m = std::move(inbox_.front());
                inbox_.erase(inbox_.begin());
                if (want(m)) return m;
                skipped_.push_back(std::move(m));
            }
            std::uint8_t buf[512];
            const auto r = link_.read(buf, 20ms);
            if (!r.ok()) {
                last_error_ = r.error;
                return std::nullopt;
            }
            parser_.feed(std::span<const std::uint8_t>(buf, r.count), [&](const auto& x) {
                using T = std::decay_t<decltype(x)>;
                if constexpr (std::is_same_v<T, io::dgt::Message>) {
                    inbox_.push_back(x);
                } else {
                    errors_.push_back(x);
                }
            });
        }
        return std::nullopt;
    }

    template <class T>
    std::optional<T> wait_for_type(std::chrono::milliseconds timeout = 2000ms) {
        auto m = wait_for([](const io::dgt::Message& x) { return std::holds_alternative<T>(x); },
                          timeout);
        if (!m) return std::nullopt;
        return std::get<T>(*m);
    }

    // Everything that arrives within `quiet` of the last byte.
    std::vector<io::dgt::Message> drain(std::chrono::milliseconds quiet = 150ms) {
        std::vector<io::dgt::Message> out;
        while (auto m = wait_for([](const io::dgt::Message&) { return true; }, quiet)) {
            out.push_back(std::move(*m));
        }
        return out;
    }

    const std::optional<io::LinkError>& last_error() const { return last_error_; }

  private:
    io::TermiosLink link_;
    io::dgt::DgtParser parser_;
    std::vector<io::dgt::Message> inbox_;
    std::vector<io::dgt::Message> skipped_;
    std::vector<io::dgt::ParseError> errors_;
    std::optional<io::LinkError> last_error_;
};

}  // namespace venue::test
