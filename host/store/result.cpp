#include "store/result.h"

namespace venue::store {

const char* to_string(ErrorCode code) {
    switch (code) {
        case ErrorCode::INVALID_ARGUMENT:
            return "invalid argument";
        case ErrorCode::IO:
            return "io";
        case ErrorCode::SQLITE:
            return "sqlite";
        case ErrorCode::NOT_A_VENUE_LOG:
            return "not a venue log";
        case ErrorCode::SCHEMA:
            return "schema";
        case ErrorCode::CORRUPT:
            return "corrupt";
        case ErrorCode::CLOSED:
            return "closed";
        case ErrorCode::COUNT_:
            break;
    }
    return "unknown";
}

std::string Error::to_string() const {
    return std::string(store::to_string(code)) + ": " + message;
}

}  // namespace venue::store
