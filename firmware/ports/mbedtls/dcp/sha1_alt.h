/* mbedtls_sha1_context of the DCP port (MBEDTLS_SHA1_ALT); see sha_alt.c. */
#ifndef MBEDTLS_SHA1_ALT_H
#define MBEDTLS_SHA1_ALT_H

#include "fsl_dcp.h"

typedef struct mbedtls_sha1_context {
    dcp_handle_t handle;
    dcp_hash_ctx_t ctx;
} mbedtls_sha1_context;

#endif
