#include "games/betza/rules/betza_game.h"

#include <algorithm>
#include <bit>

#include "games/betza/rules/batting_order.h"

namespace venue::games::betza {

namespace {

using chess::Move;
using chess::MoveKind;

std::uint32_t bits_of(const Pair& pair) {
    return (1U << pair.first) | (1U << pair.second);
}

std::string army_name(int army) {
    return "army " + std::to_string(army);
}

std::string player_name(int player) {
    return "player " + std::to_string(player);
}

// Whether the input names the legal move `legal`: the same squares, and for a promotion the
// same piece (castling and en passant may be given as plain moves).
bool names(Move input, Move legal) {
    if (input.from() != legal.from() || input.to() != legal.to()) return false;
    if (legal.kind() != MoveKind::PROMOTION) return input.kind() != MoveKind::PROMOTION;
    return input.kind() == MoveKind::PROMOTION && input.promotion() == legal.promotion();
}

}  // namespace

const char* to_string(RefusalCode code) {
    constexpr const char* words[] = {"GAME_OVER",
                                     "NOT_ARMY_TURN",
                                     "NO_PAIR",
                                     "NO_SUCH_BOARD",
                                     "BOARD_USED",
                                     "NO_OWN_PIECE_ON_PAIR",
                                     "PAIR_ALREADY_DECLARED",
                                     "PRECHECK_PAIR",
                                     "PIECE_NOT_ON_PAIR",
                                     "NOT_OWN_PIECE",
                                     "ILLEGAL_MOVE",
                                     "FIRST_MOVE_REQUIRED",
                                     "EXTRA_MOVE_REQUIRED",
                                     "EXTRA_MOVES_OFF",
                                     "REASSIGN_OFF",
                                     "NO_SUCH_PLAYER",
                                     "NO_SUCH_ARMY",
                                     "NO_PENDING_RULING",
                                     "ALLIANCES_NOT_RECORDED"};
    return words[static_cast<int>(code)];
}

const char* to_string(NewsKind kind) {
    constexpr const char* words[] = {"pair_declared",      "moved",
                                     "army_captured",      "self_mate_ruling_pending",
                                     "control_reassigned", "turn_ended",
                                     "turn_skipped",       "army_retired",
                                     "player_eliminated",  "alliance_recorded",
                                     "game_ended"};
    return words[static_cast<int>(kind)];
}

venue::Result<BetzaGame, std::string> BetzaGame::start(int armies, const BetzaRules& rules,
                                                       std::uint64_t seed) {
    if (std::optional<std::string> problem = rules.problem(armies))
        return venue::unexpected(*problem);
    std::vector<int> order = draw_batting_order(rules, armies, seed);
    ArmyPosition position = ArmyPosition::start(layouts_for(rules, order));
    return BetzaGame(position, rules, std::move(order));
}

BetzaGame::BetzaGame(ArmyPosition position, BetzaRules rules, std::vector<int> order, int slot,
                     std::vector<PassingChance> chances)
    : position_(position),
      rules_(std::move(rules)),
      order_(std::move(order)),
      slot_(slot),
      chances_(std::move(chances)) {
    if (rules_.en_passant == EnPassant::OFF) chances_.clear();
    // A chance given with the position belongs to the army on move, this turn.
    for (PassingChance& c : chances_) c.turn = turn_ - 1;
    // A set-up may leave a player without an army (BETZA-9): out before the first move.
    eliminate_players_without_armies(opening_news_);
    if (!ended()) begin_turn(opening_news_);
}

std::vector<int> BetzaGame::players_in() const {
    std::vector<int> in;
    for (int p = 0; p < players(); ++p)
        if (std::find(eliminated_.begin(), eliminated_.end(), p) == eliminated_.end())
            in.push_back(p);
    return in;
}

int BetzaGame::active_armies() const {
    int n = 0;
    for (int a = 0; a < armies(); ++a) n += position_.retired[std::size_t(a)] ? 0 : 1;
    return n;
}

int BetzaGame::next_army_after(int slot) const {
    const int n = int(order_.size());
    for (int k = 1; k <= n; ++k) {
        const int army = order_[std::size_t((slot + k) % n)];
        if (!position_.retired[std::size_t(army)]) return army;
    }
    return order_[std::size_t(slot)];
}

// --- Questions ---

std::vector<Pair> BetzaGame::open_pairs() const {
    std::vector<Pair> pairs;
    const int army = army_on_move();
    for (int a = 0; a < armies(); ++a)
        for (int b = a + 1; b < armies(); ++b) {
            if (board_used(a) || board_used(b)) continue;
            if (position_.has_piece_on(army, a) || position_.has_piece_on(army, b))
                pairs.push_back(Pair{a, b});
        }
    return pairs;
}

std::optional<PassingChance> BetzaGame::passing_chance(const Pair& pair) const {
    if (rules_.en_passant == EnPassant::OFF || moves_this_turn_ != 0) return std::nullopt;
    for (const PassingChance& c : chances_)
        if (c.for_army == army_on_move() && c.turn + 1 == turn_ && c.pair.same_boards(pair))
            return c;
    return std::nullopt;
}

// The chance `army` could take on `pair` as its reply to the move just made: one opened this
// turn for it (it moves next).
std::optional<PassingChance> BetzaGame::reply_chance(int army, const Pair& pair) const {
    if (rules_.en_passant == EnPassant::OFF) return std::nullopt;
    for (const PassingChance& c : chances_)
        if (c.for_army == army && c.turn == turn_ && c.pair.same_boards(pair)) return c;
    return std::nullopt;
}

std::vector<Move> BetzaGame::legal_moves_on(const Pair& pair) const {
    return betza::legal_moves(position_, rules_, army_on_move(), pair, passing_chance(pair));
}

bool BetzaGame::can_move() const {
    for (const Pair& p : open_pairs())
        if (!legal_moves_on(p).empty()) return true;
    return false;
}

// --- Inputs ---

Refusal BetzaGame::refuse(RefusalCode code, std::string clause, std::string reason) const {
    Refusal r;
    r.code = code;
    r.clause = std::move(clause);
    r.reason = std::move(reason);
    return r;
}

std::optional<Refusal> BetzaGame::turn_problem(int army) const {
    if (ended()) return refuse(RefusalCode::GAME_OVER, "BETZA-9", "the game is over");
    if (army != army_on_move())
        return refuse(RefusalCode::NOT_ARMY_TURN, "BETZA-3",
                      army_name(army) + " is not on move: " + army_name(army_on_move()) +
                          " (controlled by " + player_name(controller_of(army_on_move())) + ") is");
    return std::nullopt;
}

Decided BetzaGame::declare_pair(int army, const Pair& pair) {
    if (auto problem = turn_problem(army)) return *problem;
    const int n = armies();
    if (pair.first < 0 || pair.first >= n || pair.second < 0 || pair.second >= n)
        return refuse(RefusalCode::NO_SUCH_BOARD, "BETZA-0.1", "no such half-board");
    if (pair.first == pair.second)
        return refuse(RefusalCode::NO_PAIR, "BETZA-4.2",
                      "two different half-boards must be pushed together");
    if (declared_ && !legal_moves_on(*declared_).empty())
        return refuse(RefusalCode::PAIR_ALREADY_DECLARED, "BETZA-8",
                      "a pushed pair must be played on: it still has a legal move");
    for (int board : {pair.first, pair.second})
        if (board_used(board))
            return refuse(RefusalCode::BOARD_USED, "BETZA-6",
                          "half-board " + std::to_string(board) + " was used this turn");
    if (!position_.has_piece_on(army, pair.first) && !position_.has_piece_on(army, pair.second))
        return refuse(RefusalCode::NO_OWN_PIECE_ON_PAIR, "BETZA-A7",
                      "neither half-board holds a piece of " + army_name(army));
    if (rules_.precheck_pairs == PrecheckPairs::FORBIDDEN)
        for (int other = 0; other < n; ++other)
            if (!position_.co_controlled(other, army) && !position_.retired[std::size_t(other)] &&
                in_check(position_, rules_, other, pair))
                return refuse(RefusalCode::PRECHECK_PAIR, "BETZA-A10",
                              army_name(other) + "'s king is already in check on this pair");
    std::vector<News> news;
    News declared;
    declared.kind = NewsKind::PAIR_DECLARED;
    declared.army = army;
    declared.pair = pair;
    declared.clause = "BETZA-4";
    news.push_back(declared);
    declared_ = pair;
    if (is_mated(position_, rules_, army, pair, passing_chance(pair))) {
        capture_self_mated(army, {pair}, "BETZA-8", news);
        if (!ended()) finish_turn(news, "BETZA-8", army_name(army) + " was mated on its own pair");
    }
    return news;
}

Decided BetzaGame::move(int army, const HalfSquare& from, const HalfSquare& to,
                        chess::PieceType promotion) {
    if (auto problem = turn_problem(army)) return *problem;
    if (!declared_)
        return refuse(RefusalCode::NO_PAIR, "BETZA-4.2", "push two half-boards together first");
    if (!declared_->contains(from.board) || !declared_->contains(to.board))
        return refuse(RefusalCode::PIECE_NOT_ON_PAIR, "BETZA-4",
                      "the move touches a half-board outside the pushed pair");
    const chess::Square f = joined_square(*declared_, from), t = joined_square(*declared_, to);
    return move(army, promotion == chess::NO_PIECE_TYPE
                          ? Move(f, t)
                          : Move::make(f, t, MoveKind::PROMOTION, promotion));
}

Decided BetzaGame::move(int army, Move input) {
    if (auto problem = turn_problem(army)) return *problem;
    if (!declared_)
        return refuse(RefusalCode::NO_PAIR, "BETZA-4.2", "push two half-boards together first");
    const Pair pair = *declared_;
    const Man& piece = position_.at(half_square(pair, input.from()));
    if (piece.empty() || piece.army != army)
        return refuse(RefusalCode::NOT_OWN_PIECE, "BETZA-3.1",
                      "the piece moved is not of " + army_name(army) + ", the army on move");
    const std::optional<PassingChance> chance = passing_chance(pair);
    const std::vector<Move> legal = betza::legal_moves(position_, rules_, army, pair, chance);
    const auto found =
        std::find_if(legal.begin(), legal.end(), [&](Move m) { return names(input, m); });
    if (found == legal.end()) {
        if (in_check(position_, rules_, army, pair))
            return refuse(RefusalCode::ILLEGAL_MOVE, "BETZA-8",
                          "the king is in check on this pair: the move must meet it");
        return refuse(RefusalCode::ILLEGAL_MOVE, "BETZA-1",
                      "not a legal chess move on the joined board");
    }
    const Move m = *found;
    std::vector<News> news;
    News moved;
    moved.kind = NewsKind::MOVED;
    moved.army = army;
    moved.pair = pair;
    moved.move = m;
    moved.from = half_square(pair, m.from());
    moved.to = half_square(pair, m.to());
    moved.piece = piece.type;
    const PlayedMove played = play_on_pair(position_, pair, m, chance);
    moved.captured = played.captured;
    moved.clause = "BETZA-4";
    news.push_back(moved);
    used_ |= bits_of(pair);
    ++moves_this_turn_;
    declared_.reset();
    consecutive_skips_ = 0;
    // Chances older than this turn have lapsed: they were for the first move of this turn.
    std::erase_if(chances_, [&](const PassingChance& c) { return c.turn < turn_; });
    if (played.double_step && rules_.en_passant != EnPassant::OFF) {
        PassingChance c = *played.double_step;
        c.for_army = next_army_after(slot_);
        c.turn = turn_;
        chances_.push_back(c);
    }
    capture_mated_armies(pair, army, news);
    if (ended()) return news;
    if (rules_.extra_moves == ExtraMoves::NONE)
        finish_turn(news, "BETZA-A8", "one move a turn (extra_moves = none)");
    else if (!can_move())
        finish_turn(news, "BETZA-A8", "no legal extra move is left");
    return news;
}

Decided BetzaGame::play(int army, const Pair& pair, Move m) {
    Decided declared = declare_pair(army, pair);
    if (!declared) return declared;
    if (!declared_ || !(*declared_ == pair)) return declared;  // Rule 8 took the army
    Decided moved = move(army, m);
    if (!moved) {
        declared_.reset();  // a refused play leaves nothing declared
        return moved;
    }
    std::vector<News> news = std::move(declared.value());
    for (News& n : moved.value()) news.push_back(std::move(n));
    return news;
}

Decided BetzaGame::end_turn(int army) {
    if (auto problem = turn_problem(army)) return *problem;
    if (moves_this_turn_ == 0)
        return refuse(RefusalCode::FIRST_MOVE_REQUIRED, "BETZA-A8",
                      "the first move of a turn is compulsory");
    if (rules_.extra_moves == ExtraMoves::COMPULSORY_WHEN_LEGAL && can_move())
        return refuse(RefusalCode::EXTRA_MOVE_REQUIRED, "BETZA-A8",
                      "an extra move is legal, and extra moves are compulsory");
    std::vector<News> news;
    finish_turn(news, "BETZA-6", "End turn");
    return news;
}

Decided BetzaGame::time_forfeit(int army) {
    if (ended()) return refuse(RefusalCode::GAME_OVER, "BETZA-9", "the game is over");
    if (army < 0 || army >= armies() || position_.retired[std::size_t(army)])
        return refuse(RefusalCode::NO_SUCH_ARMY, "BETZA-A15", "no such army in play");
    if (army != army_on_move())
        return refuse(
            RefusalCode::NOT_ARMY_TURN, "BETZA-A15",
            "only the time of the army on move runs: " + army_name(army_on_move()) + " is on move");
    std::vector<News> news;
    retire(army, "BETZA-A15", army_name(army) + " ran out of time and leaves the game", news);
    if (!ended()) finish_turn(news, "BETZA-A15", army_name(army) + "'s time is up");
    return news;
}

// --- Captures of armies and the end of the game ---

void BetzaGame::transfer(int army, int to_player, const std::string& clause,
                         const std::string& reason, NewsKind kind, std::vector<News>& news) {
    const int from_player = controller_of(army);
    position_.controller[std::size_t(army)] = to_player;
    ControlChange change;
    change.army = army;
    change.from_player = from_player;
    change.to_player = to_player;
    change.turn = turn_;
    change.clause = clause;
    control_history_.push_back(change);
    News n;
    n.kind = kind;
    n.army = army;
    n.from_player = from_player;
    n.to_player = to_player;
    n.clause = clause;
    n.reason = reason;
    news.push_back(n);
}

void BetzaGame::capture_mated_armies(const Pair& pair, int mover, std::vector<News>& news) {
    // Judge every king first, then transfer: a move can mate two armies at once, and a capture
    // must not change whether the other one is mated.
    std::vector<std::pair<int, int>> captures;  // army, capturer
    for (int army = 0; army < armies(); ++army) {
        if (position_.retired[std::size_t(army)] || position_.co_controlled(army, mover)) continue;
        const std::optional<HalfSquare> king = position_.king_of(army);
        if (!king || !pair.contains(king->board)) continue;
        if (!is_mated(position_, rules_, army, pair, reply_chance(army, pair))) continue;
        int capturer = controller_of(mover);
        if (rules_.capturer == Capturer::CONTROLLER_OF_CHECKING_PIECE) {
            // BETZA-A9 alternative: the checking pieces' controller; several -> the mover.
            std::vector<int> controllers;
            const JoinedBoard board = JoinedBoard::of(position_, pair);
            for (chess::Square s : checkers(position_, rules_, army, pair)) {
                const int c = controller_of(board.at(s).army);
                if (std::find(controllers.begin(), controllers.end(), c) == controllers.end())
                    controllers.push_back(c);
            }
            if (controllers.size() == 1) capturer = controllers.front();
        }
        captures.emplace_back(army, capturer);
    }
    for (auto [army, capturer] : captures)
        transfer(army, capturer, "BETZA-7",
                 army_name(army) + " is checkmated on the pushed pair and passes with its pieces",
                 NewsKind::ARMY_CAPTURED, news);
    eliminate_players_without_armies(news);
}

void BetzaGame::capture_self_mated(int army, const std::vector<Pair>& pairs,
                                   const std::string& clause, std::vector<News>& news) {
    if (rules_.self_mate_capturer == SelfMateCapturer::ARBITER) {
        // Still mated at its next turn while the ruling waits: one ruling, not one per turn.
        if (std::find(pending_self_mates_.begin(), pending_self_mates_.end(), army) !=
            pending_self_mates_.end())
            return;
        pending_self_mates_.push_back(army);
        News n;
        n.kind = NewsKind::SELF_MATE_RULING_PENDING;
        n.army = army;
        n.from_player = controller_of(army);
        n.clause = "BETZA-A11";
        n.reason = army_name(army) + " mated itself: the arbiter decides who takes it";
        news.push_back(n);
        return;
    }
    // BETZA-A11: the controller of the checking piece that moved last; pieces that never moved
    // rank by their army's batting slot, earliest first.
    auto slot_of = [&](int a) {
        return int(std::find(order_.begin(), order_.end(), a) - order_.begin());
    };
    const Man* best = nullptr;
    for (const Pair& pair : pairs) {
        const JoinedBoard board = JoinedBoard::of(position_, pair);
        for (chess::Square s : checkers(position_, rules_, army, pair)) {
            const Man& m = board.at(s);
            const bool later =
                best == nullptr || m.moved_at > best->moved_at ||
                (m.moved_at == best->moved_at && slot_of(m.army) < slot_of(best->army));
            if (later) best = &position_.at(half_square(pair, s));
        }
    }
    if (best == nullptr) return;  // not in check: nobody mated it
    transfer(army, controller_of(best->army), clause,
             army_name(army) +
                 " is mated on a pair it had to push; the last checking piece's "
                 "controller takes it",
             NewsKind::ARMY_CAPTURED, news);
    eliminate_players_without_armies(news);
}

void BetzaGame::eliminate_players_without_armies(std::vector<News>& news) {
    for (int player : players_in()) {
        if (!position_.armies_of(player).empty()) continue;
        eliminated_.push_back(player);
        News n;
        n.kind = NewsKind::PLAYER_ELIMINATED;
        n.from_player = player;
        n.clause = "BETZA-9";
        n.reason = player_name(player) + " controls no army";
        news.push_back(n);
    }
    const std::vector<int> in = players_in();
    if (in.size() == 1 && !ended())
        end_game(in, "BETZA-9", player_name(in.front()) + " is the last player alive", news);
}

void BetzaGame::end_game(std::vector<int> still_in, const std::string& clause,
                         const std::string& reason, std::vector<News>& news) {
    standing_ = final_standing(rules_, players(), still_in, eliminated_);
    standing_.clause = clause;
    standing_.reason = reason;
    declared_.reset();
    News n;
    n.kind = NewsKind::GAME_ENDED;
    n.to_player = standing_.winner;
    n.clause = clause;
    n.reason = reason;
    news.push_back(n);
}

// --- Turns ---

void BetzaGame::finish_turn(std::vector<News>& news, const std::string& clause,
                            const std::string& reason) {
    News n;
    n.kind = NewsKind::TURN_ENDED;
    n.army = army_on_move();
    n.clause = clause;
    n.reason = reason;
    news.push_back(n);
    slot_ = int(std::find(order_.begin(), order_.end(), next_army_after(slot_)) - order_.begin());
    ++turn_;
    used_ = 0;
    moves_this_turn_ = 0;
    declared_.reset();
    begin_turn(news);
}

void BetzaGame::retire(int army, const std::string& clause, const std::string& reason,
                       std::vector<News>& news) {
    for (int board = 0; board < armies(); ++board)
        for (Man& m : position_.boards[std::size_t(board)])
            if (!m.empty() && m.army == army) m = Man{};
    position_.retired[std::size_t(army)] = true;
    News n;
    n.kind = NewsKind::ARMY_RETIRED;
    n.army = army;
    n.from_player = controller_of(army);
    n.clause = clause;
    n.reason = reason;
    news.push_back(n);
    eliminate_players_without_armies(news);
}

// Decides, for the army now in the batting slot, what happens when it cannot move at all:
// mated on every pair it could push (BETZA-8.1), or stalemated (BETZA-A12). Repeats for the
// next army until one can move or the game ends.
void BetzaGame::begin_turn(std::vector<News>& news) {
    for (int guard = 0; guard <= 2 * MAX_ARMIES && !ended(); ++guard) {
        if (can_move()) return;
        const int army = army_on_move();
        const std::vector<Pair> pairs = open_pairs();
        bool mated_everywhere = !pairs.empty();
        for (const Pair& p : pairs)
            mated_everywhere = mated_everywhere && in_check(position_, rules_, army, p);
        if (mated_everywhere) {
            capture_self_mated(army, pairs, "BETZA-8.1", news);
            if (ended()) return;
            News n;
            n.kind = NewsKind::TURN_ENDED;
            n.army = army;
            n.clause = "BETZA-8.1";
            n.reason = army_name(army) + " had to push a pair that mates it";
            news.push_back(n);
        } else if (armies() == 2) {
            // BETZA-6.4 before A12: two armies are chess, and a stalemate there is a draw.
            end_game(players_in(), "BETZA-6.4", "stalemate: with two armies the game is chess",
                     news);
            return;
        } else if (rules_.stalemate == Stalemate::DRAW_GAME) {
            end_game(players_in(), "BETZA-A12", army_name(army) + " is stalemated", news);
            return;
        } else if (rules_.stalemate == Stalemate::ELIMINATE_ARMY) {
            retire(army, "BETZA-A12",
                   army_name(army) + " has no legal move on any pair and leaves the game", news);
            if (ended()) return;
        } else {
            News n;
            n.kind = NewsKind::TURN_SKIPPED;
            n.army = army;
            n.clause = "BETZA-A12";
            n.reason = army_name(army) + " has no legal move on any pair and skips its turn";
            news.push_back(n);
            if (++consecutive_skips_ >= active_armies()) {
                end_game(players_in(), "BETZA-A12", "every army is stalemated", news);
                return;
            }
        }
        slot_ =
            int(std::find(order_.begin(), order_.end(), next_army_after(slot_)) - order_.begin());
        ++turn_;
        used_ = 0;
        moves_this_turn_ = 0;
        declared_.reset();
    }
}

// --- The arbiter ---

Decided BetzaGame::reassign(int army, int player) {
    if (ended()) return refuse(RefusalCode::GAME_OVER, "BETZA-9", "the game is over");
    if (!rules_.friendly_reassign)
        return refuse(RefusalCode::REASSIGN_OFF, "BETZA-A16",
                      "armies change hands only by checkmate in tournament mode");
    if (army < 0 || army >= armies() || position_.retired[std::size_t(army)])
        return refuse(RefusalCode::NO_SUCH_ARMY, "BETZA-9.1", "no such army in play");
    if (player < 0 || player >= players())
        return refuse(RefusalCode::NO_SUCH_PLAYER, "BETZA-9.1", "no such player");
    std::vector<News> news;
    // A player handed an army is back in the game (BETZA-9.1: "let you play it").
    std::erase(eliminated_, player);
    transfer(army, player, "BETZA-9.1", "friendly reassignment by the arbiter",
             NewsKind::CONTROL_REASSIGNED, news);
    eliminate_players_without_armies(news);
    return news;
}

Decided BetzaGame::rule_self_mate(int army, int player) {
    if (std::find(pending_self_mates_.begin(), pending_self_mates_.end(), army) ==
        pending_self_mates_.end())
        return refuse(RefusalCode::NO_PENDING_RULING, "BETZA-A11",
                      "no self-mate of this army awaits a ruling");
    if (player < 0 || player >= players())
        return refuse(RefusalCode::NO_SUCH_PLAYER, "BETZA-A11", "no such player");
    std::erase(pending_self_mates_, army);
    std::vector<News> news;
    transfer(army, player, "BETZA-A11", "the arbiter's ruling on a self-mate",
             NewsKind::ARMY_CAPTURED, news);
    eliminate_players_without_armies(news);
    return news;
}

Decided BetzaGame::record_alliance(int player_a, int player_b) {
    if (!rules_.record_alliances)
        return refuse(RefusalCode::ALLIANCES_NOT_RECORDED, "BETZA-A14",
                      "alliances are informal and not recorded (record_alliances = false)");
    if (player_a < 0 || player_a >= players() || player_b < 0 || player_b >= players() ||
        player_a == player_b)
        return refuse(RefusalCode::NO_SUCH_PLAYER, "BETZA-A14", "an alliance needs two players");
    alliances_.emplace_back(player_a, player_b);
    News n;
    n.kind = NewsKind::ALLIANCE_RECORDED;
    n.from_player = player_a;
    n.to_player = player_b;
    n.clause = "BETZA-5";
    n.reason = "recorded for display; allied pieces still give check (BETZA-5.1)";
    return std::vector<News>{n};
}

Decided BetzaGame::agree_draw() {
    if (ended()) return refuse(RefusalCode::GAME_OVER, "BETZA-9", "the game is over");
    std::vector<News> news;
    end_game(players_in(), "BETZA-A17", "the players still in agreed a shared draw", news);
    return news;
}

bool BetzaGame::is_ok(std::string* why) const {
    auto fail = [&](const std::string& reason) {
        if (why) *why = reason;
        return false;
    };
    std::vector<int> sorted = order_;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < armies(); ++i)
        if (int(sorted.size()) != armies() || sorted[std::size_t(i)] != i)
            return fail("the batting order is not a permutation of the armies");
    for (int army = 0; army < armies(); ++army) {
        if (position_.retired[std::size_t(army)]) continue;
        int kings = 0;
        for (int board = 0; board < armies(); ++board)
            for (const Man& m : position_.boards[std::size_t(board)])
                kings += (m.type == chess::KING && m.army == army) ? 1 : 0;
        if (kings != 1) return fail(army_name(army) + " has " + std::to_string(kings) + " kings");
        const int c = controller_of(army);
        if (c < 0 || c >= players()) return fail(army_name(army) + " has no controller");
        if (std::find(eliminated_.begin(), eliminated_.end(), c) != eliminated_.end())
            return fail(army_name(army) + " is controlled by an eliminated player");
    }
    if (used_ >> armies()) return fail("a used board does not exist");
    if (std::popcount(used_) != 2 * moves_this_turn_)
        return fail("the used boards are not two per move this turn");
    if (position_.retired[std::size_t(army_on_move())] && !ended())
        return fail("a retired army is on move");
    return true;
}

}  // namespace venue::games::betza
