// Chessball (S. A. Silvestrov, 2009): two teams share one game; each player
// owns files and claims the move by pressing his signal button. Rule ids are
// the rules catalogue's (CB-*), with its CB-A defaults.
//
// Claim life:  none ──hub: accepted press──▶ held by P ──clock press after P's move──▶ none
//                                              │  ╰──judge releases / P removed──────────▶ none
//                                              ╰──impossible move: P keeps it (CB-A17)
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "chess/position_edit.h"
#include "games/chessball/rules/chessball_rules.h"
#include "games/chessball/rules/file_ownership.h"
#include "venue/chess_match.h"

namespace venue::games::chessball {

using engine::Decision;

// A player's place in the match: team colour and index in that team's list.
struct PlayerRef {
    chess::Color team = chess::WHITE;
    int index = 0;
    bool operator==(const PlayerRef&) const = default;
};

struct Proposal {
    int ref = 0;
    PlayerRef player;
    std::string reason;
    bool open = true;
};

class ChessballMatch : public engine::ChessMatch {
  public:
    // The configuration must have passed validate() (the venue file loader does).
    explicit ChessballMatch(engine::MatchConfig config);
    // CB-2.2 (2 to 8 players per team), CB-2.3/A24 (files), buttons unique.
    static std::optional<std::string> validate(const engine::MatchConfig& config);

    std::optional<PlayerRef> claim_holder() const { return holder_; }
    const FileOwnership& ownership(chess::Color team) const { return ownership_[team]; }
    int warnings(PlayerRef p) const { return warnings_[p.team][std::size_t(p.index)]; }
    bool removed(PlayerRef p) const { return removed_[p.team][std::size_t(p.index)]; }
    // CB-A25: a reserve who has not come on (no files), and a player who went off for one.
    bool reserve(PlayerRef p) const;
    bool substituted(PlayerRef p) const { return heir_[p.team][std::size_t(p.index)] >= 0; }
    const std::vector<Proposal>& proposals() const { return proposals_; }
    const engine::PlayerConfig& player(PlayerRef p) const;

    engine::PlayerStatus player_status(int side, int index) const override;
    bool claims_the_move() const override { return true; }
    bool is_ok(std::string* why = nullptr) const override;
    std::vector<engine::PendingRuling> pending_rulings() const override;
    // The agreed conditions the arbiter acts on, when agreed: time-outs left (CB-A15), the draw
    // offer (CB-A14), the 50-move count a captain may claim on (CB-A12).
    std::vector<std::pair<std::string, std::string>> facts() const override;

    std::string extra_snapshot() const override;
    bool restore_extra(std::string_view json) override;

  protected:
    std::string canonical_extra() const override;

    using ChessMatch::on;  // the handlers not overridden here stay the Laws of Chess

    void on(const engine::ClaimPressed& e, std::vector<Decision>& out) override;
    void on(const engine::MoveSensed& e, std::vector<Decision>& out) override;
    void on(const engine::BoardMismatch& e, std::vector<Decision>& out) override;
    void on(const engine::BoardRestored& e, std::vector<Decision>& out) override;
    void on(const engine::BoardFieldUpdate& e, std::vector<Decision>& out) override;
    void on(const engine::ClockPressed& e, std::vector<Decision>& out) override;
    void on(const engine::DrawClaimed& e, std::vector<Decision>& out) override;
    void on(const engine::FlagFell& e, std::vector<Decision>& out) override;
    void on(const engine::ArbiterAction& e, std::vector<Decision>& out) override;
    // The captains' entries the judge makes for them: "draw_offer", "draw_accept",
    // "draw_decline" (CB-A14), "captain_timeout" (CB-A15), "fifty_move_claim" (CB-A12),
    // "confirm_conditions" (CB-6.1), "substitute" (CB-A25: args "out", "in"); `side` is the
    // captain's team.
    void on(const engine::GameInput& e, std::vector<Decision>& out) override;
    bool automatic_draw(chess::GameStatus s) const override;  // CB-A13 repetition = off

  private:
    std::optional<PlayerRef> find_player(const std::string& id) const;
    std::optional<PlayerRef> player_of_button(int button) const;
    bool owns_move(PlayerRef p, chess::Move m) const;
    // The file by which the man on `s` belongs to a player (CB-A1), and that for every square.
    int ownership_file(chess::Square s) const;
    std::vector<chess::Square> holder_reach(PlayerRef p) const;  // CB-4.2 during a claim
    // CB-A21: the squares of the men of removed players still owed to the removal, and taking
    // off those that can come off now (the judge's Remove of a removed player).
    std::vector<chess::Square> owed_squares(chess::Color team) const;
    std::string owed_words(const std::vector<chess::Square>& squares) const;
    void finish_removal(PlayerRef p, std::vector<Decision>& out);
    void owe(const std::vector<chess::Square>& squares);  // by their ids in the current part
    void end_if_over(const char* why, std::vector<Decision>& out);
    std::array<int, chess::SQUARE_NB> ownership_files() const;
    bool has_legal_move(PlayerRef p) const;
    void refuse_claim(PlayerRef p, int button, const char* code, const char* rule,
                      const std::string& why, bool release, std::vector<Decision>& out,
                      std::int64_t margin_us = 0);
    void end_claim(const char* rule, const std::string& why, std::vector<Decision>& out);
    void cite_ending(std::size_t first, std::vector<Decision>& out) const;
    // The draws that come without a claim after a completed move: 50 moves (CB-5.3.3, CB-A12)
    // and, when agreed, the third repetition (CB-A13).
    void automatic_draws(std::vector<Decision>& out);
    // CB-A5: the holder's own button again (the hub calls it a late press).
    void release_by_press(PlayerRef p, int button, std::vector<Decision>& out);
    // Why the holder may not make move `m` (CB-2.3, CB-A2, CB-A7).
    std::string not_his_move(chess::Move m) const;
    void captain_timeout(chess::Color team, std::vector<Decision>& out);
    void confirm_conditions(chess::Color team, std::vector<Decision>& out);
    void substitute(const engine::GameInput& e, chess::Color team, std::vector<Decision>& out);
    void draw_entry(const engine::GameInput& e, chess::Color team, std::vector<Decision>& out);
    bool draw_offer_open() const;
    // CB-A1's start files for a new part of the game, whose piece ids are its squares: each man
    // keeps the start file he had in `old`; `moved` is the illegal move that stood, if any.
    void carry_start_files(const chess::Position& old,
                           std::optional<chess::PhysicalMove> moved = std::nullopt);
    void impossible_move(const std::string& what, std::vector<Decision>& out);
    void displacement(const std::string& what, std::vector<Decision>& out);
    void warn(PlayerRef p, const std::string& reason, const char* rule, bool judge,
              std::vector<Decision>& out);
    void give_warning(PlayerRef p, const std::string& reason, const char* rule,
                      std::vector<Decision>& out);
    void remove(PlayerRef p, const char* rule, const std::string& why, std::vector<Decision>& out);
    std::string name(PlayerRef p) const;

    FileOwnership ownership_[2];
    std::vector<bool> removed_[2];
    std::vector<int> warnings_[2];
    std::optional<PlayerRef> holder_;
    // CB-4.2: the squares of the last displacement flagged during this claim (flagged once).
    std::vector<chess::Square> flagged_squares_;
    // CB-A21: men of removed players that stayed on the board because they shielded their
    // king, by their PieceId in the part being played (an id follows its man through moves).
    std::vector<chess::PieceId> owed_;
    bool paused_for_restore_ = false;  // CB-A18 pause_on_illegal
    // CB-A9: the first man of his the claim holder lifted during this claim (touch-move).
    std::optional<chess::Square> touched_;
    std::vector<Proposal> proposals_;
    // CB-A1 start_file: the file each man of the part being played started the game on, by its
    // PieceId in this part (a removal starts a new part whose ids are its squares, so the
    // files are carried over from the old part's ids).
    std::array<int, chess::SQUARE_NB> start_file_{};
    // CB-A14: the last draw offer: the offering team, and the ply count (in the part where it
    // was made) at which it lapses: once the other team has completed a move.
    struct DrawOffer {
        chess::Color team = chess::WHITE;
        std::size_t lapses_at_ply = 0, part = 0;
    };
    std::optional<DrawOffer> draw_offer_;
    std::array<int, 2> timeouts_used_{};  // CB-A15, by team
    std::array<bool, 2> confirmed_{};     // CB-6.1: each captain signed the conditions
    // CB-A25: for each player who went off, the reserve who took his seat (his files and his
    // buttons); -1 for the others.
    std::vector<int> heir_[2];
    ChessballRules rules_;  // from config_.options, read once
};

}  // namespace venue::games::chessball
