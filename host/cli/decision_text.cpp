#include "cli/decision_text.h"

namespace venue::cli {

std::string decision_text(const engine::Decision& d) {
    return std::string(engine::kind_name(d.body)) + " [" + d.rule + "] " + d.reason;
}

}  // namespace venue::cli
