// The golden transcripts (tests/data/golden/*.jsonl): the logs of the Chessball, Business Chess
// and Chess Eleven demos, each event with the decisions the engine made on it and the state hash
// after it. Replaying the events through this build must give the same decisions (kinds, fields,
// rule ids and reasons) and the same hash after every event. A rule change that alters them
// regenerates the file in the same commit (tests/data/golden/README.md), so that no change of
// behaviour goes unnoticed.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "venue/transcript.h"
#include "venue/venue_state.h"

namespace venue::engine {
namespace {

struct Golden {
    const char* file;
    int min_events;  // a truncated file fails too
    friend void PrintTo(const Golden& g, std::ostream* os) { *os << g.file; }
};

class GoldenTranscript : public ::testing::TestWithParam<Golden> {};

TEST_P(GoldenTranscript, ReplaysToTheSameDecisionsAndHashes) {
    const std::string path =
        std::string(VENUE_SOURCE_DIR) + "/tests/data/golden/" + GetParam().file;
    std::ifstream in(path);
    ASSERT_TRUE(in) << "cannot read " << path;
    VenueState state;
    std::string line;
    int events = 0;
    int decisions = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        auto t = parse_transcript_line(line);
        ASSERT_TRUE(t) << GetParam().file << " line " << events + 1 << ": " << t.error();
        const auto got = transcript_decisions(state.apply(t->event));
        ASSERT_EQ(got.size(), t->decisions.size()) << "seq " << t->seq << ": number of decisions";
        for (size_t i = 0; i < got.size(); ++i) {
            ASSERT_EQ(got[i].kind, t->decisions[i].kind) << "seq " << t->seq << " decision " << i;
            ASSERT_EQ(got[i].payload, t->decisions[i].payload)
                << "seq " << t->seq << " decision " << i;
        }
        ASSERT_EQ(state.state_hash(), t->state_hash) << "state hash after seq " << t->seq;
        ++events;
        decisions += static_cast<int>(got.size());
    }
    EXPECT_GE(events, GetParam().min_events);
    EXPECT_GT(decisions, 0);
    std::printf("%s: %d events, %d decisions, final state hash %s\n", GetParam().file, events,
                decisions, state.state_hash().c_str());
}

INSTANTIATE_TEST_SUITE_P(Demos, GoldenTranscript,
                         ::testing::Values(Golden{"chessball_demo.jsonl", 200},
                                           Golden{"business_demo.jsonl", 400},
                                           Golden{"eleven_demo.jsonl", 150}),
                         [](const auto& param_info) {
                             std::string name = param_info.param.file;
                             return name.substr(0, name.find('.'));
                         });

}  // namespace
}  // namespace venue::engine
