// docs/protocol.md's reference section must be exactly what the wire definition renders to, and
// the byte-layout comments in venue_wire.def must match the computed offsets.
//   VENUE_UPDATE_DOCS=1 ctest -R firmware_reference_test   rewrites the section in docs/.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "venue_wire_reflect.h"
#include "wire_reference.h"

namespace venue::wire {
namespace {

const std::string BEGIN =
    "<!-- BEGIN wire-reference: generated from schemas/wire/venue_wire.def -->";
const std::string END = "<!-- END wire-reference -->";

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(WireReference, ProtocolDocMatchesTheDefinition) {
    const std::string path = std::string(VENUE_SOURCE_DIR) + "/docs/protocol.md";
    std::string doc = read(path);
    const size_t b = doc.find(BEGIN);
    const size_t e = doc.find(END);
    ASSERT_NE(b, std::string::npos) << path << " lacks the marker " << BEGIN;
    ASSERT_NE(e, std::string::npos) << path << " lacks the marker " << END;
    const size_t from = b + BEGIN.size() + 1;
    const std::string current = doc.substr(from, e - from);
    const std::string wanted = render_reference();
    if (current != wanted && std::getenv("VENUE_UPDATE_DOCS")) {
        doc.replace(from, e - from, wanted);
        std::ofstream(path) << doc;
        GTEST_SKIP() << "rewrote " << path;
    }
    EXPECT_EQ(current, wanted) << "docs/protocol.md is out of date: run with VENUE_UPDATE_DOCS=1";
}

std::string trim(const std::string& s) {
    const size_t b = s.find_first_not_of(' ');
    const size_t e = s.find_last_not_of(' ');
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// "// Name 0xID  body N bytes": the message name, id and body size, or false.
bool parse_head(const std::string& line, std::string* name, unsigned* id, size_t* body) {
    std::istringstream in(line);
    std::string slashes, hex, word, bytes;
    if (!(in >> slashes >> *name >> hex >> word >> *body >> bytes)) return false;
    if (slashes != "//" || word != "body" || bytes != "bytes" || hex.rfind("0x", 0) != 0) {
        return false;
    }
    *id = static_cast<unsigned>(std::stoul(hex, nullptr, 16));
    return line.find(hex + "  body") != std::string::npos;
}

// "// Name 0xID  body N bytes" followed by "//   off field type | off field type ..." lines.
TEST(WireReference, LayoutCommentsInTheDefinitionAreRight) {
    const std::string def = read(std::string(VENUE_SOURCE_DIR) + "/schemas/wire/venue_wire.def");
    const auto messages = reflect::messages();
    std::istringstream lines(def);
    std::string line;
    size_t checked = 0;
    while (std::getline(lines, line)) {
        std::string name;
        unsigned id = 0;
        size_t body = 0;
        if (!parse_head(line, &name, &id, &body)) continue;
        const reflect::Message* msg = reflect::find(messages, uint8_t(id));
        ASSERT_NE(msg, nullptr) << line;
        EXPECT_EQ(msg->name, name) << line;
        EXPECT_EQ(msg->body_size, body) << line;
        size_t field = 0;
        while (std::getline(lines, line) && line.rfind("//  ", 0) == 0) {
            std::stringstream cells(line.substr(2));
            std::string cell;
            while (std::getline(cells, cell, '|')) {
                std::istringstream tokens(trim(cell));
                std::string offset, field_name, type;
                ASSERT_TRUE(static_cast<bool>(tokens >> offset >> field_name >> type)) << cell;
                ASSERT_LT(field, msg->fields.size()) << msg->name;
                const auto& f = msg->fields[field++];
                EXPECT_EQ(std::to_string(f.offset), offset) << msg->name << "." << f.name;
                EXPECT_EQ(f.name, field_name) << msg->name;
                const bool enum_as_u8 = type == "u8" && f.size == 1;
                EXPECT_TRUE(f.type == type || enum_as_u8) << msg->name << "." << f.name;
            }
        }
        EXPECT_EQ(field, msg->fields.size()) << msg->name;
        ++checked;
    }
    EXPECT_EQ(checked, messages.size());
}

TEST(WireReference, IdsAndKindsAreConsistent) {
    for (const auto& m : reflect::messages()) {
        SCOPED_TRACE(m.name);
        if (m.kind == "EVENT") {
            ASSERT_GE(m.fields.size(), 2u);
            EXPECT_EQ(m.fields[0].name, "seq");
            EXPECT_EQ(m.fields[0].type, "u32");
            EXPECT_EQ(m.fields[1].name, "time_us");
            EXPECT_TRUE(m.id >= 0x20 && m.id < 0x40);
        }
        if (m.kind == "COMMAND") {
            EXPECT_EQ(m.fields.at(0).name, "cmd_id");
            EXPECT_EQ(m.fields[0].type, "u16");
            EXPECT_GE(m.id, 0x50u);
        }
        if (m.kind == "HUB") {
            EXPECT_LT(m.id, 0x20u);
        }
        if (m.kind == "HOST") {
            EXPECT_TRUE(m.id >= 0x40 && m.id < 0x50);
        }
    }
}

}  // namespace
}  // namespace venue::wire
