// A short Chessball match for the feed's tests: the venue file schemas/config/examples/
// chessball.toml (Kazan - Moscow, four a side), events applied one by one as the daemon would,
// each kept as a runtime::Applied with its log sequence number.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "config/venue_config.h"
#include "runtime/session.h"
#include "venue/chess_match.h"
#include "venue/venue_state.h"

namespace venue::feed::testing {

using namespace venue::engine;

class FeedScript {
  public:
    // The example Chessball venue; `edit` changes each match's config before it is created.
    explicit FeedScript(const std::function<void(MatchConfig&)>& edit = {}) {
        auto config =
            config::load_venue_config(VENUE_SOURCE_DIR "/schemas/config/examples/chessball.toml");
        if (!config) {
            ADD_FAILURE() << config.error().to_string();
            return;
        }
        for (MatchConfig m : config->matches) {
            if (edit) edit(m);
            send(MatchCreated{m});
        }
    }

    // Applies one event (hub time `hub_us`, or none) and returns it as the daemon sees it.
    runtime::Applied send(EventBody body, std::optional<std::int64_t> hub_us = std::nullopt) {
        Event e{t_ += 1'000'000, hub_us, std::move(body)};
        runtime::Applied a{++seq_, e, state_.apply(e)};
        applied_.push_back(a);
        return a;
    }
    runtime::Applied press(int button, std::int64_t hub_us,
                           ClaimVerdict verdict = ClaimVerdict::ACCEPTED, std::int64_t margin = 0) {
        ClaimPressed p;
        p.match = "cb1";
        p.button = button;
        p.verdict = verdict;
        p.margin_us = margin;
        return send(p, hub_us);
    }
    runtime::Applied move(const std::string& uci) { return send(MoveSensed{"cb1", "12345", uci}); }
    runtime::Applied clock(std::int64_t remaining_ms, std::int64_t hub_us) {
        return send(ClockPressed{"cb1", match().game().position().side_to_move(), remaining_ms},
                    hub_us);
    }
    // A claim by `button`, its move and the clock press.
    void turn(int button, const std::string& uci, std::int64_t remaining_ms, std::int64_t hub_us) {
        press(button, hub_us);
        move(uci);
        clock(remaining_ms, hub_us + 3'000'000);
    }
    runtime::Applied judge(ArbiterActionKind kind, std::string player, std::string text) {
        ArbiterAction a;
        a.match = "cb1";
        a.kind = kind;
        a.player = std::move(player);
        a.text = std::move(text);
        a.arbiter = "judge";
        a.note = "seen by the judge";
        return send(a);
    }

    // The opening: the clock set, Dina's claim with two rivals late by 4 and 137 µs, four
    // moves, a warning for Bulat (Moscow gets +2 minutes), a hub reading, and Bulat's claim
    // (Emil 12 µs late) still held.
    void play_opening() {
        send(ClockReading{"cb1", 1'800'000, 1'800'000, std::nullopt}, 1'000);
        press(2, 2'000'000);                           // W3 Dina
        press(0, 2'000'004, ClaimVerdict::LATE, 4);    // W1 Aliya
        press(1, 2'000'137, ClaimVerdict::LATE, 137);  // W2 Bulat
        move("e2e4");
        clock(1'795'000, 5'000'000);
        turn(10, "e7e5", 1'790'000, 10'000'000);  // B3 Igor
        turn(3, "g1f3", 1'788'000, 20'000'000);   // W4 Emil
        turn(9, "d7d6", 1'785'000, 30'000'000);   // B2 Galina
        judge(ArbiterActionKind::WARN, "W2", "talking to a teammate");
        send(ClockReading{"cb1", 1'787'000, 1'905'000, chess::WHITE}, 35'000'000);
        press(1, 36'000'000);                          // W2 Bulat
        press(3, 36'000'012, ClaimVerdict::LATE, 12);  // W4 Emil
    }

    const ChessMatch& match() const { return *state_.match("cb1")->chess(); }
    const VenueState& state() const { return state_; }
    const std::vector<runtime::Applied>& applied() const { return applied_; }
    std::int64_t seq() const { return seq_; }

  private:
    VenueState state_;
    std::vector<runtime::Applied> applied_;
    std::int64_t seq_ = 0;
    std::int64_t t_ = 0;
};

}  // namespace venue::feed::testing
