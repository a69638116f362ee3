// Business Chess (G. Ovakimyan, Moscow, 1992): one game between two teams that may split into
// up to five branches, each on its own demonstration board with its own rating, under one
// clock. Rule ids are the rules catalogue's (BC-*), with its BC-A defaults.
//
// A turn (BC-I.8):  the representative makes one move on every open branch (MoveSensed, board =
// the branch's board) and at most one key change (KeyChange: BRANCH, SELECT or PASS; a plain
// RESIGN may come with a PASS, BC-I.14), then presses the clock. The press commits the turn:
//
//   moves sensed, key changes entered ──ClockPressed──▶ every open branch has one legal move
//        │                                              (and a new daughter's differs from
//        │                                               its mother's) ──▶ moves committed,
//        │                                               the other team's clock runs
//        ╰── otherwise: ArbiterFlag (BC-CLK-1, BC-A8), the team's clock runs again, the
//            turn stays open
//
// Key changes take effect when they are accepted (a selection's points are scored then); a
// branching pauses the clock until the new board shows the mother's position (BC-II.3).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/business/rules/branch.h"
#include "games/business/rules/business_rules.h"
#include "venue/chess_match.h"

namespace venue::games::business {

using engine::Decision;

// A team member's standing (BC-I.4, BC-I.11, BC-I.12).
struct Member {
    bool active = false;  // on the team now (the rest are reserves)
    bool expelled = false;
    bool replaced = false;  // expelled and his place taken
    int offences = 0;       // red-line offences (yellow cards)
};

// What the team to move has done this turn (reset at each accepted clock press).
struct TurnRecord {
    int key_changes = 0;    // BRANCH, SELECT, PASS (BC-I.13)
    bool resigned = false;  // RESIGN or SELECT (BC-I.14: one resignation per move)
    int new_branch = 0;     // BRANCH: the daughter ...
    int mother = 0;         // ... and its mother (their moves must differ, BC-BR-3)
};

class BusinessMatch : public engine::ChessMatch {
  public:
    // The configuration must have passed validate().
    explicit BusinessMatch(engine::MatchConfig config);
    // BC-P: ratings, boards, team sizes (BC-I.4) and the one clock without increment (BC-I.5).
    static std::optional<std::string> validate(const engine::MatchConfig& config);

    const std::vector<Branch>& branches() const { return branches_; }
    const Branch* branch(int number) const;
    const Branch* branch_on(const std::string& board) const;
    int open_branches() const;
    Score score() const { return score_; }
    int turns() const { return turns_; }  // clock presses accepted so far
    const TurnRecord& turn() const { return record_; }
    int chips_on_table() const { return table_chips_; }        // BC-I.17
    bool vetoed(chess::Color c) const { return veto_by_[c]; }  // c's veto is in force
    int vetoes_declared(chess::Color c) const { return vetoes_[c]; }
    // BC-II.3: the cloned branch whose board reads the mother's position and that waits for the
    // arbiter's check with both captains (his RESUME); 0 when none.
    int clone_to_confirm() const { return clone_to_confirm_; }
    // BC-II.5: the score the arbiter last confirmed (ArbiterAction CONFIRM_SCORE).
    Score confirmed_score() const { return confirmed_; }
    // BC-A12 overtime_after_flag: the team's main time is used up, it plays on 30 s per move.
    bool in_overtime(chess::Color c) const { return overtime_[c]; }
    // BC-A10 designated: the member who enters the team's key changes (index in its list).
    int representative(chess::Color c) const { return designated_[c]; }
    bool on_control_board() const { return on_board_c_; }
    const Member& member(chess::Color team, int index) const {
        return members_[team][std::size_t(index)];
    }
    // The return game's rating once the match is finished (BC-I.21); the game rating before.
    int return_rating() const;

    // Checks the tree's invariants (BC-TREE-1, BC-I.15, BC-I.17): "" when all hold.
    std::string check() const;
    bool is_ok(std::string* why = nullptr) const override;

    // The branch played on `board`, or the branch whose position it must be set to (BC-II.3,
    // BC-II.4); no game on a free board.
    engine::BoardRole board_role(const std::string& board) const override;

    engine::PlayerStatus player_status(int side, int index) const override;
    engine::Standing standing() const override { return {{score_.white, score_.black}}; }
    chess::Color to_move() const override { return turn_; }
    // Every branch, oldest first.
    std::vector<engine::GameView> games() const override;
    std::vector<std::string> free_boards() const override;
    // The branch played on the board holds its move of this turn.
    bool move_sensed_on(const std::string& board) const override {
        const Branch* b = branch_on(board);
        return b && b->pending.has_value();
    }
    bool plays_a_tree() const override { return true; }
    std::vector<chess::PgnGame> record() const override;  // a PGN game per branch

    // What the console shows beside the tree: the arbiter's confirmation of the score (BC-II.5),
    // a clone waiting for his check (BC-II.3), vetoes in force (BC-A1), overtime (BC-A12).
    std::vector<std::pair<std::string, std::string>> facts() const override;

    std::string extra_snapshot() const override;
    bool restore_extra(std::string_view json) override;

  protected:
    std::string canonical_extra() const override;

    using ChessMatch::on;

    void on(const engine::MoveSensed& e, std::vector<Decision>& out) override;
    void on(const engine::BoardMismatch& e, std::vector<Decision>& out) override;
    void on(const engine::BoardRestored& e, std::vector<Decision>& out) override;
    // BC-A30: the boards' field updates tell which man the representative lifted first.
    void on(const engine::BoardFieldUpdate& e, std::vector<Decision>& out) override;
    void take_back(const engine::ArbiterAction& e, std::vector<Decision>& out);
    void on(const engine::ClockPressed& e, std::vector<Decision>& out) override;
    void on(const engine::FlagFell& e, std::vector<Decision>& out) override;
    void on(const engine::DrawClaimed& e, std::vector<Decision>& out) override;
    void on(const engine::ArbiterAction& e, std::vector<Decision>& out) override;
    void on(const engine::BeamCrossed& e, std::vector<Decision>& out) override;
    void on(const engine::KeyChange& e, std::vector<Decision>& out) override;

  private:
    // Key changes (business_keys.cpp).
    void branch_off(const engine::KeyChange& e, std::vector<Decision>& out);
    void select(const engine::KeyChange& e, std::vector<Decision>& out);
    void pass(const engine::KeyChange& e, std::vector<Decision>& out);
    void resign(const engine::KeyChange& e, std::vector<Decision>& out);
    void draw(const engine::KeyChange& e, std::vector<Decision>& out);
    void veto(const engine::KeyChange& e, std::vector<Decision>& out);
    void board_c(const engine::KeyChange& e, std::vector<Decision>& out);
    void replace(const engine::KeyChange& e, std::vector<Decision>& out);
    void withdraw(const engine::KeyChange& e, std::vector<Decision>& out);
    void refuse(const engine::KeyChange& e, const char* code, const char* rule,
                const std::string& why, std::vector<Decision>& out);
    void accepted(const engine::KeyChange& e, const char* rule, const std::string& why,
                  std::vector<Decision>& out);
    // An open branch named by a key change, or a refusal (NO_BRANCH, BRANCH_CLOSED, NOT_READY).
    Branch* open_branch(const engine::KeyChange& e, int number, std::vector<Decision>& out);

    // Tree and score (business_match.cpp).
    Branch* find(int number);
    Branch* on_board(const std::string& board);
    // This turn's branching (BC-BR-3): the other branch of it, and a branch's move this turn.
    const Branch* branching_partner(const Branch& b) const;
    std::optional<chess::Move> move_this_turn(const Branch& b) const;
    std::optional<std::string> free_board(const std::string& wanted) const;
    void set_rating(Branch& b, int rating, const std::string& why, std::vector<Decision>& out);
    void close(Branch& b, const std::string& result, const std::string& termination,
               const char* rule, const std::string& why, bool chips_to_table,
               std::vector<Decision>& out);
    void play_on(Branch& b, chess::Move m, std::optional<std::int64_t> remaining_ms,
                 const char* rule, std::vector<Decision>& out);
    void close_if_over(Branch& b, std::vector<Decision>& out);
    void score_changed(const char* rule, const std::string& why, std::vector<Decision>& out);
    void setup(Branch& b, const std::string& board, const char* rule, const std::string& why,
               std::vector<Decision>& out);
    void confirm_setup(Branch& b, const char* rule, std::vector<Decision>& out);
    void commit_turn(std::optional<std::int64_t> remaining_ms, std::vector<Decision>& out);
    void finish(const char* rule, const std::string& why, std::vector<Decision>& out);
    void sync_game();
    void flag(chess::Color side, const char* code, const std::string& board, const char* rule,
              const std::string& why, std::vector<Decision>& out);

    // Team members (business_members.cpp).
    std::optional<std::pair<chess::Color, int>> find_member(const std::string& id) const;
    const engine::PlayerConfig& player(chess::Color team, int index) const;
    void card(const engine::ArbiterAction& e, std::vector<Decision>& out);
    // BC-A10 designated: a key change entered by another member than the team's representative
    // is refused (true: refused).
    bool not_the_representative(const engine::KeyChange& e, std::vector<Decision>& out);

    // Time and the arbiters (business_match.cpp).
    void incomplete(std::vector<Decision>& out);    // BC-A8: a press with a branch unplayed
    void lapse_vetoes(std::vector<Decision>& out);  // BC-A1 opponent_next_turn

    std::vector<Branch> branches_;
    int next_branch_ = 2;
    Score score_;
    Score announced_;  // the last score sent out
    chess::Color turn_ = chess::WHITE;
    int turns_ = 0;
    TurnRecord record_;
    int table_chips_ = 0;
    std::array<bool, 2> veto_by_{false, false};   // in force
    std::array<int, 2> vetoes_{0, 0};             // declared (BC-A1 veto_count)
    std::array<int, 2> veto_ends_{0, 0};          // turns_ at which it lapses; 0: never
    int clone_to_confirm_ = 0;                    // BC-II.3
    Score confirmed_;                             // BC-II.5
    std::array<bool, 2> overtime_{false, false};  // BC-A12 overtime_after_flag
    bool incomplete_flagged_ = false;  // BC-A8 flag: the clock ran on, the arbiter gives it back
    std::array<int, 2> designated_{0, 0};    // BC-A10 designated
    std::array<int, 2> replacements_{0, 0};  // BC-A20
    // BC-A30: the tree as it was before this turn's first rating operation (extra_snapshot()),
    // "" when the turn has made none; WITHDRAW goes back to it.
    std::string before_keys_;
    bool on_board_c_ = false;
    std::array<std::vector<Member>, 2> members_;
    BusinessRules rules_;  // from config_.options, read once
};

}  // namespace venue::games::business
