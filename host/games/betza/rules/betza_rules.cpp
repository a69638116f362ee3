#include "games/betza/rules/betza_rules.h"

#include <algorithm>
#include <array>

namespace venue::games::betza {

namespace {

using engine::GameOption;
using engine::GameOptions;
using engine::OptionKind;

// The words of each choice, in the enum's order: the enum's value indexes its word.
constexpr std::array<const char*, 1> VERSION_WORDS = {"reconstructed_v1"};
constexpr std::array<const char*, 3> ORDER_WORDS = {"random", "seating_clockwise",
                                                    "arbiter_entered"};
constexpr std::array<const char*, 3> LAYOUT_WORDS = {"alternate", "all_white", "per_army_choice"};
constexpr std::array<const char*, 2> FORWARD_WORDS = {"away_from_join_on_foreign",
                                                      "always_toward_join"};
constexpr std::array<const char*, 2> ZONE_WORDS = {"foreign_outer_edge", "any_outer_edge"};
constexpr std::array<const char*, 2> EP_WORDS = {"next_army_same_pair", "off"};
constexpr std::array<const char*, 3> EXTRA_WORDS = {"optional", "none", "compulsory_when_legal"};
constexpr std::array<const char*, 2> CAPTURER_WORDS = {"mover", "controller_of_checking_piece"};
constexpr std::array<const char*, 2> PRECHECK_WORDS = {"allowed", "forbidden"};
constexpr std::array<const char*, 2> SELF_MATE_WORDS = {"last_checking_mover", "arbiter"};
constexpr std::array<const char*, 3> STALEMATE_WORDS = {"skip_turn", "eliminate_army", "draw_game"};
constexpr std::array<const char*, 3> DRAW_RULE_WORDS = {"auto", "on", "off"};
constexpr std::array<const char*, 2> REASSIGN_WORDS = {"off", "arbiter_may_reassign"};
constexpr std::array<const char*, 2> SCORING_WORDS = {"last_alive", "place_points"};
constexpr std::array<const char*, 2> LAYOUT_NAME_WORDS = {"white", "black"};

template <class E, std::size_t N>
std::string word_of(E value, const std::array<const char*, N>& words) {
    return words[static_cast<std::size_t>(value)];
}

template <class E, std::size_t N>
E value_of(const std::string& word, const std::array<const char*, N>& words, E fallback) {
    for (std::size_t i = 0; i < N; ++i)
        if (word == words[i]) return static_cast<E>(i);
    return fallback;
}

template <class E, std::size_t N>
E read_choice(const GameOptions& o, const std::string& key, E fallback,
              const std::array<const char*, N>& words) {
    return value_of(o.text(key, word_of(fallback, words)), words, fallback);
}

template <std::size_t N>
std::vector<std::string> all_words(const std::array<const char*, N>& words) {
    return {words.begin(), words.end()};
}

GameOption described(std::string key, OptionKind kind, engine::OptionValue default_value,
                     std::string rule, std::string help) {
    GameOption o;
    o.key = key;
    o.file_key = std::move(key);
    o.kind = kind;
    o.default_value = std::move(default_value);
    o.rule = std::move(rule);
    o.help = std::move(help);
    return o;
}

template <class E, std::size_t N>
GameOption choice(std::string key, E default_value, const std::array<const char*, N>& words,
                  std::string rule, std::string help) {
    GameOption o = described(std::move(key), OptionKind::CHOICE, word_of(default_value, words),
                             std::move(rule), std::move(help));
    o.choices = all_words(words);
    return o;
}

}  // namespace

BetzaRules BetzaRules::of(const GameOptions& o) {
    BetzaRules r;
    r.rules_version = read_choice(o, "rules_version", r.rules_version, VERSION_WORDS);
    r.order = read_choice(o, "order", r.order, ORDER_WORDS);
    for (const std::string& army : o.list("entered_order", {}))
        r.entered_order.push_back(std::atoi(army.c_str()));
    r.layout = read_choice(o, "layout", r.layout, LAYOUT_WORDS);
    for (const std::string& word : o.list("chosen_layouts", {}))
        r.chosen_layouts.push_back(value_of(word, LAYOUT_NAME_WORDS, Layout::WHITE));
    r.pawn_forward = read_choice(o, "pawn_forward", r.pawn_forward, FORWARD_WORDS);
    r.promotion_zone = read_choice(o, "promotion_zone", r.promotion_zone, ZONE_WORDS);
    r.en_passant = read_choice(o, "en_passant", r.en_passant, EP_WORDS);
    r.castling = o.text("castling", "on") == "on";
    r.extra_moves = read_choice(o, "extra_moves", r.extra_moves, EXTRA_WORDS);
    r.capturer = read_choice(o, "capturer", r.capturer, CAPTURER_WORDS);
    r.precheck_pairs = read_choice(o, "precheck_pairs", r.precheck_pairs, PRECHECK_WORDS);
    r.self_mate_capturer =
        read_choice(o, "self_mate_capturer", r.self_mate_capturer, SELF_MATE_WORDS);
    r.stalemate = read_choice(o, "stalemate", r.stalemate, STALEMATE_WORDS);
    r.fifty_move = read_choice(o, "fifty_move", r.fifty_move, DRAW_RULE_WORDS);
    r.repetition = read_choice(o, "repetition", r.repetition, DRAW_RULE_WORDS);
    r.record_alliances = o.flag("record_alliances", r.record_alliances);
    r.clock_ms = o.number("clock_ms", r.clock_ms);
    r.friendly_reassign = o.text("friendly_reassign", "off") == "arbiter_may_reassign";
    r.scoring = read_choice(o, "scoring", r.scoring, SCORING_WORDS);
    r.capture_own_controlled = o.flag("capture_own_controlled", r.capture_own_controlled);
    r.rfid_pieces = o.flag("rfid_pieces", r.rfid_pieces);
    return r;
}

void BetzaRules::write_to(GameOptions& o) const {
    o.set("rules_version", word_of(rules_version, VERSION_WORDS));
    o.set("order", word_of(order, ORDER_WORDS));
    std::vector<std::string> armies;
    for (int army : entered_order) armies.push_back(std::to_string(army));
    o.set("entered_order", armies);
    o.set("layout", word_of(layout, LAYOUT_WORDS));
    std::vector<std::string> layouts;
    for (Layout l : chosen_layouts) layouts.push_back(word_of(l, LAYOUT_NAME_WORDS));
    o.set("chosen_layouts", layouts);
    o.set("pawn_forward", word_of(pawn_forward, FORWARD_WORDS));
    o.set("promotion_zone", word_of(promotion_zone, ZONE_WORDS));
    o.set("en_passant", word_of(en_passant, EP_WORDS));
    o.set("castling", std::string(castling ? "on" : "off"));
    o.set("extra_moves", word_of(extra_moves, EXTRA_WORDS));
    o.set("capturer", word_of(capturer, CAPTURER_WORDS));
    o.set("precheck_pairs", word_of(precheck_pairs, PRECHECK_WORDS));
    o.set("self_mate_capturer", word_of(self_mate_capturer, SELF_MATE_WORDS));
    o.set("stalemate", word_of(stalemate, STALEMATE_WORDS));
    o.set("fifty_move", word_of(fifty_move, DRAW_RULE_WORDS));
    o.set("repetition", word_of(repetition, DRAW_RULE_WORDS));
    o.set("record_alliances", record_alliances);
    o.set("clock_ms", clock_ms);
    o.set("friendly_reassign", word_of(int(friendly_reassign), REASSIGN_WORDS));
    o.set("scoring", word_of(scoring, SCORING_WORDS));
    o.set("capture_own_controlled", capture_own_controlled);
    o.set("rfid_pieces", rfid_pieces);
}

std::optional<std::string> BetzaRules::problem(int armies) const {
    if (armies < MIN_ARMIES || armies > MAX_ARMIES)
        return "BETZA-0.1: a game has 2 to 8 armies, not " + std::to_string(armies);
    if (order == BattingOrder::ARBITER_ENTERED) {
        std::vector<int> sorted = entered_order;
        std::sort(sorted.begin(), sorted.end());
        bool permutation = int(sorted.size()) == armies;
        for (int i = 0; permutation && i < armies; ++i) permutation = sorted[std::size_t(i)] == i;
        if (!permutation)
            return "BETZA-A2: the entered batting order must name each army 0.." +
                   std::to_string(armies - 1) + " once";
    }
    if (layout == LayoutRule::PER_ARMY_CHOICE && int(chosen_layouts.size()) != armies)
        return "BETZA-A3: per_army_choice needs one layout per army";
    if (clock_ms < 0) return "BETZA-A15: the per-army countdown cannot be negative";
    return std::nullopt;
}

namespace {

bool draw_rule_applies(DrawRule rule, int armies) {
    if (rule == DrawRule::AUTO) return armies == 2;
    return rule == DrawRule::ON;
}

}  // namespace

bool fifty_move_applies(const BetzaRules& rules, int armies) {
    return draw_rule_applies(rules.fifty_move, armies);
}

bool repetition_applies(const BetzaRules& rules, int armies) {
    return draw_rule_applies(rules.repetition, armies);
}

std::vector<GameOption> betza_options() {
    const BetzaRules d;
    GameOption clock = described("clock_ms", OptionKind::DURATION, d.clock_ms, "BETZA-A15",
                                 "each army's countdown (0: untimed); the N-way clock switches "
                                 "in batting order");
    clock.file_key = "clock_minutes";
    clock.unit_ms = 60 * 1000;
    GameOption reassign =
        described("friendly_reassign", OptionKind::CHOICE, std::string("off"), "BETZA-A16",
                  "friendly games: the arbiter may hand an army to any player");
    reassign.choices = all_words(REASSIGN_WORDS);
    GameOption castling = described("castling", OptionKind::CHOICE, std::string("on"), "BETZA-A6",
                                    "castling on the home half-board");
    castling.choices = {"on", "off"};
    return {
        choice("rules_version", d.rules_version, VERSION_WORDS, "BETZA-A1",
               "which reconstruction of the lost rules 3, 5, 6, 7 and 9 is played"),
        choice("order", d.order, ORDER_WORDS, "BETZA-A2",
               "how the batting order of the armies is fixed"),
        described("entered_order", OptionKind::TEXT_LIST, std::vector<std::string>{}, "BETZA-A2",
                  "arbiter_entered: the armies (0..N-1) in batting order"),
        choice("layout", d.layout, LAYOUT_WORDS, "BETZA-A3",
               "which armies set up queen-on-d (White) and king-on-d (Black)"),
        described("chosen_layouts", OptionKind::TEXT_LIST, std::vector<std::string>{}, "BETZA-A3",
                  "per_army_choice: white or black for each army"),
        choice("pawn_forward", d.pawn_forward, FORWARD_WORDS, "BETZA-A4",
               "which way a pawn moves on a half-board that is not its home"),
        choice("promotion_zone", d.promotion_zone, ZONE_WORDS, "BETZA-A4",
               "which outer edges promote a pawn"),
        choice("en_passant", d.en_passant, EP_WORDS, "BETZA-A5",
               "who may take a pawn in passing, and on which pair"),
        castling,
        choice("extra_moves", d.extra_moves, EXTRA_WORDS, "BETZA-A8",
               "whether an army may or must make more than one move a turn"),
        choice("capturer", d.capturer, CAPTURER_WORDS, "BETZA-A9",
               "who takes an army mated by pieces of several players"),
        choice("precheck_pairs", d.precheck_pairs, PRECHECK_WORDS, "BETZA-A10",
               "whether a pair may be pushed where a third army's king is already in check"),
        choice("self_mate_capturer", d.self_mate_capturer, SELF_MATE_WORDS, "BETZA-A11",
               "who takes an army that mates itself by joining boards"),
        choice("stalemate", d.stalemate, STALEMATE_WORDS, "BETZA-A12",
               "what happens to an army with no legal move on any pair"),
        choice("fifty_move", d.fifty_move, DRAW_RULE_WORDS, "BETZA-A13",
               "the 50-move rule (auto: only with two armies)"),
        choice("repetition", d.repetition, DRAW_RULE_WORDS, "BETZA-A13",
               "draw by repetition (auto: only with two armies)"),
        described("record_alliances", OptionKind::FLAG, d.record_alliances, "BETZA-A14",
                  "record declared alliances for display (they change no rule)"),
        clock,
        reassign,
        choice("scoring", d.scoring, SCORING_WORDS, "BETZA-A17",
               "the result: the last player alive wins, or points by place"),
        described("capture_own_controlled", OptionKind::FLAG, d.capture_own_controlled, "BETZA-A20",
                  "whether a player may capture pieces of another army he controls"),
        described("rfid_pieces", OptionKind::FLAG, d.rfid_pieces, "BETZA-A21",
                  "the pieces identify themselves (else the host tracks army identity)"),
        // Not a rule but the venue's wiring, read by the match (BetzaMatch), not by of().
        described("select_buttons", OptionKind::TEXT_LIST, std::vector<std::string>{}, "BETZA-4",
                  "the hub button that selects each half-board, in board order: two presses "
                  "push those two half-boards together ([] : pairs are entered)"),
        described("boards", OptionKind::TEXT_LIST, std::vector<std::string>{}, "BETZA-4",
                  "the DGT board that carries each half-board on its near half, by id (serial "
                  "number), in board order: the host reads the moves from them ([] : moves are "
                  "entered)"),
    };
}

}  // namespace venue::games::betza
