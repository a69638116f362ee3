#include "io/link/link.h"

namespace venue::io {

const char* code_name(LinkErrorCode c) {
    switch (c) {
        case LinkErrorCode::NOT_OPEN:
            return "not open";
        case LinkErrorCode::BAD_ARGUMENT:
            return "bad argument";
        case LinkErrorCode::NOT_FOUND:
            return "not found";
        case LinkErrorCode::DISCONNECTED:
            return "disconnected";
        case LinkErrorCode::OS_ERROR:
            return "OS error";
    }
    return "?";
}

}  // namespace venue::io
