/*
 * MBEDTLS_SHA1_ALT and MBEDTLS_SHA256_ALT on the DCP (channel 0), as NXP's port does it. The
 * driver keeps each message's running hash in its context and reloads it through the DCP context
 * buffer before continuing, so interleaved contexts (HMAC, DRBG, TLS transcript) stay apart.
 * SHA-224 runs in upstream software (sha256_sw.c): the DCP has no SHA-224.
 */
#include <string.h>

#include "mbedtls/platform.h"
#include "mbedtls/platform_util.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"

#include "fsl_dcp.h"
#include "sw_fallback.h"

static void default_handle(dcp_handle_t *handle)
{
    memset(handle, 0, sizeof(*handle));
    handle->channel = kDCP_Channel0;
    handle->keySlot = kDCP_KeySlot0;
    handle->swapConfig = kDCP_NoSwap;
}

static int hw_result(status_t status)
{
    return status == kStatus_Success ? 0 : MBEDTLS_ERR_PLATFORM_HW_ACCEL_FAILED;
}

/* ---------------------------------------------------------------------------------------- SHA-1 */

void mbedtls_sha1_init(mbedtls_sha1_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
    default_handle(&ctx->handle);
}

void mbedtls_sha1_free(mbedtls_sha1_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

void mbedtls_sha1_clone(mbedtls_sha1_context *dst, const mbedtls_sha1_context *src)
{
    *dst = *src;
}

int mbedtls_sha1_starts_ret(mbedtls_sha1_context *ctx)
{
    return hw_result(DCP_HASH_Init(DCP, &ctx->handle, &ctx->ctx, kDCP_Sha1));
}

int mbedtls_sha1_update_ret(mbedtls_sha1_context *ctx, const unsigned char *input, size_t ilen)
{
    return hw_result(DCP_HASH_Update(DCP, &ctx->ctx, input, ilen));
}

int mbedtls_sha1_finish_ret(mbedtls_sha1_context *ctx, unsigned char output[20])
{
    size_t size = 20u;
    return hw_result(DCP_HASH_Finish(DCP, &ctx->ctx, output, &size));
}

int mbedtls_internal_sha1_process(mbedtls_sha1_context *ctx, const unsigned char data[64])
{
    return mbedtls_sha1_update_ret(ctx, data, 64u);
}

/* -------------------------------------------------------------------------------------- SHA-256 */

void mbedtls_sha256_init(mbedtls_sha256_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
    default_handle(&ctx->handle);
    dcp_sw_sha256_init(ctx->software);
}

void mbedtls_sha256_free(mbedtls_sha256_context *ctx)
{
    if (ctx != NULL) {
        dcp_sw_sha256_free(ctx->software);
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

void mbedtls_sha256_clone(mbedtls_sha256_context *dst, const mbedtls_sha256_context *src)
{
    *dst = *src; /* the software context holds no pointers, a byte copy clones it */
}

int mbedtls_sha256_starts_ret(mbedtls_sha256_context *ctx, int is224)
{
    ctx->is224 = is224;
    if (is224) {
        return dcp_sw_sha256_starts(ctx->software, 1);
    }
    return hw_result(DCP_HASH_Init(DCP, &ctx->handle, &ctx->ctx, kDCP_Sha256));
}

int mbedtls_sha256_update_ret(mbedtls_sha256_context *ctx, const unsigned char *input, size_t ilen)
{
    if (ctx->is224) {
        return dcp_sw_sha256_update(ctx->software, input, ilen);
    }
    return hw_result(DCP_HASH_Update(DCP, &ctx->ctx, input, ilen));
}

int mbedtls_sha256_finish_ret(mbedtls_sha256_context *ctx, unsigned char output[32])
{
    if (ctx->is224) {
        return dcp_sw_sha256_finish(ctx->software, output);
    }
    size_t size = 32u;
    return hw_result(DCP_HASH_Finish(DCP, &ctx->ctx, output, &size));
}

int mbedtls_internal_sha256_process(mbedtls_sha256_context *ctx, const unsigned char data[64])
{
    if (ctx->is224) {
        return dcp_sw_sha256_process(ctx->software, data);
    }
    return mbedtls_sha256_update_ret(ctx, data, 64u);
}
