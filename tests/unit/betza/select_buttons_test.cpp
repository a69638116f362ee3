// Pushing two half-boards together with the hub's select buttons (BETZA-4, [match.betza]
// select_buttons): one button per half-board; the first press selects a board, the same button
// again lets it go, a second board's button pushes the pair for the army on move. The presses
// come as the hub reports any button (ClaimPressed); the selection is part of the fold.
#include <gtest/gtest.h>

#include "betza_match_script.h"
#include "games/betza/rules/betza_entry.h"
#include "venue/game_rules.h"

namespace venue::games::betza {
namespace {

using engine::ClaimPressed;
using engine::Decision;
using test::betza_config;
using test::BetzaScript;
using test::news;

// Four armies in seating order; half-board b's select button is hub button 8 + b.
engine::MatchConfig with_buttons(std::int64_t clock_ms = 0) {
    BetzaRules r;
    r.order = BattingOrder::SEATING_CLOCKWISE;
    r.clock_ms = clock_ms;
    engine::MatchConfig c = betza_config(r);
    c.options.set("select_buttons", std::vector<std::string>{"8", "9", "10", "11"});
    for (int i = 0; i < 4; ++i) c.side(i).players[0].buttons = {4 + i};
    return c;
}

std::vector<Decision> press(BetzaScript& s, int button) {
    ClaimPressed p;
    p.match = "z1";
    p.button = button;
    p.verdict = engine::ClaimVerdict::OUT_OF_TURN;  // the hub arms no claim in this game
    return s.send(p);
}

TEST(BETZA_4, TwoSelectButtonsPushTheirHalfBoardsTogether) {
    BetzaScript s(with_buttons());
    const auto first = press(s, 8);
    const engine::GameNews* selected = news(first, "board_selected");
    ASSERT_NE(selected, nullptr);
    EXPECT_EQ(selected->facts.at("board"), "0");
    EXPECT_EQ(selected->facts.at("army"), "0");
    const auto second = press(s, 9);
    const engine::GameNews* pushed = news(second, "pair_declared");
    ASSERT_NE(pushed, nullptr);
    EXPECT_EQ(pushed->facts.at("pair"), "0+1") << "the first board pressed keeps its squares";
    // The move on the pair, as the boards will report it.
    EXPECT_NE(news(s.move(0, "f2f3"), "moved"), nullptr);
}

TEST(BETZA_4, TheSameButtonAgainLetsTheBoardGo) {
    BetzaScript s(with_buttons());
    press(s, 8);
    const auto again = press(s, 8);
    ASSERT_NE(news(again, "board_deselected"), nullptr);
    // A new pair from scratch: 1 then 0 (board 1 keeps its squares now).
    press(s, 9);
    const auto second = press(s, 8);  // kept: the news points into it
    const engine::GameNews* pushed = news(second, "pair_declared");
    ASSERT_NE(pushed, nullptr);
    EXPECT_EQ(pushed->facts.at("pair"), "1+0");
}

TEST(BETZA_4, ARefusedPairLetsTheSelectionGoWithItsReason) {
    BetzaScript s(with_buttons());
    // Boards 2 and 3 hold no piece of army 0 (BETZA-A7): refused, and nothing stays selected.
    press(s, 10);
    const auto refused = press(s, 11);
    ASSERT_FALSE(refused.empty());
    EXPECT_TRUE(std::holds_alternative<engine::EventIgnored>(refused[0].body));
    EXPECT_NE(refused[0].reason.find("NO_OWN_PIECE_ON_PAIR"), std::string::npos)
        << refused[0].reason;
    EXPECT_NE(news(press(s, 8), "board_selected"), nullptr) << "a new first press";
}

TEST(BETZA_4, AButtonOfNoHalfBoardIsRefusedAndAGameWithoutButtonsIgnoresPresses) {
    BetzaScript s(with_buttons());
    const auto d = press(s, 3);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].rule, "BETZA-4");
    BetzaScript plain(betza_config());
    const auto p = press(plain, 8);
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].rule, "X-1");
}

TEST(BETZA_4, ASelectionLeftWhenTheTurnPassedIsNotTheNextArmys) {
    BetzaScript s(with_buttons());
    press(s, 8);
    press(s, 9);
    s.move(0, "f2f3");                                                // the turn passes to army 1
    press(s, 10);                                                     // army 1 selects board 2 ...
    s.input(1, "select_pair", {{"board_a", "0"}, {"board_b", "1"}});  // ... the arbiter enters 0+1
    s.move(1, "e7e5");                                                // army 2's turn
    // Army 2's first press is a first press, not the partner of army 1's left selection.
    EXPECT_NE(news(press(s, 11), "board_selected"), nullptr);
}

TEST(BETZA_4, TheFirstPairByButtonsStartsTheArmyClock) {
    BetzaScript s(with_buttons(60'000));
    press(s, 8);
    const auto pushed = press(s, 9);
    bool started = false;
    for (const Decision& d : pushed)
        if (const auto* c = std::get_if<engine::DeviceCommand>(&d.body))
            started = started || (c->command == engine::DeviceAction::ARMY_START && c->value == 0);
    EXPECT_TRUE(started);
}

TEST(BETZA_4, ReplayAndSnapshotsKeepAHalfSelection) {
    BetzaScript s(with_buttons());
    press(s, 8);
    press(s, 9);
    s.move(0, "f2f3");
    press(s, 8);  // army 1 has board 0 selected
    engine::VenueState restored = s.expect_replay_and_snapshot_agree();
    EXPECT_NE(s.state.canonical().find("selected 0 for 1"), std::string::npos);
    // And the restored match completes the pair as the live one does.
    ClaimPressed p;
    p.match = "z1";
    p.button = 9;
    const auto live = s.send(p);
    const auto back = restored.apply({0, std::nullopt, p});
    ASSERT_EQ(live.size(), back.size());
    EXPECT_NE(news(back, "pair_declared"), nullptr);
}

TEST(BETZA_4, TheVenueFileGivesOneSelectButtonPerHalfBoardEachOnce) {
    engine::MatchConfig c = with_buttons();
    EXPECT_FALSE(validate(c));
    c.options.set("select_buttons", std::vector<std::string>{"8", "9", "10"});
    ASSERT_TRUE(validate(c));
    EXPECT_NE(validate(c)->find("one per half-board"), std::string::npos) << *validate(c);
    c.options.set("select_buttons", std::vector<std::string>{"8", "9", "10", "4"});
    ASSERT_TRUE(validate(c));
    EXPECT_NE(validate(c)->find("button 4 is used twice"), std::string::npos) << *validate(c);
    c.options.set("select_buttons", std::vector<std::string>{"8", "9", "10", "16"});
    ASSERT_TRUE(validate(c));
    EXPECT_NE(validate(c)->find("'16' is not a hub button"), std::string::npos) << *validate(c);
}

}  // namespace
}  // namespace venue::games::betza
