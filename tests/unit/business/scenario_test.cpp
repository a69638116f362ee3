// The tree of issue #7 (the seed's Scheme 4): two branches after move 7, three after 11, four
// after 12, five after 18; selections and a draw on moves 24, 25, 29 and 37 leave one branch of
// rating 8. Passes along the way, a red-line violation, a yellow and a red card, a replacement,
// board C, the end of the game. Every rating, the score after every move, the final score and a
// replay's state hash are checked.
#include <functional>

#include "business_script.h"
#include "venue/event_json.h"
#include "venue/pgn_export.h"
#include "venue/snapshot.h"

namespace venue::games::business {
namespace {

using namespace testing;

struct Step {
    int move = 0;
    chess::Color side = chess::WHITE;
    bool before_moves = false;  // a branching clones before the moves are made
    std::function<void(Script&)> act;
};

KeyChange entry(KeyChangeKind kind, int from, int to = 0, int amount = 0) {
    KeyChange k;
    k.kind = kind;
    k.from_branch = from;
    k.to_branch = to;
    k.amount = amount;
    k.arbiter = "chief";
    return k;
}

std::vector<Decision> expect_accepted(Script& s, chess::Color side, KeyChange k) {
    auto d = s.key_by(side, k);
    EXPECT_TRUE(find<KeyChangeAccepted>(d))
        << to_string(k.kind) << " from " << k.from_branch << ": "
        << (find<KeyChangeRefused>(d) ? find<KeyChangeRefused>(d)->code : "?");
    return d;
}

void branch(Script& s, chess::Color side, int from, int amount) {
    auto d = expect_accepted(s, side, entry(KeyChangeKind::BRANCH, from, 0, amount));
    auto* setup = find<BoardSetupRequired>(d);
    ASSERT_TRUE(setup);
    EXPECT_TRUE(find<EventIgnored>(s.press()));  // the clock stands still while cloning
    s.clone_read(setup->board);
}

void red_line(Script& s, chess::Color zone) {
    EXPECT_FALSE(find<ArbiterFlag>(s.send(BeamCrossed{"m1", zone, true})));
    auto d = s.send(BeamCrossed{"m1", zone, true});
    ASSERT_TRUE(find<ArbiterFlag>(d));
    EXPECT_EQ(find<ArbiterFlag>(d)->code, "SECOND_CROSSER");
}

void leave_zone(Script& s, chess::Color zone) {
    s.send(BeamCrossed{"m1", zone, false});
    s.send(BeamCrossed{"m1", zone, false});
}

std::vector<Step> issue_7() {
    using K = KeyChangeKind;
    const chess::Color W = chess::WHITE, B = chess::BLACK;
    return {
        {7, W, true, [=](Script& s) { branch(s, W, 1, 4); }},  // 1: 6, 2: 4
        {8, W, false, [=](Script& s) { expect_accepted(s, W, entry(K::PASS, 1, 2, 1)); }},
        {11, B, true, [=](Script& s) { branch(s, B, 2, 2); }},  // 2: 3, 3: 2
        {12, W, true, [=](Script& s) { branch(s, W, 1, 2); }},  // 1: 3, 4: 2
        {15, B, false, [=](Script& s) { expect_accepted(s, B, entry(K::PASS, 1, 3, 1)); }},
        {18, B, true, [=](Script& s) { branch(s, B, 3, 1); }},  // 3: 2, 5: 1
        {20, W, false,
         [=](Script& s) {
             red_line(s, W);
             auto d = s.arbiter(ArbiterActionKind::WARN, "w2", "second member beyond the line");
             ASSERT_TRUE(find<WarningGiven>(d));
             EXPECT_FALSE(find<PlayerRemoved>(d));  // a yellow card
             leave_zone(s, W);
         }},
        {22, B, false, [=](Script& s) { expect_accepted(s, B, entry(K::PASS, 4, 1, 1)); }},
        {24, W, false, [=](Script& s) { expect_accepted(s, W, entry(K::SELECT, 5, 2)); }},
        {25, B, false, [=](Script& s) { expect_accepted(s, B, entry(K::SELECT, 4, 3)); }},
        {27, W, false, [=](Script& s) { expect_accepted(s, W, entry(K::PASS, 1, 2, 1)); }},
        {29, W, false, [=](Script& s) { expect_accepted(s, W, entry(K::DRAW, 1)); }},
        {30, W, false,
         [=](Script& s) {
             red_line(s, W);
             auto d = s.arbiter(ArbiterActionKind::WARN, "w2", "beyond the line again");
             ASSERT_TRUE(find<PlayerRemoved>(d));  // a red card
             leave_zone(s, W);
             KeyChange k = entry(K::REPLACE, 0);
             k.player = "w2";
             k.in_player = "w6";
             EXPECT_TRUE(refused(s.key_by(W, k), "CLOCK_RUNNING"));
         }},
        {30, B, false,
         [=](Script& s) {
             KeyChange k = entry(K::REPLACE, 0);
             k.player = "w2";
             k.in_player = "w6";
             EXPECT_TRUE(find<PlayerReplaced>(s.key_by(W, k)));  // White's clock is stopped
         }},
        {37, W, false, [=](Script& s) { expect_accepted(s, W, entry(K::SELECT, 3, 2)); }},
        {39, B, true,
         [=](Script& s) {
             auto d = expect_accepted(s, B, entry(K::BOARD_C, 0));
             ASSERT_TRUE(find<BoardSetupRequired>(d));
             s.send(BoardRestored{"m1", "C"});
         }},
        {41, B, false, [=](Script& s) { expect_accepted(s, B, entry(K::RESIGN, 2)); }},
    };
}

// The score (half points) expected after each turn: changes at 24, 25, 29, 37 and 41.
Score expected_score(int move, chess::Color side) {
    const int at = move * 2 + (side == chess::BLACK ? 1 : 0);  // 24 W = 48
    Score s;
    if (at >= 48) s.black += 2;                // 24: White selects branch 5 (1)
    if (at >= 51) s.white += 2;                // 25: Black selects branch 4 (1)
    if (at >= 58) s.white += 2, s.black += 2;  // 29: branch 1 (2) drawn
    if (at >= 74) s.black += 6;                // 37: White selects branch 3 (3)
    if (at >= 83) s.white += 16;               // 41: Black resigns branch 2 (8)
    return s;
}

int expected_open(int move, chess::Color side) {
    const int at = move * 2 + (side == chess::BLACK ? 1 : 0);
    if (at < 14) return 1;  // before 7 W
    if (at < 23) return 2;  // 11 B
    if (at < 24) return 3;  // 12 W
    if (at < 37) return 4;  // 18 B
    if (at < 48) return 5;
    if (at < 51) return 4;
    if (at < 58) return 3;
    if (at < 74) return 2;
    return 1;
}

std::vector<int> ratings(const Branch& b) {
    std::vector<int> r;
    for (const RatingStep& h : b.history) r.push_back(h.rating);
    return r;
}

Script play_issue_7() {
    Script s;
    const auto steps = issue_7();
    for (int t = 0; s.match().phase() != MatchPhase::FINISHED && t < 100; ++t) {
        const int move = t / 2 + 1;
        const chess::Color side = t % 2 ? chess::BLACK : chess::WHITE;
        EXPECT_EQ(s.match().to_move(), side);
        for (const Step& st : steps)
            if (st.move == move && st.side == side && st.before_moves) st.act(s);
        move_everywhere(s);
        for (const Step& st : steps)
            if (st.move == move && st.side == side && !st.before_moves) st.act(s);
        if (s.match().phase() == MatchPhase::FINISHED) break;
        const std::int64_t left = 90 * 60000 - move * 50000;
        auto d = s.press(left);
        EXPECT_TRUE(find<ClockSwitched>(d)) << "move " << move;
        EXPECT_EQ(s.match().score(), expected_score(move, side)) << "move " << move;
        EXPECT_EQ(s.match().open_branches(), expected_open(move, side)) << "move " << move;
        EXPECT_EQ(s.match().check(), "") << "move " << move;
        // BC-I.7: 30 s per move once one branch remains (from the press of move 37 on).
        EXPECT_EQ(bool(find<TimeAdded>(d)), move >= 37 && expected_open(move, side) == 1)
            << "move " << move;
    }
    return s;
}

TEST(BusinessChess, Issue7_TheTreeOfSchemeFour) {
    Script s = play_issue_7();
    const BusinessMatch& m = s.match();
    ASSERT_EQ(m.phase(), MatchPhase::FINISHED);
    ASSERT_EQ(m.branches().size(), 5u);

    struct Expected {
        int number, parent, split_ply;
        const char* board;
        std::vector<int> ratings;
        const char* result;
        const char* termination;
        int stake;
    };
    const Expected tree[] = {
        {1, 0, 0, "1", {10, 6, 5, 3, 2, 3, 2, 0}, "1/2-1/2", "agreement", 2},
        {2, 1, 12, "C", {4, 5, 3, 4, 5, 8, 0}, "1-0", "resignation", 8},
        {3, 2, 21, "3", {2, 3, 2, 3, 0}, "0-1", "selection", 3},
        {4, 1, 22, "4", {2, 1, 0}, "1-0", "selection", 1},
        {5, 3, 35, "5", {1, 0}, "0-1", "selection", 1},
    };
    for (const Expected& e : tree) {
        const Branch* b = m.branch(e.number);
        ASSERT_TRUE(b) << e.number;
        EXPECT_EQ(b->parent, e.parent) << e.number;
        EXPECT_EQ(b->split_ply, e.split_ply) << e.number;
        EXPECT_EQ(b->board, e.board) << e.number;
        EXPECT_EQ(ratings(*b), e.ratings) << e.number;
        EXPECT_EQ(b->result, e.result) << e.number;
        EXPECT_EQ(b->termination, e.termination) << e.number;
        EXPECT_EQ(b->stake, e.stake) << e.number;
        EXPECT_FALSE(b->open);
    }
    // The mother's moves up to the split are the daughter's too (BC-A28).
    const Branch& b3 = *m.branch(3);
    const Branch& b2 = *m.branch(2);
    for (int i = 0; i < b3.split_ply; ++i)
        EXPECT_EQ(b3.game.moves()[std::size_t(i)], b2.game.moves()[std::size_t(i)]);
    EXPECT_NE(b3.game.moves()[21], b2.game.moves()[21]);

    EXPECT_EQ(m.score(), (Score{20, 10}));  // 10 : 5
    EXPECT_EQ(m.result(), "1-0");
    EXPECT_EQ(m.return_rating(), 10);
    EXPECT_EQ(m.chips_on_table(), 10);  // the draw's 2 and the last branch's 8
    EXPECT_TRUE(m.member(chess::WHITE, 1).expelled);
    EXPECT_TRUE(m.member(chess::WHITE, 5).active);
    EXPECT_TRUE(m.on_control_board());

    // PGN: one game per branch, each readable on its own.
    auto games = engine::to_pgn_parts(m);
    ASSERT_EQ(games.size(), 5u);
    EXPECT_EQ(games[4].tag("ParentBranch"), "3");
    EXPECT_EQ(games[4].tag("SplitPly"), "35");
    EXPECT_EQ(games[1].tag("Rating"), "8");
    EXPECT_EQ(games[1].tag("Board"), "C");
    for (const auto& g : games) ASSERT_TRUE(chess::read_pgn(chess::write_pgn(g)));
}

TEST(BusinessChess, Issue7_ReplayGivesTheSameStateHash) {
    Script s = play_issue_7();
    VenueState again;
    std::vector<std::string> a, b;
    for (const Event& e : s.events())
        for (const Decision& d : again.apply(e)) a.push_back(decision_payload(d));
    EXPECT_EQ(again.state_hash(), s.state().state_hash());
    EXPECT_EQ(again.canonical(), s.state().canonical());
    // Through the log's JSON form as well, and every decision survives its own.
    VenueState decoded;
    for (const Event& e : s.events()) {
        auto body = parse_event(kind_name(e.body), event_payload(e.body));
        ASSERT_TRUE(body) << body.error();
        for (const Decision& d : decoded.apply({e.host_ns, e.hub_us, *body})) {
            b.push_back(decision_payload(d));
            auto back = parse_decision(kind_name(d.body), decision_payload(d));
            ASSERT_TRUE(back) << back.error();
            EXPECT_EQ(decision_payload(*back), decision_payload(d));
            EXPECT_FALSE(d.rule.empty());
            EXPECT_FALSE(d.reason.empty());
        }
    }
    EXPECT_EQ(a, b);
    EXPECT_EQ(decoded.state_hash(), s.state().state_hash());
}

TEST(BusinessChess, Issue7_ASnapshotContinuesExactlyLikeTheFold) {
    Script s = play_issue_7();
    const auto& events = s.events();
    for (std::size_t cut = 1; cut < events.size(); cut += 37) {
        VenueState straight;
        for (std::size_t i = 0; i < cut; ++i) straight.apply(events[i]);
        auto restored = restore_state(snapshot_state(straight));
        ASSERT_TRUE(restored) << restored.error();
        EXPECT_EQ(restored->canonical(), straight.canonical()) << "cut " << cut;
        for (std::size_t i = cut; i < events.size(); ++i) {
            auto x = straight.apply(events[i]);
            auto y = restored->apply(events[i]);
            ASSERT_EQ(x.size(), y.size()) << "cut " << cut << " event " << i;
            for (std::size_t k = 0; k < x.size(); ++k)
                EXPECT_EQ(decision_payload(x[k]), decision_payload(y[k]));
        }
        EXPECT_EQ(restored->state_hash(), straight.state_hash()) << "cut " << cut;
    }
}

}  // namespace
}  // namespace venue::games::business
