// Chessball's captains' entries through the console (CB-A12, A14, A15): the match's facts say
// which conditions were agreed (and so which buttons the panel draws), an intent with `input`
// set becomes the engine's GameInput with the arbiter and his note, reads in the game's words,
// and the engine decides on it.
#include <algorithm>

#include "../chessball/chessball_script.h"
#include "console/game_panels.h"
#include "console/view_model.h"

namespace venue::console {
namespace {

using namespace engine;
using games::chessball::testing::four_a_side;
using games::chessball::testing::Script;
using venue::engine::testing::command;
using venue::engine::testing::find;

bool has_fact(const MatchView& m, const std::string& name) {
    return std::any_of(m.facts.begin(), m.facts.end(),
                       [&](const auto& f) { return f.first == name; });
}

std::string fact(const MatchView& m, const std::string& name) {
    for (const auto& [k, v] : m.facts)
        if (k == name) return v;
    return "(no " + name + ")";
}

MatchView view(const Script& s) {
    ViewModel model;
    return model.build(s.state(), DeviceInputs{}, 0).matches.at(0);
}

ArbiterIntent entry(const char* kind, chess::Color side) {
    ArbiterIntent in;
    in.match = "m1";
    in.input = games::chessball::testing::captain_entry(kind, side);
    in.arbiter = "Chief";
    in.note = "the captain asked";
    return in;
}

TEST(ChessballEntries, CB_A15_TheTimeOutButtonExistsOnlyWhenAgreed) {
    Script plain;
    EXPECT_FALSE(has_fact(view(plain), "Time-outs left"));
    EXPECT_FALSE(has_fact(view(plain), "Draw offer"));
    MatchConfig c = four_a_side();
    c.options.set("captain_timeouts", std::int64_t(2));
    c.options.set("captain_draw_offers", std::string("on"));
    c.options.set("fifty_move_mode", std::string("captain_claim"));
    Script s(c);
    const MatchView m = view(s);
    EXPECT_TRUE(has_fact(m, "Time-outs left"));
    EXPECT_TRUE(has_fact(m, "Draw offer"));
    EXPECT_TRUE(has_fact(m, "50-move count"));
    const GamePanels* panels = find_game_panels("chessball");
    ASSERT_TRUE(panels);
    EXPECT_TRUE(panels->draw_actions);
}

TEST(ChessballEntries, CB_A15_ATimeOutEnteredAtTheConsoleStopsTheClocks) {
    MatchConfig c = four_a_side();
    c.options.set("captain_timeouts", std::int64_t(1));
    Script s(c);
    s.turn(2, "e2e4");
    const ArbiterIntent in = entry("captain_timeout", chess::BLACK);
    EXPECT_EQ(describe(in, view(s)), "Time-out for the captain of Moscow (Black) in match m1");
    auto event = to_event(in, 7);
    ASSERT_TRUE(event) << event.error();
    const auto& g = std::get<GameInput>(event->body);
    EXPECT_EQ(g.kind, "captain_timeout");
    EXPECT_EQ(g.side, int(chess::BLACK));
    EXPECT_EQ(g.arbiter, "Chief");
    EXPECT_EQ(g.note, "the captain asked");
    auto d = s.send(event->body);
    EXPECT_TRUE(command(d, "clock.pause"));
    EXPECT_NE(fact(view(s), "Time-outs left").find("Black 0"), std::string::npos)
        << fact(view(s), "Time-outs left");
}

TEST(ChessballEntries, CB_A14_ADrawOfferAndItsAcceptanceFromTheConsole) {
    MatchConfig c = four_a_side();
    c.options.set("captain_draw_offers", std::string("on"));
    Script s(c);
    s.send(to_event(entry("draw_offer", chess::WHITE), 1)->body);
    EXPECT_NE(fact(view(s), "Draw offer").find("White's, open"), std::string::npos)
        << fact(view(s), "Draw offer");
    auto d = s.send(to_event(entry("draw_accept", chess::BLACK), 2)->body);
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(s.match().result(), "1/2-1/2");
}

TEST(ChessballEntries, CB_A12_ACaptainsFiftyMoveClaimFromTheConsole) {
    MatchConfig c = four_a_side("4k3/8/8/8/8/8/8/R3K3 b - - 100 60");
    c.options.set("fifty_move_mode", std::string("captain_claim"));
    Script s(c);
    auto d = s.send(to_event(entry("fifty_move_claim", chess::BLACK), 1)->body);
    ASSERT_TRUE(find<GameEnded>(d));
    EXPECT_EQ(find<GameEnded>(d)->termination, "50-move rule");
}

TEST(ChessballEntries, CB_A25_ASubstitutionInWords) {
    MatchConfig c = four_a_side();
    c.white().players.push_back({"W5", "White 5", 5, {}, ""});
    c.options.set("substitutes", std::string("on_own_clock_stopped"));
    Script s(c);
    const MatchView m = view(s);
    EXPECT_NE(fact(m, "Reserves").find("W5"), std::string::npos) << fact(m, "Reserves");
    ArbiterIntent in = entry("substitute", chess::WHITE);
    in.input->args = {{"out", "W1"}, {"in", "W5"}};
    EXPECT_EQ(describe(in, m), "Substitution for Kazan (White): W5 comes on for W1 in match m1");
    auto d = s.send(to_event(in, 1)->body);
    EXPECT_TRUE(find<GameNews>(d));
}

TEST(ChessballEntries, CB_A14_AnInputNeedsANote) {
    ArbiterIntent in = entry("draw_offer", chess::WHITE);
    in.note = " ";
    EXPECT_FALSE(to_event(in, 1));
}

}  // namespace
}  // namespace venue::console
