// Evidence: per-square history of what the sensors showed, and its window.
#include <gtest/gtest.h>

#include "sensing/evidence.h"
#include "sensing_test_util.h"

namespace venue::sensing::testing {
namespace {

using namespace chess;

constexpr std::int64_t MS = 1000;
constexpr std::int64_t GLITCH = 250 * MS;

struct Recorder {
    Evidence ev{GLITCH};
    Placement board = placement_of(start_pos());
    Recorder() { ev.record(nullptr, board, 0); }
    void set(std::int64_t ms, std::initializer_list<const char*> edits) {
        const Placement next = edit(board, edits);
        ev.record(&board, next, ms * MS);
        board = next;
    }
};

TEST(Evidence, HeldSinceIsTheLastRealChange) {
    Recorder r;
    EXPECT_EQ(r.ev.held_since_us(SQ_E4), Evidence::NEVER);
    r.set(1000, {"e2="});
    r.set(1400, {"e4=P"});
    EXPECT_EQ(r.ev.held_since_us(SQ_E4), 1400 * MS);
    EXPECT_EQ(r.ev.held_since_us(SQ_E2), 1000 * MS);
}

TEST(Evidence, FlickerDoesNotEndTheContent) {
    Recorder r;
    r.set(1000, {"e4=P"});
    r.set(1100, {"e4="});   // 100 ms ...
    r.set(1150, {"e4=P"});  // ... back after 50 ms
    EXPECT_EQ(r.ev.held_since_us(SQ_E4), 1000 * MS);
    EXPECT_EQ(r.ev.last_change_us(SQ_E4), 1150 * MS);
    // A piece sliding over an empty square leaves it empty all along.
    r.set(2000, {"d4=Q"});
    r.set(2030, {"d4="});
    EXPECT_EQ(r.ev.held_since_us(SQ_D4), Evidence::NEVER);
}

TEST(Evidence, LongAbsenceIsARealChange) {
    Recorder r;
    r.set(1000, {"e4=P"});
    r.set(1100, {"e4="});
    r.set(1600, {"e4=P"});  // away 500 ms: lifted and set down again
    EXPECT_EQ(r.ev.held_since_us(SQ_E4), 1600 * MS);
}

TEST(Evidence, WindowDecidesTouchedAndSeen) {
    Recorder r;
    r.set(1000, {"g1=", "f3=N"});
    r.ev.set_since(1000 * MS);  // the board agreed with the game after Nf3
    EXPECT_EQ(r.ev.touched(), 0u);
    EXPECT_FALSE(r.ev.was_seen(SQ_G1, W_KNIGHT));  // it left g1 before the window
    EXPECT_TRUE(r.ev.was_seen(SQ_F3, W_KNIGHT));   // it stands there now
    r.set(2000, {"e7="});
    r.set(2100, {"e5=p"});
    r.set(2200, {"e5="});  // taken off again
    EXPECT_EQ(r.ev.touched(), square_bb(SQ_E7) | square_bb(SQ_E5));
    EXPECT_TRUE(r.ev.was_seen(SQ_E5, B_PAWN));
    EXPECT_FALSE(r.ev.was_seen(SQ_E5, W_PAWN));
}

TEST(Evidence, ABriefVisitBetweenTwoEqualContentsIsOnlySeenNotPlaced) {
    Recorder r;
    r.set(1000, {"e2="});
    r.ev.set_since(1000 * MS);
    r.set(2000, {"e4=q"});  // 25 ms on an empty square: a hand or a faulty sensor
    r.set(2025, {"e4="});
    EXPECT_TRUE(r.ev.was_seen(SQ_E4, B_QUEEN));
    EXPECT_FALSE(r.ev.was_placed(SQ_E4, B_QUEEN));
    // The same piece standing longer than the glitch time is placed.
    r.set(3000, {"e4=q"});
    r.set(3300, {"e4="});
    EXPECT_TRUE(r.ev.was_placed(SQ_E4, B_QUEEN));
}

TEST(Evidence, AVisitEndedByAnotherPieceIsPlaced) {
    Recorder r;
    r.set(1000, {"d5=", "d4=R"});  // a rook on an empty square...
    r.set(1030, {"d4=N"});         // ...replaced in one scan: not a sensor returning to empty
    EXPECT_TRUE(r.ev.was_placed(SQ_D4, W_ROOK));
    EXPECT_TRUE(r.ev.was_placed(SQ_D4, W_KNIGHT));  // stands there now
    EXPECT_FALSE(r.ev.was_placed(SQ_D4, W_QUEEN));
}

TEST(Evidence, PlacedOnlyInsideTheWindow) {
    Recorder r;
    r.set(1000, {"e2=", "e4=P"});
    r.set(2000, {"e4="});
    r.ev.set_since(2500 * MS);
    EXPECT_FALSE(r.ev.was_seen(SQ_E4, W_PAWN));
    EXPECT_FALSE(r.ev.was_placed(SQ_E4, W_PAWN));
}

}  // namespace
}  // namespace venue::sensing::testing
