// BoardFieldUpdate: one DGT field update as the board sent it, kept in the log (issue #4). Its
// JSON form (the log's payload) keeps every field, and the fold keeps it as evidence only.
#include <gtest/gtest.h>

#include "../../support/replay_check.h"
#include "script.h"
#include "venue/event_json.h"

namespace venue::engine {
namespace {

using testing::Script;

TEST(EventJson, ABoardFieldUpdateSurvivesItsJsonForm) {
    // A piece put on e4 of a board whose orientation is known, a magic piece (13, a result
    // signal) and an empty square on a board whose orientation is only assumed.
    const std::vector<BoardFieldUpdate> updates = {
        {"m1", "12345", 28, 1, chess::SQ_E4},
        {"m1", "12345", 35, 13, std::nullopt},
        {"", "C", 63, 0, std::nullopt},
        {"m1", "12345", 0, 15, chess::SQ_H8},
    };
    for (const BoardFieldUpdate& u : updates) {
        const std::string text = event_payload(u);
        auto back = parse_event("board_field_update", text);
        ASSERT_TRUE(back) << back.error();
        ASSERT_TRUE(std::holds_alternative<BoardFieldUpdate>(*back));
        const auto& b = std::get<BoardFieldUpdate>(*back);
        EXPECT_EQ(b.match, u.match);
        EXPECT_EQ(b.board, u.board);
        EXPECT_EQ(b.dgt_square, u.dgt_square);
        EXPECT_EQ(b.piece_code, u.piece_code);
        EXPECT_EQ(b.square, u.square);
        EXPECT_EQ(event_payload(*back), text);
        EXPECT_STREQ(kind_name(*back), "board_field_update");
        EXPECT_STREQ(source_name(*back), "board");
    }
    // The square by name; none is no key (as the other optional fields).
    EXPECT_EQ(event_payload(updates[0]),
              R"({"board":"12345","dgt_square":28,"match":"m1","piece_code":1,"square":"e4"})");
    EXPECT_EQ(event_payload(updates[1]).find(R"("square")"), std::string::npos);
}

TEST(EventJson, AFieldUpdateNoBoardCanSendIsRefused) {
    EXPECT_FALSE(parse_event("board_field_update",
                             R"({"match":"m1","board":"b","dgt_square":64,"piece_code":1})"));
    EXPECT_FALSE(parse_event("board_field_update",
                             R"({"match":"m1","board":"b","dgt_square":3,"piece_code":16})"));
    EXPECT_FALSE(parse_event("board_field_update",
                             R"({"match":"m1","board":"b","dgt_square":3,"piece_code":-1})"));
    EXPECT_FALSE(parse_event("board_field_update", R"({"match":"m1","board":"b","piece_code":1})"));
    auto bad_square =
        parse_event("board_field_update",
                    R"({"match":"m1","board":"b","dgt_square":3,"piece_code":1,"square":"i9"})");
    ASSERT_FALSE(bad_square);
    EXPECT_NE(bad_square.error().find("i9"), std::string::npos) << bad_square.error();
}

TEST(BoardFieldUpdates, AreKeptAsEvidenceAndChangeNothing) {
    Script s;
    s.moves({"e2e4", "e7e5"});
    const std::string before = s.state().state_hash();
    const std::string canonical = s.state().canonical();
    // A lift, a repeated report and a magic piece: none is a move or a mismatch.
    EXPECT_TRUE(s.send(BoardFieldUpdate{"m1", "12345", 6, 0, chess::SQ_G1}).empty());
    EXPECT_TRUE(s.send(BoardFieldUpdate{"m1", "12345", 6, 0, chess::SQ_G1}).empty());
    EXPECT_TRUE(s.send(BoardFieldUpdate{"m1", "12345", 40, 14, std::nullopt}).empty());
    EXPECT_EQ(s.state().state_hash(), before);
    EXPECT_EQ(s.state().canonical(), canonical);
    EXPECT_FALSE(s.match().pending_move());
    // The game goes on as if they had not been there.
    s.move("g1f3");
    EXPECT_EQ(s.match().game().ply_count(), 3u);
}

TEST(BoardFieldUpdates, ReplayedFromTheirJsonFormGiveTheSameState) {
    Script s;
    s.send(BoardFieldUpdate{"m1", "b", 12, 0, chess::SQ_E2});
    s.send(BoardFieldUpdate{"m1", "b", 28, 1, chess::SQ_E4});
    s.move("e2e4");
    s.send(BoardFieldUpdate{"m1", "b", 52, 15, std::nullopt});
    s.move("e7e5");
    testing::expect_replays_exactly(s.events(), s.state());
}

}  // namespace
}  // namespace venue::engine
