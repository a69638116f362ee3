// BoardBridge: stable boards read by the recogniser, as engine events for the match.
#include "runtime/board_bridge.h"

#include <gtest/gtest.h>

#include "chess/uci.h"
#include "sensing/placement.h"
#include "venue/chess_match.h"
#include "venue/venue_state.h"

namespace venue::runtime {
namespace {

constexpr std::int64_t SETTLE = sensing::SettleFilter::DEFAULT_SETTLE_US;

class BoardBridgeTest : public ::testing::Test {
  protected:
    BoardBridgeTest() {
        engine::MatchConfig c;
        c.id = "m1";
        c.board = "b1";
        state_.apply({0, std::nullopt, engine::MatchCreated{c}});
    }
    const engine::ChessMatch& match() { return *state_.match("m1")->chess(); }

    // A board that shows `pos`, sensed at t and left alone until it settles.
    std::vector<engine::Event> show(const sensing::Placement& board) {
        std::vector<engine::Event> out;
        t_ += 1'000'000;
        bridge_.on_board({board, t_}, match(), t_ * 1000, out);
        bridge_.tick(t_ + SETTLE + 1, match(), t_ * 1000, out);
        return out;
    }
    void apply(const std::vector<engine::Event>& events) {
        for (const auto& e : events) state_.apply(e);
    }
    static std::vector<std::string> kinds(const std::vector<engine::Event>& es) {
        std::vector<std::string> k;
        for (const auto& e : es) k.push_back(engine::kind_name(e.body));
        return k;
    }

    engine::VenueState state_;
    BoardBridge bridge_{"m1", "b1"};
    std::int64_t t_ = 0;
};

sensing::Placement after(std::initializer_list<const char*> ucis) {
    chess::Position p = chess::Position::start();
    for (const char* u : ucis) p.do_move(*chess::parse_uci(p, u));
    return sensing::placement_of(p);
}

TEST_F(BoardBridgeTest, TheStartPositionSaysNothingButIsLoggedAsEvidence) {
    auto out = show(after({}));
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot"}));
    const auto& s = std::get<engine::BoardSnapshot>(out[0].body);
    EXPECT_EQ(s.placement, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    EXPECT_EQ(s.board, "b1");
}

TEST_F(BoardBridgeTest, AMoveOnTheBoardIsSensed) {
    show(after({}));
    auto out = show(after({"e2e4"}));
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).uci, "e2e4");
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).match, "m1");
}

// The daemon asks before a tick whether it may read a board, so that events it holds for the
// match are applied first: when the latest board is due to settle, or the game has changed.
TEST_F(BoardBridgeTest, ReadsAtSaysWhenATickMayReadABoard) {
    show(after({}));
    EXPECT_FALSE(bridge_.reads_at(t_ + 2 * SETTLE, match())) << "read already";
    std::vector<engine::Event> out;
    t_ += 1'000'000;
    bridge_.on_board({after({"e2e4"}), t_}, match(), t_ * 1000, out);
    EXPECT_FALSE(bridge_.reads_at(t_ + SETTLE - 1, match())) << "not settled yet";
    EXPECT_TRUE(bridge_.reads_at(t_ + SETTLE, match()));
    bridge_.tick(t_ + SETTLE, match(), t_ * 1000, out);
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    EXPECT_FALSE(bridge_.reads_at(t_ + 2 * SETTLE, match())) << "nothing new";
    apply(out);
    apply({{0, std::nullopt, engine::ClockPressed{"m1", chess::WHITE, std::nullopt}}});
    ASSERT_EQ(match().game().ply_count(), 1u);
    EXPECT_TRUE(bridge_.reads_at(t_ + 2 * SETTLE, match())) << "the game changed: read again";
}

TEST_F(BoardBridgeTest, APiecePutBackBeforeTheClockPressIsARestore) {
    show(after({}));
    apply(show(after({"g1f3"})));
    ASSERT_TRUE(match().pending_move());
    auto out = show(after({}));
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "board_restored"}));
    apply(out);
    EXPECT_FALSE(match().pending_move());
}

// The reply made before the move settled: one board, two moves, each sensed once. The match plays
// e4 when the reply comes and holds e5; the board, read again against the game with e4, is e5
// alone, which must not be sensed a second time. The presses (held while the board settled) come
// after, and nothing is refused or counted illegal.
TEST_F(BoardBridgeTest, AMoveAndAQuickReplyAreEachSensedOnce) {
    show(after({}));
    auto out = show(after({"e2e4", "e7e5"}));
    ASSERT_EQ(kinds(out),
              (std::vector<std::string>{"board_snapshot", "move_sensed", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).uci, "e2e4");
    EXPECT_EQ(std::get<engine::MoveSensed>(out[2].body).uci, "e7e5");
    std::vector<engine::Decision> decisions;
    auto apply_all = [&](const std::vector<engine::Event>& events) {
        for (const auto& e : events)
            for (auto& d : state_.apply(e)) decisions.push_back(std::move(d));
    };
    apply_all(out);
    EXPECT_EQ(match().game().ply_count(), 1u);
    ASSERT_TRUE(match().pending_move());
    EXPECT_EQ(chess::to_uci(*match().pending_move()), "e7e5");

    std::vector<engine::Event> again;
    bridge_.tick(t_ + 2 * SETTLE, match(), t_ * 1000, again);
    EXPECT_TRUE(again.empty()) << kinds(again).size() << " events, first "
                               << (again.empty() ? "" : engine::kind_name(again[0].body));
    apply_all({{t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::WHITE, std::nullopt}},
               {t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::BLACK, std::nullopt}}});
    EXPECT_EQ(match().game().ply_count(), 2u);
    EXPECT_FALSE(match().pending_move());
    bridge_.tick(t_ + 3 * SETTLE, match(), t_ * 1000, again);
    EXPECT_TRUE(again.empty());  // the game's position: nothing to say
    for (const auto& d : decisions) {
        EXPECT_FALSE(std::holds_alternative<engine::MoveRefused>(d.body)) << d.reason;
        EXPECT_FALSE(std::holds_alternative<engine::IllegalMoveCounted>(d.body)) << d.reason;
    }
}

// The reply made after the move had settled but before its clock press (FIDE 6.2.2: the first
// player may press after the reply): the move is sensed alone and held by the match; the board
// with the reply, read against the game (which has the move only pending), is the move and the
// reply. The move is not sensed a second time: the reply alone is new, and the match plays its
// pending move when the reply comes. (Under load the reply's first change can come more than the
// settle time after the move's last one, so a quick reply in the DGT pipeline test can take this
// path too.)
TEST_F(BoardBridgeTest, AMoveSensedAloneThenReadWithItsReplyIsSensedOnce) {
    show(after({}));
    auto first = show(after({"e2e4"}));
    ASSERT_EQ(kinds(first), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(first[1].body).uci, "e2e4");
    std::vector<engine::Decision> decisions;
    auto apply_all = [&](const std::vector<engine::Event>& events) {
        for (const auto& e : events)
            for (auto& d : state_.apply(e)) decisions.push_back(std::move(d));
    };
    apply_all(first);
    ASSERT_TRUE(match().pending_move());
    EXPECT_EQ(chess::to_uci(*match().pending_move()), "e2e4");
    ASSERT_EQ(match().game().ply_count(), 0u);

    auto out = show(after({"e2e4", "e7e5"}));
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).uci, "e7e5");
    apply_all(out);
    EXPECT_EQ(match().game().ply_count(), 1u);
    ASSERT_TRUE(match().pending_move());
    EXPECT_EQ(chess::to_uci(*match().pending_move()), "e7e5");

    // Read again against the game with e4: e5 alone, which the match holds. Nothing new.
    std::vector<engine::Event> again;
    bridge_.tick(t_ + 2 * SETTLE, match(), t_ * 1000, again);
    EXPECT_TRUE(again.empty()) << kinds(again).size() << " events, first "
                               << (again.empty() ? "" : engine::kind_name(again[0].body));
    apply_all({{t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::WHITE, std::nullopt}},
               {t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::BLACK, std::nullopt}}});
    EXPECT_EQ(match().game().ply_count(), 2u);
    EXPECT_FALSE(match().pending_move());
    bridge_.tick(t_ + 3 * SETTLE, match(), t_ * 1000, again);
    EXPECT_TRUE(again.empty());
    for (const auto& d : decisions) {
        EXPECT_FALSE(std::holds_alternative<engine::MoveRefused>(d.body)) << d.reason;
        EXPECT_FALSE(std::holds_alternative<engine::IllegalMoveCounted>(d.body)) << d.reason;
    }
}

// Issue #15: the move stands, the opponent lifts his piece to reply before the mover's clock
// press, and the board stands still like that (a host away, a player thinking with the piece in
// his hand). The move is sensed from that board, so the press completes it; the reply, set down,
// is sensed once.
TEST_F(BoardBridgeTest, AMoveIsSensedWhileTheOpponentsReplyIsInTheAir) {
    show(after({}));
    std::vector<engine::Decision> decisions;
    auto apply_all = [&](const std::vector<engine::Event>& events) {
        for (const auto& e : events)
            for (auto& d : state_.apply(e)) decisions.push_back(std::move(d));
    };
    apply_all(show(after({"e2e4"})));
    apply_all({{t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::WHITE, std::nullopt}}});
    apply_all(show(after({"e2e4", "e7e5"})));
    apply_all({{t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::BLACK, std::nullopt}}});
    ASSERT_EQ(match().game().ply_count(), 2u);

    // 2. Nf3, and Black's hand already on his b8 knight: the board shows Nf3 made.
    sensing::Placement reply_begun = after({"e2e4", "e7e5", "g1f3"});
    reply_begun[chess::SQ_B8] = chess::NO_PIECE;
    auto out = show(reply_begun);
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).uci, "g1f3");
    EXPECT_TRUE(bridge_.in_progress());
    apply_all(out);
    ASSERT_TRUE(match().pending_move());
    // White presses: the move is complete.
    apply_all({{t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::WHITE, std::nullopt}}});
    EXPECT_EQ(match().game().ply_count(), 3u);
    // ... Nc6 set down: sensed once.
    out = show(after({"e2e4", "e7e5", "g1f3", "b8c6"}));
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).uci, "b8c6");
    EXPECT_FALSE(bridge_.in_progress());
    apply_all(out);
    for (const auto& d : decisions) {
        EXPECT_FALSE(std::holds_alternative<engine::MoveRefused>(d.body)) << d.reason;
        EXPECT_FALSE(std::holds_alternative<engine::IllegalMoveCounted>(d.body)) << d.reason;
    }
}

// The same with the reply set down before the press: the board shows both moves; the first is
// the one the match holds already, so only the reply is new.
TEST_F(BoardBridgeTest, AMoveSensedWithTheReplyInTheAirThenReadWithTheReplyIsSensedOnce) {
    show(after({}));
    sensing::Placement reply_begun = after({"e2e4"});
    reply_begun[chess::SQ_G8] = chess::NO_PIECE;
    auto out = show(reply_begun);
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    apply(out);
    out = show(after({"e2e4", "g8f6"}));
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).uci, "g8f6");
}

// The reply begun by lifting the piece the move set down (to take it): the board cannot tell
// that from the mover's piece in his hand, so nothing is sensed, and the bridge says a move is
// under way (a clock press then waits for the reply to be set down: press_hold.h).
TEST_F(BoardBridgeTest, ACaptureReplyBegunByLiftingThePieceTakenIsAMoveUnderWay) {
    show(after({}));
    apply(show(after({"e2e4"})));
    apply({{t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::WHITE, std::nullopt}}});
    apply(show(after({"e2e4", "d7d5"})));
    apply({{t_ * 1000, std::nullopt, engine::ClockPressed{"m1", chess::BLACK, std::nullopt}}});
    // 2. exd5 (the pawn seen on d5, but not for the settle time), and Black lifts it at once to
    // take back with the queen.
    std::vector<engine::Event> out;
    t_ += 1'000'000;
    bridge_.on_board({after({"e2e4", "d7d5", "e4d5"}), t_}, match(), t_ * 1000, out);
    sensing::Placement board = after({"e2e4", "d7d5", "e4d5"});
    board[chess::SQ_D5] = chess::NO_PIECE;
    t_ += 50'000;
    bridge_.on_board({board, t_}, match(), t_ * 1000, out);
    bridge_.tick(t_ + SETTLE + 1, match(), t_ * 1000, out);
    EXPECT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "board_snapshot"}));
    EXPECT_TRUE(bridge_.in_progress());
    EXPECT_FALSE(bridge_.settling());
    // Qxd5 set down: both moves read (the white pawn seen on d5 on the way tells the capture).
    out = show(after({"e2e4", "d7d5", "e4d5", "d8d5"}));
    ASSERT_EQ(kinds(out),
              (std::vector<std::string>{"board_snapshot", "move_sensed", "move_sensed"}));
    EXPECT_EQ(std::get<engine::MoveSensed>(out[1].body).uci, "e4d5");
    EXPECT_EQ(std::get<engine::MoveSensed>(out[2].body).uci, "d8d5");
}

TEST_F(BoardBridgeTest, ABoardNothingExplainsIsAMismatchSaidOnce) {
    show(after({}));
    sensing::Placement odd = after({});
    odd[chess::SQ_E4] = chess::W_QUEEN;  // a second white queen appears
    auto out = show(odd);
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "board_mismatch"}));
    EXPECT_EQ(std::get<engine::BoardMismatch>(out[1].body).squares,
              (std::vector<chess::Square>{chess::SQ_E4}));
    apply(out);
    // Another wrong piece on the same square: the same squares differ, so nothing new to say.
    sensing::Placement odd2 = odd;
    odd2[chess::SQ_E4] = chess::W_ROOK;
    EXPECT_EQ(kinds(show(odd2)), (std::vector<std::string>{"board_snapshot"}));
    // Set right: the match hears that the board matches again.
    auto fixed = show(after({}));
    EXPECT_EQ(kinds(fixed), (std::vector<std::string>{"board_snapshot", "board_restored"}));
}

TEST_F(BoardBridgeTest, HalfAMoveWaits) {
    show(after({}));
    sensing::Placement lifted = after({});
    lifted[chess::SQ_E2] = chess::NO_PIECE;
    EXPECT_EQ(kinds(show(lifted)), (std::vector<std::string>{"board_snapshot"}));
}

TEST_F(BoardBridgeTest, AMoveOfTheSideNotToMoveIsAMismatch) {
    show(after({}));
    chess::Position p = chess::Position::start();
    sensing::Placement board = sensing::placement_of(p);
    board[chess::SQ_E7] = chess::NO_PIECE;
    board[chess::SQ_E5] = chess::B_PAWN;
    auto out = show(board);
    ASSERT_EQ(kinds(out), (std::vector<std::string>{"board_snapshot", "board_mismatch"}));
    EXPECT_EQ(std::get<engine::BoardMismatch>(out[1].body).squares,
              (std::vector<chess::Square>{chess::SQ_E5, chess::SQ_E7}));
}

TEST_F(BoardBridgeTest, EveryFieldUpdateIsLoggedAsTheBoardSentIt) {
    // A repeat and a magic piece change no board, and a square of a board whose orientation is
    // only assumed is none: all the same, each is one event with the raw index and code.
    const std::vector<io::dgt::SensedFieldUpdate> updates = {
        {12, io::dgt::Piece::EMPTY, chess::SQ_E2, 10},
        {12, io::dgt::Piece::EMPTY, chess::SQ_E2, 20},
        {40, io::dgt::Piece::MAGIC_WHITE_WINS, chess::SQ_A6, 30},
        {51, io::dgt::Piece::B_QUEEN, chess::SQ_NONE, 40},
    };
    std::vector<engine::Event> out;
    for (std::size_t i = 0; i < updates.size(); ++i)
        bridge_.on_field_update(updates[i], std::int64_t(i + 1) * 1000, out);
    ASSERT_EQ(out.size(), updates.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto& f = std::get<engine::BoardFieldUpdate>(out[i].body);
        EXPECT_EQ(f.match, "m1");
        EXPECT_EQ(f.board, "b1");
        EXPECT_EQ(f.dgt_square, updates[i].sensor);
        EXPECT_EQ(f.piece_code, int(io::dgt::code_of(updates[i].piece)));
        EXPECT_EQ(out[i].host_ns, std::int64_t(i + 1) * 1000);
        EXPECT_FALSE(out[i].hub_us);
    }
    EXPECT_EQ(std::get<engine::BoardFieldUpdate>(out[1].body).square, chess::SQ_E2);
    EXPECT_EQ(std::get<engine::BoardFieldUpdate>(out[2].body).piece_code, 14);
    EXPECT_FALSE(std::get<engine::BoardFieldUpdate>(out[3].body).square);
    // Evidence only: the match decides nothing about them.
    const std::string hash = state_.state_hash();
    for (const auto& e : out) EXPECT_TRUE(state_.apply(e).empty());
    EXPECT_EQ(state_.state_hash(), hash);
}

}  // namespace
}  // namespace venue::runtime

namespace venue::runtime {
namespace {

// A match that reads its board itself (BoardRole::read_by_match), as a game whose moves span
// boards does: the bridge hands each settled board over as it stands and reads no chess on it.
class ReadsItsBoard final : public engine::Match {
  public:
    ReadsItsBoard() : Match(engine::MatchConfig{}) {}
    engine::Color to_move() const override { return chess::WHITE; }
    engine::BoardRole board_role(const std::string& /*board*/) const override {
        engine::BoardRole role;
        role.read_by_match = true;
        return role;
    }
};

TEST(BoardBridgeReadByMatch, ASettledBoardIsHandedOverAsItStandsAndNothingElseIsRead) {
    const ReadsItsBoard match;
    BoardBridge bridge{"m1", "b1"};
    std::vector<engine::Event> out;
    // Half a board, far from chess's start: no move, no mismatch, the board as it stands.
    const auto half = sensing::parse_placement("8/8/8/8/8/8/pppppppp/rnbkqbnr");
    ASSERT_TRUE(half);
    bridge.on_board({*half, 1'000'000}, match, 1, out);
    bridge.tick(1'000'000 + SETTLE + 1, match, 2, out);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(engine::kind_name(out[0].body), std::string("board_snapshot"));
    const auto* settled = std::get_if<engine::BoardSettled>(&out[1].body);
    ASSERT_NE(settled, nullptr) << engine::kind_name(out[1].body);
    EXPECT_EQ(settled->placement, "8/8/8/8/8/8/pppppppp/rnbkqbnr");
    EXPECT_EQ(settled->board, "b1");
    // The same board again is not handed over twice.
    out.clear();
    bridge.tick(3'000'000, match, 3, out);
    EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace venue::runtime
