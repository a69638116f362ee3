// Claims through the hub's lockout (CB-3.x and the CB-A claim defaults).
#include "chessball_script.h"

namespace venue::games::chessball {
namespace {

using namespace testing;

TEST(CB_2_2, EachTeamNeedsTwoToEightPlayers) {
    auto c = four_a_side();
    c.white().players.resize(1);
    c.white().players[0].files = "abcdefgh";
    Script s(c);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(s.created(), &why));
    EXPECT_NE(why->reason.find("CB-2.2"), std::string::npos) << why->reason;
}

TEST(CB_A24, EveryFileHasExactlyOneOwner) {
    auto shared = four_a_side();
    shared.white().players[1].files = "bcd";
    Script a(shared);
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(a.created(), &why));
    EXPECT_NE(why->reason.find("file b is owned by both W1 and W2"), std::string::npos)
        << why->reason;
    auto missing = four_a_side();
    missing.black().players[3].files = "g";
    Script b(missing);
    ASSERT_TRUE(find<EventIgnored>(b.created(), &why));
    EXPECT_NE(why->reason.find("file h has no owner"), std::string::npos) << why->reason;
}

TEST(CB_3_2, TheFirstAcceptedPressTakesTheClaim) {
    Script s;
    auto d = s.press(2);
    auto* granted = find<ClaimGranted>(d);
    ASSERT_TRUE(granted);
    EXPECT_EQ(granted->player, "W3");
    ASSERT_TRUE(s.match().claim_holder());
    EXPECT_EQ(s.match().claim_holder()->index, 2);
}

TEST(CB_3_2, LatePressesAreRefusedWithTheirMargin) {
    Script s;
    s.press(2);
    auto d = s.press(0, ClaimVerdict::LATE, 4);
    auto* refused = find<ClaimRefused>(d);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->code, "CLAIM_HELD");
    EXPECT_EQ(refused->margin_us, 4);
    EXPECT_EQ(refused->player, "W1");
    EXPECT_EQ(s.match().claim_holder()->index, 2);
}

// A press closer than the hub can resolve: the reason says "within", never a figure the hub
// cannot know (io/hub/claim_resolution.h).
TEST(CB_3_2, ALateMarginTheHubCannotResolveIsGivenAsWithin) {
    Script s;
    s.press(2);
    ClaimPressed p;
    p.match = "m1";
    p.button = 0;
    p.verdict = ClaimVerdict::LATE;
    p.margin_us = 6;
    p.margin_within_us = 8;
    const Decision* why = nullptr;
    auto d = s.send(p);
    ASSERT_NE(find<ClaimRefused>(d, &why), nullptr);
    EXPECT_NE(why->reason.find("pressed within 8 us after the claim was taken"), std::string::npos)
        << why->reason;
    d = s.press(1, ClaimVerdict::LATE, 12);
    ASSERT_NE(find<ClaimRefused>(d, &why), nullptr);
    EXPECT_NE(why->reason.find("pressed 12 us after"), std::string::npos) << why->reason;
}

TEST(CB_A6, PressesOfTheTeamNotToMoveAreRefused) {
    Script s;
    auto d = s.press(8, ClaimVerdict::OUT_OF_TURN);
    ASSERT_TRUE(find<ClaimRefused>(d));
    EXPECT_EQ(find<ClaimRefused>(d)->code, "NOT_TEAM_TURN");
    EXPECT_FALSE(s.match().claim_holder());
}

TEST(CB_1_4, AnAcceptedPressOfTheWrongTeamIsOverriddenByTheHost) {
    Script s;
    auto d = s.press(9);  // the hub accepted it (armed the wrong team): the host releases it
    ASSERT_TRUE(find<ClaimRefused>(d));
    EXPECT_EQ(find<ClaimRefused>(d)->code, "NOT_TEAM_TURN");
    ASSERT_TRUE(command(d, "claim.release"));
}

TEST(CB_A3, ATieIsWonByTheHubsDrawAndSaysSo) {
    Script s;
    ClaimPressed tie;
    tie.match = "m1";
    tie.verdict = ClaimVerdict::TIE;
    tie.tied_with = {0, 2};
    tie.winner = 2;
    tie.tie_rule = "lfsr16";
    tie.button = 0;
    auto lost = s.send(tie);
    ASSERT_TRUE(find<ClaimRefused>(lost));
    EXPECT_EQ(find<ClaimRefused>(lost)->code, "TIE_LOST");
    tie.button = 2;
    const Decision* why = nullptr;
    auto won = s.send(tie);
    ASSERT_TRUE(find<ClaimGranted>(won, &why));
    EXPECT_EQ(why->rule, "CB-A3");
    EXPECT_NE(why->reason.find("lfsr16"), std::string::npos);
}

TEST(CB_A4, AClaimWithoutALegalMoveIsRefused) {
    auto c = four_a_side("4k3/8/8/8/8/p7/P7/4K3 w - - 0 1");  // W1's only man is blocked
    Script s(c);
    auto d = s.press(0);
    ASSERT_TRUE(find<ClaimRefused>(d));
    EXPECT_EQ(find<ClaimRefused>(d)->code, "NO_LEGAL_MOVE");
    ASSERT_TRUE(command(d, "claim.release"));
    EXPECT_TRUE(find<ClaimGranted>(s.press(2)));  // W3 (ef) has the king
}

TEST(CB_A5, TheJudgeCanReleaseAClaim) {
    Script s;
    s.press(1);
    auto d = s.judge(ArbiterActionKind::RELEASE_CLAIM);
    ASSERT_TRUE(find<ClaimEnded>(d));
    ASSERT_TRUE(command(d, "claim.release"));
    EXPECT_FALSE(s.match().claim_holder());
    EXPECT_TRUE(find<ClaimGranted>(s.press(0)));
}

TEST(CB_6_3, TheClockPressCompletesTheMoveAndEndsTheClaim) {
    Script s;
    s.press(2);
    EXPECT_TRUE(s.move("e2e4").empty());
    auto d = s.clock();
    ASSERT_TRUE(find<MoveAccepted>(d));
    ASSERT_TRUE(find<ClaimEnded>(d));
    EXPECT_FALSE(s.match().claim_holder());
    EXPECT_TRUE(find<ClaimGranted>(s.press(10)));  // now Black's claims open
}

TEST(CB_A13, NobodyClaimsADraw) {
    Script s;
    auto d = s.send(DrawClaimed{"m1", chess::WHITE, DrawClaimKind::THREEFOLD, ""});
    const Decision* why = nullptr;
    ASSERT_TRUE(find<EventIgnored>(d, &why));
    EXPECT_EQ(why->rule, "CB-A13");
}

}  // namespace
}  // namespace venue::games::chessball
