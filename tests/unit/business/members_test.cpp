// Business Chess: the red line, cards and replacements (BC-I.10..12, BC-A9..11, BC-A20).
#include "business_script.h"

namespace venue::games::business {
namespace {

using namespace testing;

TEST(BusinessChess, BC_I_10_ASecondMemberBeyondTheRedLineIsRaisedToTheArbiters) {
    Script s;
    auto d = s.send(BeamCrossed{"m1", chess::WHITE, true});
    EXPECT_FALSE(find<ArbiterFlag>(d));  // BC-A10: any one member at a time
    d = s.send(BeamCrossed{"m1", chess::WHITE, true});
    const Decision* why = nullptr;
    auto* f = find<ArbiterFlag>(d, &why);
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, "SECOND_CROSSER");
    EXPECT_EQ(f->side, chess::WHITE);
    EXPECT_EQ(why->rule, "BC-I.10");
    EXPECT_EQ(s.match().zone_occupancy(chess::WHITE), 2);
    // The flag changes nothing by itself: no card until the arbiter names the member.
    EXPECT_FALSE(find<WarningGiven>(d));
}

TEST(BusinessChess, BC_A11_CrossingDuringTheOpponentsTurnIsAllowed) {
    Script s;
    auto d = s.send(BeamCrossed{"m1", chess::BLACK, true});  // White is to move
    EXPECT_FALSE(find<ArbiterFlag>(d));
    s.send(BeamCrossed{"m1", chess::BLACK, false});
    d = s.send(BeamCrossed{"m1", chess::BLACK, true});  // one at a time again
    EXPECT_FALSE(find<ArbiterFlag>(d));
}

TEST(BusinessChess, BC_I_11_AYellowCardThenARedCard) {
    Script s;
    auto d = s.arbiter(ArbiterActionKind::WARN, "w2", "second member beyond the red line");
    auto* w = find<WarningGiven>(d);
    ASSERT_TRUE(w);
    EXPECT_EQ(w->player, "w2");
    EXPECT_EQ(w->count, 1);
    EXPECT_FALSE(find<PlayerRemoved>(d));
    d = s.arbiter(ArbiterActionKind::WARN, "w2", "crossed again");
    const Decision* why = nullptr;
    auto* red = find<PlayerRemoved>(d, &why);
    ASSERT_TRUE(red);  // BC-A9: the second offence expels him
    EXPECT_EQ(red->player, "w2");
    EXPECT_EQ(why->rule, "BC-I.11");
    EXPECT_TRUE(s.match().member(chess::WHITE, 1).expelled);
    EXPECT_TRUE(find<EventIgnored>(s.arbiter(ArbiterActionKind::WARN, "w2", "again")));
}

TEST(BusinessChess, BC_A9_OrTwoMinutesToTheOpponentAsAgreed) {
    auto c = business_config();
    auto r = BusinessRules::of(c);
    r.second_offence = SecondOffence::TIME_PENALTY;
    r.write_to(c);
    Script s(c);
    s.arbiter(ArbiterActionKind::WARN, "b3", "beyond the line");
    auto d = s.arbiter(ArbiterActionKind::WARN, "b3", "again");
    EXPECT_FALSE(find<PlayerRemoved>(d));
    auto* t = find<TimeAdded>(d);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->side, chess::WHITE);
    EXPECT_EQ(t->amount_ms, 120000);
    ASSERT_TRUE(command(d, "clock.add_time"));
    // The arbiter may still show the red card directly.
    d = s.arbiter(ArbiterActionKind::REMOVE, "b3", "red card");
    ASSERT_TRUE(find<PlayerRemoved>(d));
}

TEST(BusinessChess, BC_I_12_AReplacementOnlyWhileTheTeamsClockIsStopped) {
    Script s;
    s.clock(90 * 60000, 90 * 60000, chess::WHITE);
    const KeyChange k = replacement("w2", "w6");
    auto d = s.key_by(chess::WHITE, k);
    const Decision* why = nullptr;
    ASSERT_TRUE(refused(d, "CLOCK_RUNNING"));
    find<KeyChangeRefused>(d, &why);
    EXPECT_EQ(why->rule, "BC-I.12");
    full_turn(s);  // Black's clock runs now
    d = s.key_by(chess::WHITE, k);
    auto* r = find<PlayerReplaced>(d);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->player_out, "w2");
    EXPECT_EQ(r->player_in, "w6");
    EXPECT_TRUE(s.match().member(chess::WHITE, 5).active);
    EXPECT_FALSE(s.match().member(chess::WHITE, 1).active);
}

TEST(BusinessChess, BC_A20_AnExpelledMemberNeverReturnsButTheReserveTakesHisPlace) {
    Script s;
    s.arbiter(ArbiterActionKind::REMOVE, "b4", "red card");
    KeyChange k;
    k.kind = KeyChangeKind::REPLACE;
    k.player = "b1";
    k.in_player = "b4";
    ASSERT_TRUE(refused(s.key_by(chess::BLACK, k), "NOT_A_RESERVE"));
    k.player = "b4";
    k.in_player = "b6";
    ASSERT_TRUE(find<PlayerReplaced>(s.key_by(chess::BLACK, k)));  // White's clock runs
    k.player = "b4";
    k.in_player = "b2";
    ASSERT_TRUE(refused(s.key_by(chess::BLACK, k), "NOT_A_RESERVE"));
    k.in_player = "w6";
    ASSERT_TRUE(refused(s.key_by(chess::BLACK, k), "NO_PLAYER"));
}

TEST(BusinessChess, X_3_ArbiterActionsNeedANote) {
    Script s;
    ArbiterAction a;
    a.match = "m1";
    a.kind = ArbiterActionKind::WARN;
    a.player = "w1";
    auto d = s.send(a);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(d, &why));
    EXPECT_EQ(why->rule, "X-3");
}

}  // namespace
}  // namespace venue::games::business
