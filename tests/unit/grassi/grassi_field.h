// What the tests of Grassi's ChessBall's game share: a game with physical dice (GCB-A28), so that
// each test says every throw, and White kicking off (first_kickoff = white); the standard
// kick-off; and helpers that accept or refuse an input.
//
// The standard kick-off: White (the kicker) bishop (7, 7) next to the ball at (8, 8), knight
// (4, 5), rook (12, 5); Black bishop (9, 11), knight (4, 11), rook (12, 11); the keepers at
// (8, 0) and (8, 16). start() then rolls turn 1's movement points: White 18, Black 15.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "games/grassi/rules/grassi_game.h"

namespace venue::games::grassi::test {

inline GrassiRules physical_dice(GrassiRules r = {}) {
    r.dice = Dice::PHYSICAL_ENTERED;
    r.first_kickoff = FirstKickoff::WHITE;
    return r;
}

constexpr std::array<Point, 3> WHITE_KICK_OFF{{{7, 7}, {4, 5}, {12, 5}}};
constexpr std::array<Point, 3> BLACK_PLACES{{{9, 11}, {4, 11}, {12, 11}}};

// The first news of `kind`, or nullptr.
inline const News* find(const std::vector<News>& news, const std::string& kind) {
    for (const News& n : news)
        if (n.kind == kind) return &n;
    return nullptr;
}

struct Field {
    explicit Field(GrassiRules rules = physical_dice()) : game(rules, 0) {}
    GrassiGame game;

    // The news of an input that must be accepted.
    std::vector<News> ok(const Decided& d) {
        EXPECT_TRUE(d) << (d ? ""
                             : d.error().code + " " + d.error().clause + ": " + d.error().reason);
        EXPECT_TRUE(game.is_ok(&why)) << why;
        return d ? d.value() : std::vector<News>{};
    }
    // The clause of an input that must be refused ("" if it was not).
    std::string refused(const Decided& d) {
        EXPECT_FALSE(d) << "accepted";
        return d ? "" : d.error().clause;
    }
    std::vector<News> place(const std::array<Point, 3>& white = WHITE_KICK_OFF,
                            const std::array<Point, 3>& black = BLACK_PLACES) {
        ok(game.place(chess::WHITE, white));
        return ok(game.place(chess::BLACK, black));
    }
    std::vector<News> roll(const std::vector<int>& faces) { return ok(game.enter_dice(faces)); }
    // The standard kick-off and turn 1's movement points: White 18, Black 15.
    void start(const std::vector<int>& movement = {6, 6, 6, 5, 5, 5}) {
        place();
        roll(movement);
    }
    std::vector<News> move(chess::Color side, const std::vector<Point>& path) {
        return ok(game.move(side, path));
    }
    std::vector<News> ball(chess::Color side, const std::vector<Point>& path) {
        return ok(game.move_ball(side, path));
    }
    // Pass moves until the turn is over (the next turn then waits for its dice, or a kick-off).
    void pass_rest_of_turn() {
        const int turn = game.turn();
        while (game.stage() == Stage::PLAY && game.pending_roll() == Roll::NONE &&
               game.turn() == turn)
            ok(game.pass_move(game.mover()));
    }
    // A whole turn of pass moves, its dice first when they are due.
    void pass_turn(const std::vector<int>& movement = {3, 3, 3, 3, 3, 3}) {
        if (game.pending_roll() == Roll::MOVEMENT) roll(movement);
        pass_rest_of_turn();
    }

    std::string why;
};

}  // namespace venue::games::grassi::test
