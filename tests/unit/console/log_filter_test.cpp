// The event log's filters by match and by player (log_filter.h): two Chessball matches in one
// venue whose teams use the same player ids, with claims, a late press, a proposed warning
// confirmed, warnings and a removal; checks the rows each filter keeps and drops, and that the
// log panel shows what the filter keeps.
#include <cstring>
#include <string>
#include <vector>

#include "console/log_filter.h"
#include "console_feed.h"

namespace venue::console {
namespace {

using namespace testing;
using K = engine::ArbiterActionKind;

ArbiterIntent judge(const std::string& match, K kind, std::string player = "", int ref = 0) {
    ArbiterIntent in;
    in.match = match;
    in.kind = kind;
    in.player = std::move(player);
    in.text = "talking";
    in.ref = ref;
    in.arbiter = "Judge";
    in.note = "seen by the judge";
    return in;
}

// Two matches, m1 (Kazan - Moscow) and m2 (Riga - Tartu), both with players W1..W4, B1..B4 on
// buttons 0-3 and 8-11; the events are numbered in the comments by their seq.
class ConsoleLogFilter : public ::testing::Test {
  protected:
    void SetUp() override {
        MatchConfig c2 = games::chessball::testing::four_a_side();
        c2.id = "m2";
        c2.white().name = "Riga";
        c2.black().name = "Tartu";
        f.send(MatchCreated{c2});                        // 2 (1 is m1's)
        f.send(DeviceConnected{"hub:7", "protocol 3"});  // 3: no match
        f.press(f.owner_button("e4"));                   // 4: W3 (ef) claims
        f.press(0, ClaimVerdict::LATE, 3);               // 5: W1, 3 µs late
        f.move(f.uci("e4"));                             // 6
        f.clock();                                       // 7: W3's move, his claim ends
        f.act(judge("m1", K::WARN, "B2"));               // 8: B2 warned, White +2:00
        f.press(8);                                      // 9: B1 (ab) claims
        f.move("e7e5");                                  // 10: not his file: proposed warning
        const int ref = f.view().matches[0].proposals.at(0).ref;
        f.act(judge("m1", K::CONFIRM_WARNING, "", ref));  // 11: names no player; B1 warned
        ClaimPressed p;
        p.match = "m2";
        p.button = 0;
        f.send(p);                                               // 12: m2's W1 claims
        f.send(MoveSensed{"m2", "b2", "a2a4"});                  // 13
        f.send(ClockPressed{"m2", chess::WHITE, std::nullopt});  // 14
        f.act(judge("m2", K::WARN, "W1"));                       // 15: m2's W1 warned
        f.act(judge("m1", K::WARN, "B2"));                       // 16
        f.act(judge("m1", K::WARN, "B2"));                       // 17: the third: B2 removed
    }

    // "seq kind" of every row `q` keeps, decisions marked with "> ".
    std::vector<std::string> kept(const LogQuery& q) const {
        std::vector<std::string> out;
        for (const LogRow& r : f.model().log())
            if (log_shows(q, r))
                out.push_back(std::to_string(r.seq) + (r.decision ? " > " : " ") + r.kind);
        return out;
    }
    static LogQuery player(const std::string& match, const std::string& id) {
        LogQuery q;
        q.player = id;
        q.player_match = match;
        return q;
    }

    Feed f;
};

bool has(const std::vector<std::string>& rows, const std::string& row) {
    return std::find(rows.begin(), rows.end(), row) != rows.end();
}

TEST_F(ConsoleLogFilter, TheMatchFilterKeepsOnlyThatMatchsRows) {
    LogQuery every;
    every.family.fill(true);  // the board's rows (the restore after the wrong-file move) too
    const std::size_t all = kept(every).size();
    EXPECT_EQ(all, f.model().log().size());
    LogQuery q = every;
    q.match = "m2";
    const std::vector<std::string> m2 = kept(q);
    EXPECT_EQ(m2, (std::vector<std::string>{
                      "2 match_created", "12 claim_pressed", "12 > claim_granted", "13 move_sensed",
                      "14 clock_pressed", "14 > move_accepted", "14 > clock_switched",
                      "14 > claim_ended", "15 arbiter_action", "15 > warning_given",
                      "15 > time_added", "15 > device_command"}));
    q.match = "m1";
    const std::vector<std::string> m1 = kept(q);
    EXPECT_TRUE(has(m1, "1 match_created"));
    EXPECT_TRUE(has(m1, "17 > player_removed"));
    EXPECT_FALSE(has(m1, "2 match_created"));
    EXPECT_FALSE(has(m1, "12 claim_pressed"));
    // The hub's row concerns no match: only "all matches" shows it.
    EXPECT_FALSE(has(m1, "3 device_connected"));
    EXPECT_TRUE(has(kept(LogQuery{}), "3 device_connected"));
    EXPECT_EQ(m1.size() + m2.size() + 1, all);
}

TEST_F(ConsoleLogFilter, ThePlayerFilterKeepsTheEventsThatConcernHimWithTheirDecisions) {
    // m1's W1: only his late press (by his button) and its refusal; not m2's W1, not W3's claim.
    EXPECT_EQ(kept(player("m1", "W1")),
              (std::vector<std::string>{"5 claim_pressed", "5 > claim_refused"}));
    // m1's W3: his claim and the clock press that completes his move and ends his claim.
    EXPECT_EQ(
        kept(player("m1", "W3")),
        (std::vector<std::string>{"4 claim_pressed", "4 > claim_granted", "7 clock_pressed",
                                  "7 > move_accepted", "7 > clock_switched", "7 > claim_ended"}));
    // m1's B2: three warnings by the arbiter, each with the time it gives White, the third with
    // his removal.
    const std::vector<std::string> b2 = kept(player("m1", "B2"));
    EXPECT_EQ(std::count(b2.begin(), b2.end(), "8 arbiter_action") +
                  std::count(b2.begin(), b2.end(), "16 arbiter_action") +
                  std::count(b2.begin(), b2.end(), "17 arbiter_action"),
              3);
    EXPECT_TRUE(has(b2, "8 > warning_given"));
    EXPECT_TRUE(has(b2, "8 > time_added"));
    EXPECT_TRUE(has(b2, "17 > player_removed"));
    EXPECT_FALSE(has(b2, "11 arbiter_action"));  // B1's confirmed warning
    EXPECT_FALSE(has(b2, "15 arbiter_action"));  // m2's
    // m1's B1: the wrong-file move's proposed warning, and the confirmation, which names only a
    // proposal's number, by the warning it gives.
    const std::vector<std::string> b1 = kept(player("m1", "B1"));
    EXPECT_TRUE(has(b1, "9 claim_pressed"));
    EXPECT_TRUE(has(b1, "10 move_sensed"));
    EXPECT_TRUE(has(b1, "10 > warning_proposed"));
    EXPECT_TRUE(has(b1, "11 arbiter_action"));
    EXPECT_TRUE(has(b1, "11 > warning_given"));
    EXPECT_FALSE(has(b1, "8 arbiter_action"));
    // m2's W1: his claim, move and warning; not m1's W1's late press.
    const std::vector<std::string> w1 = kept(player("m2", "W1"));
    EXPECT_TRUE(has(w1, "12 claim_pressed"));
    EXPECT_TRUE(has(w1, "14 > move_accepted"));
    EXPECT_TRUE(has(w1, "15 > warning_given"));
    EXPECT_FALSE(has(w1, "5 claim_pressed"));
    EXPECT_EQ(w1.size(), 10u);
    // Nobody else's rows: B4 of m1 did nothing.
    EXPECT_TRUE(kept(player("m1", "B4")).empty());
}

TEST_F(ConsoleLogFilter, FiltersCombine) {
    LogQuery q = player("m2", "W1");
    q.decisions = false;
    EXPECT_EQ(kept(q), (std::vector<std::string>{"12 claim_pressed", "14 clock_pressed",
                                                 "15 arbiter_action"}));
    q.decisions = true;
    q.family[std::size_t(LogFamily::PENALTY)] = false;
    q.family[std::size_t(LogFamily::ARBITER)] = false;
    EXPECT_FALSE(has(kept(q), "15 > warning_given"));
    EXPECT_TRUE(has(kept(q), "12 claim_pressed"));
    q = player("m1", "B2");
    q.search = "Player_Removed";  // any case, in the kind too
    EXPECT_EQ(kept(q), (std::vector<std::string>{"17 > player_removed"}));
    // A match and another match's player: nothing.
    q = player("m2", "W1");
    q.match = "m1";
    EXPECT_TRUE(kept(q).empty());
}

TEST_F(ConsoleLogFilter, AClaimPressIsHisButtonsOwnersEvenWithNoDecisionNamingHim) {
    // A press the engine judged without a decision naming the presser: the match's buttons say.
    ClaimPressed p;
    p.match = "m2";
    p.button = 10;  // B3
    engine::Event e{f.now() + 1, std::nullopt, p};
    f.model().observe(runtime::Applied{100, e, {}}, e.host_ns, &f.state());
    EXPECT_EQ(f.model().log().back().match, "m2");
    EXPECT_EQ(f.model().log().back().players, std::vector<std::string>{"B3"});
    EXPECT_EQ(kept(player("m2", "B3")), std::vector<std::string>{"100 claim_pressed"});
    // A button nobody has concerns no one.
    p.button = 99;
    e.body = p;
    f.model().observe(runtime::Applied{101, e, {}}, e.host_ns, &f.state());
    EXPECT_TRUE(f.model().log().back().players.empty());
}

TEST(ConsoleLog, TheBoardsFieldUpdatesAreBoardRowsOffByDefault) {
    Feed f;
    f.send(BoardFieldUpdate{"m1", "b", 52, 0, chess::SQ_E2});
    f.send(BoardFieldUpdate{"m1", "b", 36, 13, std::nullopt});
    const auto& log = f.model().log();
    ASSERT_GE(log.size(), 2u);
    const LogRow& lift = log[log.size() - 2];
    const LogRow& magic = log.back();
    EXPECT_EQ(lift.kind, "board_field_update");
    EXPECT_EQ(lift.family, LogFamily::BOARD);
    EXPECT_EQ(lift.match, "m1");
    EXPECT_EQ(lift.text, "board b sensor 52 (e2): empty");
    EXPECT_EQ(magic.text, "board b sensor 36: magic piece 13");
    // Like the snapshots, a row for every sensor change: shown only when the board's rows are
    // asked for, and then found by their kind too.
    EXPECT_FALSE(log_shows(LogQuery{}, lift));
    LogQuery board;
    board.family[std::size_t(LogFamily::BOARD)] = true;
    EXPECT_TRUE(log_shows(board, lift));
    board.search = "FIELD_UPDATE";
    EXPECT_TRUE(log_shows(board, magic));
}

TEST_F(ConsoleLogFilter, TheChoicesNameEveryMatchAndItsPlayers) {
    const ConsoleView v = f.view();
    const std::vector<LogChoice> matches = log_match_choices(v);
    ASSERT_EQ(matches.size(), 2u);
    EXPECT_EQ(matches[0].label, "m1  Kazan - Moscow");
    EXPECT_EQ(matches[1].match, "m2");
    const std::vector<LogChoice> m2 = log_player_choices(v, "m2");
    ASSERT_EQ(m2.size(), 8u);
    EXPECT_EQ(m2[0].match, "m2");
    EXPECT_EQ(m2[0].id, "W1");
    EXPECT_EQ(m2[0].label, "W1 White 1 (Riga)");
    EXPECT_EQ(m2[5].label, "B2 Black 2 (Tartu)");
    // Every match's: the label says whose W1 it is.
    const std::vector<LogChoice> all = log_player_choices(v, "");
    ASSERT_EQ(all.size(), 16u);
    EXPECT_EQ(all[0].label, "m1: W1 White 1 (Kazan)");
    EXPECT_EQ(all[8].label, "m2: W1 White 1 (Riga)");
}

TEST_F(ConsoleLogFilter, TheLogPanelShowsWhatTheFilterKeeps) {
    Headless h;
    h.frames(f, 2);
    EXPECT_EQ(h.ui.log.shown.size(), kept(LogQuery{}).size());  // the default: no board rows
    EXPECT_LT(h.ui.log.shown.size(), f.model().log().size());
    h.ui.log.query = player("m2", "W1");
    h.frames(f, 2);
    EXPECT_EQ(h.ui.log.shown.size(), 10u);
    for (std::uint32_t i : h.ui.log.shown) EXPECT_EQ(h.rows()[i].match, "m2");
    // New rows are filtered as they come: m2's W1 warned again (event and three decisions).
    f.act(judge("m2", K::WARN, "W1"));
    h.frames(f, 1);
    EXPECT_EQ(h.ui.log.shown.size(), 14u);
    f.act(judge("m1", K::WARN, "W4"));
    h.frames(f, 1);
    EXPECT_EQ(h.ui.log.shown.size(), 14u);
    // Choosing another match drops the other match's player: the whole of m1 is shown.
    h.ui.log.query.match = "m1";
    h.frames(f, 2);
    EXPECT_TRUE(h.ui.log.query.player.empty());
    LogQuery m1;
    m1.match = "m1";
    EXPECT_EQ(h.ui.log.shown.size(), kept(m1).size());
    std::strcpy(h.ui.log.search, "player_removed");
    h.frames(f, 1);
    EXPECT_EQ(h.ui.log.shown.size(), 1u);
}

}  // namespace
}  // namespace venue::console
