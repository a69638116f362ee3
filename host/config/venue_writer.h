// Writes a venue file (schemas/config/README.md) from a VenueConfig: what the console's setup
// wizard saves. parse_venue_config() reads the text back to an equal configuration: every key is
// written, defaults included, so that a file does not change meaning when a default does.
#pragma once

#include <string>

#include "config/venue_config.h"

namespace venue::config {

// The whole file as TOML text, built with toml++ so that any string (quotes, backslashes,
// newlines, non-ASCII names) is quoted correctly. Durations are written in the file's units
// (minutes, seconds), as integers when whole. Only matches[i].event and .site are not written:
// they are [event]'s name and site, which every match takes when the file is read.
std::string write_venue_toml(const VenueConfig& config);

}  // namespace venue::config
