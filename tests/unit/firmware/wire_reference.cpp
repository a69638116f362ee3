#include "wire_reference.h"

#include <cctype>
#include <cstdio>
#include <sstream>

#include "venue_wire_reflect.h"

namespace venue::wire {
namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string hex(unsigned v, int digits = 2) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%0*X", digits, v);
    return buf;
}

const char* direction(const std::string& kind) {
    if (kind == "HUB") return "hub → host";
    if (kind == "EVENT") return "hub → host, sequenced event";
    if (kind == "HOST") return "host → hub";
    return "host → hub, command (answered by CommandAck)";
}

}  // namespace

std::string render_reference() {
    std::ostringstream md;
    md << "Protocol version " << PROTOCOL_VERSION << ", schema hash " << hex(SCHEMA_HASH, 4)
       << ".\n\n";
    md << "### Constants\n\n| name | value | meaning |\n|---|---|---|\n";
    for (const auto& c : reflect::constants()) {
        md << "| `" << c.name << "` | " << c.value << " | " << c.doc << " |\n";
    }
    md << "\n### Enumerations\n\nAll are one byte on the wire.\n";
    for (const auto& e : reflect::enums()) {
        md << "\n#### " << e.name << "\n\n"
           << e.doc << ".\n\n| value | name | meaning |\n|---|---|---|\n";
        for (const auto& v : e.values) {
            md << "| " << v.value << " | `" << v.name << "` | " << v.doc << " |\n";
        }
    }
    md << "\n### Messages\n\n"
       << "Offsets are within the body, which follows the type byte; all fields little-endian. "
          "A frame on the wire is COBS(type, body, CRC) followed by 0x00, so it is at most "
          "body + 5 bytes long.\n\n"
       << "| type | message | direction | body bytes | CRC_EXTRA |\n|---|---|---|---|---|\n";
    for (const auto& m : reflect::messages()) {
        md << "| " << hex(m.id) << " | [" << m.name << "](#" << lower(hex(m.id) + "-" + m.name)
           << ") | " << direction(m.kind) << " | " << m.body_size << " | " << hex(m.crc_extra)
           << " |\n";
    }
    for (const auto& m : reflect::messages()) {
        md << "\n#### " << hex(m.id) << " " << m.name << "\n\n"
           << m.doc << ". " << direction(m.kind) << "; body " << m.body_size << " bytes.\n\n"
           << "| offset | field | type | bytes | meaning |\n|---|---|---|---|---|\n";
        for (const auto& f : m.fields) {
            md << "| " << f.offset << " | `" << f.name << "` | " << f.type << " | " << f.size
               << " | " << f.doc << " |\n";
        }
    }
    return md.str();
}

}  // namespace venue::wire
