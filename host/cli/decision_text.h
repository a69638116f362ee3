// Decisions in words for terminals and reports: "time_added [FIDE-7.5.5] Black receives 120 s ...".
#pragma once

#include <string>

#include "venue/decision.h"

namespace venue::cli {

std::string decision_text(const engine::Decision& d);

}  // namespace venue::cli
