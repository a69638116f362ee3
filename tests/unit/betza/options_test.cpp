// The [match.betza] options: every ambiguity's default and its alternatives (BETZA-A1, A13,
// A15, N.1), read from and written to a match's option map.
#include <gtest/gtest.h>

#include <set>

#include "betza_setup.h"

namespace venue::games::betza {
namespace {

using engine::GameOption;
using engine::GameOptions;

const GameOption& option(const std::vector<GameOption>& all, const std::string& key) {
    for (const GameOption& o : all)
        if (o.key == key) return o;
    ADD_FAILURE() << "no option " << key;
    return all.front();
}

TEST(BETZA_A1, EveryAlternativeIsAnOptionThatRoundTrips) {
    BetzaRules r;
    r.order = BattingOrder::ARBITER_ENTERED;
    r.entered_order = {2, 0, 1};
    r.layout = LayoutRule::PER_ARMY_CHOICE;
    r.chosen_layouts = {Layout::BLACK, Layout::WHITE, Layout::WHITE};
    r.pawn_forward = PawnForward::ALWAYS_TOWARD_JOIN;
    r.promotion_zone = PromotionZone::ANY_OUTER_EDGE;
    r.en_passant = EnPassant::OFF;
    r.castling = false;
    r.extra_moves = ExtraMoves::COMPULSORY_WHEN_LEGAL;
    r.capturer = Capturer::CONTROLLER_OF_CHECKING_PIECE;
    r.precheck_pairs = PrecheckPairs::FORBIDDEN;
    r.self_mate_capturer = SelfMateCapturer::ARBITER;
    r.stalemate = Stalemate::ELIMINATE_ARMY;
    r.fifty_move = DrawRule::ON;
    r.repetition = DrawRule::OFF;
    r.record_alliances = true;
    r.clock_ms = 30 * 60 * 1000;
    r.friendly_reassign = true;
    r.scoring = Scoring::PLACE_POINTS;
    r.capture_own_controlled = true;
    r.rfid_pieces = true;
    GameOptions written;
    r.write_to(written);
    EXPECT_EQ(BetzaRules::of(written), r);
    EXPECT_EQ(BetzaRules::of(GameOptions{}), BetzaRules{});  // absent keys: the defaults
    // Each value written is one the option's description accepts.
    const std::vector<GameOption> all = betza_options();
    for (const auto& [key, value] : written.values())
        EXPECT_EQ(engine::option_value_problem(option(all, key), value), "") << key;
    // The reconstructed rules each sit behind a switch: 3 (order), 5 (alliances), 6 (extra
    // moves), 7 (capturer), 9 (scoring, friendly reassignment).
    std::set<std::string> clauses;
    for (const GameOption& o : all) clauses.insert(o.rule);
    for (const char* c :
         {"BETZA-A1", "BETZA-A2", "BETZA-A3", "BETZA-A4", "BETZA-A5", "BETZA-A6", "BETZA-A8",
          "BETZA-A9", "BETZA-A10", "BETZA-A11", "BETZA-A12", "BETZA-A13", "BETZA-A14", "BETZA-A15",
          "BETZA-A16", "BETZA-A17", "BETZA-A20", "BETZA-A21"})
        EXPECT_TRUE(clauses.count(c)) << c;
}

TEST(BETZA_N_1, TheRulesVersionNamesTheReconstructionAndRefusesUnknownOnes) {
    EXPECT_EQ(BetzaRules{}.rules_version, RulesVersion::RECONSTRUCTED_V1);
    const std::vector<GameOption> all = betza_options();
    const GameOption& version = option(all, "rules_version");
    EXPECT_EQ(version.choices, std::vector<std::string>{"reconstructed_v1"});
    // A corrected text of Rules 6 to 8 will be a new version, never a silent change of this one.
    EXPECT_NE(engine::option_value_problem(version, std::string("betza_1995")), "");
}

TEST(BETZA_A13, FiftyMovesAndRepetitionOnlyWithTwoArmies) {
    const BetzaRules r;
    EXPECT_TRUE(fifty_move_applies(r, 2));
    EXPECT_TRUE(repetition_applies(r, 2));
    EXPECT_FALSE(fifty_move_applies(r, 3));
    EXPECT_FALSE(repetition_applies(r, 8));
    BetzaRules on;
    on.fifty_move = DrawRule::ON;
    on.repetition = DrawRule::OFF;
    EXPECT_TRUE(fifty_move_applies(on, 5));
    EXPECT_FALSE(repetition_applies(on, 2));
}

TEST(BETZA_A15, UntimedByDefaultOrAPerArmyCountdown) {
    EXPECT_EQ(BetzaRules{}.clock_ms, 0);
    const std::vector<GameOption> all = betza_options();
    const GameOption& clock = option(all, "clock_ms");
    EXPECT_EQ(clock.kind, engine::OptionKind::DURATION);
    EXPECT_EQ(clock.file_key, "clock_minutes");
    BetzaRules negative;
    negative.clock_ms = -1;
    EXPECT_TRUE(negative.problem(3).has_value());
    EXPECT_FALSE(BetzaRules{}.problem(3).has_value());
}

}  // namespace
}  // namespace venue::games::betza
