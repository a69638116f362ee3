// Business Chess's events and decisions in the log's JSON form: every field survives, and the
// one-board decisions keep the form older logs have.
#include <gtest/gtest.h>

#include "games/business/rules/business_rules.h"

#include "chess/position.h"
#include "venue/event_json.h"

namespace venue::engine {
namespace {

TEST(EventJson, EveryKeyChangeKindSurvivesItsJsonForm) {
    for (KeyChangeKind kind : {KeyChangeKind::BRANCH, KeyChangeKind::SELECT, KeyChangeKind::PASS,
                               KeyChangeKind::RESIGN, KeyChangeKind::DRAW, KeyChangeKind::VETO,
                               KeyChangeKind::BOARD_C, KeyChangeKind::REPLACE}) {
        KeyChange k;
        k.match = "m1";
        k.kind = kind;
        k.side = chess::BLACK;
        k.from_branch = 3;
        k.to_branch = 1;
        k.board = "4";
        k.amount = 2;
        k.shares = {{1, 2}, {2, 1}};
        k.claim = "threefold";
        k.player = "b2";
        k.in_player = "b6";
        k.arbiter = "chief";
        k.note = "entered for the representative";
        const std::string text = event_payload(k);
        auto back = parse_event("key_change", text);
        ASSERT_TRUE(back) << back.error();
        ASSERT_TRUE(std::holds_alternative<KeyChange>(*back));
        const auto& b = std::get<KeyChange>(*back);
        EXPECT_EQ(b.kind, kind);
        EXPECT_EQ(b.side, chess::BLACK);
        EXPECT_EQ(b.shares.size(), 2u);
        EXPECT_EQ(b.shares[1].branch, 2);
        EXPECT_EQ(b.in_player, "b6");
        EXPECT_EQ(event_payload(*back), text);
        EXPECT_STREQ(kind_name(*back), "key_change");
        EXPECT_STREQ(source_name(*back), "arbiter");
    }
    auto bad = parse_event("key_change", R"({"match":"m1","kind":"fork"})");
    EXPECT_FALSE(bad);
}

TEST(EventJson, BusinessDecisionsSurviveTheirJsonForm) {
    const std::vector<Decision> ds = {
        {KeyChangeAccepted{"m1", chess::WHITE, "pass", 1, 2, 1}, "BC-PASS-1", "r"},
        {KeyChangeRefused{"m1", chess::BLACK, "branch", "VETOED"}, "BC-A1", "r"},
        {BranchOpened{"m1", 3, 1, "3", 22, 4}, "BC-BR-3", "r"},
        {BranchClosed{"m1", 3, "3", "0-1", "selection", 4}, "BC-SEL-1", "r"},
        {RatingChanged{"m1", 2, 7}, "BC-BR-1", "r"},
        {BoardSetupRequired{"m1", "C", std::string(chess::Position::START_FEN), 2}, "BC-II.4", "r"},
        {ArbiterFlag{"m1", chess::WHITE, "SECOND_CROSSER", ""}, "BC-I.10", "r"},
        {PlayerReplaced{"m1", chess::WHITE, "w2", "w6"}, "BC-I.12", "r"},
        {MoveAccepted{"m1", "e2e4", "e4", 1, "2"}, "BC-I.8e", "r"},
        {MoveRefused{"m1", "e2e5", "2"}, "BC-I.22", "r"},
    };
    for (const Decision& d : ds) {
        auto back = parse_decision(kind_name(d.body), decision_payload(d));
        ASSERT_TRUE(back) << back.error();
        EXPECT_EQ(decision_payload(*back), decision_payload(d));
        EXPECT_EQ(back->body.index(), d.body.index());
    }
}

TEST(EventJson, AOneBoardMoveKeepsItsOldForm) {
    const Decision d{MoveAccepted{"m1", "e2e4", "e4", 1, ""}, "FIDE-6.2.1", "White played e4"};
    EXPECT_EQ(decision_payload(d).find("board"), std::string::npos);
    // A payload written before the field existed still reads.
    auto old = parse_decision("move_accepted", R"({"match":"m1","uci":"e2e4","san":"e4","ply":1,)"
                                               R"("rule":"FIDE-6.2.1","reason":"x"})");
    ASSERT_TRUE(old) << old.error();
    EXPECT_EQ(std::get<MoveAccepted>(old->body).board, "");
}

TEST(EventJson, BusinessRulesTravelWithTheMatch) {
    MatchConfig c;
    c.id = "m1";
    c.game = "business";
    using games::business::BusinessRules;
    using games::business::SecondOffence;
    BusinessRules set;
    set.game_rating = 12;
    set.boards = {"A", "B", "C1"};
    set.second_offence = SecondOffence::TIME_PENALTY;
    set.write_to(c);
    auto back = parse_event("match_created", event_payload(MatchCreated{c}));
    ASSERT_TRUE(back) << back.error();
    const BusinessRules r = BusinessRules::of(std::get<MatchCreated>(*back).config);
    EXPECT_EQ(r.game_rating, 12);
    EXPECT_EQ(r.boards, (std::vector<std::string>{"A", "B", "C1"}));
    EXPECT_EQ(r.second_offence, SecondOffence::TIME_PENALTY);
    // A configuration written before the game's rules existed gets the seed's defaults.
    auto old = parse_event("match_created", R"({"config":{"id":"m2","game":"business"}})");
    ASSERT_TRUE(old) << old.error();
    EXPECT_EQ(BusinessRules::of(std::get<MatchCreated>(*old).config).max_branches, 5);
    // A log written before the game registry kept a game's settings under the game's id.
    auto legacy = parse_event(
        "match_created",
        R"({"config":{"id":"m3","game":"business","business":{"game_rating":14,"boards":["X"]},)"
        R"("chessball":{"warnings_to_remove":2}}})");
    ASSERT_TRUE(legacy) << legacy.error();
    const MatchConfig& lc = std::get<MatchCreated>(*legacy).config;
    EXPECT_EQ(BusinessRules::of(lc).game_rating, 14);
    EXPECT_EQ(BusinessRules::of(lc).boards, std::vector<std::string>{"X"});
    EXPECT_FALSE(lc.options.values().count("warnings_to_remove")) << "another game's settings";
}

}  // namespace
}  // namespace venue::engine
