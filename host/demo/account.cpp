#include "demo/account.h"

#include "common/clock_text.h"
#include "common/margin_text.h"

#include <fmt/core.h>

#include <algorithm>

#include "chess/uci.h"
#include "common/overloaded.h"
#include "venue/chess_match.h"

namespace venue::demo {

namespace {

std::string mmss(std::int64_t ms) {
    return clock_text(ms, ClockStyle::TENTHS);
}

std::string squares(const std::vector<chess::Square>& s) {
    std::string out;
    for (chess::Square q : s) out += (out.empty() ? "" : " ") + chess::square_to_string(q);
    return out;
}

std::string micros(std::int64_t us) {
    return us < 10'000 ? fmt::format("{} µs", us) : fmt::format("{:.1f} ms", double(us) / 1000);
}

}  // namespace

Account::Account(const runtime::Session& session, std::FILE* out, std::int64_t start_ns,
                 bool verbose, GameLine game_line)
    : session_(session),
      out_(out),
      start_ns_(start_ns),
      verbose_(verbose),
      game_line_(std::move(game_line)) {}

void Account::line(std::int64_t at_ns, const std::string& text) {
    fmt::print(out_, "{:7.2f}s  {}\n", double(at_ns - start_ns_) / 1e9, text);
    std::fflush(out_);
}

void Account::note(const std::string& text) {
    line(io::HubRunner::now_ns(), text);
}

std::string Account::player_name(const std::string& match, const std::string& id) const {
    const engine::Match* m = session_.state().match(match);
    if (!m) return id;
    for (const engine::TeamConfig* t : {&m->config().white(), &m->config().black()})
        for (const engine::PlayerConfig& p : t->players)
            if (p.id == id) return p.name + " (" + t->name + ")";
    return id;
}

std::string Account::clocks(const std::string& match) const {
    const engine::Match* m = session_.state().match(match);
    if (!m) return "";
    return "White " + mmss(m->clock().white_ms) + " | Black " + mmss(m->clock().black_ms);
}

void Account::print(const runtime::StepRecord& record) {
    for (std::size_t i = 0; i < record.applied.size(); ++i) {
        const runtime::Applied& a = record.applied[i];
        const std::int64_t happened = i < record.happened_ns.size() ? record.happened_ns[i] : 0;
        const std::int64_t at = happened ? happened : record.durable_ns;
        if (std::holds_alternative<engine::ClockPressed>(a.event.body) && happened &&
            a.event.hub_us)
            latencies_.paddle_to_decision.push_back(record.durable_ns - happened);
        // A button press judged by the host: a claim, a select button, an army's End turn.
        if (std::holds_alternative<engine::ClaimPressed>(a.event.body) ||
            std::holds_alternative<engine::ArmyTurnEnded>(a.event.body)) {
            if (happened) {
                latencies_.press_to_decision.push_back(record.durable_ns - happened);
                latencies_.press_to_arrival.push_back(a.event.host_ns - happened);
                latencies_.arrival_to_decision.push_back(record.durable_ns - a.event.host_ns);
            }
        }
        if (verbose_) line(at, fmt::format("event {} {}", a.seq, engine::kind_name(a.event.body)));
        // The press's own margin, with the hub's resolution (engine::ClaimPressed).
        const auto* press = std::get_if<engine::ClaimPressed>(&a.event.body);
        const auto margin_words = [&](std::int64_t margin_us) {
            if (press && press->margin_within_us > 0)
                return margin_text(margin_us, press->margin_within_us);
            return micros(margin_us);
        };
        for (const engine::Decision& d : a.decisions) {
            if (game_line_)
                if (auto own = game_line_(d)) {
                    line(at, *own);
                    continue;
                }
            std::visit(
                Overloaded{
                    [&](const engine::ClaimGranted& g) {
                        ++claims_;
                        line(at, fmt::format("claim    {} takes the claim (button {})",
                                             player_name(g.match, g.player), g.button));
                    },
                    [&](const engine::ClaimRefused& r) {
                        if (r.code == "CLAIM_HELD" && r.margin_us > 0) {
                            ++contested_;
                            line(at, fmt::format("         {} pressed {} later: refused, the claim "
                                                 "is held [{}]",
                                                 player_name(r.match, r.player),
                                                 margin_words(r.margin_us), d.rule));
                        } else {
                            line(at, fmt::format("         {} pressed: refused, {} [{}]",
                                                 player_name(r.match, r.player), r.code, d.rule));
                        }
                    },
                    [&](const engine::MoveAccepted& m) {
                        if (!m.board.empty()) {  // a game of several boards: by ply
                            const bool white_moved = m.ply % 2 == 1;
                            line(at, fmt::format("move     board {}: {}{} {:<8} {}", m.board,
                                                 (m.ply + 1) / 2, white_moved ? "." : "...", m.san,
                                                 clocks(m.match)));
                            return;
                        }
                        // The game's own numbering, which a removal does not restart.
                        const engine::ChessMatch* cm = session_.state().match(m.match)->chess();
                        if (!cm) {  // a game not played on a chess board: its own numbering
                            line(at, fmt::format("move     {} {}", m.san, clocks(m.match)));
                            return;
                        }
                        const chess::Position& now = cm->game().position();
                        const bool white_moved = now.side_to_move() == chess::BLACK;
                        const int move_no = now.fullmove_number() - (white_moved ? 0 : 1);
                        line(at, fmt::format("move     {}{} {:<8} {}", move_no,
                                             white_moved ? "." : "...", m.san, clocks(m.match)));
                    },
                    [&](const engine::RestoreRequired& r) {
                        line(at, fmt::format("RESTORE  {} [{}]{}", d.reason, d.rule,
                                             r.squares.empty() ? "" : ": " + squares(r.squares)));
                    },
                    [&](const engine::WarningProposed& w) {
                        line(at,
                             fmt::format("warning  #{} for {} proposed, waits for the judge: "
                                         "{} [{}]",
                                         w.ref, player_name(w.match, w.player), w.reason, d.rule));
                    },
                    [&](const engine::WarningGiven& w) {
                        line(at, fmt::format("WARNING  {}: warning {} ({}) [{}]",
                                             player_name(w.match, w.player), w.count, w.reason,
                                             d.rule));
                    },
                    [&](const engine::TimeAdded& t) {
                        line(at, fmt::format("clock    +{} s to {} [{}]; {}", t.amount_ms / 1000,
                                             t.side == chess::WHITE ? "White" : "Black", d.rule,
                                             clocks(t.match)));
                    },
                    [&](const engine::PlayerRemoved& p) {
                        line(at, fmt::format("REMOVED  {}: {} [{}]; take off: {}",
                                             player_name(p.match, p.player), d.reason, d.rule,
                                             squares(p.squares)));
                    },
                    [&](const engine::GameEnded& g) {
                        line(at, fmt::format("RESULT   {} by {} [{}]: {}", g.result, g.termination,
                                             d.rule, d.reason));
                    },
                    [&](const engine::KeyChangeAccepted&) {
                        // The reason names the team: "White: branch 1 splits; ...".
                        line(at, fmt::format("KEY      {} [{}]", d.reason, d.rule));
                    },
                    [&](const engine::KeyChangeRefused& k) {
                        line(at, fmt::format("refused  {} {}: {} ({}) [{}]",
                                             k.side == chess::WHITE ? "White" : "Black", k.kind,
                                             d.reason, k.code, d.rule));
                    },
                    [&](const engine::BranchOpened& b) {
                        line(at, fmt::format("branch   {} opens on board {} (from branch {} "
                                             "after ply {}), rating {}",
                                             b.branch, b.board, b.parent, b.split_ply, b.rating));
                    },
                    [&](const engine::BranchClosed& b) {
                        line(at, fmt::format("branch   {} closed: {} by {}, stake {} [{}]",
                                             b.branch, b.result, b.termination, b.rating, d.rule));
                    },
                    [&](const engine::RatingChanged& r) {
                        line(at, fmt::format("rating   branch {} now {}", r.branch, r.rating));
                    },
                    [&](const engine::BoardSetupRequired& b) {
                        line(at, fmt::format("SET UP   board {} for branch {}: {} [{}]", b.board,
                                             b.branch, b.fen, d.rule));
                    },
                    [&](const engine::ScoreChanged& sc) {
                        line(at,
                             fmt::format("score    {:g} - {:g} [{}] {}", sc.white_half_points / 2.0,
                                         sc.black_half_points / 2.0, d.rule, d.reason));
                    },
                    [&](const engine::ArbiterFlag& f) {
                        line(at, fmt::format("ARBITER  {}{}: {} [{}]", f.code,
                                             f.board.empty() ? "" : " on board " + f.board,
                                             d.reason, d.rule));
                    },
                    [&](const engine::PlayerReplaced& r) {
                        line(at, fmt::format("replaced {} by {} [{}]",
                                             player_name(r.match, r.player_out),
                                             player_name(r.match, r.player_in), d.rule));
                    },
                    [&](const engine::IllegalMoveCounted&) {
                        line(at, fmt::format("illegal  {} [{}]", d.reason, d.rule));
                    },
                    [&](const engine::MoveRefused&) {
                        line(at, fmt::format("refused  {} [{}]", d.reason, d.rule));
                    },
                    [&](const engine::EventIgnored&) {
                        if (verbose_) line(at, fmt::format("ignored  {} [{}]", d.reason, d.rule));
                    },
                    [&](const auto&) {
                        if (verbose_)
                            line(at, fmt::format("         {} [{}] {}", engine::kind_name(d.body),
                                                 d.rule, d.reason));
                    },
                },
                d.body);
        }
        if (std::holds_alternative<engine::BoardRestored>(a.event.body))
            line(at, "board    matches the game again");
    }
}

}  // namespace venue::demo
