// `venue replay`, `venue verify`, `venue export pgn|incidents|transcript`: reading a log back.
#include <fmt/core.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "chess/pgn.h"
#include "chess/uci.h"
#include "cli/commands.h"
#include "cli/decision_text.h"
#include "runtime/replay.h"
#include "store/event_log.h"
#include "store/log_compare.h"
#include "venue/chess_match.h"
#include "venue/event_json.h"
#include "venue/game_rules.h"
#include "venue/match_record.h"
#include "venue/pgn_export.h"
#include "venue/transcript.h"

namespace venue::cli {
namespace {

void progress(std::int64_t done, std::int64_t total) {
    fmt::print(stderr, "  {} of {} events\n", done, total);
}

const char* side(chess::Color c) {
    return c == chess::WHITE ? "white" : "black";
}

int replay(const std::string& path, std::int64_t until, bool json) {
    auto r = runtime::replay_log(path, until, {}, progress);
    if (!r) {
        fmt::print(stderr, "venue replay: {}\n", r.error());
        return 2;
    }
    const auto& state = r->state;
    if (json) {
        nlohmann::json j;
        j["log"] = path;
        j["events"] = r->events;
        j["last_seq"] = r->last_seq;
        j["state_hash"] = state.state_hash();
        for (const auto& [id, match] : state.matches()) {
            const engine::Match& m = *match;
            nlohmann::json mj;
            mj["id"] = id;
            mj["game"] = m.config().game;
            mj["phase"] = engine::to_string(m.phase());
            mj["result"] = m.result();
            mj["termination"] = m.termination();
            mj["clock_ms"] = {{"white", m.clock().white_ms}, {"black", m.clock().black_ms}};
            if (const engine::ChessMatch* c = m.chess()) {  // a game played on a chess board
                mj["plies"] = c->game().ply_count();
                mj["fen"] = c->game().position().fen();
                mj["illegal_moves"] = {{"white", c->illegal_moves(chess::WHITE)},
                                       {"black", c->illegal_moves(chess::BLACK)}};
            }
            j["matches"].push_back(mj);
        }
        fmt::print("{}\n", j.dump(2));
        return 0;
    }
    fmt::print("log: {}\nevents replayed: {} (up to seq {})\n", path, r->events, r->last_seq);
    for (const auto& [id, match] : state.matches()) {
        const engine::Match& m = *match;
        fmt::print("match {} ({}): {}, result {}{}\n", id, m.config().game,
                   engine::to_string(m.phase()), m.result(),
                   m.termination().empty() ? "" : " by " + m.termination());
        const engine::ChessMatch* c = m.chess();
        if (c)
            fmt::print("  {} plies, position {}\n", c->game().ply_count(),
                       c->game().position().fen());
        fmt::print("  clocks white {} black {}", chess::format_clock(m.clock().white_ms),
                   chess::format_clock(m.clock().black_ms));
        if (c)
            fmt::print(", illegal moves white {} black {}", c->illegal_moves(chess::WHITE),
                       c->illegal_moves(chess::BLACK));
        fmt::print("\n");
    }
    fmt::print("state hash: {}\n", state.state_hash());
    return 0;
}

int verify(const std::string& path) {
    auto r = runtime::verify_log(path, progress);
    if (!r) {
        fmt::print(stderr, "venue verify: {}\n", r.error());
        return 2;
    }
    if (!r->ok) {
        if (r->first_bad_seq)
            fmt::print("FAILED at event {}: {}\n", r->first_bad_seq, r->problem);
        else
            fmt::print("FAILED: {}\n", r->problem);
        return 1;
    }
    fmt::print("ok: {} events; integrity check passed, hash chain intact, decisions reproduced\n",
               r->events);
    return 0;
}

// The hall's log against a witness of what it published (a mirror's copy, `venue mirror`).
int verify_against(const std::string& path, const std::string& witness_path) {
    store::OpenOptions read;
    read.read_only = true;
    read.integrity = store::IntegrityCheck::NONE;
    read.chain = store::ChainCheck::NONE;
    auto hall = store::EventLog::open(path, read);
    if (!hall) {
        fmt::print(stderr, "venue verify: {}: {}\n", path, hall.error().to_string());
        return 2;
    }
    // SEQ:HASH: a head noted while the event ran (the broker's retained head of the hall).
    const std::size_t colon = witness_path.find(':');
    if (colon != std::string::npos && colon > 0 && !std::filesystem::exists(witness_path) &&
        witness_path.find_first_not_of("0123456789") == colon) {
        std::int64_t seq = 0;
        const auto [end, ec] =
            std::from_chars(witness_path.data(), witness_path.data() + colon, seq);
        store::Hash hash{};
        bool hex_ok = ec == std::errc() && end == witness_path.data() + colon && seq > 0 &&
                      witness_path.size() == colon + 1 + 2 * hash.size();
        for (std::size_t i = 0; hex_ok && i < hash.size(); ++i) {
            unsigned v = 0;
            const auto r = std::from_chars(witness_path.data() + colon + 1 + 2 * i,
                                           witness_path.data() + colon + 3 + 2 * i, v, 16);
            hex_ok = r.ec == std::errc() && r.ptr == witness_path.data() + colon + 3 + 2 * i;
            hash[i] = std::uint8_t(v);
        }
        if (!hex_ok) {
            fmt::print(stderr,
                       "venue verify: --against {}: a head is SEQ:HASH (64 hexadecimal digits)\n",
                       witness_path);
            return 2;
        }
        auto c = store::compare_with_head(*hall, seq, hash);
        if (!c) {
            fmt::print(stderr, "venue verify: {}\n", c.error().to_string());
            return 2;
        }
        fmt::print("{} against the head {}: {}\n", c->agrees() ? "ok" : "FAILED",
                   witness_path.substr(0, colon + 17) + "..", c->to_string());
        return c->agrees() ? 0 : 1;
    }
    auto witness = store::EventLog::open(witness_path, read);
    if (!witness) {
        fmt::print(stderr, "venue verify: --against {}: {}\n", witness_path,
                   witness.error().to_string());
        return 2;
    }
    if (auto chain = witness->verify(); !chain || !chain->ok()) {
        fmt::print("FAILED: the witness {} is itself broken: {}\n", witness_path,
                   chain ? chain->first_break->to_string() : chain.error().to_string());
        return 1;
    }
    auto c = store::compare_logs(*hall, *witness);
    if (!c) {
        fmt::print(stderr, "venue verify: {}\n", c.error().to_string());
        return 2;
    }
    if (!c->agrees()) {
        fmt::print("FAILED against {}: {}\n", witness_path, c->to_string());
        return 1;
    }
    fmt::print("ok against {}: {}\n", witness_path, c->to_string());
    return 0;
}

int write_output(const std::string& out, const std::string& text) {
    if (out.empty() || out == "-") {
        fmt::print("{}", text);
        return 0;
    }
    std::ofstream f(out, std::ios::binary);
    f << text;
    if (!f) {
        fmt::print(stderr, "cannot write {}\n", out);
        return 2;
    }
    return 0;
}

int export_pgn(const std::string& path, const std::string& match, const std::string& out) {
    auto r = runtime::replay_log(path);
    if (!r) {
        fmt::print(stderr, "venue export pgn: {}\n", r.error());
        return 2;
    }
    std::string text;
    bool found = false;
    for (const auto& [id, m] : r->state.matches()) {
        if (!match.empty() && id != match) continue;
        found = true;
        const std::vector<chess::PgnGame> parts = engine::to_pgn_parts(*m);
        // A game PGN cannot hold (armies on half-boards, a ball) has its record in JSON; saying
        // so beats an empty file that looks like a failed export.
        if (parts.empty()) {
            const engine::GameRules* game = engine::find_game(m->config().game);
            fmt::print(stderr,
                       "venue export pgn: match '{}' ({}) has no PGN: its game is not one chess "
                       "game on one board; `venue export record {}` writes its record\n",
                       id, game ? game->display_name : m->config().game, path);
        }
        for (const chess::PgnGame& part : parts) text += chess::write_pgn(part);
    }
    if (!found && !match.empty()) {
        fmt::print(stderr, "venue export pgn: no match '{}' in {}\n", match, path);
        return 2;
    }
    // Only matches without PGN were asked for: nothing written is an error, not a success.
    if (found && text.empty()) return 2;
    return write_output(out, text);
}

std::string csv(std::string s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

// Everything an arbiters' report needs: penalties, warnings, refused claims,
// results, and every arbiter action with its note.
int export_incidents(const std::string& path, const std::string& out) {
    std::string text = "seq,host_time_s,match,kind,side,rule,detail,arbiter,note\n";
    auto row = [&](std::int64_t seq, std::int64_t ns, const std::string& match,
                   const std::string& kind, const std::string& s, const std::string& rule,
                   const std::string& detail, const std::string& arbiter, const std::string& note) {
        text += fmt::format("{},{:.3f},{},{},{},{},{},{},{}\n", seq, double(ns) / 1e9, csv(match),
                            kind, s, csv(rule), csv(detail), csv(arbiter), csv(note));
    };
    auto r = runtime::replay_log(
        path, std::numeric_limits<std::int64_t>::max(), [&](const runtime::Applied& a) {
            if (auto* act = std::get_if<engine::ArbiterAction>(&a.event.body)) {
                nlohmann::json j = nlohmann::json::parse(engine::event_payload(a.event.body));
                row(a.seq, a.event.host_ns, act->match, "arbiter_" + j["kind"].get<std::string>(),
                    side(act->side), "X-3",
                    act->result.empty() ? act->text : act->result + " " + act->text, act->arbiter,
                    act->note);
            }
            for (const engine::Decision& d : a.decisions) {
                std::visit(
                    [&](const auto& b) {
                        using T = std::decay_t<decltype(b)>;
                        if constexpr (std::is_same_v<T, engine::TimeAdded> ||
                                      std::is_same_v<T, engine::IllegalMoveCounted> ||
                                      std::is_same_v<T, engine::ClaimRefused>)
                            row(a.seq, a.event.host_ns, b.match, engine::kind_name(d.body),
                                side(b.side), d.rule, d.reason, "", "");
                        else if constexpr (std::is_same_v<T, engine::GameEnded> ||
                                           std::is_same_v<T, engine::MoveRefused>)
                            row(a.seq, a.event.host_ns, b.match, engine::kind_name(d.body), "",
                                d.rule, d.reason, "", "");
                    },
                    d.body);
            }
        });
    if (!r) {
        fmt::print(stderr, "venue export incidents: {}\n", r.error());
        return 2;
    }
    return write_output(out, text);
}

// Every event as a JSON line with its decisions and the state hash after it
// (venue/transcript.h): what the golden transcripts of the demos are made of.
int export_transcript(const std::string& path, const std::string& out) {
    std::string text;
    auto r = runtime::replay_log_with_state(
        path, [&](const runtime::Applied& a, const engine::VenueState& after) {
            text += engine::transcript_line(a.seq, a.event, a.decisions, after.state_hash());
            text += '\n';
        });
    if (!r) {
        fmt::print(stderr, "venue export transcript: {}\n", r.error());
        return 2;
    }
    return write_output(out, text);
}

// Every match's record (venue/match_record.h, schemas/record/record.schema.json): who played,
// the options, and every decision in the log's order with its cause, clause and reason.
int export_record(const std::string& path, const std::string& match, const std::string& out) {
    engine::MatchRecords records;
    auto r = runtime::replay_log_with_state(
        path, [&](const runtime::Applied& a, const engine::VenueState&) {
            records.add(a.seq, a.event, a.decisions);
        });
    if (!r) {
        fmt::print(stderr, "venue export record: {}\n", r.error());
        return 2;
    }
    if (!match.empty() && !r->state.match(match)) {
        fmt::print(stderr, "venue export record: no match '{}' in {}\n", match, path);
        return 2;
    }
    return write_output(out, records.document(r->state, match));
}

}  // namespace

void register_log_commands(CLI::App& app) {
    struct Options {
        std::string log, match, out, against;
        std::int64_t until = std::numeric_limits<std::int64_t>::max();
        bool json = false;
    };
    auto o = std::make_shared<Options>();

    CLI::App* rep =
        app.add_subcommand("replay",
                           "Rebuild the state from a log and print it with its state hash.\n"
                           "Two logs (or a log and a running event) are in the same state exactly\n"
                           "when their state hashes are equal.");
    rep->add_option("log", o->log, "The event log")->required();
    rep->add_option("--until", o->until, "Stop after this sequence number");
    rep->add_flag("--json", o->json, "Print JSON instead of text");
    rep->callback([o] {
        if (int rc = replay(o->log, o->until, o->json)) throw CLI::RuntimeError(rc);
    });

    CLI::App* ver = app.add_subcommand(
        "verify",
        "Check a log: SQLite's integrity check, the whole SHA-256 hash chain,\n"
        "and every stored decision recomputed. Exits 1 naming the first bad\n"
        "sequence number, 0 when all is well.\n"
        "With --against MIRROR also compares it event by event with a mirror's\n"
        "copy (venue mirror): a chain alone cannot see a cut tail, the copy can.\n"
        "Exits 1 when the log lacks events the mirror holds (its tail was cut\n"
        "after they were published) or differs from it (rewritten).");
    ver->add_option("log", o->log, "The event log")->required();
    ver->add_option("--against", o->against,
                    "A mirror's copy of the same hall's log (DIR/<event>/<hall>.sqlite), or a "
                    "head noted as SEQ:HASH (the broker's retained venue/<event>/<hall>/head)");
    ver->callback([o] {
        if (int rc = verify(o->log)) throw CLI::RuntimeError(rc);
        if (!o->against.empty())
            if (int rc = verify_against(o->log, o->against)) throw CLI::RuntimeError(rc);
    });

    CLI::App* exp = app.add_subcommand("export", "Write reports from a log");
    exp->require_subcommand(1);
    CLI::App* pgn =
        exp->add_subcommand("pgn",
                            "Standard PGN of every game, with [%clk] after each move and stable\n"
                            "broadcast headers ([Round \"round.board\"], [GameId]). A match whose\n"
                            "game PGN cannot hold (armies on half-boards, a ball) is named on\n"
                            "stderr, with `venue export record` for its record; exits 2 when no\n"
                            "match asked for has PGN.");
    pgn->add_option("log", o->log, "The event log")->required();
    pgn->add_option("--match", o->match, "Only this match");
    pgn->add_option("-o,--output", o->out, "Write here instead of standard output");
    pgn->callback([o] {
        if (int rc = export_pgn(o->log, o->match, o->out)) throw CLI::RuntimeError(rc);
    });
    CLI::App* inc =
        exp->add_subcommand("incidents",
                            "CSV for the arbiters' report: warnings, penalties, time added,\n"
                            "refused claims, results and every arbiter action with its note.");
    inc->add_option("log", o->log, "The event log")->required();
    inc->add_option("-o,--output", o->out, "Write here instead of standard output");
    inc->callback([o] {
        if (int rc = export_incidents(o->log, o->out)) throw CLI::RuntimeError(rc);
    });
    CLI::App* tr = exp->add_subcommand(
        "transcript",
        "JSON lines: every event with the decisions the engine made on it (kind, fields, rule,\n"
        "reason) and the state hash after it. Two logs that replay alike give equal\n"
        "transcripts. The golden transcripts in tests/data/golden/ are made with it.");
    tr->add_option("log", o->log, "The event log")->required();
    tr->add_option("-o,--output", o->out, "Write here instead of standard output");
    tr->callback([o] {
        if (int rc = export_transcript(o->log, o->out)) throw CLI::RuntimeError(rc);
    });
    CLI::App* rec = exp->add_subcommand(
        "record",
        "The game record of every match (JSON, schemas/record/record.schema.json): players,\n"
        "options, result, and every decision in order with the event that caused it, its\n"
        "clause and its reason: moves with their SAN, and each game's own news (a pass, a\n"
        "shot with its draw, a goal, a branch). Commands to devices are left out.");
    rec->add_option("log", o->log, "The event log")->required();
    rec->add_option("--match", o->match, "Only this match");
    rec->add_option("-o,--output", o->out, "Write here instead of standard output");
    rec->callback([o] {
        if (int rc = export_record(o->log, o->match, o->out)) throw CLI::RuntimeError(rc);
    });
}

}  // namespace venue::cli
