/* mbedtls_sha256_context of the DCP port (MBEDTLS_SHA256_ALT); see sha_alt.c. */
#ifndef MBEDTLS_SHA256_ALT_H
#define MBEDTLS_SHA256_ALT_H

#include <stdint.h>

#include "fsl_dcp.h"
#include "sw_fallback.h"

typedef struct mbedtls_sha256_context {
    int is224;           /* SHA-224 runs in `software` (the DCP has no SHA-224) */
    dcp_handle_t handle;
    dcp_hash_ctx_t ctx;
    uint32_t software[DCP_SW_SHA256_CONTEXT_WORDS]; /* upstream mbedtls_sha256_context */
} mbedtls_sha256_context;

#endif
