// Errors as values for the store's public boundary.
//
// The store talks to a disk and to SQLite, so most failures are not caller bugs: they are carried
// back as an Error whose message names what was being done and, for SQLite failures, carries
// SQLite's own message. The codes are few and each one asks for a different reaction.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "common/result.h"

namespace venue::store {

enum class ErrorCode : uint8_t {
    INVALID_ARGUMENT,  // caller bug: bad seq, empty source, snapshot of an unknown event
    IO,                // the operating system refused (open, fsync, permissions)
    SQLITE,            // SQLite failed (disk full, I/O error, constraint, locked)
    NOT_A_VENUE_LOG,   // the file is not a database, or a database of something else
    SCHEMA,            // the log's schema is newer than this build, or a migration was edited
    CORRUPT,           // integrity check, hash chain or snapshot hash failed
    CLOSED,            // the writer was stopped before the request was served
    COUNT_
};

// Short lower-case name of a code, for messages and logs.
const char* to_string(ErrorCode code);

struct Error {
    ErrorCode code;
    std::string message;

    // "sqlite: appending event 3: disk I/O error"
    std::string to_string() const;
};

// A value or an Error: the project's one Result type (common/result.h), with the store's Error.
template <class T>
using Result = venue::Result<T, Error>;

// For operations that return nothing: std::nullopt means success.
using Status = std::optional<Error>;

}  // namespace venue::store
