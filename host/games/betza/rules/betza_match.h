// A match of Betza's Chess for Any Number of Players (seed 002; catalogue §5, BETZA-*): the fold
// of its events into decisions, on the rules core of betza_game.h.
//
// Sides are armies, 2 to 8, one player each: side i is army i, which starts on half-board i and
// is controlled by side i's player (player i) until it is captured (BETZA-0.1, BETZA-7). Boards
// and armies are numbered from 0, as the sides are.
//
//   WAITING ──seed (BETZA-A2, order = random only)──▶ the batting order is drawn
//      │                                                   │
//      └──────────── the first accepted input ─────────────┴──▶ PLAYING ──last player alive,
//                                                                 shared draw, stalemate──▶
//                                                                 FINISHED
//
// Inputs are GameInput (docs/games/betza.md, "Playing it through the registry"):
//   "seed"           {value}                 the batting order's seed, logged by the host
//   "select_pair"    {board_a, board_b}      the two half-boards pushed together (BETZA-4);
//                                            board_a keeps its coordinates, board_b is turned
//   "move"           {uci}                   a move on the pushed pair in the joined board's
//                                            coordinates (BETZA-4.3): "f2f3", "e7e8q", castling
//                                            as the king's move
//   "end_turn"       {}                      after at least one move (BETZA-6, A8)
//   "reassign"       {army, player}          friendly games: the arbiter hands an army over
//                                            (BETZA-9.1, A16)
//   "rule_self_mate" {army, player}          the arbiter's ruling on a self-mate (BETZA-A11)
//   "alliance"       {player_a, player_b}    a declared alliance, for display (BETZA-A14)
//   "agree_draw"     {}                      the players still in share the game (BETZA-A17)
//   "add_time"       {army, ms}              the arbiter's: the army's time on the hub's army
//                                            clock, from its last reading, plus ms (BETZA-A15)
// side = the army the input is for (select_pair, move, end_turn); player, when given, must be its
// controller's id. A refusal is an EventIgnored with the refusing clause and, in its reason, the
// rules core's RefusalCode; a refused input changes nothing. What the core decides is GameNews
// whose kind is the core's NewsKind ("pair_declared", "moved", "army_captured", ...).
//
// The state is the rules core's game, which is the fold of the inputs it accepted: a snapshot
// keeps those inputs (and the seed) and restoring replays them into a fresh game, which rebuilds
// every private part of the turn (used boards, en passant chances, control history) exactly.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "games/betza/rules/betza_game.h"
#include "games/betza/rules/half_boards.h"
#include "venue/input_history.h"
#include "venue/match.h"

namespace venue::games::betza {

class BetzaMatch : public engine::Match {
  public:
    // The rules from the config's [match.betza] (BetzaRules::of); one army per side.
    explicit BetzaMatch(engine::MatchConfig config);

    // The colour of the layout of the army on move (the hub's two-sided clock is not used).
    chess::Color to_move() const override;
    // The army on move (a side is an army); 0 while the batting order is not drawn.
    int side_on_move() const override;
    engine::PlayerStatus player_status(int side, int index) const override;
    // Player p is side p's player: an army is played by its controller's side.
    int side_played_by(int side) const override;
    std::vector<std::pair<std::string, std::string>> facts() const override;
    bool wants_seed() const override;
    std::string extra_snapshot() const override;
    bool restore_extra(std::string_view json) override;
    bool is_ok(std::string* why = nullptr) const override;
    // With a per-army countdown (BETZA-A15, clock_minutes > 0): the hub's army clock, one
    // station per player (station i plays the armies player i controls), each station's End-turn
    // button the first of its player's buttons; nullopt when untimed.
    std::optional<engine::ArmyClockPlan> army_clock() const override;

    // [match.betza] boards: each half-board's DGT board is read by the match (BoardSettled).
    engine::BoardRole board_role(const std::string& board) const override;
    // The joined board of the pushed pair, then every half-board as its DGT board should show it
    // (its near half), the squares where the board as last seen differs framed.
    std::vector<engine::BoardPicture> board_pictures() const override;

    const BetzaRules& rules() const { return rules_; }
    // The game, or nullptr while the batting order waits for its seed.
    const BetzaGame* game() const { return game_ ? &*game_ : nullptr; }

  protected:
    using Match::on;
    void on(const engine::GameInput& e, std::vector<engine::Decision>& out) override;
    // The hub's two faces keep no time of this game: their flag is the arbiter's to judge.
    void on(const engine::FlagFell& e, std::vector<engine::Decision>& out) override;
    // The army clock (BETZA-A15): a station's End-turn press is the army's "end_turn"; a flag
    // takes the army out of the game (BetzaGame::time_forfeit).
    void on(const engine::ArmyTurnEnded& e, std::vector<engine::Decision>& out) override;
    void on(const engine::ArmyFlagFell& e, std::vector<engine::Decision>& out) override;
    // A hub button press: with [match.betza] select_buttons, the press of a half-board's select
    // button (BETZA-4). The first press selects that half-board, the same button again lets it
    // go, a second board's press pushes the two together for the army on move (the first keeps
    // its coordinates): "select_pair" as if entered.
    void on(const engine::ClaimPressed& e, std::vector<engine::Decision>& out) override;
    // A half-board's DGT board stood still (half_boards.h): kept as the board shows it, then the
    // pushed pair is read; a legal move there is the army's "move", as if entered.
    void on(const engine::BoardSettled& e, std::vector<engine::Decision>& out) override;
    std::string canonical_extra() const override;

  private:
    using Out = std::vector<engine::Decision>;
    // One input the rules core accepted, as the log gave it (its side is the army).
    using Accepted = engine::AcceptedInput;
    // Why an input cannot even be put to the core (a board that is not a number, a move that is
    // not a move): the clause it breaks and the words.
    struct BadInput {
        std::string clause;
        std::string reason;
    };

    // What the hub's army clock should hold for the game as it stands: the batting order of the
    // armies still in, the station of each army, the army on move once the game is under way.
    struct ClockState {
        std::vector<int> order;
        std::vector<int> stations;
        std::optional<int> on_move;
    };
    ClockState clock_state() const;
    // The army clock's commands that bring the hub from `before` (its army on move
    // `hub_on_move`) to the state now: started with the game, a new order when an army leaves
    // or changes hands, another army on move when the game (not the hub) ended a turn.
    void keep_army_clock(const ClockState& before, std::optional<int> hub_on_move, Out& out);
    void take(const engine::GameInput& e, Out& out);
    void select(int board, Out& out);
    // Puts one input to the core and keeps it when accepted (its decisions, the end); else its
    // refusal, with `what` said first ("station 1's End-turn for army 1"). Whether accepted.
    bool apply_input(const Accepted& input, const std::string& what, Out& out);
    void seed(const engine::GameInput& e, Out& out);
    void add_time(const engine::GameInput& e, Out& out);
    // Puts one input to the rules core: its decisions, its refusal, or why it is malformed.
    std::variant<Decided, BadInput> put(const Accepted& input);
    void report(const std::vector<News>& news, Out& out);
    void report_end(Out& out);
    // Starts the game with `seed` (the draw is used only when order = random).
    bool start(std::uint64_t seed);
    // The player (index = side) named by `text`: a player's id, else a number; -1 if none.
    int player_of(const std::string& text) const;
    std::string player_name(int player) const;
    std::string army_words(int army) const;
    // The half-board a DGT board carries ([match.betza] boards), or -1.
    int half_board_of(const std::string& board) const;
    // What half-board `board` shows: as last seen, or as the game holds it if never seen; and
    // the same with a retired army's men still standing there counted as gone (leaving_).
    HalfView seen_view(int board) const;
    HalfView view_of(int board) const;
    // An input retired an army: the men it took off the boards (from the boards as they were,
    // `before`) are leaving until lifted.
    void note_leaving(const std::vector<HalfView>& before);
    // Reads the boards after `board` settled (-1: after a pair was pushed): the pushed pair's
    // move, or BETZA-A21's flag for a change the game cannot explain (said once), or that the
    // boards show the game again.
    void read_boards(int board, Out& out);
    void flag_boards(const std::vector<int>& boards, const HalfBoardReading& reading, Out& out);
    void clear_flags(const std::vector<int>& boards, Out& out);

    BetzaRules rules_;
    std::optional<BetzaGame> game_;
    std::string start_problem_;  // why the rules cannot run this match ("" none)
    std::uint64_t seed_ = 0;
    bool seeded_ = false;
    std::vector<Accepted> accepted_;
    std::vector<int> select_buttons_;  // by half-board: its select button (empty: none)
    // The half-board selected by a first select press, waiting for its partner, and the army it
    // was selected for (a selection left when the turn passed is not the next army's); part of
    // the fold: set by the input "select_board", cleared by "deselect" and by a pair pushed.
    std::optional<int> selected_;
    int selected_for_ = 0;
    // The DGT boards (by half-board) and what each showed when it last stood still (FEN's first
    // field), and what BETZA-A21's flag last said of it (so that it is said once); part of the
    // fold and of snapshots.
    std::vector<std::string> boards_;
    std::map<int, std::string> seen_;
    std::map<int, std::string> flagged_;
    // A retired army's men the game took off that may still stand on their boards (placements of
    // those men only): not flagged while they are lifted one by one.
    std::map<int, std::string> leaving_;
};

}  // namespace venue::games::betza
