// A match of Chess Eleven (seed 001; catalogue §4, C11-*): the fold of its events into decisions.
//
//   FORMATION ──both Ready, or the 20 s run out (C11-A4)──▶ PLAY ──goal, mate, stalemate──▶
//   FORMATION
//                                                            │
//                                        a tally reaches the target, full time ──▶ FINISHED
//
// Formation: the players set their pieces on the board; each BoardSnapshot is checked live
// (formation.h) and what is wrong is news; Ready (a GameInput) is refused while the formation is
// wrong; a change after Ready is flagged until restored (C11-FORM-8).
// Play: moves come from the board (MoveSensed); passes, shots and the end of a turn are the
// players' own inputs (GameInput "pass" {from, to}, "shot" {target}, "end_turn"); the ball is
// host state. Draws for contested shots come from the seed the log carries (GameInput "seed").
// At the venue (docs/games/eleven.md): each player's one hub button is Ready in the formation
// phase and End turn in play (ClaimPressed); the hub's clock keeps the two countdowns, a half's
// on White's face and the formation's on Black's (C11-A17): the match sets and runs them, and a
// face's flag ends the formation (C11-A4) or the half. GameInput "half_time", "full_time" and
// "formation_time_up" do the same by hand (a clock kept elsewhere, the arbiter).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "chess/position.h"
#include "games/eleven/rules/eleven_field.h"
#include "games/eleven/rules/formation.h"
#include "venue/match.h"

namespace venue::games::eleven {

enum class Stage : std::uint8_t {
    FORMATION,
    PLAY
};

// Where the ball is (C11-BALL-1): loose at the centre before the kick-off, with a carrier, or on
// a corner square after a corner.
struct Ball {
    enum class Where : std::uint8_t {
        CENTRE,
        CARRIER,
        CORNER
    };
    Where where = Where::CENTRE;
    chess::Square square = chess::SQ_NONE;  // the carrier's square, or the corner
};

class ElevenMatch : public engine::Match {
  public:
    // The rules from the config's [match.eleven] (ElevenRules::of).
    explicit ElevenMatch(engine::MatchConfig config);
    // With `rules` as given, and `goals_to_win` in place of rules.target_goals (0: timed).
    ElevenMatch(engine::MatchConfig config, ElevenRules rules, int goals_to_win);

    chess::Color to_move() const override { return turn_; }
    engine::Standing standing() const override { return {{2 * goals_[0], 2 * goals_[1]}}; }
    engine::BoardRole board_role(const std::string& board) const override;
    // C11-A25 ball_led: the board's light on the ball's square (off while it has none).
    std::vector<engine::Decision> shown_on_devices() const override;
    chess::Color clock_face_on_move() const override;
    std::string clock_face_label(chess::Color face) const override;
    std::vector<std::pair<std::string, std::string>> facts() const override;
    std::int64_t clock_readings_every_ms() const override;
    std::string clock_face_short_label(chess::Color face) const override;
    // In play, the field with the ball as a mark (the TV overlay and the console draw it).
    std::vector<engine::GameView> games() const override;
    std::string extra_snapshot() const override;
    bool restore_extra(std::string_view json) override;
    bool wants_seed() const override { return !seeded_ && phase_ != engine::MatchPhase::FINISHED; }

    Stage stage() const { return stage_; }
    // The seed contested shots are drawn from and the number of the next draw (C11-SHOOT-3):
    // what the next shot's outcome will be is known to whoever knows both (the log has them).
    std::uint64_t shot_seed() const { return seed_; }
    std::uint64_t next_draw() const { return draws_; }
    const Ball& ball() const { return ball_; }
    std::optional<chess::Color> possession() const { return possession_; }
    int goals(chess::Color c) const { return goals_[c]; }
    const chess::Position& field() const { return game_.position(); }  // in play
    const Placement& formation_seen() const { return seen_; }          // the board, in formation
    bool ready(chess::Color c) const { return ready_[c]; }
    // 1, 2; 3 for the period after a tie at full time (C11-A19: extra time, golden goal).
    int half() const { return half_; }
    const ElevenRules& rules() const { return rules_; }
    // This turn's elements so far (C11-TURN-2).
    bool moved_this_turn() const { return moved_; }
    // Whether `side` must still pass before its turn ends or it shoots: it won the ball, and a
    // teammate can receive it.
    bool owes_pass(chess::Color side) const;
    bool passed_this_turn() const { return passed_; }
    Placement placement() const;  // the field as it stands, in play
    const std::vector<chess::Piece>& bench() const { return bench_; }
    // Whether `side` may bring its substitute on for a pawn now (C11-A16, C11-SUB-2), and has.
    bool may_upgrade(chess::Color side) const { return upgrade_refusal(side).empty(); }
    bool upgraded(chess::Color side) const { return upgraded_[side]; }

  protected:
    using Match::on;
    void on(const engine::BoardSnapshot& e, std::vector<engine::Decision>& out) override;
    void on(const engine::MoveSensed& e, std::vector<engine::Decision>& out) override;
    void on(const engine::GameInput& e, std::vector<engine::Decision>& out) override;
    void on(const engine::ClaimPressed& e, std::vector<engine::Decision>& out) override;
    void on(const engine::ClockPressed& e, std::vector<engine::Decision>& out) override;
    void on(const engine::FlagFell& e, std::vector<engine::Decision>& out) override;
    void on(const engine::ClockReading& e, std::vector<engine::Decision>& out) override;
    void on(const engine::BoardRestored& e, std::vector<engine::Decision>& out) override;
    void on(const engine::BoardFieldUpdate& e, std::vector<engine::Decision>& out) override;
    std::string canonical_extra() const override;

  private:
    using Out = std::vector<engine::Decision>;
    void news(const char* rule, const std::string& kind, std::map<std::string, std::string> facts,
              const std::string& why, Out& out);
    FormationRound round_of(chess::Color side) const;
    void ready(chess::Color side, Out& out);
    void time_up(Out& out);
    // C11-A26 touchscreen_then_place: formations are entered hidden, not read from the board.
    bool hidden_entry() const {
        return rules_.formation_entry == FormationEntry::TOUCHSCREEN_THEN_PLACE;
    }
    // The formation `side` has chosen: as entered (hidden entry; none yet: an empty field), else
    // as the board shows it.
    Placement chosen(chess::Color side) const;
    void enter_formation(chess::Color side, const engine::GameInput& e, Out& out);
    void kick_off(Out& out);
    void pass(const engine::GameInput& e, Out& out);
    void shoot(const engine::GameInput& e, Out& out);
    void end_turn(chess::Color side, const char* rule, const std::string& why, Out& out);
    void score(chess::Color side, int goals, const char* rule, const std::string& why, Out& out);
    void restart(chess::Color starts, const std::string& why, Out& out);
    void after_move(chess::Move m, Out& out);
    // Why the rules refuse legal move `m` (C11-A15 switches, C11-A21), as {clause, words}; a null
    // clause: they do not.
    std::pair<const char*, std::string> move_refusal(chess::Move m) const;
    // The legal moves the rules leave the side to move.
    std::vector<chess::Move> playable_moves() const;
    // Adds goals; true when that ends the match (C11-END-1).
    bool award(chess::Color side, int goals, const char* rule, const std::string& why, Out& out);
    // `side`'s piece nearest `to` in king steps (of two as near, the lower square).
    chess::Square nearest_piece(chess::Color side, chess::Square to) const;
    // Why `side` may not bring its substitute on now ("" it may; C11-A16, C11-SUB-2).
    std::string upgrade_refusal(chess::Color side) const;
    void select(const engine::GameInput& e, Out& out);
    // What `side`'s piece (or ball) on `at` may do now (C11-PASS-3): the squares it may move to,
    // the teammates the ball may be passed to, the goal squares it may shoot at.
    struct Selection {
        std::vector<chess::Square> moves, passes, shots;
    };
    Selection selection(chess::Color side, chess::Square at) const;
    // The arbiter puts the ball on a piece or the centre circle, with a note.
    void place_ball(const engine::GameInput& e, Out& out);
    void half_over(Out& out);
    // The arbiter started the clock: the first formation's countdown (`running`: the face the
    // hub already runs).
    void start(std::optional<chess::Color> running, Out& out);
    // The pass-and-shot gesture at the board: a piece lifted and set back on its square.
    void on_tap(chess::Square s, Out& out);
    // The square of a piece of the side on move held up from the board while the match is
    // played (C11-PASS-3: the console marks, and the board lights, where it may go), or none.
    std::optional<chess::Square> lifted_piece_on_move() const;
    // The goal square a shot from the carrier with no square named aims at, or the reason none.
    std::variant<chess::Square, std::string> open_goal_target(chess::Color side) const;
    // What the hub's faces do: the formation's countdown set and running, or the half's running
    // (C11-A17 chess_clock_per_player: the clock of the side on move, Black's own time back on
    // his face after a formation).
    void run_formation_clock(Out& out, bool runs_already = false);
    void run_play_clock(const char* rule, const std::string& why, Out& out);
    bool per_player() const { return rules_.clock == ClockMode::CHESS_CLOCK_PER_PLAYER; }
    // C11-A17 move_limit: a turn begins (timed from the hub's time of the event that began it,
    // if the hub took it, else from the next reading); a reading of the hub's clock adds the
    // time since the last one to the turn's, while the turn is played, and judges the limit.
    void begin_turn_time();
    void time_the_turn(Out& out);
    // The side whose player has hub button `button`, or none.
    std::optional<chess::Color> side_of_button(int button) const;
    void refuse_move(const std::string& uci, const char* rule, const std::string& why, Out& out);
    // Why `side` may not add a pass or a shot now, as {clause, words}; a null clause: it may.
    std::pair<const char*, std::string> element_refusal(chess::Color side,
                                                        const char* element) const;
    // Why the turn's structure (C11-A7 possession_turn) refuses the side with the ball a move
    // (`move`) or a pass now, as {clause, words}; a null clause: it does not.
    std::pair<const char*, std::string> order_refusal(bool move) const;
    // The pieces of `side` the ball on `from` (a carrier's square, or the corner) may be passed
    // to now, by the lines alone (C11-PASS-2, C11-A12).
    std::vector<chess::Square> pass_receivers(chess::Color side, chess::Square from) const;
    // `side` has won the ball (C11-A7 pass_mandatory_after_gain: it owes a pass).
    void gained(chess::Color side);
    bool golden_goal() const { return half_ == 3 && rules_.tie == Tie::GOLDEN_GOAL; }

    ElevenRules rules_;
    int goals_to_win_ = 0;  // 0: timed (full time ends the match)
    Stage stage_ = Stage::FORMATION;
    // Formation.
    Placement seen_{};
    std::array<bool, 2> ready_{false, false};
    std::array<Placement, 2> ready_formation_{};  // each side's pieces when it pressed Ready
    std::array<bool, 2> changed_after_ready_{false, false};
    std::array<std::optional<chess::PieceType>, 2> substitute_;
    std::array<bool, 2> upgraded_{false, false};
    std::optional<chess::Color> may_upgrade_;   // the last side to score (C11-A16)
    std::array<std::string, 2> problems_said_;  // the last problems reported per side
    // C11-A26 touchscreen_then_place: each side's formation as entered, hidden until the
    // kick-off reveals both; and whether the half's countdown waits for the board to show them.
    std::array<std::optional<Placement>, 2> entered_;
    bool clock_waits_for_board_ = false;
    // C11-A17 chess_clock_per_player: Black's time, kept while his face counts a formation
    // (none while the face shows it).
    std::optional<std::int64_t> black_kept_ms_;
    // C11-A17 move_limit: the time the turn on move has used (µs, the hub's clock), and the
    // hub time it was last counted to (none: counting starts at the next reading).
    struct TurnTime {
        std::int64_t used_us = 0;
        std::optional<std::int64_t> since_us;
    };
    TurnTime turn_time_;
    // Play: the field as a game of chess (its moves since the kick-off or the last turn passed
    // without a move), which the board is read against.
    chess::Game game_;
    bool restore_required_ = false;  // the board must show the field again
    Ball ball_;
    std::optional<chess::Color> possession_;
    chess::Color turn_ = chess::WHITE;
    chess::Color kick_off_ = chess::WHITE;  // who starts the round
    chess::Color first_half_kick_off_ = chess::WHITE;
    bool moved_ = false, passed_ = false;  // this turn's elements (C11-TURN-2)
    std::array<int, 2> goals_{0, 0};
    std::vector<chess::Piece> bench_;  // captured, back at the next reset (C11-POSS-2)
    int half_ = 1;
    std::uint64_t seed_ = 0;
    std::uint64_t draws_ = 0;
    bool seeded_ = false;
    std::optional<chess::Color> last_conceder_;  // C11-A18 last_conceder
    // C11-A7: this turn follows a corner (all three elements allowed, whatever possession_turn
    // says), the side owed that turn, and the side that won the ball and must pass it.
    bool corner_turn_ = false;
    std::optional<chess::Color> corner_owed_;
    std::optional<chess::Color> must_pass_;
    // The gesture (docs/games/eleven.md): the square lifted and not yet set down, the carrier's
    // taps so far, and whether the ball is "in hand" (two taps of the carrier) waiting for the
    // receiver's or the goal's tap.
    std::optional<chess::Square> lifted_;
    int carrier_taps_ = 0;
    bool ball_in_hand_ = false;
};

}  // namespace venue::games::eleven
