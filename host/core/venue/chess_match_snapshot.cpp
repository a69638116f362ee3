// A chess match's board state in a snapshot: the game from its start (which may be an edited
// position), the move waiting for its clock press, the squares to set back, the clocks after
// each move and the earlier parts. The members sit beside the match's own in its JSON object
// (snapshot.cpp), under the names snapshots have always used.
#include <nlohmann/json.hpp>

#include "chess/uci.h"
#include "venue/chess_match.h"

namespace venue::engine {

std::string ChessMatch::board_snapshot() const {
    nlohmann::json j;
    j["start_fen"] = game_.start_position().fen();
    std::vector<std::string> moves;
    for (chess::Move mv : game_.moves()) moves.push_back(chess::to_uci(mv));
    j["moves"] = moves;
    j["illegal"] = {illegal_moves_[0], illegal_moves_[1]};
    j["pending"] = pending_ ? chess::to_uci(*pending_) : "";
    std::vector<int> squares(restore_squares_.begin(), restore_squares_.end());
    j["restore_squares"] = squares;
    j["restore_required"] = restore_required_;
    nlohmann::json clocks = nlohmann::json::array();
    for (const auto& c : clock_after_move_) clocks.push_back(c ? nlohmann::json(*c) : nullptr);
    j["clock_after_move"] = clocks;
    nlohmann::json parts = nlohmann::json::array();
    for (const GamePart& p : parts_) parts.push_back({p.line, p.edit, p.by_move});
    j["parts"] = parts;
    return j.dump();
}

std::string ChessMatch::restore_board(std::string_view match_json) {
    const nlohmann::json j = nlohmann::json::parse(match_json);
    if (j.contains("start_fen")) {
        auto start = chess::Position::from_fen(j.at("start_fen").get<std::string>());
        if (!start) return "snapshot start position: " + start.error().to_string();
        game_ = chess::Game(*start);
    }
    for (const auto& text : j.at("moves")) {
        auto mv = chess::parse_uci(game_.position(), text.get<std::string>());
        if (!mv) return mv.error();
        game_.play(*mv);
    }
    illegal_moves_ = {j.at("illegal")[0].get<int>(), j.at("illegal")[1].get<int>()};
    const std::string pending = j.at("pending").get<std::string>();
    if (!pending.empty()) {
        auto mv = chess::parse_uci(game_.position(), pending);
        if (!mv) return "pending " + mv.error();
        pending_ = *mv;
    }
    for (int sq : j.at("restore_squares")) restore_squares_.push_back(chess::Square(sq));
    restore_required_ = j.at("restore_required").get<bool>();
    for (const auto& c : j.at("clock_after_move"))
        clock_after_move_.push_back(c.is_null() ? std::nullopt
                                                : std::optional(c.get<std::int64_t>()));
    if (j.contains("parts"))
        for (const auto& p : j.at("parts"))
            parts_.push_back(
                {p.at(0).get<std::string>(), p.at(1).get<std::string>(), p.at(2).get<bool>()});
    return "";
}

}  // namespace venue::engine
