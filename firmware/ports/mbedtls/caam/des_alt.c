/*
 * MBEDTLS_DES_ALT on the CAAM: DES and 3DES (two and three keys), ECB and CBC (fsl_caam.h), as
 * NXP's port of mbedtls puts DES on the CAAM. Upstream mbedtls 2.28 offers DES acceleration only
 * as a whole module, so this file also holds the key utilities of des.h: odd parity (FIPS 46-3:
 * the low bit of each key byte makes its number of ones odd) and the weak and semi-weak keys of
 * SP 800-67 Rev. 2 section 3.3.2. Only builds with MBEDTLS_DES_C compile it (the benchmark
 * program's); mbedtls_des_self_test, which stays in des.c, checks it there.
 */
#include "mbedtls/des.h"

#if defined(MBEDTLS_DES_ALT)
#include <string.h>

#include "mbedtls/platform_util.h"

#include "fsl_caam.h"

void mbedtls_des_init(mbedtls_des_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_des_free(mbedtls_des_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

void mbedtls_des3_init(mbedtls_des3_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_des3_free(mbedtls_des3_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

static int odd_parity(unsigned char byte)
{
    int ones = 0;
    for (; byte != 0u; byte &= (unsigned char)(byte - 1u)) {
        ones++;
    }
    return ones & 1;
}

void mbedtls_des_key_set_parity(unsigned char key[MBEDTLS_DES_KEY_SIZE])
{
    for (int i = 0; i < MBEDTLS_DES_KEY_SIZE; i++) {
        key[i] = (unsigned char)(key[i] & 0xFEu);
        key[i] = (unsigned char)(key[i] | (odd_parity(key[i]) ? 0u : 1u));
    }
}

/* 0 when every byte has odd parity, 1 otherwise (des.h). */
int mbedtls_des_key_check_key_parity(const unsigned char key[MBEDTLS_DES_KEY_SIZE])
{
    for (int i = 0; i < MBEDTLS_DES_KEY_SIZE; i++) {
        if (!odd_parity(key[i])) {
            return 1;
        }
    }
    return 0;
}

/* SP 800-67 Rev. 2, 3.3.2: the four weak keys, then the six pairs of semi-weak keys. */
static const unsigned char weak_keys[16][MBEDTLS_DES_KEY_SIZE] = {
    {0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01}, {0xFE, 0xFE, 0xFE, 0xFE, 0xFE, 0xFE, 0xFE, 0xFE},
    {0x1F, 0x1F, 0x1F, 0x1F, 0x0E, 0x0E, 0x0E, 0x0E}, {0xE0, 0xE0, 0xE0, 0xE0, 0xF1, 0xF1, 0xF1, 0xF1},
    {0x01, 0x1F, 0x01, 0x1F, 0x01, 0x0E, 0x01, 0x0E}, {0x1F, 0x01, 0x1F, 0x01, 0x0E, 0x01, 0x0E, 0x01},
    {0x01, 0xE0, 0x01, 0xE0, 0x01, 0xF1, 0x01, 0xF1}, {0xE0, 0x01, 0xE0, 0x01, 0xF1, 0x01, 0xF1, 0x01},
    {0x01, 0xFE, 0x01, 0xFE, 0x01, 0xFE, 0x01, 0xFE}, {0xFE, 0x01, 0xFE, 0x01, 0xFE, 0x01, 0xFE, 0x01},
    {0x1F, 0xE0, 0x1F, 0xE0, 0x0E, 0xF1, 0x0E, 0xF1}, {0xE0, 0x1F, 0xE0, 0x1F, 0xF1, 0x0E, 0xF1, 0x0E},
    {0x1F, 0xFE, 0x1F, 0xFE, 0x0E, 0xFE, 0x0E, 0xFE}, {0xFE, 0x1F, 0xFE, 0x1F, 0xFE, 0x0E, 0xFE, 0x0E},
    {0xE0, 0xFE, 0xE0, 0xFE, 0xF1, 0xFE, 0xF1, 0xFE}, {0xFE, 0xE0, 0xFE, 0xE0, 0xFE, 0xF1, 0xFE, 0xF1},
};

/* 1 when the key is weak or semi-weak, 0 otherwise (des.h). */
int mbedtls_des_key_check_weak(const unsigned char key[MBEDTLS_DES_KEY_SIZE])
{
    for (size_t i = 0; i < sizeof(weak_keys) / sizeof(weak_keys[0]); i++) {
        if (memcmp(weak_keys[i], key, MBEDTLS_DES_KEY_SIZE) == 0) {
            return 1;
        }
    }
    return 0;
}

int mbedtls_des_setkey_enc(mbedtls_des_context *ctx, const unsigned char key[MBEDTLS_DES_KEY_SIZE])
{
    memcpy(ctx->key, key, MBEDTLS_DES_KEY_SIZE);
    ctx->encrypt = 1;
    return 0;
}

int mbedtls_des_setkey_dec(mbedtls_des_context *ctx, const unsigned char key[MBEDTLS_DES_KEY_SIZE])
{
    memcpy(ctx->key, key, MBEDTLS_DES_KEY_SIZE);
    ctx->encrypt = 0;
    return 0;
}

static void set3(mbedtls_des3_context *ctx, const unsigned char *k1, const unsigned char *k2,
                 const unsigned char *k3, int encrypt)
{
    memcpy(ctx->key, k1, MBEDTLS_DES_KEY_SIZE);
    memcpy(ctx->key + MBEDTLS_DES_KEY_SIZE, k2, MBEDTLS_DES_KEY_SIZE);
    memcpy(ctx->key + 2 * MBEDTLS_DES_KEY_SIZE, k3, MBEDTLS_DES_KEY_SIZE);
    ctx->encrypt = encrypt;
}

int mbedtls_des3_set2key_enc(mbedtls_des3_context *ctx, const unsigned char key[MBEDTLS_DES_KEY_SIZE * 2])
{
    set3(ctx, key, key + MBEDTLS_DES_KEY_SIZE, key, 1);
    return 0;
}

int mbedtls_des3_set2key_dec(mbedtls_des3_context *ctx, const unsigned char key[MBEDTLS_DES_KEY_SIZE * 2])
{
    set3(ctx, key, key + MBEDTLS_DES_KEY_SIZE, key, 0);
    return 0;
}

int mbedtls_des3_set3key_enc(mbedtls_des3_context *ctx, const unsigned char key[MBEDTLS_DES_KEY_SIZE * 3])
{
    set3(ctx, key, key + MBEDTLS_DES_KEY_SIZE, key + 2 * MBEDTLS_DES_KEY_SIZE, 1);
    return 0;
}

int mbedtls_des3_set3key_dec(mbedtls_des3_context *ctx, const unsigned char key[MBEDTLS_DES_KEY_SIZE * 3])
{
    set3(ctx, key, key + MBEDTLS_DES_KEY_SIZE, key + 2 * MBEDTLS_DES_KEY_SIZE, 0);
    return 0;
}

static int result(status_t status)
{
    return status == kStatus_Success ? 0 : MBEDTLS_ERR_DES_HW_ACCEL_FAILED;
}

int mbedtls_des_crypt_ecb(mbedtls_des_context *ctx, const unsigned char input[8], unsigned char output[8])
{
    return result(ctx->encrypt ? CAAM_DES_EncryptEcb(input, output, 8u, ctx->key)
                               : CAAM_DES_DecryptEcb(input, output, 8u, ctx->key));
}

int mbedtls_des3_crypt_ecb(mbedtls_des3_context *ctx, const unsigned char input[8], unsigned char output[8])
{
    return result(ctx->encrypt ? CAAM_DES3_EncryptEcb(input, output, 8u, ctx->key)
                               : CAAM_DES3_DecryptEcb(input, output, 8u, ctx->key));
}

#if defined(MBEDTLS_CIPHER_MODE_CBC)
int mbedtls_des_crypt_cbc(mbedtls_des_context *ctx, int mode, size_t length, unsigned char iv[8],
                          const unsigned char *input, unsigned char *output)
{
    if (length % 8u != 0u) {
        return MBEDTLS_ERR_DES_INVALID_INPUT_LENGTH;
    }
    return result(mode == MBEDTLS_DES_ENCRYPT ? CAAM_DES_EncryptCbc(input, output, length, iv, ctx->key)
                                              : CAAM_DES_DecryptCbc(input, output, length, iv, ctx->key));
}

int mbedtls_des3_crypt_cbc(mbedtls_des3_context *ctx, int mode, size_t length, unsigned char iv[8],
                           const unsigned char *input, unsigned char *output)
{
    if (length % 8u != 0u) {
        return MBEDTLS_ERR_DES_INVALID_INPUT_LENGTH;
    }
    return result(mode == MBEDTLS_DES_ENCRYPT ? CAAM_DES3_EncryptCbc(input, output, length, iv, ctx->key)
                                              : CAAM_DES3_DecryptCbc(input, output, length, iv, ctx->key));
}
#endif /* MBEDTLS_CIPHER_MODE_CBC */

#endif /* MBEDTLS_DES_ALT */
