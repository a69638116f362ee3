// What the Chess Eleven tests share: a match of two players (White "w" with hub button 0, Black
// "b" with button 8, board "b1"), and a script that sends it events as the board, the hub and the
// players would, returning the decisions. A test is a list of those calls and what it expects.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../../support/decision_search.h"
#include "games/eleven/rules/eleven_match.h"
#include "games/eleven/rules/eleven_rules.h"

namespace venue::games::eleven::testing {

// White: K d1; P c2 d2 e2 f2; R a1 e3; N b1 g1; B c1 f1. Black: K d8; P a7 b7 c7 d7; R a8 h8;
// N b8 g8; B c8 f8: the e-file is open from White's rook to e8.
constexpr const char* OPEN_E_FILE = "rnbk1bnr/pppp4/8/8/8/4R3/2PPPP2/RNBK1BN1";

// The match, with `rules` written into its [match.eleven] options.
inline engine::MatchConfig eleven_config(const ElevenRules& rules = {}) {
    engine::MatchConfig c;
    c.id = "e1";
    c.game = "eleven";
    c.board = "b1";
    c.white().players.push_back({"w", "Wanda", 0, {0}, ""});
    c.black().players.push_back({"b", "Boris", 0, {8}, ""});
    rules.write_to(c);
    return c;
}

using engine::testing::news;

struct ElevenScript {
    explicit ElevenScript(engine::MatchConfig c = eleven_config()) : match(std::move(c)) {}
    ElevenScript(engine::MatchConfig c, ElevenRules rules, int goals_to_win)
        : match(std::move(c), rules, goals_to_win) {}
    ElevenMatch match;

    // `hub_us`: the hub's time of an event the hub took (its readings, its buttons).
    std::vector<engine::Decision> send(engine::EventBody body,
                                       std::optional<std::int64_t> hub_us = std::nullopt) {
        std::vector<engine::Decision> out;
        match.apply({0, hub_us, std::move(body)}, out);
        return out;
    }
    std::vector<engine::Decision> input(chess::Color side, std::string kind,
                                        std::map<std::string, std::string> args = {}) {
        engine::GameInput in;
        in.match = "e1";
        in.kind = std::move(kind);
        in.side = side;
        in.args = std::move(args);
        return send(in);
    }
    std::vector<engine::Decision> board(const std::string& placement) {
        return send(engine::BoardSnapshot{"e1", "b1", placement});
    }
    std::vector<engine::Decision> move(const std::string& uci) {
        return send(engine::MoveSensed{"e1", "b1", uci});
    }
    std::vector<engine::Decision> press(int button,
                                        engine::ClaimVerdict v = engine::ClaimVerdict::ACCEPTED) {
        engine::ClaimPressed p;
        p.match = "e1";
        p.button = button;
        p.verdict = v;
        return send(p);
    }
    // A piece lifted and set back on `sq` (the DGT board's field updates: code 0 is empty).
    std::vector<engine::Decision> tap(chess::Square sq) {
        auto d = send(engine::BoardFieldUpdate{"e1", "b1", 0, 0, sq});
        auto more = send(engine::BoardFieldUpdate{"e1", "b1", 0, 5, sq});
        d.insert(d.end(), more.begin(), more.end());
        return d;
    }
    // Puts the match in play on the field `fen` (its side to move has the turn, with no element
    // of it played yet), the ball `where` on `ball`, held by `possession`: the match's own
    // snapshot with those parts replaced (restore_extra), so that a clause is tested from the
    // position it is about rather than from a long game that reaches it.
    void field(const std::string& fen, chess::Square ball, std::optional<chess::Color> possession,
               Ball::Where where = Ball::Where::CARRIER) {
        if (match.phase() == engine::MatchPhase::WAITING)
            send(engine::ClockPressed{"e1", chess::WHITE, std::nullopt});
        auto j = nlohmann::json::parse(match.extra_snapshot());
        j["stage"] = int(Stage::PLAY);
        j["game"] = {{"start", fen}, {"moves", nlohmann::json::array()}};
        j["ball"] = {int(where), int(ball)};
        j["possession"] = possession ? int(*possession) : -1;
        j["turn"] = fen.find(" b ") == std::string::npos ? int(chess::WHITE) : int(chess::BLACK);
        j["elements"] = {false, false};
        j["ready"] = {true, true};
        ASSERT_TRUE(match.restore_extra(j.dump())) << fen;
        ASSERT_EQ(match.field().fen(), fen);
    }
    // Plays `steps` in order, each a move in UCI that must be accepted, or "end": the side to
    // move ends its turn.
    void play(std::initializer_list<const char*> steps) {
        for (const char* step : steps) {
            if (std::string(step) == "end")
                input(match.to_move(), "end_turn");
            else
                EXPECT_TRUE(accepted(move(step))) << step;
        }
    }
    static bool accepted(const std::vector<engine::Decision>& d) {
        return engine::testing::find<engine::MoveAccepted>(d) != nullptr;
    }
};

}  // namespace venue::games::eleven::testing
