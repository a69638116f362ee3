#include "store/sha256.h"

#include <openssl/evp.h>

#include <cstdio>
#include <cstdlib>

namespace venue::store {

namespace {

// OpenSSL failing to hash in memory means the library is broken or out of memory; there is no
// sensible way to continue writing a hash chain, so stop loudly.
[[noreturn]] void die(const char* what) {
    std::fprintf(stderr, "venue store: OpenSSL SHA-256 failed: %s\n", what);
    std::abort();
}

}  // namespace

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()), md_(EVP_MD_fetch(nullptr, "SHA256", nullptr)) {
    if (ctx_ == nullptr || md_ == nullptr) die("EVP set-up");
}

Sha256::~Sha256() {
    EVP_MD_free(md_);
    EVP_MD_CTX_free(ctx_);
}

Hash Sha256::digest(std::span<const std::span<const uint8_t>> parts) {
    Hash out{};
    if (EVP_DigestInit_ex(ctx_, md_, nullptr) != 1) die("init");
    for (const auto& part : parts) {
        if (EVP_DigestUpdate(ctx_, part.data(), part.size()) != 1) die("update");
    }
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(ctx_, out.data(), &size) != 1 || size != out.size()) die("final");
    return out;
}

}  // namespace venue::store
