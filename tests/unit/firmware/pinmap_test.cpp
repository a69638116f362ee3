// hardware/pinmap.csv (the wiring reference) against firmware/avr/pin_table.h (what the firmware
// drives): same signals, pins, roles and polarities, row by row.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "pin_table.h"
#include "venue_wire.h"

namespace venue::pins {
namespace {

using Row = std::map<std::string, std::string>;

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    return cells;
}

std::vector<Row> read_csv(const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in.good()) << path;
    std::string line;
    std::getline(in, line);
    const auto header = split(line);
    std::vector<Row> rows;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        auto cells = split(line);
        // Only the last column (notes) may contain commas.
        while (cells.size() > header.size()) {
            cells[header.size() - 1] += "," + cells.back();
            cells.pop_back();
        }
        EXPECT_EQ(cells.size(), header.size()) << line;
        Row r;
        for (size_t i = 0; i < header.size() && i < cells.size(); ++i) r[header[i]] = cells[i];
        rows.push_back(r);
    }
    return rows;
}

const char* role_name(Role r) {
    switch (r) {
        case Role::BUTTON:
            return "BUTTON";
        case Role::PADDLE:
            return "PADDLE";
        case Role::BEAM:
            return "BEAM";
        case Role::PAUSE:
            return "PAUSE";
        case Role::SHIFT:
            return "SHIFT";
        case Role::LAMP:
            return "LAMP";
        case Role::STATION_LAMP:
            return "STATION_LAMP";
        case Role::BUZZER:
            return "BUZZER";
        case Role::UART:
            return "UART";
        case Role::DISPLAY:
            return "DISPLAY";
        case Role::RESERVED:
            return "RESERVED";
    }
    return "?";
}

// PCINT number of a pin, or -1 (ATmega2560 datasheet, table 13-1).
int pcint_of(char port, int bit) {
    if (port == 'B') return bit;
    if (port == 'E' && bit == 0) return 8;
    if (port == 'J' && bit <= 6) return 9 + bit;
    if (port == 'K') return 16 + bit;
    return -1;
}

TEST(PinMap, HardwareFileMatchesFirmwareTable) {
    const auto rows = read_csv(std::string(VENUE_SOURCE_DIR) + "/hardware/pinmap.csv");
    ASSERT_EQ(rows.size(), size_t(PIN_COUNT));
    for (uint8_t i = 0; i < PIN_COUNT; ++i) {
        const PinDef& p = PINS[i];
        const Row& r = rows[i];
        SCOPED_TRACE(p.signal);
        EXPECT_EQ(r.at("signal"), p.signal);
        EXPECT_EQ(r.at("index"), std::to_string(p.index));
        EXPECT_EQ(r.at("role"), role_name(p.role));
        EXPECT_EQ(r.at("port"), std::string(1, p.port));
        EXPECT_EQ(r.at("bit"), std::to_string(p.bit));
        EXPECT_EQ(r.at("arduino_pin"), std::to_string(p.arduino_pin));
        if (p.role != Role::UART) {
            EXPECT_EQ(r.at("active"), p.active == Active::LOW ? "low" : "high");
        }
        const int pcint = pcint_of(p.port, p.bit);
        if (!r.at("pcint").empty()) {
            EXPECT_EQ(r.at("pcint"), std::to_string(pcint));
        }
        const bool input = p.role == Role::BUTTON || p.role == Role::PADDLE ||
                           p.role == Role::BEAM || p.role == Role::PAUSE;
        if (p.role != Role::UART) {
            EXPECT_EQ(r.at("direction"), input ? "in" : "out");
        }
        if (p.role == Role::BUTTON || p.role == Role::PADDLE) {
            // Edge-timestamped inputs must be on pin-change interrupt pins.
            EXPECT_GE(pcint, 0);
            EXPECT_EQ(r.at("pcint"), std::to_string(pcint));
        }
    }
}

TEST(PinMap, NoPinIsUsedTwice) {
    std::set<std::pair<char, uint8_t>> used;
    std::set<uint8_t> arduino;
    for (const PinDef& p : PINS) {
        EXPECT_TRUE(used.insert({p.port, p.bit}).second) << p.signal;
        EXPECT_TRUE(arduino.insert(p.arduino_pin).second) << p.signal;
        EXPECT_LT(p.bit, 8);
    }
}

TEST(PinMap, EveryInputOfTheCoreHasAPin) {
    int buttons = 0;
    int paddles = 0;
    int beams = 0;
    for (const PinDef& p : PINS) {
        buttons += p.role == Role::BUTTON;
        paddles += p.role == Role::PADDLE;
        beams += p.role == Role::BEAM;
    }
    EXPECT_EQ(buttons, 16);
    EXPECT_EQ(paddles, 2);
    EXPECT_EQ(beams, 4);
}

// The army clock: a lamp per station (HubOutputs::station_lamps), station i on index i.
TEST(PinMap, EveryStationHasALamp) {
    std::set<int> stations;
    for (const PinDef& p : PINS) {
        if (p.role != Role::STATION_LAMP) continue;
        EXPECT_TRUE(stations.insert(p.index).second) << p.signal;
    }
    EXPECT_EQ(stations.size(), size_t(wire::ARMY_COUNT));
    EXPECT_EQ(*stations.rbegin(), int(wire::ARMY_COUNT) - 1);
}

}  // namespace
}  // namespace venue::pins
