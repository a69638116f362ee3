#include "sensing/recogniser.h"

#include <cassert>

namespace venue::sensing {

MoveRecogniser::MoveRecogniser(RecogniserConfig config)
    : config_(std::move(config)), settle_(config_.settle_us) {}

bool MoveRecogniser::read_already(const chess::Game& game) const {
    const Move last = game.ply_count() ? game.moves().back() : Move::none();
    return settle_.stable_serial() == read_serial_ && game.ply_count() == read_plies_ &&
           game.position().key() == read_key_ && last == read_last_move_;
}

std::optional<Report> MoveRecogniser::read_if_new(const chess::Game& game) {
    if (!settle_.has_stable() || read_already(game)) return std::nullopt;
    read_serial_ = settle_.stable_serial();
    read_plies_ = game.ply_count();
    read_key_ = game.position().key();
    read_last_move_ = game.ply_count() ? game.moves().back() : Move::none();
    const Snapshot& board = settle_.stable();
    // The evidence window starts at the last board read that agrees with the game: once the
    // caller has applied what was read from a board, what the sensors saw before it is history.
    if (has_last_read_ && last_read_.t_us > settle_.stable_evidence().since_us() &&
        same_placement(last_read_.squares, game.position()))
        settle_.set_evidence_since(last_read_.t_us);
    Report report{read_board(board.squares, board.t_us, game, config_, &settle_.stable_evidence()),
                  board};
    if (std::holds_alternative<Unchanged>(report.result)) settle_.set_evidence_since(board.t_us);
    last_read_ = board;
    has_last_read_ = true;
    return report;
}

std::optional<Report> MoveRecogniser::feed(const Snapshot& board, const chess::Game& game) {
    settle_.feed(board);
    assert(is_ok());
    // The board before this one may have settled; read it (or re-read it if the game changed).
    return read_if_new(game);
}

std::optional<Report> MoveRecogniser::tick(std::int64_t now_us, const chess::Game& game) {
    settle_.poll(now_us);
    assert(is_ok());
    return read_if_new(game);
}

bool MoveRecogniser::reads_at(std::int64_t now_us, const chess::Game& game) const {
    return settle_.due(now_us) || (settle_.has_stable() && !read_already(game));
}

void MoveRecogniser::reset() {
    settle_.reset();
    has_last_read_ = false;
    read_serial_ = 0;
    read_plies_ = 0;
    read_key_ = 0;
    read_last_move_ = Move::none();
}

}  // namespace venue::sensing
