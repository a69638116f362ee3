// A Chess Eleven match served by the daemon in this process, on virtual devices and virtual time:
// the board "b1" (the emulator's model behind the real driver session), and with `with_hub` a
// hub that beats. The tests step the daemon a millisecond at a time.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "runtime/daemon.h"
#include "runtime/session.h"
#include "virtual_devices.h"

namespace venue::runtime::testing {

struct ElevenHall {
    io::HostNanos now = 1'000'000 * MS;
    std::unique_ptr<Session> session;
    std::unique_ptr<Daemon> daemon;
    VirtualBoard* board = nullptr;
    VirtualHub* hub = nullptr;  // with_hub only
    std::string match_id;

    ElevenHall(const std::filesystem::path& log, const engine::MatchConfig& match,
               bool with_hub = false)
        : match_id(match.id) {
        config::VenueConfig config;
        config.matches = {match};
        auto s = Session::open(config, log.string());
        if (!s) throw std::runtime_error(s.error());
        session = std::move(*s);
        DaemonOptions o;
        o.now_ns = [this] { return now; };
        daemon = std::make_unique<Daemon>(*session, o);
        auto b = std::make_unique<VirtualBoard>(now, false, 0);
        board = b.get();
        daemon->attach_board("b1", std::move(b), match.id);
        if (with_hub) {
            auto h = std::make_unique<VirtualHub>(now);
            hub = h.get();
            h->heartbeats(true);
            daemon->attach_hub(std::move(h), match.id);
        }
        daemon->start();
    }
    void run(int ms) {
        for (int i = 0; i < ms; ++i) {
            now += MS;
            board->advance();
            auto r = daemon->step();
            if (!r) throw std::runtime_error(r.error());
        }
    }
    void input(chess::Color side, const std::string& kind,
               std::map<std::string, std::string> args) {
        engine::GameInput in;
        in.match = match_id;
        in.kind = kind;
        in.side = int(side);
        in.args = std::move(args);
        daemon->post({now, std::nullopt, in});
        run(20);
    }
    // Both formations set on the board (a rook on e3 for White's kick-off), the substitutes
    // declared, both players Ready: White kicks off.
    void to_kick_off() {
        board->act("setup rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1");
        run(600);
        input(chess::WHITE, "substitute", {{"piece", "q"}});
        input(chess::BLACK, "substitute", {{"piece", "q"}});
        input(chess::WHITE, "ready", {});
        input(chess::BLACK, "ready", {});
    }
};

}  // namespace venue::runtime::testing
