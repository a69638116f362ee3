// The view of a match: its teams and players, whose move, the board (or a board per game of a
// tree), the proposals waiting for the judge, the clocks; from the Match's typed answers
// (engine::Match: player_status, games, standing ...), never from a game by name.
#include <cinttypes>

#include "console/game_console.h"
#include "console/view_model_internal.h"
#include "venue/chess_match.h"
#include "venue/game_rules.h"

namespace venue::console {

using namespace engine;
using detail::board_view;
using detail::fmt;
using detail::half_points;
using detail::player_label;
using detail::side_name;

ConsoleView ViewModel::build(const runtime::Session& session, const DeviceInputs& devices,
                             HostNanos now_ns) const {
    ConsoleView v = build(session.state(), devices, now_ns);
    v.status = fmt("events %" PRId64 ", state %s", session.last_seq(),
                   session.state().state_hash().c_str());
    return v;
}

ConsoleView ViewModel::build(const engine::VenueState& state, const DeviceInputs& devices,
                             HostNanos now_ns) const {
    ConsoleView v;
    v.status =
        fmt("events %" PRId64 ", state %s", state.events_applied(), state.state_hash().c_str());
    for (const auto& [id, m] : state.matches())
        v.matches.push_back(match_view(*m, devices, now_ns));
    v.claims.assign(claims_.begin(), claims_.end());
    v.messages.assign(messages_.begin(), messages_.end());
    v.devices = detail::device_rows(devices, now_ns);
    if (!expected_.empty()) {
        const Expected& oldest = expected_.front();
        const HostNanos waited = now_ns - oldest.sent_ns;
        v.action_pending = true;
        v.action_status =
            waited < ACTION_OVERDUE_NS
                ? "Waiting for the log: " + oldest.what
                : "Not in the log after " + std::to_string(waited / 1'000'000'000) +
                      " s: " + oldest.what +
                      ". The engine is not taking events (see the messages); it has not happened.";
    } else {
        v.action_status = action_logged_;
    }
    return v;
}

MatchView ViewModel::match_view(const engine::Match& m, const DeviceInputs& devices,
                                HostNanos now_ns) const {
    const MatchConfig& c = m.config();
    const auto tr_it = tracks_.find(c.id);
    const MatchTrack empty_track;
    const MatchTrack& tr = tr_it == tracks_.end() ? empty_track : tr_it->second;
    const GameRules* rules = find_game(c.game);

    MatchView v;
    v.id = c.id;
    v.game = c.game;
    // A side of a game of two without a team name (one player a side) is called by its player;
    // in a game of more, by its label ("Side 3").
    const auto side_name = [&](int side) {
        const TeamConfig& t = c.side(side);
        return !t.name.empty() || t.players.size() != 1 || m.side_count() != 2
                   ? t.name
                   : t.players.front().name;
    };
    for (int side = 0; side < m.side_count(); ++side) {
        const std::string name = side_name(side);
        v.title += std::string(side ? " - " : "") +
                   (name.empty() && m.side_count() != 2 ? m.side_label(side) : name);
    }
    v.phase = to_string(m.phase());
    v.result = m.result();
    v.termination = m.termination();
    const engine::ChessMatch* cm = m.chess();
    v.chess_board = cm != nullptr;
    v.segment_ply = cm ? int(cm->game().ply_count()) : 0;
    v.ply = v.segment_ply;
    for (const engine::GamePart& p : cm ? cm->earlier_parts() : std::vector<engine::GamePart>{}) {
        const std::string& part = p.line;  // "FEN moves UCI UCI ..."
        const auto at = part.find(" moves");
        for (std::size_t i = at == std::string::npos ? part.size() : at + 6; i < part.size(); ++i)
            if (part[i] == ' ' && i + 1 < part.size() && part[i + 1] != ' ') ++v.ply;
    }
    v.team_game = rules && rules->sides.max_players > 1;
    v.claims_the_move = m.claims_the_move();
    v.plays_a_tree = m.plays_a_tree();
    const int on_move = m.side_on_move();
    if (m.phase() == MatchPhase::FINISHED)
        v.to_move = "game over: " + m.result() + (v.termination.empty() ? "" : " " + v.termination);
    else
        v.to_move =
            m.side_label(on_move) +
            (m.side_count() == 2 && !side_name(on_move).empty() ? " (" + side_name(on_move) + ")"
                                                                : "") +
            " to move" + (m.phase() == MatchPhase::PAUSED ? ", paused" : "");

    v.facts = m.facts();
    v.field = m.field_view();
    v.army_clock = m.army_clock().has_value();
    if (draft_ && draft_->match == c.id) {
        v.draft = draft_;
        v.draft_preview = m.preview(*draft_);
    }

    // Sides and players, as the game says of each (engine::PlayerStatus). The score of a game of
    // two sides is what its ScoreChanged decisions said; a game of more answers standing().
    const Standing standing = m.standing();
    for (int side = 0; side < m.side_count(); ++side) {
        const TeamConfig& t = c.side(side);
        TeamView& tv = v.sides.emplace_back();
        tv.name = t.name;
        tv.side = side;
        tv.label = m.side_label(side);
        tv.on_move = m.phase() != MatchPhase::FINISHED && on_move == side;
        tv.score = m.side_count() != 2    ? half_points(standing.of(side))
                   : side == chess::WHITE ? tr.score_white
                                          : tr.score_black;
        for (std::size_t i = 0; i < t.players.size(); ++i) {
            const PlayerConfig& p = t.players[i];
            const PlayerStatus status = m.player_status(side, int(i));
            PlayerRow row{p.id,
                          p.name,
                          status.files,
                          p.buttons,
                          status.warnings,
                          status.out,
                          status.holds_claim,
                          status.reserve};
            if (row.holds_claim)
                v.claim_holder =
                    p.name + " (" + t.name + ")" +
                    (p.buttons.empty() ? "" : ", button " + std::to_string(p.buttons.front()));
            tv.players.push_back(std::move(row));
        }
    }
    for (const PendingRuling& p : m.pending_rulings())
        v.proposals.push_back(
            {p.ref, p.player,
             "#" + std::to_string(p.ref) + " " + player_label(c, p.player) + ": " + p.reason});

    // The board.
    if (cm) {
        v.board = board_view(cm->game(), cm->restore_squares());
        BoardView& b = v.board;
        // The engine's position no longer has them; the physical board has until they are
        // cleared.
        for (chess::Square s : tr.removed_squares) b.squares[s].marks |= MARK_REMOVED;
        b.restore_required = cm->restore_required();
        if (!b.restore_required)
            b.restore_text.clear();
        else if (cm->restore_squares().empty())
            b.restore_text = "restore the position";
    } else if (!v.plays_a_tree) {
        // A game of its own that shows its field as a chess board, with its marks (the ball).
        for (const GameView& g : m.games()) {
            if (!g.game) continue;
            v.chess_board = true;
            v.board = board_view(*g.game, g.restore_squares);
            for (const engine::BoardMark& mark : g.marks) {
                if (mark.square == chess::SQ_NONE) continue;
                const SquareMark bit = mark.kind == "ball"   ? MARK_BALL
                                       : mark.kind == "move" ? MARK_MOVE_TO
                                       : mark.kind == "pass" ? MARK_PASS_TO
                                       : mark.kind == "shot" ? MARK_SHOT_AT
                                                             : MARK_NONE;
                v.board.squares[mark.square].marks |= bit;
            }
            break;
        }
    }

    // A game whose boards are not one chess game's draws them itself.
    for (const engine::BoardPicture& p : m.board_pictures())
        v.pictures.push_back({p.caption, board_view(p), p.active, p.dim});

    // A game that branches: the tree, a board per game of it, and the score it weighs.
    if (v.plays_a_tree) {
        const GameConsole& words = game_console(c.game);
        for (const GameView& g : m.games()) {
            if (!g.game) continue;
            BranchView bv;
            bv.number = g.number;
            bv.parent = g.parent;
            bv.split_ply = g.split_ply;
            bv.rating = g.rating.value_or(0);
            bv.open = g.open;
            bv.setup_board = g.setup_board;
            // Where it stands: "" while its position is set up on a board.
            bv.board = g.setup_board.empty() || g.board != g.setup_board ? g.board : "";
            bv.result = g.result;
            bv.view = board_view(*g.game, g.restore_squares);
            bv.caption = words.tree_game + " " + std::to_string(g.number) + " \u00b7 " +
                         std::to_string(bv.rating) + " " +
                         (bv.rating == 1 ? words.rating_one : words.rating_many);
            if (!bv.setup_board.empty())
                bv.caption += " \u00b7 setting up on board " + bv.setup_board;
            else if (!bv.board.empty())
                bv.caption += " \u00b7 board " + bv.board;
            if (g.parent)
                bv.caption += " \u00b7 from " + std::to_string(g.parent) + " at ply " +
                              std::to_string(g.split_ply);
            if (!g.open) bv.caption += " \u00b7 " + g.result + " " + g.termination;
            v.branches.push_back(std::move(bv));
        }
        v.free_boards = m.free_boards();
        const Standing sc = m.standing();
        v.tree_score = c.white().name + " " + half_points(sc.of(chess::WHITE)) + " \u2013 " +
                       half_points(sc.of(chess::BLACK)) + " " + c.black().name;
        v.white().score = half_points(sc.of(chess::WHITE));
        v.black().score = half_points(sc.of(chess::BLACK));
    }
    v.beyond_red_line = {m.zone_occupancy(chess::WHITE), m.zone_occupancy(chess::BLACK)};

    // The clocks: the hub's heartbeat (10 Hz) for its match, else the engine's mirror counted on
    // from the last event that set it.
    ClockView& k = v.clock;
    k.white.added =
        tr.added_ms[chess::WHITE] ? duration_text(tr.added_ms[chess::WHITE]) + " added" : "";
    k.black.added =
        tr.added_ms[chess::BLACK] ? duration_text(tr.added_ms[chess::BLACK]) + " added" : "";
    std::optional<Color> running;
    bool paused = m.phase() == MatchPhase::PAUSED;
    if (devices.heartbeat && devices.hub_match == c.id && m.phase() != MatchPhase::FINISHED) {
        const wire::Heartbeat& hb = *devices.heartbeat;
        k.source = "hub";
        k.white.ms = std::int64_t(hb.remaining_a_us / 1000);
        k.black.ms = std::int64_t(hb.remaining_b_us / 1000);
        if (hb.clock_state == wire::ClockState::RUNNING && hb.on_move != wire::Team::NONE)
            running = hb.on_move == wire::Team::A ? chess::WHITE : chess::BLACK;
        paused = hb.clock_state == wire::ClockState::PAUSED;
        if (hb.clock_state == wire::ClockState::FLAGGED)
            (hb.on_move == wire::Team::B ? k.black : k.white).flagged = true;
    } else {
        k.source = "engine";
        k.white.ms = m.clock().white_ms;
        k.black.ms = m.clock().black_ms;
        if (m.phase() == MatchPhase::PLAYING) running = m.clock().running;
        if (running && tr.clock_ns && now_ns > tr.clock_ns)
            k.of_running_ms(*running) -= (now_ns - tr.clock_ns) / 1'000'000;
    }
    k.white.label = m.clock_face_label(chess::WHITE);
    k.black.label = m.clock_face_label(chess::BLACK);
    k.white.running = running == chess::WHITE;
    k.black.running = running == chess::BLACK;
    for (ClockSide* s : {&k.white, &k.black}) {
        if (s->ms <= 0) {
            s->ms = 0;
            if (s->running) s->flagged = true;
        }
        s->text = clock_text(s->ms);
    }
    k.state = m.phase() == MatchPhase::FINISHED    ? "stopped"
              : paused                             ? "paused"
              : k.white.flagged || k.black.flagged ? "flag"
              : running                            ? "running"
                                                   : "stopped";
    if (running) {
        const std::int64_t ms = k.of_running_ms(*running);
        const std::int64_t step = ms < 10'000 ? 100 : 1000;
        k.next_change_ms = ms > 0 ? ms % step + 1 : -1;
    }
    return v;
}

}  // namespace venue::console
