/* MBEDTLS_SHA1_ALT and MBEDTLS_SHA256_ALT (SHA-224 too) on the CAAM's class-2 hashing. */
#include <string.h>

#include "mbedtls/platform_util.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"

#include "fsl_caam.h"

static int result(status_t status)
{
    return status == kStatus_Success ? 0 : MBEDTLS_ERR_SHA256_HW_ACCEL_FAILED;
}

void mbedtls_sha1_init(mbedtls_sha1_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
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
    return result(CAAM_HASH_Init(&ctx->caam, kCAAM_Sha1));
}

int mbedtls_sha1_update_ret(mbedtls_sha1_context *ctx, const unsigned char *input, size_t ilen)
{
    return result(CAAM_HASH_Update(&ctx->caam, input, ilen));
}

int mbedtls_sha1_finish_ret(mbedtls_sha1_context *ctx, unsigned char output[20])
{
    size_t size = 20u;
    return result(CAAM_HASH_Finish(&ctx->caam, output, &size));
}

int mbedtls_internal_sha1_process(mbedtls_sha1_context *ctx, const unsigned char data[64])
{
    return mbedtls_sha1_update_ret(ctx, data, 64u);
}

void mbedtls_sha256_init(mbedtls_sha256_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_sha256_free(mbedtls_sha256_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

void mbedtls_sha256_clone(mbedtls_sha256_context *dst, const mbedtls_sha256_context *src)
{
    *dst = *src;
}

int mbedtls_sha256_starts_ret(mbedtls_sha256_context *ctx, int is224)
{
    ctx->is224 = is224;
    return result(CAAM_HASH_Init(&ctx->caam, is224 ? kCAAM_Sha224 : kCAAM_Sha256));
}

int mbedtls_sha256_update_ret(mbedtls_sha256_context *ctx, const unsigned char *input, size_t ilen)
{
    return result(CAAM_HASH_Update(&ctx->caam, input, ilen));
}

int mbedtls_sha256_finish_ret(mbedtls_sha256_context *ctx, unsigned char output[32])
{
    size_t size = 32u;
    return result(CAAM_HASH_Finish(&ctx->caam, output, &size));
}

int mbedtls_internal_sha256_process(mbedtls_sha256_context *ctx, const unsigned char data[64])
{
    return mbedtls_sha256_update_ret(ctx, data, 64u);
}
