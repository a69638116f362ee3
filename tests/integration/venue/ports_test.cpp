// `venue ports --pty PATH` finds a simulated DGT board by its answers.
#include <gtest/gtest.h>

#include <thread>

#include "venue_process.h"
#include "venue_wire.h"

namespace venue::engine {
namespace {

TEST(Ports, ProbeFindsTheSimulatedDgtBoardBySerialNumber) {
    venue::testing::VenueProcess board({"sim", "dgt", "--serial", "54321"});
    for (int i = 0; i < 300 && board.output().find('\n') == std::string::npos; ++i) board.pump(10);
    const std::string pty = board.output().substr(0, board.output().find('\n'));
    ASSERT_FALSE(pty.empty());
    auto r = venue::testing::capture(venue::testing::venue_path() + " ports --pty " + pty);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("DGT board, serial 54321, version"), std::string::npos) << r.out;
    auto plain = venue::testing::capture(venue::testing::venue_path() + " ports");
    EXPECT_EQ(plain.status, 0) << plain.out;
    EXPECT_NE(plain.out.find("port"), std::string::npos);
}

TEST(Ports, ProbeFindsTheSimulatedHubByItsHandshake) {
    venue::testing::VenueProcess hub({"sim", "hub"});
    for (int i = 0; i < 300 && hub.output().find('\n') == std::string::npos; ++i) hub.pump(10);
    const std::string pty = hub.output().substr(0, hub.output().find('\n'));
    ASSERT_EQ(pty.rfind("/dev/", 0), 0u) << hub.output();
    auto r = venue::testing::capture(venue::testing::venue_path() + " ports --pty " + pty);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("Venue hub, serial"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("protocol " + std::to_string(wire::PROTOCOL_VERSION)), std::string::npos)
        << r.out;
}

}  // namespace
}  // namespace venue::engine
