// A game that draws at random gets its seed as an event when its match is created
// (Match::wants_seed): from the venue file's [event] seed, the same each time, or from the
// machine; once, so that reopening the log draws no second one and every replay draws the same.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "runtime/session.h"

namespace venue::runtime {
namespace {

std::string fresh_log(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("venue-seed-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return (dir / "log.sqlite").string();
}

engine::MatchConfig match(const std::string& id, const std::string& game) {
    engine::MatchConfig m;
    m.id = id;
    m.game = game;
    m.date = "2026.11.26";
    m.white().players.push_back({"W" + id, "w", 0, {}, ""});
    m.black().players.push_back({"B" + id, "b", 0, {}, ""});
    return m;
}

config::VenueConfig venue(std::optional<std::uint64_t> seed) {
    config::VenueConfig c;
    c.seed = seed;
    c.matches = {match("a", "eleven"), match("b", "eleven"), match("c", "fide")};
    return c;
}

std::string seed_line(const Session& s, const std::string& id) {
    const std::string canonical = s.state().match(id)->canonical();
    const auto at = canonical.find(" seed ");
    return at == std::string::npos ? "" : canonical.substr(at, canonical.find(" draws") - at);
}

TEST(SessionSeed, AMatchThatDrawsIsSeededOnceFromTheVenueFilesSeed) {
    const std::string path = fresh_log("file");
    auto s = Session::open(venue(42), path);
    ASSERT_TRUE(s) << s.error();
    EXPECT_FALSE((*s)->state().match("a")->wants_seed());
    const std::string a = seed_line(**s, "a");
    EXPECT_NE(a, "");
    EXPECT_EQ(a.find('?'), std::string::npos) << a;
    EXPECT_NE(a, seed_line(**s, "b")) << "two matches of one event draw differently";
    const std::int64_t events = (*s)->state().events_applied();
    s->reset();

    // Reopened: the same seed, and no second one.
    auto again = Session::open(venue(42), path);
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ((*again)->state().events_applied(), events);
    EXPECT_EQ(seed_line(**again, "a"), a);

    // The same [event] seed in another log draws the same; another seed not.
    auto same = Session::open(venue(42), fresh_log("same"));
    ASSERT_TRUE(same) << same.error();
    EXPECT_EQ(seed_line(**same, "a"), a);
    auto other = Session::open(venue(43), fresh_log("other"));
    ASSERT_TRUE(other) << other.error();
    EXPECT_NE(seed_line(**other, "a"), a);
}

TEST(SessionSeed, WithoutASeedInTheFileTheHostDrawsOneAndAGameThatDrawsNothingGetsNone) {
    auto s = Session::open(venue(std::nullopt), fresh_log("host"));
    ASSERT_TRUE(s) << s.error();
    EXPECT_FALSE((*s)->state().match("a")->wants_seed());
    EXPECT_EQ(seed_line(**s, "a").find('?'), std::string::npos);
    // Plain chess: MatchCreated for each of three matches and two seeds, nothing for "c".
    EXPECT_EQ((*s)->state().events_applied(), 5);
}

}  // namespace
}  // namespace venue::runtime
