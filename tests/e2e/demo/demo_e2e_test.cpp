// `venue demo` as a user runs it, then its log read back: the whole Chessball pipeline (hub
// ELF in simavr, DGT emulator, drivers, recogniser, engine, SQLite) must have played the game
// the source says, with every warning, +2 minutes, the removal and the transfer of his files,
// and replaying the log must give the state the demo ended with.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "chess/pgn.h"
#include "demo_process.h"
#include "runtime/replay.h"
#include "venue/pgn_export.h"

namespace venue {
namespace {

using namespace e2e;

// Everything the engine decided, from the log.
struct Decided {
    std::vector<engine::WarningGiven> warnings;
    std::vector<engine::TimeAdded> time_added;
    std::vector<engine::PlayerRemoved> removals;
    std::vector<engine::ClaimRefused> late;  // refused because the claim was held
    std::vector<engine::GameEnded> ended;
    std::vector<std::string> moves;  // SAN, in order
    int claims = 0;
    int restores = 0;
};

Decided read_log(const std::string& log, std::string* state_hash,
                 std::vector<chess::PgnGame>* pgn) {
    Decided d;
    auto replayed = runtime::replay_log(
        log, std::numeric_limits<std::int64_t>::max(), [&](const runtime::Applied& a) {
            if (std::holds_alternative<engine::BoardRestored>(a.event.body)) ++d.restores;
            for (const auto& dec : a.decisions) {
                const auto& b = dec.body;
                if (auto* w = std::get_if<engine::WarningGiven>(&b)) d.warnings.push_back(*w);
                if (auto* t = std::get_if<engine::TimeAdded>(&b)) d.time_added.push_back(*t);
                if (auto* r = std::get_if<engine::PlayerRemoved>(&b)) d.removals.push_back(*r);
                if (auto* c = std::get_if<engine::ClaimRefused>(&b))
                    if (c->code == "CLAIM_HELD") d.late.push_back(*c);
                if (auto* g = std::get_if<engine::GameEnded>(&b)) d.ended.push_back(*g);
                if (auto* m = std::get_if<engine::MoveAccepted>(&b)) d.moves.push_back(m->san);
                if (std::holds_alternative<engine::ClaimGranted>(b)) ++d.claims;
            }
        });
    EXPECT_TRUE(replayed) << (replayed ? "" : replayed.error());
    if (replayed) {
        *state_hash = replayed->state.state_hash();
        if (const engine::Match* m = replayed->state.match("cb1")) *pgn = engine::to_pgn_parts(*m);
    }
    return d;
}

// A line of the account like "Aliya (Kazan) pressed 13 µs later" (digits, then " µs later").
// (No std::regex: GCC 12 warns inside it under the sanitizers, and warnings are errors.)
bool margin_in_microseconds(const std::string& out) {
    for (auto at = out.find(" µs later"); at != std::string::npos;
         at = out.find(" µs later", at + 1)) {
        std::size_t digits = 0;
        while (digits < at && std::isdigit(static_cast<unsigned char>(out[at - digits - 1])))
            ++digits;
        if (digits > 0 && at >= digits + 8 && out.compare(at - digits - 8, 8, "pressed ") == 0)
            return true;
    }
    return false;
}

std::vector<std::string> opera_game_san() {
    return {"e4",    "e5",  "Nf3",  "d6",  "d4",  "Bg4", "dxe5",  "Bxf3", "Qxf3", "dxe5",  "Bc4",
            "Nf6",   "Qb3", "Qe7",  "Nc3", "c6",  "Bg5", "b5",    "Nxb5", "cxb5", "Bxb5+", "Nbd7",
            "O-O-O", "Rd8", "Rxd7", "Rd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8",  "Rd8#"};
}

TEST(DemoE2E, OperaGameFourASideWithImpossibleMoveWarningsAndRemoval) {
    const auto dir = fresh_dir("opera");
    const std::string log = (dir / "demo.sqlite").string();
    Ran demo = run(VENUE + " demo --speed 4 --log " + log + " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;

    // The running account says what happened, with claim margins in microseconds.
    EXPECT_NE(demo.out.find("takes the claim"), std::string::npos) << demo.out;
    EXPECT_TRUE(margin_in_microseconds(demo.out)) << demo.out;
    EXPECT_NE(demo.out.find("Replaying the log gives the same state."), std::string::npos);
    const std::string state = final_state(demo.out);
    ASSERT_EQ(state.size(), 16u) << demo.out;

    std::string replay_hash;
    std::vector<chess::PgnGame> parts;
    Decided d = read_log(log, &replay_hash, &parts);
    EXPECT_EQ(replay_hash, state) << "venue replay must rebuild the demo's final state";

    // The game is the Opera Game, with 13...Rxd7 a plain Rd7 once Bulat's men are off.
    EXPECT_EQ(d.moves, opera_game_san());
    ASSERT_EQ(d.ended.size(), 1u);
    EXPECT_EQ(d.ended[0].result, "1-0");
    EXPECT_EQ(d.ended[0].termination, "checkmate");
    EXPECT_GE(d.claims, 33) << "every move was claimed first";
    EXPECT_FALSE(d.late.empty()) << "some claims were contested";
    for (const auto& l : d.late) EXPECT_GT(l.margin_us, 0);

    // W2 (Bulat): an impossible move confirmed by the judge, then two judge warnings.
    ASSERT_EQ(d.warnings.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(d.warnings[std::size_t(i)].player, "W2");
        EXPECT_EQ(d.warnings[std::size_t(i)].count, i + 1);
    }
    EXPECT_NE(d.warnings[0].reason.find("does not own"), std::string::npos);
    // Each warning gives the other team +2 minutes (CB-6.4.2.5, the third too: CB-A19).
    ASSERT_EQ(d.time_added.size(), 3u);
    for (const auto& t : d.time_added) {
        EXPECT_EQ(t.side, chess::BLACK);
        EXPECT_EQ(t.amount_ms, 120'000);
    }
    // The removal: his men on c and d come off, his files pass to W3 (CB-6.4.4).
    ASSERT_EQ(d.removals.size(), 1u);
    EXPECT_EQ(d.removals[0].player, "W2");
    EXPECT_EQ(d.removals[0].squares, (std::vector<chess::Square>{chess::SQ_C2, chess::SQ_D7}));
    EXPECT_EQ(d.removals[0].files_to, "W3");
    EXPECT_GE(d.restores, 2) << "the impossible move and the removal were both set right";

    // The PGN: two parts, the second from the position after the removal, ending in mate.
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0].moves.size(), 25u);
    EXPECT_EQ(parts[1].moves.size(), 8u);
    EXPECT_EQ(parts[1].result, "1-0");

    // The log verifies, and its exported PGN passes an independent reader.
    expect_verified_and_exported(log, dir, 2);
    std::filesystem::remove_all(dir);
}

TEST(DemoE2E, TwoASideAnotherSeedPlaysTheWholeGame) {
    const auto dir = fresh_dir("two");
    const std::string log = (dir / "demo.sqlite").string();
    Ran demo = run(VENUE + " demo --speed 5 --players 2 --seed 7 --log " + log + " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;
    std::string hash;
    std::vector<chess::PgnGame> parts;
    Decided d = read_log(log, &hash, &parts);
    ASSERT_EQ(d.ended.size(), 1u);
    EXPECT_EQ(d.ended[0].result, "1-0");
    EXPECT_EQ(d.moves.size(), 33u);
    EXPECT_EQ(d.warnings.size(), 3u);
    EXPECT_EQ(d.removals.size(), 1u);
    std::filesystem::remove_all(dir);
}

TEST(DemoE2E, AnotherGameWithEnPassantPromotionAndBothCastlingsThreeASide) {
    const auto dir = fresh_dir("special");
    const std::string log = (dir / "demo.sqlite").string();
    Ran demo = run(VENUE +
                   " demo --speed 5 --players 3 --game " VENUE_SOURCE_DIR
                   "/tests/e2e/demo/special_moves.pgn --log " +
                   log + " 2>&1");
    ASSERT_EQ(demo.status, 0) << demo.out;
    std::string hash;
    std::vector<chess::PgnGame> parts;
    Decided d = read_log(log, &hash, &parts);
    // Every move as the source has it, read from the emulated board square by square; the
    // removal of W2 (files d-f) before 9... e5 takes men the rest of the game does not need.
    EXPECT_EQ(d.moves,
              (std::vector<std::string>{"e4",  "d5",     "e5",  "f5",  "exf6", "Nc6", "fxg7",
                                        "Nf6", "gxh8=Q", "Bf5", "Nf3", "Qd7",  "Bb5", "O-O-O",
                                        "O-O", "Kb8",    "d3",  "e5",  "Qxf8", "Rxf8"}));
    ASSERT_EQ(d.ended.size(), 1u);
    EXPECT_EQ(d.ended[0].result, "1/2-1/2");
    EXPECT_EQ(d.ended[0].termination, "agreement");
    ASSERT_EQ(d.removals.size(), 1u);
    EXPECT_EQ(d.removals[0].player, "W2");
    EXPECT_EQ(parts.size(), 2u);
    std::filesystem::remove_all(dir);
}

TEST(DemoE2E, RefusesToOverwriteALogAndExplainsBadOptions) {
    const auto dir = fresh_dir("refuse");
    const std::string log = (dir / "x.sqlite").string();
    std::ofstream(log) << "not a log";
    Ran r = run(VENUE + " demo --log " + log + " 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("exists"), std::string::npos) << r.out;
    r = run(VENUE + " demo --players 9 --log " + (dir / "y.sqlite").string() + " 2>&1");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("2 to 8"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace venue
