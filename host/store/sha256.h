// SHA-256 through OpenSSL's EVP interface, with the digest context reused across calls: the
// chain walk hashes a million small messages and context set-up would dominate otherwise.
#pragma once

#include <cstdint>
#include <span>

#include "store/event_record.h"

typedef struct evp_md_ctx_st EVP_MD_CTX;
typedef struct evp_md_st EVP_MD;

namespace venue::store {

class Sha256 {
  public:
    Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    ~Sha256();

    // Hash of the concatenation of the given parts.
    Hash digest(std::span<const std::span<const uint8_t>> parts);
    Hash digest(std::span<const uint8_t> bytes) { return digest({&bytes, 1}); }

  private:
    EVP_MD_CTX* ctx_;
    EVP_MD* md_;
};

}  // namespace venue::store
