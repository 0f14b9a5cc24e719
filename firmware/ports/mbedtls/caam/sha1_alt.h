/* mbedtls SHA-1 context for MBEDTLS_SHA1_ALT: the CAAM driver's hash context. */
#ifndef MBEDTLS_SHA1_ALT_H
#define MBEDTLS_SHA1_ALT_H

#include "fsl_caam.h"

typedef struct mbedtls_sha1_context {
    caam_hash_ctx_t caam;
} mbedtls_sha1_context;

#endif
