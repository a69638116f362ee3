// libFuzzer target for the DGT message parser (ASan + UBSan in the fuzz preset).
//
// Beyond "does not crash", it checks two properties on every input:
//   - every byte is accounted for (stats.bytes), and a push yields at most one result;
//   - every message the parser accepts re-encodes to bytes that parse back to the same message.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/dgt/dgt_message_writer.h"
#include "io/dgt/dgt_parser.h"

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace venue::io::dgt;
    DgtParser parser;
    std::uint64_t results = 0;
    for (std::size_t i = 0; i < size; ++i) {
        ParseResult r = parser.push(data[i]);
        if (auto* e = std::get_if<ParseError>(&r)) {
            ++results;
            check(!describe(*e).empty());
        } else if (auto* m = std::get_if<Message>(&r)) {
            ++results;
            Bytes again;
            write(*m, again);
            const auto back = parse_all(again);
            check(back.size() == 1);
            const auto* m2 = std::get_if<Message>(&back[0]);
            check(m2 != nullptr && *m2 == *m);
        }
    }
    const ParserStats& s = parser.stats();
    check(s.bytes == size);
    check(s.messages + s.errors == results);
    check(s.skipped <= size);
    return 0;
}
