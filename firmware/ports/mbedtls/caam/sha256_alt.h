/* mbedtls SHA-224/256 context for MBEDTLS_SHA256_ALT: the CAAM driver's hash context. */
#ifndef MBEDTLS_SHA256_ALT_H
#define MBEDTLS_SHA256_ALT_H

#include "fsl_caam.h"

typedef struct mbedtls_sha256_context {
    caam_hash_ctx_t caam;
    int is224;
} mbedtls_sha256_context;

#endif
