/*
 * Software SHA-224 (the DCP has none): upstream library/sha256.c, unchanged, compiled with the
 * software configuration and its public names prefixed, so that it can sit next to sha_alt.c.
 */
#undef MBEDTLS_CONFIG_FILE
#define MBEDTLS_CONFIG_FILE "mbedtls_config_sw.h"

#define mbedtls_sha256_context dcp_sw_sha256_context
#define mbedtls_sha256_init dcp_sw_upstream_sha256_init
#define mbedtls_sha256_free dcp_sw_upstream_sha256_free
#define mbedtls_sha256_clone dcp_sw_upstream_sha256_clone
#define mbedtls_sha256_starts_ret dcp_sw_upstream_sha256_starts_ret
#define mbedtls_sha256_update_ret dcp_sw_upstream_sha256_update_ret
#define mbedtls_sha256_finish_ret dcp_sw_upstream_sha256_finish_ret
#define mbedtls_internal_sha256_process dcp_sw_upstream_internal_sha256_process
#define mbedtls_sha256_starts dcp_sw_upstream_sha256_starts
#define mbedtls_sha256_update dcp_sw_upstream_sha256_update
#define mbedtls_sha256_finish dcp_sw_upstream_sha256_finish
#define mbedtls_sha256_process dcp_sw_upstream_sha256_process
#define mbedtls_sha256_ret dcp_sw_upstream_sha256_ret
#define mbedtls_sha256 dcp_sw_upstream_sha256
#define mbedtls_sha256_self_test dcp_sw_upstream_sha256_self_test

#include "../library/sha256.c"

#include "sw_fallback.h"

_Static_assert(sizeof(dcp_sw_sha256_context) <= DCP_SW_SHA256_CONTEXT_WORDS * 4u,
               "DCP_SW_SHA256_CONTEXT_WORDS too small for mbedtls_sha256_context");

void dcp_sw_sha256_init(void *ctx)
{
    mbedtls_sha256_init(ctx);
}

void dcp_sw_sha256_free(void *ctx)
{
    mbedtls_sha256_free(ctx);
}

int dcp_sw_sha256_starts(void *ctx, int is224)
{
    return mbedtls_sha256_starts_ret(ctx, is224);
}

int dcp_sw_sha256_update(void *ctx, const unsigned char *input, size_t ilen)
{
    return mbedtls_sha256_update_ret(ctx, input, ilen);
}

int dcp_sw_sha256_finish(void *ctx, unsigned char output[32])
{
    return mbedtls_sha256_finish_ret(ctx, output);
}

int dcp_sw_sha256_process(void *ctx, const unsigned char data[64])
{
    return mbedtls_internal_sha256_process(ctx, data);
}
