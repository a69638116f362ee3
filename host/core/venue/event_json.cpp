#include "venue/event_json.h"

#include <nlohmann/json.hpp>

#include "chess/uci.h"

// JSON forms of the chess types used in events, found by argument-dependent lookup.
namespace venue::chess {

inline void to_json(nlohmann::json& j, const Color& c) {
    j = c == WHITE ? "white" : "black";
}
inline void from_json(const nlohmann::json& j, Color& c) {
    const auto s = j.get<std::string>();
    if (s != "white" && s != "black") throw std::invalid_argument("'" + s + "' is not a side");
    c = s == "white" ? WHITE : BLACK;
}
inline void to_json(nlohmann::json& j, const Square& s) {
    j = square_to_string(s);
}
inline void from_json(const nlohmann::json& j, Square& s) {
    s = parse_square(j.get<std::string>());
    if (s == SQ_NONE) throw std::invalid_argument("'" + j.get<std::string>() + "' is not a square");
}

}  // namespace venue::chess

namespace venue::engine {

NLOHMANN_JSON_SERIALIZE_ENUM(TimeMode, {{TimeMode::SUDDEN_DEATH, "sudden_death"},
                                        {TimeMode::FISCHER, "fischer"},
                                        {TimeMode::SIMPLE_DELAY, "simple_delay"},
                                        {TimeMode::BRONSTEIN, "bronstein"}})
NLOHMANN_JSON_SERIALIZE_ENUM(DrawClaimKind, {{DrawClaimKind::THREEFOLD, "threefold"},
                                             {DrawClaimKind::FIFTY_MOVES, "fifty_moves"}})
NLOHMANN_JSON_SERIALIZE_ENUM(ArbiterActionKind,
                             {{ArbiterActionKind::PAUSE, "pause"},
                              {ArbiterActionKind::RESUME, "resume"},
                              {ArbiterActionKind::ADD_TIME, "add_time"},
                              {ArbiterActionKind::RESTORE_POSITION, "restore_position"},
                              {ArbiterActionKind::DECLARE_RESULT, "declare_result"},
                              {ArbiterActionKind::ENTER_MOVE, "enter_move"},
                              {ArbiterActionKind::WARN, "warn"},
                              {ArbiterActionKind::REMOVE, "remove"},
                              {ArbiterActionKind::CONFIRM_WARNING, "confirm_warning"},
                              {ArbiterActionKind::REJECT_WARNING, "reject_warning"},
                              {ArbiterActionKind::RELEASE_CLAIM, "release_claim"},
                              {ArbiterActionKind::ILLEGAL_MOVE_STANDS, "illegal_move_stands"},
                              {ArbiterActionKind::CONFIRM_SCORE, "confirm_score"}})

NLOHMANN_JSON_SERIALIZE_ENUM(ClaimVerdict, {{ClaimVerdict::ACCEPTED, "accepted"},
                                            {ClaimVerdict::LATE, "late"},
                                            {ClaimVerdict::OUT_OF_TURN, "out_of_turn"},
                                            {ClaimVerdict::TIE, "tie"}})

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TimeControl, base_ms, increment_ms, mode)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PlayerConfig, id, name, seat, buttons, files)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TeamConfig, name, players)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ChessPenalties, illegal_move_bonus_ms,
                                                illegal_moves_to_lose, incorrect_claim_bonus_ms)
// A game's options: each value as its JSON type (durations in ms).
void to_json(nlohmann::json& j, const GameOptions& o) {
    j = nlohmann::json::object();
    for (const auto& [key, value] : o.values())
        std::visit([&j, &key = key](const auto& v) { j[key] = v; }, value);
}
void from_json(const nlohmann::json& j, GameOptions& o) {
    if (!j.is_object()) throw std::invalid_argument("a game's options must be an object");
    for (const auto& [key, v] : j.items()) {
        if (v.is_boolean())
            o.set(key, v.get<bool>());
        else if (v.is_number_integer())
            o.set(key, v.get<std::int64_t>());
        else if (v.is_string())
            o.set(key, v.get<std::string>());
        else if (v.is_array())
            o.set(key, v.get<std::vector<std::string>>());
        else
            throw std::invalid_argument("option '" + key + "': " + v.dump() +
                                        " is not a flag, a whole number, a string or a list");
    }
}

namespace {

template <typename T>
void read_field(const nlohmann::json& j, const char* key, T& field) {
    if (auto it = j.find(key); it != j.end()) field = it->template get<T>();
}

}  // namespace

void to_json(nlohmann::json& j, const MatchConfig& c) {
    j = {{"id", c.id},
         {"game", c.game},
         {"event", c.event},
         {"site", c.site},
         {"round", c.round},
         {"time", c.time},
         {"penalties", c.penalties},
         {"board", c.board},
         {"start_fen", c.start_fen},
         {"options", c.options}};
    // Two sides as "white" and "black", as every log before games of more sides has them (and
    // the state hash of their snapshots); more as "sides", in their order of play.
    if (c.side_count() == 2) {
        j["white"] = c.white();
        j["black"] = c.black();
    } else {
        j["sides"] = c.sides;
    }
    // Only when known: a log written before the field existed keeps its canonical form (the
    // snapshots' state hash).
    if (!c.date.empty()) j["date"] = c.date;
}
void from_json(const nlohmann::json& j, MatchConfig& c) {
    read_field(j, "id", c.id);
    read_field(j, "game", c.game);
    read_field(j, "event", c.event);
    read_field(j, "site", c.site);
    read_field(j, "round", c.round);
    read_field(j, "date", c.date);
    if (auto it = j.find("sides"); it != j.end()) {
        c.sides = it->get<std::vector<TeamConfig>>();
        if (c.sides.size() < 2)
            throw std::invalid_argument("'sides' has " + std::to_string(c.sides.size()) +
                                        " side(s): a match has at least two");
    } else {
        c.sides.assign(2, TeamConfig{});
        read_field(j, "white", c.white());
        read_field(j, "black", c.black());
    }
    read_field(j, "time", c.time);
    read_field(j, "penalties", c.penalties);
    read_field(j, "board", c.board);
    read_field(j, "start_fen", c.start_fen);
    if (j.contains("options"))
        read_field(j, "options", c.options);
    else if (auto it = j.find(c.game); it != j.end() && it->is_object())
        c.options = it->get<GameOptions>();  // logs from before the registry: under the game's id
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(HostStarted, version)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(DeviceConnected, device, detail)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(DeviceLost, device, reason)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MatchCreated, config)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MoveSensed, match, board, uci)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BoardMismatch, match, board, squares)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BoardRestored, match, board)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BoardSnapshot, match, board, placement)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BoardSettled, match, board, placement)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(FlagFell, match, side)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(DrawClaimed, match, side, kind, intended_uci)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ClaimPressed, match, button, verdict, margin_us,
                                                margin_within_us, tied_with, winner, tie_rule)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BeamCrossed, match, zone, inward)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ArbiterAction, match, kind, side, amount_ms, ply,
                                                result, text, player, clause, ref, arbiter, note)
// Written by hand: an unknown kind is an error, not the first kind (as the macro would make it).
void to_json(nlohmann::json& j, const KeyChangeKind& k) {
    j = to_string(k);
}
void from_json(const nlohmann::json& j, KeyChangeKind& k) {
    const auto s = j.get<std::string>();
    for (KeyChangeKind c :
         {KeyChangeKind::BRANCH, KeyChangeKind::SELECT, KeyChangeKind::PASS, KeyChangeKind::RESIGN,
          KeyChangeKind::DRAW, KeyChangeKind::VETO, KeyChangeKind::BOARD_C, KeyChangeKind::REPLACE,
          KeyChangeKind::WITHDRAW})
        if (s == to_string(c)) {
            k = c;
            return;
        }
    throw std::invalid_argument("'" + s + "' is not a key change");
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RatingShare, branch, amount)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(GameInput, match, kind, side, player, args, arbiter,
                                                note)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(KeyChange, match, kind, side, from_branch,
                                                to_branch, board, amount, shares, claim, player,
                                                in_player, arbiter, note)

// Types with optional fields are written by hand: an absent optional is an absent key.
void to_json(nlohmann::json& j, const ClockPressed& e) {
    j = {{"match", e.match}, {"side", e.side}};
    if (e.remaining_ms) j["remaining_ms"] = *e.remaining_ms;
}
void from_json(const nlohmann::json& j, ClockPressed& e) {
    j.at("match").get_to(e.match);
    j.at("side").get_to(e.side);
    if (j.contains("remaining_ms")) e.remaining_ms = j.at("remaining_ms").get<std::int64_t>();
}
void to_json(nlohmann::json& j, const ClockReading& e) {
    j = {{"match", e.match}, {"white_ms", e.white_ms}, {"black_ms", e.black_ms}};
    if (e.running) j["running"] = *e.running;
}
void from_json(const nlohmann::json& j, ClockReading& e) {
    j.at("match").get_to(e.match);
    j.at("white_ms").get_to(e.white_ms);
    j.at("black_ms").get_to(e.black_ms);
    if (j.contains("running")) e.running = j.at("running").get<Color>();
}
void to_json(nlohmann::json& j, const BoardFieldUpdate& e) {
    j = {{"match", e.match},
         {"board", e.board},
         {"dgt_square", e.dgt_square},
         {"piece_code", e.piece_code}};
    if (e.square) j["square"] = *e.square;
}
void from_json(const nlohmann::json& j, BoardFieldUpdate& e) {
    j.at("match").get_to(e.match);
    j.at("board").get_to(e.board);
    j.at("dgt_square").get_to(e.dgt_square);
    j.at("piece_code").get_to(e.piece_code);
    // What a DGT board can send: a field update outside these is not one.
    if (e.dgt_square < 0 || e.dgt_square > 63)
        throw std::invalid_argument(std::to_string(e.dgt_square) + " is not a DGT square (0..63)");
    if (e.piece_code < 0 || e.piece_code > 15)
        throw std::invalid_argument(std::to_string(e.piece_code) +
                                    " is not a DGT piece code (0..15)");
    if (j.contains("square")) e.square = j.at("square").get<chess::Square>();
}

// `board` is written only when set, so that the decisions of one-board games keep the form
// older logs have (venue verify compares recomputed decisions with the stored ones).
void to_json(nlohmann::json& j, const MoveAccepted& d) {
    j = {{"match", d.match}, {"uci", d.uci}, {"san", d.san}, {"ply", d.ply}};
    if (!d.board.empty()) j["board"] = d.board;
}
void from_json(const nlohmann::json& j, MoveAccepted& d) {
    d.match = j.value("match", "");
    d.uci = j.value("uci", "");
    d.san = j.value("san", "");
    d.ply = j.value("ply", 0);
    d.board = j.value("board", "");
}
void to_json(nlohmann::json& j, const MoveRefused& d) {
    j = {{"match", d.match}, {"uci", d.uci}};
    if (!d.board.empty()) j["board"] = d.board;
}
void from_json(const nlohmann::json& j, MoveRefused& d) {
    d.match = j.value("match", "");
    d.uci = j.value("uci", "");
    d.board = j.value("board", "");
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RestoreRequired, match, fen, squares)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(IllegalMoveCounted, match, side, count)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TimeAdded, match, side, amount_ms)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ClockSwitched, match, running)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ClaimRefused, match, side, player, code, margin_us)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ClaimGranted, match, player, button)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ArmyTurnEnded, match, army, next_army, station,
                                                remaining_ms)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ArmyFlagFell, match, army)
void to_json(nlohmann::json& j, const ArmyClockReading& e) {
    j = {{"match", e.match}, {"remaining_ms", e.remaining_ms}};
    if (e.running) j["running"] = *e.running;
}
void from_json(const nlohmann::json& j, ArmyClockReading& e) {
    j.at("match").get_to(e.match);
    j.at("remaining_ms").get_to(e.remaining_ms);
    if (j.contains("running")) e.running = j.at("running").get<int>();
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ClaimEnded, match, player)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(WarningProposed, match, ref, player, reason)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(WarningGiven, match, player, count, reason)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PlayerRemoved, match, player, squares, files_to)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(GameEnded, match, result, termination)
inline void to_json(nlohmann::json& j, const DeviceAction& a) {
    j = to_string(a);
}
inline void from_json(const nlohmann::json& j, DeviceAction& a) {
    const auto s = j.get<std::string>();
    auto named = device_action_named(s);
    if (!named) throw std::invalid_argument("'" + s + "' is not a device command");
    a = *named;
}
// The army clock's lists are written only when the command has them (older logs have none).
void to_json(nlohmann::json& j, const DeviceCommand& c) {
    j = {{"device", c.device},
         {"command", c.command},
         {"side", c.side},
         {"amount_ms", c.amount_ms},
         {"value", c.value}};
    if (!c.armies.empty()) j["armies"] = c.armies;
    if (!c.stations.empty()) j["stations"] = c.stations;
    if (!c.squares.empty()) j["squares"] = c.squares;
}
void from_json(const nlohmann::json& j, DeviceCommand& c) {
    c = DeviceCommand{};
    c.device = j.value("device", c.device);
    if (j.contains("command")) j.at("command").get_to(c.command);
    if (j.contains("side")) j.at("side").get_to(c.side);
    c.amount_ms = j.value("amount_ms", c.amount_ms);
    c.value = j.value("value", c.value);
    c.armies = j.value("armies", c.armies);
    c.stations = j.value("stations", c.stations);
    c.squares = j.value("squares", c.squares);
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(EventIgnored, match)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ScoreChanged, match, white_half_points,
                                                black_half_points)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(KeyChangeAccepted, match, side, kind, from_branch,
                                                to_branch, amount)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(KeyChangeRefused, match, side, kind, code)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(GameNews, match, kind, facts)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BranchOpened, match, branch, parent, board,
                                                split_ply, rating)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BranchClosed, match, branch, board, result,
                                                termination, rating)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RatingChanged, match, branch, rating)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BoardSetupRequired, match, board, fen, branch)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ArbiterFlag, match, side, code, board)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PlayerReplaced, match, side, player_out, player_in)

namespace {

// Tries every alternative of a variant whose kind_name matches `kind`.
template <class Variant, std::size_t I = 0>
bool parse_alternative(std::string_view kind, const nlohmann::json& j, Variant& out) {
    if constexpr (I == std::variant_size_v<Variant>) {
        return false;
    } else {
        using T = std::variant_alternative_t<I, Variant>;
        Variant probe{std::in_place_index<I>};
        if (kind == kind_name(probe)) {
            out = j.get<T>();
            return true;
        }
        return parse_alternative<Variant, I + 1>(kind, j, out);
    }
}

}  // namespace

std::string event_payload(const EventBody& body) {
    nlohmann::json j;
    std::visit([&](const auto& e) { j = e; }, body);
    return j.dump();
}

Result<EventBody, std::string> parse_event(std::string_view kind, std::string_view payload) {
    try {
        const auto j = nlohmann::json::parse(payload);
        EventBody body;
        if (!parse_alternative(kind, j, body))
            return unexpected("unknown event kind '" + std::string(kind) + "'");
        return body;
    } catch (const std::exception& ex) {
        return unexpected("event '" + std::string(kind) + "': " + ex.what());
    }
}

std::string decision_payload(const Decision& d) {
    nlohmann::json j;
    std::visit([&](const auto& body) { j = body; }, d.body);
    j["rule"] = d.rule;
    j["reason"] = d.reason;
    return j.dump();
}

Result<Decision, std::string> parse_decision(std::string_view kind, std::string_view payload) {
    try {
        const auto j = nlohmann::json::parse(payload);
        Decision d;
        if (!parse_alternative(kind, j, d.body))
            return unexpected("unknown decision kind '" + std::string(kind) + "'");
        d.rule = j.value("rule", "");
        d.reason = j.value("reason", "");
        return d;
    } catch (const std::exception& ex) {
        return unexpected("decision '" + std::string(kind) + "': " + ex.what());
    }
}

}  // namespace venue::engine
