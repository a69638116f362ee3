#include "games/chessball/rules/chessball_match.h"

#include <nlohmann/json.hpp>

#include "chess/material.h"
#include "chess/movegen.h"
#include "chess/uci.h"
#include "common/margin_text.h"
#include "games/chessball/rules/chessball_rules.h"
#include "venue/game_rules.h"

namespace venue::games::chessball {

using namespace venue::engine;

namespace {

const char* team_name(chess::Color c) {
    return c == chess::WHITE ? "White" : "Black";
}

// The clause a judge's warning or removal falls under, read from the reason he gave (free text;
// CB-6.4.2 / CB-6.4.3 when it names none of these grounds). Only for actions logged before the
// console asked for the ground (ArbiterAction::clause empty): their replay must give the
// decisions they gave then. The judge chooses the ground now (GameRules::penalty_grounds).
const char* clause_in_old_logs(const std::string& reason, bool removal) {
    std::string r;
    for (char c : reason) r += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    auto says = [&](const char* word) { return r.find(word) != std::string::npos; };
    if (removal) {
        if (says("aggress")) return "CB-6.4.3.3";
        if (says("offensive") || says("insult") || says("language") || says("gesture"))
            return "CB-6.4.3.2";
        return "CB-6.4.3";
    }
    if (says("displac") || says("knock") || says("touch")) return "CB-6.4.2.1";
    if (says("illegal") || says("impossible")) return "CB-6.4.2.2";
    if (says("disrespect")) return "CB-6.4.2.3";
    if (says("talk") || says("prompt") || says("communicat")) return "CB-6.4.2.4";
    return "CB-6.4.2";
}

}  // namespace

std::optional<std::string> ChessballMatch::validate(const MatchConfig& config) {
    std::vector<int> buttons;
    const bool reserves = ChessballRules::of(config).substitutes;  // CB-A25
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& team = config.side(c);
        // CB-2.2 counts the players who own files; reserves (CB-A25) come on top.
        const std::size_t n = std::size_t(
            std::count_if(team.players.begin(), team.players.end(),
                          [&](const PlayerConfig& p) { return !(reserves && p.files.empty()); }));
        if (n < 2 || n > 8)
            return std::string(team_name(c)) + " has " + std::to_string(n) +
                   " players; Chessball needs 2 to 8 (CB-2.2)";
        auto ownership = FileOwnership::from_team(team, reserves);
        if (!ownership) return std::string(team_name(c)) + ": " + ownership.error();
        for (const PlayerConfig& p : team.players) {
            // A reserve (CB-A25) takes the button of the seat he comes on for.
            if (p.buttons.empty() && !(reserves && p.files.empty()))
                return "player " + p.id + " has no claim button (CB-3.2)";
            for (int b : p.buttons) {
                for (int other : buttons)
                    if (other == b)
                        return "button " + std::to_string(b) + " is given to two players";
                buttons.push_back(b);
            }
        }
    }
    return std::nullopt;
}

engine::PlayerStatus ChessballMatch::player_status(int side, int index) const {
    if (side < 0 || side >= side_count()) return {};
    const chess::Color team = chess::Color(side);
    const TeamConfig& t = config_.side(side);
    if (index < 0 || std::size_t(index) >= t.players.size()) return {};
    const PlayerRef ref{team, index};
    engine::PlayerStatus s;
    s.files = ownership_[team].files_of(index);
    s.warnings = warnings(ref);
    s.out = removed(ref) || substituted(ref);
    s.reserve = reserve(ref) || substituted(ref);
    s.holds_claim = holder_ == std::optional(ref);
    s.files_public = rules_.publish_allocation;  // CB-A24
    s.buttons_live = !s.out && !s.reserve;  // a removed player's buttons claim nothing (CB-6.4.3)
    return s;
}

bool ChessballMatch::is_ok(std::string* why) const {
    if (!ChessMatch::is_ok(why)) return false;
    auto fail = [&](std::string reason) {
        if (why) *why = std::move(reason);
        return false;
    };
    if (holder_ && removed(*holder_)) return fail("a removed player holds the claim");
    for (chess::Color c : {chess::WHITE, chess::BLACK})
        for (int w : warnings_[c])
            if (w < 0) return fail("a negative warning count");
    return true;
}

std::vector<engine::PendingRuling> ChessballMatch::pending_rulings() const {
    std::vector<engine::PendingRuling> out;
    for (const Proposal& p : proposals_)
        if (p.open) out.push_back({p.ref, player(p.player).id, p.reason});
    return out;
}

ChessballMatch::ChessballMatch(MatchConfig config)
    : ChessMatch(std::move(config)), rules_(ChessballRules::of(config_)) {
    start_file_ = current_files();  // every man starts on the file of his square
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& team = config_.side(c);
        auto o = FileOwnership::from_team(team, rules_.substitutes);
        if (o) ownership_[c] = *o;
        removed_[c].assign(team.players.size(), false);
        heir_[c].assign(team.players.size(), -1);
        warnings_[c].assign(team.players.size(), 0);
    }
}

const PlayerConfig& ChessballMatch::player(PlayerRef p) const {
    const TeamConfig& team = config_.side(p.team);
    return team.players[std::size_t(p.index)];
}

std::string ChessballMatch::not_his_move(chess::Move m) const {
    const PlayerRef p = *holder_;
    if (m.kind() == chess::MoveKind::CASTLING && rules_.castling == Castling::FORBIDDEN)
        return name(p) + " castled, which the agreed conditions do not allow (CB-A2)";
    if (rules_.destination_restricted &&
        ownership_[p.team].owner(chess::file_of(m.to())) != p.index)
        return name(p) + " moved to " + chess::square_to_string(m.to()) +
               ", on a file he does not own (destination_restricted, CB-A7)";
    if (m.kind() == chess::MoveKind::CASTLING)
        return name(p) + " castled, which the agreed conditions do not allow him (CB-A2)";
    return name(p) + " moved from " + chess::square_to_string(m.from()) +
           ", a file he does not own";
}

std::string ChessballMatch::name(PlayerRef p) const {
    return player(p).name + " (" + team_name(p.team) + ")";
}

std::optional<PlayerRef> ChessballMatch::find_player(const std::string& id) const {
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& team = config_.side(c);
        for (std::size_t i = 0; i < team.players.size(); ++i)
            if (team.players[i].id == id) return PlayerRef{c, int(i)};
    }
    return std::nullopt;
}

std::optional<PlayerRef> ChessballMatch::player_of_button(int button) const {
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        const TeamConfig& team = config_.side(c);
        for (std::size_t i = 0; i < team.players.size(); ++i)
            for (int b : team.players[i].buttons)
                if (b == button) {
                    // CB-A25: the seat's button is his who took the seat; a reserve's own
                    // button claims nothing while he has none (reserve() refuses it).
                    int seat = int(i);
                    for (int hops = 0; heir_[c][std::size_t(seat)] >= 0 && hops < 8; ++hops)
                        seat = heir_[c][std::size_t(seat)];
                    return PlayerRef{c, seat};
                }
    }
    return std::nullopt;
}

bool ChessballMatch::reserve(PlayerRef p) const {
    return rules_.substitutes && ownership_[p.team].files_of(p.index).empty() && !substituted(p) &&
           !removed(p);
}

int ChessballMatch::ownership_file(chess::Square s) const {
    if (rules_.ownership == Ownership::CURRENT_FILE) return chess::file_of(s);
    const chess::PieceId id = game_.position().id_on(s);
    return id == chess::NO_PIECE_ID ? chess::file_of(s) : start_file_[id];
}

std::array<int, chess::SQUARE_NB> ChessballMatch::ownership_files() const {
    std::array<int, chess::SQUARE_NB> files{};
    for (int sq = 0; sq < chess::SQUARE_NB; ++sq)
        files[std::size_t(sq)] = ownership_file(chess::Square(sq));
    return files;
}

// CB-2.3 with CB-A1 (by default the file the piece stands on now; start_file: the file it
// started on) and CB-A2 (castling belongs to the owner of the king's file: the king's move).
bool ChessballMatch::owns_move(PlayerRef p, chess::Move m) const {
    const auto his = [&](chess::Square s) {
        return ownership_[p.team].owner(ownership_file(s)) == p.index;
    };
    // CB-A7 (agreed): the target square's file must be his as well (a castling king's too).
    if (rules_.destination_restricted &&
        ownership_[p.team].owner(chess::file_of(m.to())) != p.index)
        return false;
    if (m.kind() != chess::MoveKind::CASTLING) return his(m.from());
    // CB-A2: castling is a king move; the option says whether the rook's owner counts.
    const chess::Square rook = chess::Square(m.from() + (m.to() > m.from() ? 3 : -4));
    switch (rules_.castling) {
        case Castling::KING_OWNER:
            return his(m.from());
        case Castling::SAME_OWNER_ONLY:
            return his(m.from()) && his(rook);
        case Castling::ROOK_OWNER_TOO:
            return his(m.from()) || his(rook);
        case Castling::FORBIDDEN:
            return false;
    }
    return false;
}

bool ChessballMatch::has_legal_move(PlayerRef p) const {
    for (chess::Move m : chess::legal_moves(game_.position()))
        if (owns_move(p, m)) return true;
    return false;
}

void ChessballMatch::refuse_claim(PlayerRef p, int button, const char* code, const char* rule,
                                  const std::string& why, bool release, std::vector<Decision>& out,
                                  std::int64_t margin_us) {
    out.push_back({ClaimRefused{config_.id, p.team, player(p).id, code, margin_us}, rule, why});
    // The hub granted the lockout by itself; the host overrides it.
    if (release)
        out.push_back({DeviceCommand{"hub", DeviceAction::CLAIM_RELEASE, p.team, 0, button}, rule,
                       "release the claim the hub granted"});
}

void ChessballMatch::on(const ClaimPressed& e, std::vector<Decision>& out) {
    auto p = player_of_button(e.button);
    if (!p) {
        ignore("CB-3.2", "button " + std::to_string(e.button) + " belongs to no player", out);
        return;
    }
    if (finished(out)) return;
    switch (e.verdict) {
        case ClaimVerdict::OUT_OF_TURN:
            refuse_claim(*p, e.button, "NOT_TEAM_TURN", "CB-A6",
                         name(*p) + " pressed while the other team is to move", false, out);
            return;
        case ClaimVerdict::LATE:
            if (holder_ && *holder_ == *p) {  // his own button again: CB-A5
                release_by_press(*p, e.button, out);
                return;
            }
            refuse_claim(*p, e.button, "CLAIM_HELD", "CB-3.2",
                         name(*p) + " pressed " +
                             margin_text(e.margin_us, e.margin_within_us, "us") +
                             " after the claim was taken",
                         false, out, e.margin_us);
            return;
        case ClaimVerdict::TIE:
            if (rules_.claim_tie == ClaimTie::REJECT_BOTH) {
                // The hub granted the drawn button; the agreed rule takes it back from him too.
                refuse_claim(*p, e.button, "TIE_REJECTED", "CB-A3",
                             name(*p) +
                                 " tied with another press in one hub sample: every press "
                                 "of a tie is refused (claim_tie = reject_both); press "
                                 "again",
                             e.winner == e.button, out);
                return;
            }
            if (e.winner != e.button) {
                refuse_claim(*p, e.button, "TIE_LOST", "CB-A3",
                             name(*p) + " tied in the same sample; the hub's draw (" + e.tie_rule +
                                 ") chose button " + std::to_string(e.winner),
                             false, out);
                return;
            }
            break;
        case ClaimVerdict::ACCEPTED:
            break;
    }
    const char* grant_rule = e.verdict == ClaimVerdict::TIE ? "CB-A3" : "CB-3.2";
    if (removed(*p)) {
        refuse_claim(*p, e.button, "REMOVED", "CB-6.4.4.5", name(*p) + " has been removed", true,
                     out);
    } else if (reserve(*p)) {
        refuse_claim(*p, e.button, "RESERVE", "CB-A25",
                     name(*p) + " is a reserve: he plays only once he has come on", true, out);
    } else if (phase_ == MatchPhase::PAUSED) {
        refuse_claim(*p, e.button, "PAUSED", "CB-6.2.2.1", "the judge has paused the game", true,
                     out);
    } else if (p->team != game_.position().side_to_move()) {
        refuse_claim(*p, e.button, "NOT_TEAM_TURN", "CB-1.4",
                     std::string(team_name(p->team)) + " is not to move", true, out);
    } else if (restore_required_ || !restore_squares_.empty()) {
        refuse_claim(*p, e.button, "BOARD_NOT_RESTORED", "X-6",
                     "the board must match the game position first", true, out);
    } else if (holder_ && !(*holder_ == *p)) {
        refuse_claim(*p, e.button, "CLAIM_HELD", "CB-3.2", name(*holder_) + " holds the claim",
                     true, out);
    } else {
        const bool can_move = has_legal_move(*p);  // the move generator once per press
        if (!can_move && !rules_.claim_without_moves) {
            refuse_claim(*p, e.button, "NO_LEGAL_MOVE", "CB-A4",
                         name(*p) + " has no legal move on his files " +
                             ownership_[p->team].files_of(p->index),
                         true, out);
            return;
        }
        holder_ = *p;
        std::string why = name(*p) + " claims the move (button " + std::to_string(e.button) + ")";
        if (e.verdict == ClaimVerdict::TIE)
            why += "; a tie in one sample, won by the hub's draw (" + e.tie_rule + ")";
        if (!can_move)  // CB-A4 accept
            why += "; he has no legal move on his files: he must release the claim";
        out.push_back({ClaimGranted{config_.id, player(*p).id, e.button}, grant_rule, why});
    }
}

void ChessballMatch::on(const MoveSensed& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    if (!holder_) {
        displacement("a piece moved (" + e.uci + ") while nobody holds the claim", out);
        return;
    }
    auto m = chess::parse_uci(game_.position(), e.uci);
    if (!m) {
        impossible_move(e.uci + " is not a legal move", out);
        return;
    }
    if (!owns_move(*holder_, *m)) {
        impossible_move(not_his_move(*m), out);
        return;
    }
    // CB-A9 with CB-A17: the first man he lifted, if it can move, is the one he must move (the
    // judge rules on it: a lift may have been an adjustment the board cannot tell).
    if (rules_.touch_move && touched_ && m->from() != *touched_) {
        const chess::Square t = *touched_;
        const chess::MoveList moves = chess::legal_moves(game_.position());
        const bool could = std::any_of(moves.begin(), moves.end(), [&](chess::Move x) {
            return x.from() == t && owns_move(*holder_, x);
        });
        if (could)
            out.push_back(
                {ArbiterFlag{config_.id, holder_->team, "TOUCH_MOVE", e.board}, "CB-A9",
                 name(*holder_) + " lifted the man on " + chess::square_to_string(t) +
                     " first, which can move, then moved " + e.uci +
                     ": touch-move (FIDE 4.3); the judge rules (a lift may be an adjustment)"});
    }
    const std::size_t first = out.size();
    ChessMatch::on(e, out);  // a legal move of his: waits for the clock press (or mates at once)
    cite_ending(first, out);
    if (phase_ == MatchPhase::FINISHED) holder_.reset();
}

// The squares the claim holder may change while he makes his move: those of his files and
// those any legal move of his touches (a capture's target, a castling rook's, an en passant
// pawn's). A change anywhere else is not his move in progress.
std::vector<chess::Square> ChessballMatch::holder_reach(PlayerRef p) const {
    std::array<bool, chess::SQUARE_NB> reach{};
    for (int s = 0; s < chess::SQUARE_NB; ++s)
        reach[std::size_t(s)] =
            ownership_[p.team].owner(ownership_file(chess::Square(s))) == p.index;
    for (chess::Move m : chess::legal_moves(game_.position())) {
        if (!owns_move(p, m)) continue;
        reach[m.to()] = true;
        if (m.kind() == chess::MoveKind::CASTLING) {
            const bool king_side = m.to() > m.from();
            reach[std::size_t(m.from() + (king_side ? 3 : -4))] = true;
            reach[std::size_t(m.from() + (king_side ? 1 : -1))] = true;
        }
        if (m.kind() == chess::MoveKind::EN_PASSANT)
            reach[std::size_t(
                chess::make_square(chess::file_of(m.to()), chess::rank_of(m.from())))] = true;
    }
    std::vector<chess::Square> squares;
    for (int s = 0; s < chess::SQUARE_NB; ++s)
        if (reach[std::size_t(s)]) squares.push_back(chess::Square(s));
    return squares;
}

void ChessballMatch::on(const BoardMismatch& e, std::vector<Decision>& out) {
    if (phase_ == MatchPhase::FINISHED) return;
    if (!holder_) {
        restore_squares_ = e.squares;
        displacement("the board changed while nobody holds the claim", out);
        return;
    }
    // CB-4.2 with CB-A8: during a claim, a change the holder's move cannot make (a man knocked
    // on a file he does not own, away from every square his moves reach) is a displacement by
    // someone else: the judge is told which squares, and attributes it. The holder's move in
    // progress goes on being read.
    const std::vector<chess::Square> reach = holder_reach(*holder_);
    std::vector<chess::Square> foreign;
    for (chess::Square s : e.squares)
        if (std::find(reach.begin(), reach.end(), s) == reach.end()) foreign.push_back(s);
    if (!foreign.empty() && foreign != flagged_squares_) {
        std::string where;
        for (chess::Square s : foreign)
            where += (where.empty() ? "" : ", ") + chess::square_to_string(s);
        out.push_back({ArbiterFlag{config_.id, holder_->team, "DISPLACEMENT", e.board}, "CB-4.2",
                       "the board changed on " + where + ", where no move of " + name(*holder_) +
                           " reaches: a displacement during his claim; the judge attributes it "
                           "(CB-A8) and has it set back"});
    }
    flagged_squares_ = foreign;
    ChessMatch::on(e, out);
}

void ChessballMatch::on(const ClockPressed& e, std::vector<Decision>& out) {
    if (finished(out)) return;
    if (e.side != game_.position().side_to_move() || phase_ == MatchPhase::PAUSED) {
        ChessMatch::on(e, out);
        return;
    }
    if (holder_ && pending_ && !restore_required_) {
        const PlayerRef mover = *holder_;
        const std::size_t first = out.size();
        ChessMatch::on(e, out);
        cite_ending(first, out);
        automatic_draws(out);
        holder_ = mover;
        end_claim("CB-6.3", "the clock press completes the move and ends the claim", out);
        return;
    }
    impossible_move(holder_ ? "the clock was pressed without a legal move of " + name(*holder_)
                            : std::string("the clock was pressed with no claim and no move"),
                    out);
}

// Nobody may claim a draw for a team that may not speak (CB-A12, A13), unless the conditions let
// the captains claim the 50-move rule (fifty_move_mode = captain_claim), through the judge.
void ChessballMatch::on(const DrawClaimed& e, std::vector<Decision>& out) {
    if (e.kind == DrawClaimKind::THREEFOLD || !rules_.fifty_move_claim) {
        ignore(
            e.kind == DrawClaimKind::THREEFOLD ? "CB-A13" : "CB-A12",
            e.kind == DrawClaimKind::THREEFOLD
                ? "no team may claim a repetition in Chessball: the repetition rule is automatic "
                  "or off, as agreed (repetition)"
                : "no team may claim the 50-move rule: it draws by itself (fifty_move_mode = "
                  "auto)",
            out);
        return;
    }
    if (finished(out)) return;
    const int plies = rules_.fifty_move_plies;
    int quiet = game_.position().halfmove_clock();
    if (!e.intended_uci.empty()) {
        auto m = e.side == game_.position().side_to_move()
                     ? chess::parse_uci(game_.position(), e.intended_uci)
                     : Result<chess::Move, std::string>(unexpected(std::string("not on move")));
        if (!m) {
            out.push_back({ClaimRefused{config_.id, e.side, "", "ILLEGAL_INTENDED_MOVE", 0},
                           "CB-A12",
                           "the intended move " + e.intended_uci + " is not a legal move of " +
                               team_name(e.side)});
            return;
        }
        chess::Position after = game_.position();
        after.do_move(*m);
        quiet = after.halfmove_clock();
    }
    if (quiet >= plies) {
        end(draw(), "50-move rule", "CB-A12",
            std::string(team_name(e.side)) +
                "'s captain claims the 50-move rule: " + std::to_string(quiet) +
                " plies without a pawn move or capture (" + std::to_string(plies) + " needed)",
            out);
        holder_.reset();
        return;
    }
    out.push_back({ClaimRefused{config_.id, e.side, "", "INCORRECT_CLAIM", 0}, "CB-A12",
                   std::string(team_name(e.side)) + "'s captain claims the 50-move rule after " +
                       std::to_string(quiet) + " quiet plies; " + std::to_string(plies) +
                       " are needed"});
    add_time(~e.side, config_.penalties.incorrect_claim_bonus_ms, "CB-A12",
             std::string(team_name(~e.side)) + " receives " +
                 std::to_string(config_.penalties.incorrect_claim_bonus_ms / 1000) +
                 " s for the incorrect claim (the Laws' 9.5.3)",
             out);
}

// CB-5.2.2 with CB-A10: by default the Laws' Art. 6.9 decides (the decision names the clause);
// flag_rule = strict_loss reads CB-5.2.2 literally: the flag loses.
void ChessballMatch::on(const FlagFell& e, std::vector<Decision>& out) {
    if (rules_.flag_strict_loss) {
        if (finished(out)) return;
        clock_.of(e.side) = 0;
        end(win_for(~e.side), "time forfeit", "CB-5.2.2",
            std::string(team_name(e.side)) +
                "'s flag fell: the team loses, whatever the other can still do (flag_rule = "
                "strict_loss, CB-A10)",
            out);
        holder_.reset();
        return;
    }
    const std::size_t first = out.size();
    ChessMatch::on(e, out);
    cite_ending(first, out);
    holder_.reset();
}

// CB-5.3.3 with CB-A12: 50 moves by each team (100 plies), drawn without a claim.
void ChessballMatch::carry_start_files(const chess::Position& old,
                                       std::optional<chess::PhysicalMove> moved) {
    std::array<int, chess::SQUARE_NB> carried{};
    for (int sq = 0; sq < chess::SQUARE_NB; ++sq) {
        const chess::Square was =
            moved && chess::Square(sq) == moved->to ? moved->from : chess::Square(sq);
        const chess::PieceId id = old.id_on(was);
        carried[std::size_t(sq)] =
            id == chess::NO_PIECE_ID ? chess::file_of(chess::Square(sq)) : start_file_[id];
    }
    start_file_ = carried;
}

void ChessballMatch::automatic_draws(std::vector<Decision>& out) {
    if (phase_ == MatchPhase::FINISHED) return;
    const int plies = rules_.fifty_move_plies;
    const int quiet = game_.position().halfmove_clock();
    if (!rules_.fifty_move_claim && quiet >= plies) {
        end(draw(), "50-move rule", "CB-5.3.3",
            (plies == 100 ? std::string("50 moves by each team")
                          : std::to_string(plies) + " plies") +
                " without a pawn move or capture (automatic, CB-A12)",
            out);
        return;
    }
    // The Laws' 75 moves stay automatic when the captains claim the 50 (the position ends it
    // before a fifth repetition would, which is why it is checked here too: with repetition =
    // off the Game's status names the repetition first).
    if (quiet >= 150) {
        end(draw(), "75-move rule", "CB-A12",
            "75 moves by each team without a pawn move or capture (the Laws' 9.6.2, automatic)",
            out);
        return;
    }
    if (rules_.repetition == Repetition::THREEFOLD_AUTO && game_.repetition_count() >= 3)
        end(draw(), "threefold repetition", "CB-A13",
            "the same position has appeared three times (repetition = threefold_auto, no claim "
            "needed)",
            out);
}

bool ChessballMatch::automatic_draw(chess::GameStatus s) const {
    return s != chess::GameStatus::FIVEFOLD_REPETITION || rules_.repetition != Repetition::OFF;
}

// CB-A5: the holder's own button again. Only on the game's position: with his move on the
// board the clock press completes it, and a half-made move must be finished or taken back.
void ChessballMatch::release_by_press(PlayerRef p, int button, std::vector<Decision>& out) {
    if (rules_.claim_release == ClaimRelease::FORBIDDEN) {
        refuse_claim(p, button, "RELEASE_FORBIDDEN", "CB-A5",
                     name(p) +
                         " pressed again: he keeps the claim until he moves (claim_release = "
                         "forbidden); the judge may release it",
                     false, out);
        return;
    }
    if (pending_ || restore_required_ || !restore_squares_.empty()) {
        refuse_claim(p, button, "MOVE_ON_BOARD", "CB-A5",
                     name(p) +
                         " pressed again with the board not on the game's position: the clock "
                         "press completes his move; a move begun must be finished or put back "
                         "before he can release the claim",
                     false, out);
        return;
    }
    out.push_back({DeviceCommand{"hub", DeviceAction::CLAIM_RELEASE, p.team, 0, button}, "CB-A5",
                   "release the claim in the hub"});
    end_claim("CB-A5", name(p) + " released the claim by pressing again; his team's clock runs on",
              out);
    if (rules_.claim_release == ClaimRelease::WARNING)
        warn(p, "released the claim without a move (claim_release = warning)", "CB-A5", false, out);
}

bool ChessballMatch::draw_offer_open() const {
    return draw_offer_ && game_.ply_count() < draw_offer_->lapses_at_ply &&
           draw_offer_->part == parts_.size();
}

std::vector<std::pair<std::string, std::string>> ChessballMatch::facts() const {
    std::vector<std::pair<std::string, std::string>> f;
    f.push_back({"Conditions", confirmed_[0] && confirmed_[1] ? "signed by both captains"
                               : confirmed_[0]                ? "signed by White's captain only"
                               : confirmed_[1]                ? "signed by Black's captain only"
                                               : "not signed by the captains (CB-6.1)"});
    if (!rules_.judge_present)
        f.push_back({"Judge", "none: warnings for impossible moves apply at once (CB-6.1)"});
    if (rules_.one_hand)
        f.push_back({"One hand", "agreed: the judge warns for both hands (CB-4.1)"});
    if (rules_.substitutes) {
        std::string waiting;
        for (chess::Color c : {chess::WHITE, chess::BLACK})
            for (std::size_t i = 0; i < config_.side(c).players.size(); ++i)
                if (reserve(PlayerRef{c, int(i)}))
                    waiting += (waiting.empty() ? "" : ", ") + config_.side(c).players[i].id;
        f.push_back({"Reserves", waiting.empty() ? "none left (CB-A25)"
                                                 : waiting + " (CB-A25: while the team's clock "
                                                             "is stopped)"});
    }
    if (rules_.captain_timeouts > 0) {
        auto left = [&](chess::Color c) {
            return std::to_string(rules_.captain_timeouts - timeouts_used_[c]);
        };
        f.push_back({"Time-outs left",
                     "White " + left(chess::WHITE) + ", Black " + left(chess::BLACK) + " (" +
                         std::to_string(rules_.captain_timeout_ms / 1000) + " s each, CB-A15)"});
    }
    if (rules_.captain_draw_offers)
        f.push_back({"Draw offer", draw_offer_open()
                                       ? std::string(team_name(draw_offer_->team)) +
                                             "'s, open: " + team_name(~draw_offer_->team) +
                                             "'s captain accepts or declines"
                                       : std::string("none open (CB-A14)")});
    if (rules_.fifty_move_claim)
        f.push_back({"50-move count", std::to_string(game_.position().halfmove_clock()) + " of " +
                                          std::to_string(rules_.fifty_move_plies) +
                                          " quiet plies (a captain may claim then, CB-A12)"});
    return f;
}

// The captains' entries, made by the judge for them (a captain may speak to the judge only).
void ChessballMatch::on(const GameInput& e, std::vector<Decision>& out) {
    if (e.kind == "fifty_move_claim") {  // the console's form of DrawClaimed (CB-A12)
        const auto intended = e.args.find("intended");
        on(DrawClaimed{config_.id, e.side == 1 ? chess::BLACK : chess::WHITE,
                       DrawClaimKind::FIFTY_MOVES,
                       intended == e.args.end() ? std::string() : intended->second},
           out);
        return;
    }
    const bool ours = e.kind == "draw_offer" || e.kind == "draw_accept" ||
                      e.kind == "draw_decline" || e.kind == "captain_timeout" ||
                      e.kind == "confirm_conditions" || e.kind == "substitute";
    if (!ours) {
        ChessMatch::on(e, out);
        return;
    }
    if (e.side != chess::WHITE && e.side != chess::BLACK) {
        ignore("CB-2.1", "'" + e.kind + "' names no team (side " + std::to_string(e.side) + ")",
               out);
        return;
    }
    if (finished(out)) return;
    const chess::Color team = chess::Color(e.side);
    if (e.kind == "captain_timeout")
        captain_timeout(team, out);
    else if (e.kind == "confirm_conditions")
        confirm_conditions(team, out);
    else if (e.kind == "substitute")
        substitute(e, team, out);
    else
        draw_entry(e, team, out);
}

// CB-A25 (agreed): a reserve takes a player's seat, his files and his buttons, while the team's
// clock is stopped (the other team on move, or the judge's pause). Warnings are a player's own:
// the reserve comes on with none, and the player going off keeps his in the record. A removed
// player's place is not filled (the removal is a penalty, CB-6.4.3).
void ChessballMatch::substitute(const GameInput& e, chess::Color team, std::vector<Decision>& out) {
    const std::string who = std::string(team_name(team)) + "'s captain";
    if (!rules_.substitutes) {
        ignore("CB-A25", "no substitutes: the roster is fixed at the start (substitutes = off)",
               out);
        return;
    }
    auto arg = [&](const char* key) {
        const auto it = e.args.find(key);
        return it == e.args.end() ? std::string() : it->second;
    };
    const auto going = find_player(arg("out"));
    const auto coming = find_player(arg("in"));
    std::string why;
    if (!going || going->team != team)
        why = "'" + arg("out") + "' is not a player of " + team_name(team);
    else if (!coming || coming->team != team)
        why = "'" + arg("in") + "' is not a player of " + team_name(team);
    else if (!reserve(*coming))
        why = name(*coming) + " is not a reserve waiting to come on";
    else if (removed(*going))
        why = name(*going) + " has been removed: his place is not filled (CB-6.4.3)";
    else if (reserve(*going) || substituted(*going))
        why = name(*going) + " is not on the team now";
    else if (game_.position().side_to_move() == team && phase_ == MatchPhase::PLAYING)
        why = std::string(team_name(team)) +
              "'s clock is running: a substitution waits until the other team is to move or the "
              "judge pauses";
    if (!why.empty()) {
        ignore("CB-A25", who + " asks for a substitution: " + why, out);
        return;
    }
    const std::string files = ownership_[team].files_of(going->index);
    ownership_[team].transfer(going->index, coming->index);
    heir_[team][std::size_t(going->index)] = coming->index;
    out.push_back({GameNews{config_.id,
                            "substitution",
                            {{"team", team_name(team)},
                             {"out", player(*going).id},
                             {"in", player(*coming).id},
                             {"files", files}}},
                   "CB-A25",
                   name(*coming) + " comes on for " + name(*going) + ": his files " + files +
                       " and his seat's button(s) are " + player(*coming).id + "'s now"});
}

// CB-6.1: the captains sign the agreed conditions (the match's config: time control, warning
// bonus, the CB-A options) before the start; the first move freezes them (X-5). A missing
// signature does not stop the game: the judge starts it, and the log shows who signed.
void ChessballMatch::confirm_conditions(chess::Color team, std::vector<Decision>& out) {
    const std::string who = std::string(team_name(team)) + "'s captain";
    if (game_.ply_count() > 0 || !parts_.empty()) {
        ignore("CB-6.1",
               who +
                   " confirms the conditions after the start: they were frozen at the first "
                   "clock start (X-5)",
               out);
        return;
    }
    if (confirmed_[team]) {
        ignore("CB-6.1", who + " has confirmed the conditions already", out);
        return;
    }
    confirmed_[team] = true;
    out.push_back({GameNews{config_.id, "conditions_confirmed", {{"team", team_name(team)}}},
                   "CB-6.1",
                   who + " confirms the agreed conditions" +
                       (confirmed_[~team]
                            ? std::string(": both captains have signed")
                            : "; " + std::string(team_name(~team)) + "'s captain has not yet")});
}

// CB-A15 (agreed): the captain's time-out stops both clocks; the judge resumes when it is over
// (the core reads no clock: the console counts the seconds down).
void ChessballMatch::captain_timeout(chess::Color team, std::vector<Decision>& out) {
    const std::string who = std::string(team_name(team)) + "'s captain";
    if (rules_.captain_timeouts == 0) {
        ignore("CB-A15", who + " asks for a time-out: there are none (captain_timeouts = 0)", out);
        return;
    }
    int& used = timeouts_used_[team];
    if (used >= rules_.captain_timeouts) {
        ignore("CB-A15",
               who + " asks for a time-out: " + team_name(team) + " has used its " +
                   std::to_string(rules_.captain_timeouts) + " (captain_timeouts)",
               out);
        return;
    }
    if (phase_ != MatchPhase::PLAYING) {
        ignore("CB-A15",
               who + " asks for a time-out while the clocks are not running (" +
                   (phase_ == MatchPhase::PAUSED ? "paused" : "before the first move") + ")",
               out);
        return;
    }
    ++used;
    phase_ = MatchPhase::PAUSED;
    const std::string seconds = std::to_string(rules_.captain_timeout_ms / 1000);
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, team, 0, 0}, "CB-A15",
                   "the clocks stop for " + who + "'s time-out"});
    out.push_back({GameNews{config_.id,
                            "captain_timeout",
                            {{"team", team_name(team)},
                             {"seconds", seconds},
                             {"used", std::to_string(used)},
                             {"left", std::to_string(rules_.captain_timeouts - used)}}},
                   "CB-A15",
                   who + " calls a time-out (" + std::to_string(used) + " of " +
                       std::to_string(rules_.captain_timeouts) + "): the clocks stop for " +
                       seconds + " s; the judge resumes when it is over"});
}

// CB-A14: by default no draw offers (a team that may not talk cannot offer one). With
// captain_draw_offers = on a captain offers through the judge, the other captain accepts or
// declines; an offer lapses with the next completed move.
void ChessballMatch::draw_entry(const GameInput& e, chess::Color team, std::vector<Decision>& out) {
    const std::string who = std::string(team_name(team)) + "'s captain";
    if (!rules_.captain_draw_offers) {
        ignore("CB-A14",
               "no draw offers in Chessball (captain_draw_offers = off): a team resigns only "
               "through its captain, by the judge's Declare result",
               out);
        return;
    }
    const bool open = draw_offer_open();
    if (e.kind == "draw_offer") {
        if (open && draw_offer_->team == team) {
            ignore("CB-A14", who + " has offered a draw already", out);
            return;
        }
        // Open until the other team has completed a move: made on his own turn, the offer
        // outlives his move.
        const bool on_move = game_.position().side_to_move() == team;
        draw_offer_ = DrawOffer{team, game_.ply_count() + (on_move ? 2u : 1u), parts_.size()};
        out.push_back({GameNews{config_.id, "draw_offered", {{"team", team_name(team)}}}, "CB-A14",
                       who + " offers a draw; " + team_name(~team) +
                           "'s captain accepts or declines (the offer lapses with the next move)"});
        return;
    }
    if (!open || draw_offer_->team == team) {
        ignore("CB-A14", who + " answers a draw offer, but " + team_name(~team) + " has none open",
               out);
        return;
    }
    draw_offer_.reset();
    if (e.kind == "draw_accept") {
        end(draw(), "agreement", "CB-A14",
            who + " accepts " + team_name(~team) + "'s offer: the game is drawn", out);
        holder_.reset();
        return;
    }
    out.push_back({GameNews{config_.id, "draw_declined", {{"team", team_name(team)}}}, "CB-A14",
                   who + " declines the draw offer; play goes on"});
}

// The Laws decide how a game ends (X-1); the catalogue names the Chessball clause
// (the Laws' article stays in the reason).
void ChessballMatch::cite_ending(std::size_t first, std::vector<Decision>& out) const {
    if (phase_ != MatchPhase::FINISHED) return;
    const char* rule = nullptr;
    if (termination_ == "checkmate")
        rule = "CB-5.2.1";
    else if (termination_ == "stalemate")
        rule = "CB-5.3.1";
    else if (termination_ == "dead position")
        rule = "CB-5.3.2";
    else if (termination_ == "fivefold repetition")
        rule = "CB-A13";
    else if (termination_ == "75-move rule")
        rule = "CB-A12";
    else if (termination_ == "time forfeit")
        rule = outcome_.is_draw() ? "CB-A10" : "CB-5.2.2";
    if (!rule) return;
    bool ended = false;
    for (std::size_t i = first; i < out.size(); ++i) {
        Decision& d = out[i];
        ended = ended || std::holds_alternative<GameEnded>(d.body);
        if (!ended || d.rule.rfind("FIDE-", 0) != 0) continue;
        d.reason += " (Laws of Chess, Art. " + d.rule.substr(5) + ")";
        d.rule = rule;
    }
}

void ChessballMatch::end_claim(const char* rule, const std::string& why,
                               std::vector<Decision>& out) {
    if (!holder_) return;
    out.push_back({ClaimEnded{config_.id, player(*holder_).id}, rule, why});
    holder_.reset();
    flagged_squares_.clear();
    touched_.reset();
}

// CB-A9: a DGT board reports each square as it changes; the first of the claim holder's own men
// to leave its square is the one he touched. (DGT code 0: the square is empty.)
void ChessballMatch::on(const BoardFieldUpdate& e, std::vector<Decision>& /*out*/) {
    constexpr int DGT_EMPTY = 0;
    if (!holder_ || touched_ || !e.square || e.piece_code != DGT_EMPTY) return;
    // Only a man he may move binds him: one of his team's on a file he owns (a teammate's man he
    // lifts is an impossible move of its own, CB-6.4.2.2, not a touch).
    const chess::Piece was = game_.position().piece_on(*e.square);
    if (was == chess::NO_PIECE || chess::color_of(was) != holder_->team) return;
    if (ownership_[holder_->team].owner(ownership_file(*e.square)) != holder_->index) return;
    touched_ = *e.square;
}

// CB-6.4.2.2: an impossible move must be taken back, and its maker is warned.
void ChessballMatch::impossible_move(const std::string& what, std::vector<Decision>& out) {
    pending_.reset();
    restore_required_ = true;
    out.push_back({RestoreRequired{config_.id, game_.position().fen(), restore_squares_},
                   "CB-6.4.2.2", what + ": restore the position"});
    // CB-A18: the offending team's clock keeps running while the position is restored, or
    // (pause_on_illegal) the clocks stop until the board shows the position again.
    const chess::Color to_move = game_.position().side_to_move();
    clock_.running = to_move;
    if (!rules_.pause_on_illegal || phase_ != MatchPhase::PAUSED)
        out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RUN, to_move, 0, 0}, "CB-A18",
                       std::string(team_name(to_move)) + "'s clock keeps running"});
    if (rules_.pause_on_illegal && phase_ != MatchPhase::PAUSED) {
        // Its clock is the one on move (above), stopped until the board is restored.
        phase_ = MatchPhase::PAUSED;
        paused_for_restore_ = true;
        out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, to_move, 0, 0}, "CB-A18",
                       "the clocks stop while the position is restored (pause_on_illegal)"});
    }
    if (!holder_) return;
    warn(*holder_, what, "CB-6.4.2.2", false, out);  // CB-A17: by default he keeps the claim
    if (holder_ && rules_.release_after_illegal) {
        out.push_back({DeviceCommand{"hub", DeviceAction::CLAIM_RELEASE, holder_->team, 0, 0},
                       "CB-A17", "the claim goes back to the team (after_illegal)"});
        end_claim("CB-A17",
                  name(*holder_) +
                      " made an impossible move: the claim goes back to "
                      "his team (after_illegal = release_to_team)",
                  out);
    }
}

// CB-A18 pause_on_illegal: the board shows the position again, the clocks run again.
void ChessballMatch::on(const BoardRestored& e, std::vector<Decision>& out) {
    ChessMatch::on(e, out);
    if (!paused_for_restore_ || restore_required_) return;
    paused_for_restore_ = false;
    if (phase_ != MatchPhase::PAUSED) return;
    phase_ = phase_on_resume();
    out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RESUME, chess::WHITE, 0, 0}, "CB-A18",
                   "the position is restored: the clocks run again"});
}

// CB-4.2 with CB-A8: the board shows a change but not who made it.
void ChessballMatch::displacement(const std::string& what, std::vector<Decision>& out) {
    pending_.reset();
    restore_required_ = true;
    out.push_back({RestoreRequired{config_.id, game_.position().fen(), restore_squares_}, "CB-4.2",
                   what + "; the judge attributes it (CB-A8) and the position is restored"});
}

void ChessballMatch::warn(PlayerRef p, const std::string& reason, const char* rule, bool judge,
                          std::vector<Decision>& out) {
    if (judge || rules_.auto_warnings || !rules_.judge_present) {
        give_warning(p, reason, rule, out);
        return;
    }
    const int ref = int(proposals_.size()) + 1;
    proposals_.push_back({ref, p, reason, true});
    out.push_back(
        {WarningProposed{config_.id, ref, player(p).id, reason}, rule,
         "warning " + std::to_string(ref) + " for " + name(p) + " waits for the judge: " + reason});
}

void ChessballMatch::give_warning(PlayerRef p, const std::string& reason, const char* rule,
                                  std::vector<Decision>& out) {
    if (removed(p)) return;
    const int count = ++warnings_[p.team][std::size_t(p.index)];
    out.push_back({WarningGiven{config_.id, player(p).id, count, reason}, rule,
                   name(p) + ": warning " + std::to_string(count) + ", " + reason});
    const ChessballRules& rules = rules_;
    const bool removal = count >= rules.warnings_to_remove;
    if (!removal || rules.third_warning_bonus)
        add_time(~p.team, rules.warning_bonus_ms, "CB-6.4.2.5",
                 std::string(team_name(~p.team)) + " receives " +
                     std::to_string(rules.warning_bonus_ms / 1000) + " s for the warning",
                 out);
    if (removal)
        remove(p, "CB-6.4.3.1", name(p) + " has received " + std::to_string(count) + " warnings",
               out);
}

void ChessballMatch::remove(PlayerRef p, const char* rule, const std::string& why,
                            std::vector<Decision>& out) {
    if (removed(p)) return;
    RemovalPlan plan = plan_removal(game_.position(), p.team, ownership_[p.team], p.index,
                                    removed_[p.team], ownership_files(), rules_.succession);
    removed_[p.team][std::size_t(p.index)] = true;
    if (holder_ && *holder_ == p) end_claim(rule, name(p) + " is removed", out);
    const std::string files = ownership_[p.team].files_of(p.index);
    // CB-6.4.4.4 with CB-A22: one recipient by default; per_file names each file's.
    std::string to, passes;
    for (char f : files) {
        const int heir = plan.file_to[std::size_t(f - 'a')];
        if (heir < 0) continue;
        ownership_[p.team].transfer_file(f - 'a', heir);
        const std::string id = player(PlayerRef{p.team, heir}).id;
        if (to.find(id) == std::string::npos) to += (to.empty() ? "" : ",") + id;
        passes += (passes.empty() ? "" : ", ") + std::string(1, f) + " to " + id;
    }
    const bool one_heir = to.find(',') == std::string::npos;
    out.push_back({PlayerRemoved{config_.id, player(p).id, plan.squares, to}, rule,
                   why + "; his files " + files +
                       (to.empty() ? ""
                        : one_heir ? " pass to " + to
                                   : " pass: " + passes) +
                       " (CB-6.4.4.4)"});
    for (int b : player(p).buttons)
        out.push_back({DeviceCommand{"hub", DeviceAction::CLAIM_DISABLE_BUTTON, p.team, 0, b},
                       "CB-6.4.4.5", "a removed player's button is dead"});

    // CB-6.4.4.1: his team's men come off; the board must show it (X-6). CB-A21: men whose
    // going would leave their king in check stay (all of them while the judge decides).
    const chess::Position before = game_.position();
    const RemovalSplit split = split_removal(before, plan.squares);
    const bool judge =
        !split.kept.empty() && rules_.removal_exposes_king == RemovalExposesKing::ARBITER;
    const std::vector<chess::Square> off = judge ? std::vector<chess::Square>{} : split.off;
    std::vector<chess::Square> stay;
    for (chess::Square s : plan.squares)
        if (std::find(off.begin(), off.end(), s) == off.end()) stay.push_back(s);
    if (!off.empty()) {
        const chess::Position edited = *without_pieces(before, off);
        carry_start_files(before);
        start_new_part(edited, "a player was removed (" + player(p).id + ")");
        restore_required_ = true;
        out.push_back({RestoreRequired{config_.id, edited.fen(), off}, "CB-6.4.4.1",
                       "take these men off the board (never the king, CB-6.4.4.2)"});
    }
    owe(stay);
    if (!split.kept.empty()) {
        const std::string shield = owed_words(split.kept);
        if (judge) {
            phase_ = MatchPhase::PAUSED;
            out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, p.team, 0, 0}, "CB-A21",
                           "the removal would leave a king in check: the judge decides (" + shield +
                               " shields it)"});
            out.push_back({ArbiterFlag{config_.id, p.team, "REMOVAL_EXPOSES_KING", ""}, "CB-A21",
                           shield + " shields " + team_name(p.team) + "'s king: every man of " +
                               player(p).id + " stays for now. Remove " + player(p).id +
                               " again to take off the others (the shielding man stays until it "
                               "no longer shields, then Remove him again), or Resume to play on "
                               "with them"});
        } else {
            out.push_back({ArbiterFlag{config_.id, p.team, "MAN_KEPT", ""}, "CB-A21",
                           shield + " stays on the board: it shields " + team_name(p.team) +
                               "'s king (removal_exposes_king = keep_blocking_piece); Remove " +
                               player(p).id + " again once it no longer does"});
        }
    }

    // CB-A23: a team with nobody left forfeits.
    bool anyone = false;
    for (bool r : removed_[p.team]) anyone |= !r;
    if (!anyone) {
        if (rules_.all_removed_forfeit) {
            end(win_for(~p.team), "forfeit", "CB-A23",
                std::string(team_name(p.team)) + " has no player left", out);
        } else {  // all_removed = arbiter
            phase_ = MatchPhase::PAUSED;
            out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_PAUSE, p.team, 0, 0}, "CB-A23",
                           "every player of the team is removed: the judge decides"});
            out.push_back({ArbiterFlag{config_.id, p.team, "ALL_REMOVED", ""}, "CB-A23",
                           std::string(team_name(p.team)) +
                               " has no player left: the judge declares the result"});
        }
        return;
    }
    if (!off.empty()) end_if_over("after the removal", out);
}

void ChessballMatch::end_if_over(const char* why, std::vector<Decision>& out) {
    const chess::GameStatus s = game_.status();
    if (s == chess::GameStatus::ONGOING || !automatic_draw(s)) return;
    if (s == chess::GameStatus::CHECKMATE)
        end(win_for(~game_.position().side_to_move()), "checkmate", "CB-5.2.1",
            std::string("checkmate ") + why, out);
    else
        end(draw(), chess::to_string(s),
            s == chess::GameStatus::STALEMATE       ? "CB-5.3.1"
            : s == chess::GameStatus::DEAD_POSITION ? "CB-5.3.2"
                                                    : "CB-5.3",
            std::string(chess::to_string(s)) + " " + why + " (CB-A21)", out);
}

void ChessballMatch::owe(const std::vector<chess::Square>& squares) {
    for (chess::Square s : squares) owed_.push_back(game_.position().id_on(s));
}

std::vector<chess::Square> ChessballMatch::owed_squares(chess::Color team) const {
    std::vector<chess::Square> squares;
    const chess::Position& pos = game_.position();
    for (chess::PieceId id : owed_) {
        const chess::Square s = pos.square_of_id(id);
        if (s != chess::SQ_NONE && chess::color_of(pos.piece_on(s)) == team) squares.push_back(s);
    }
    std::sort(squares.begin(), squares.end());
    return squares;
}

std::string ChessballMatch::owed_words(const std::vector<chess::Square>& squares) const {
    std::string words;
    for (chess::Square s : squares)
        words += (words.empty() ? "the man on " : " and the man on ") + chess::square_to_string(s);
    return words;
}

// CB-A21, later: the judge's Remove of a player already removed takes off his men still on the
// board, those whose going leaves a legal position; a man that still shields his king stays.
void ChessballMatch::finish_removal(PlayerRef p, std::vector<Decision>& out) {
    const std::vector<chess::Square> owed = owed_squares(p.team);
    if (owed.empty()) {
        ignore("CB-A21", name(p) + " is removed and none of his team's men is owed", out);
        return;
    }
    const chess::Position before = game_.position();
    const RemovalSplit split = split_removal(before, owed);
    if (split.off.empty()) {
        ignore("CB-A21",
               owed_words(split.kept) + " still shields " + team_name(p.team) + "'s king: it stays",
               out);
        return;
    }
    const chess::Position edited = *without_pieces(before, split.off);
    carry_start_files(before);
    start_new_part(edited, "the removal of " + player(p).id + " was finished");
    owed_.clear();
    owe(split.kept);
    restore_required_ = true;
    out.push_back({RestoreRequired{config_.id, edited.fen(), split.off}, "CB-A21",
                   "the judge finishes the removal of " + player(p).id +
                       ": take these men off the board" +
                       (split.kept.empty() ? std::string()
                                           : "; " + owed_words(split.kept) + " still stays")});
    if (phase_ == MatchPhase::PAUSED) {  // the judge's decision on the paused removal
        phase_ = phase_on_resume();
        out.push_back({DeviceCommand{"hub", DeviceAction::CLOCK_RESUME, p.team, 0, 0}, "CB-A21",
                       "the removal is finished: the clocks run"});
    }
    end_if_over("after the removal", out);
}

void ChessballMatch::on(const ArbiterAction& e, std::vector<Decision>& out) {
    using K = ArbiterActionKind;
    const bool team_action = e.kind == K::WARN || e.kind == K::REMOVE ||
                             e.kind == K::CONFIRM_WARNING || e.kind == K::REJECT_WARNING ||
                             e.kind == K::RELEASE_CLAIM;
    if (!team_action) {
        const std::size_t plies = game_.ply_count(), parts = parts_.size(), first = out.size();
        const chess::Position before = game_.position();
        ChessMatch::on(e, out);
        cite_ending(first, out);
        if (e.kind == K::RESTORE_POSITION) holder_.reset();
        if (e.kind == K::ILLEGAL_MOVE_STANDS && parts_.size() > parts) {
            // Stood, so it parsed.
            const chess::PhysicalMove moved = *chess::parse_physical_move(e.text);
            carry_start_files(before, moved);
            // CB-A21: the owed men's ids in the new part (its ids are its squares).
            std::vector<chess::Square> owed;
            for (chess::PieceId id : owed_) {
                const chess::Square s = before.square_of_id(id);
                if (s == chess::SQ_NONE || s == moved.to) continue;  // captured by it
                owed.push_back(s == moved.from ? moved.to : s);
            }
            owed_.clear();
            owe(owed);
            if (phase_ != MatchPhase::FINISHED) automatic_draws(out);
            end_claim("CB-6.3", "the judge let the illegal move stand: the claim ends", out);
        }
        // X-3: a move the judge enters completes the turn like a clock press (CB-6.3).
        if (e.kind == K::ENTER_MOVE && game_.ply_count() > plies) {
            automatic_draws(out);
            end_claim("CB-6.3", "the judge entered the move: the claim ends", out);
        }
        return;
    }
    if (e.note.empty()) {
        ignore("X-3", "an arbiter's action needs a note saying why", out);
        return;
    }
    if (finished(out)) return;
    switch (e.kind) {
        case K::WARN:
        case K::REMOVE: {
            auto p = find_player(e.player);
            if (!p) {
                ignore("CB-6.2.2.2", "no player '" + e.player + "'", out);
                return;
            }
            const std::string reason = e.text.empty() ? e.note : e.text;
            const bool removal = e.kind == K::REMOVE;
            std::string clause = e.clause;
            if (clause.empty()) {
                clause = clause_in_old_logs(reason, removal);
            } else if (!engine::find_penalty_ground(rules(), clause, removal)) {
                std::string grounds;
                for (const engine::PenaltyGround* g : engine::penalty_grounds(rules(), removal))
                    grounds += (grounds.empty() ? "" : ", ") + g->clause;
                ignore(removal ? "CB-6.4.3" : "CB-6.4.2",
                       "'" + clause + "' is not a ground for " +
                           (removal ? "removing a player" : "a warning") +
                           " in Chessball (the grounds: " + grounds + ")",
                       out);
                return;
            }
            if (!removal)
                give_warning(*p, reason, clause.c_str(), out);
            else if (removed(*p))
                finish_removal(*p, out);  // CB-A21: his men still owed come off now
            else
                remove(*p, clause.c_str(), "the judge removes " + name(*p) + ": " + reason, out);
            return;
        }
        case K::CONFIRM_WARNING:
        case K::REJECT_WARNING: {
            if (e.ref < 1 || std::size_t(e.ref) > proposals_.size() ||
                !proposals_[std::size_t(e.ref - 1)].open) {
                ignore("CB-6.4.2.2", "no open warning " + std::to_string(e.ref), out);
                return;
            }
            Proposal& pr = proposals_[std::size_t(e.ref - 1)];
            pr.open = false;
            if (e.kind == K::CONFIRM_WARNING)
                give_warning(pr.player, pr.reason, "CB-6.4.2.2", out);
            else
                ignore("CB-6.2.3", "the judge dismissed warning " + std::to_string(e.ref), out);
            return;
        }
        case K::RELEASE_CLAIM:
            if (!holder_) {
                ignore("CB-A5", "nobody holds the claim", out);
                return;
            }
            out.push_back({DeviceCommand{"hub", DeviceAction::CLAIM_RELEASE, holder_->team, 0, 0},
                           "CB-A5", "the judge releases the claim: " + e.note});
            end_claim("CB-A5", "released by the judge", out);
            return;
        default:
            return;
    }
}

std::string ChessballMatch::canonical_extra() const {
    std::string s = "chessball";
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        s += std::string(" ") + team_name(c) + ":";
        for (int o : ownership_[c].owners()) s += std::to_string(o);
        for (std::size_t i = 0; i < removed_[c].size(); ++i)
            s += "/" + std::to_string(warnings_[c][i]) + (removed_[c][i] ? "r" : "");
    }
    s += " holder " + (holder_ ? player(*holder_).id : std::string("-"));
    for (const Proposal& p : proposals_)
        s += " p" + std::to_string(p.ref) + (p.open ? "o" : "c") + player(p.player).id;
    // Written only while a displacement is flagged, so that other logs keep their state hashes.
    if (paused_for_restore_) s += " paused for restore";  // CB-A18, only while it is
    if (touched_) s += " touched " + chess::square_to_string(*touched_);  // CB-A9, only then
    if (!owed_.empty()) {  // CB-A21, written only while men are owed
        s += " owed";
        for (chess::PieceId id : owed_) s += " " + std::to_string(int(id));
    }
    if (draw_offer_)  // CB-A14, written only while one is recorded
        s += std::string(" draw offer ") + team_name(draw_offer_->team) + "@" +
             std::to_string(draw_offer_->lapses_at_ply) + "/" + std::to_string(draw_offer_->part);
    for (chess::Color c : {chess::WHITE, chess::BLACK})  // CB-A25, only once one came on
        for (std::size_t i = 0; i < heir_[c].size(); ++i)
            if (heir_[c][i] >= 0)
                s += " sub " + config_.side(c).players[i].id + ">" +
                     config_.side(c).players[std::size_t(heir_[c][i])].id;
    if (confirmed_[0] || confirmed_[1])  // CB-6.1, only once a captain signed
        s += std::string(" signed ") + (confirmed_[0] ? "W" : "") + (confirmed_[1] ? "B" : "");
    if (timeouts_used_[0] || timeouts_used_[1])  // CB-A15, only once one is called
        s += " timeouts " + std::to_string(timeouts_used_[0]) + "/" +
             std::to_string(timeouts_used_[1]);
    if (!flagged_squares_.empty()) {
        s += " displaced";
        for (chess::Square q : flagged_squares_) s += " " + chess::square_to_string(q);
    }
    if (rules_.ownership == Ownership::START_FILE) {
        s += "\nstart files ";
        for (int f : start_file_) s += char('a' + f);
    }
    return s + "\n";
}

std::string ChessballMatch::extra_snapshot() const {
    nlohmann::json j;
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
        nlohmann::json t;
        t["owners"] = ownership_[c].owners();
        t["removed"] = removed_[c];
        t["warnings"] = warnings_[c];
        j[c == chess::WHITE ? "white" : "black"] = t;
    }
    j["holder"] = holder_ ? nlohmann::json{int(holder_->team), holder_->index} : nlohmann::json();
    nlohmann::json props = nlohmann::json::array();
    for (const Proposal& p : proposals_)
        props.push_back({p.ref, int(p.player.team), p.player.index, p.reason, p.open});
    j["proposals"] = props;
    j["start_file"] = start_file_;
    // As square numbers, by hand: chess::Square has its own JSON form in the event codec, and a
    // second one instantiated here would break the one rule per type (the linker keeps one).
    std::vector<int> displaced;
    for (chess::Square q : flagged_squares_) displaced.push_back(int(q));
    j["displaced"] = displaced;
    j["owed"] = owed_;
    j["paused_for_restore"] = paused_for_restore_;
    j["touched"] = touched_ ? int(*touched_) : -1;
    j["draw_offer"] = draw_offer_ ? nlohmann::json{int(draw_offer_->team),
                                                   draw_offer_->lapses_at_ply, draw_offer_->part}
                                  : nlohmann::json();
    j["timeouts_used"] = timeouts_used_;
    j["confirmed"] = confirmed_;
    j["heirs"] = {heir_[0], heir_[1]};
    return j.dump();
}

bool ChessballMatch::restore_extra(std::string_view text) {
    try {
        auto j = nlohmann::json::parse(text);
        for (chess::Color c : {chess::WHITE, chess::BLACK}) {
            const auto& t = j.at(c == chess::WHITE ? "white" : "black");
            ownership_[c].set_owners(t.at("owners").get<std::array<int, 8>>());
            removed_[c] = t.at("removed").get<std::vector<bool>>();
            warnings_[c] = t.at("warnings").get<std::vector<int>>();
        }
        holder_.reset();
        if (!j.at("holder").is_null())
            holder_ = PlayerRef{chess::Color(j["holder"][0].get<int>()), j["holder"][1].get<int>()};
        proposals_.clear();
        for (const auto& p : j.at("proposals"))
            proposals_.push_back({p[0].get<int>(),
                                  PlayerRef{chess::Color(p[1].get<int>()), p[2].get<int>()},
                                  p[3].get<std::string>(), p[4].get<bool>()});
        // Snapshots written before the parts moved to Match kept them here.
        if (j.contains("segments") && parts_.empty())
            for (const auto& line : j.at("segments"))
                parts_.push_back({line.get<std::string>(), "a player was removed"});
        // Snapshots written before CB-A1's option have none: every man by his square then.
        if (j.contains("start_file"))
            start_file_ = j.at("start_file").get<std::array<int, chess::SQUARE_NB>>();
        flagged_squares_.clear();
        for (int q : j.value("displaced", std::vector<int>{}))
            flagged_squares_.push_back(chess::Square(q));
        owed_ = j.value("owed", std::vector<chess::PieceId>{});
        paused_for_restore_ = j.value("paused_for_restore", false);
        const int touched = j.value("touched", -1);
        touched_.reset();
        if (touched >= 0) touched_ = chess::Square(touched);
        draw_offer_.reset();
        if (j.contains("draw_offer") && !j["draw_offer"].is_null())
            draw_offer_ = DrawOffer{chess::Color(j["draw_offer"][0].get<int>()),
                                    j["draw_offer"][1].get<std::size_t>(),
                                    j["draw_offer"][2].get<std::size_t>()};
        timeouts_used_ = j.value("timeouts_used", std::array<int, 2>{});
        confirmed_ = j.value("confirmed", std::array<bool, 2>{});
        if (j.contains("heirs"))
            for (chess::Color c : {chess::WHITE, chess::BLACK})
                heir_[c] = j["heirs"][c].get<std::vector<int>>();
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace venue::games::chessball
