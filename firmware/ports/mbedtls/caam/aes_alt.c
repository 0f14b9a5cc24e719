/* MBEDTLS_AES_ALT on the CAAM: ECB, CBC and CTR with 128/192/256-bit keys (fsl_caam.h). */
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/platform_util.h"

#include "fsl_caam.h"

void mbedtls_aes_init(mbedtls_aes_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
}

void mbedtls_aes_free(mbedtls_aes_context *ctx)
{
    if (ctx != NULL) {
        mbedtls_platform_zeroize(ctx, sizeof(*ctx));
    }
}

static int set_key(mbedtls_aes_context *ctx, const unsigned char *key, unsigned int keybits)
{
    if (keybits != 128u && keybits != 192u && keybits != 256u) {
        return MBEDTLS_ERR_AES_INVALID_KEY_LENGTH;
    }
    ctx->key_bytes = keybits / 8u;
    memcpy(ctx->key, key, ctx->key_bytes);
    return 0;
}

int mbedtls_aes_setkey_enc(mbedtls_aes_context *ctx, const unsigned char *key, unsigned int keybits)
{
    return set_key(ctx, key, keybits);
}

/* The CAAM derives the decryption schedule itself: the same raw key serves both directions. */
int mbedtls_aes_setkey_dec(mbedtls_aes_context *ctx, const unsigned char *key, unsigned int keybits)
{
    return set_key(ctx, key, keybits);
}

static int result(status_t status)
{
    return status == kStatus_Success ? 0 : MBEDTLS_ERR_AES_HW_ACCEL_FAILED;
}

int mbedtls_aes_crypt_ecb(mbedtls_aes_context *ctx, int mode, const unsigned char input[16],
                          unsigned char output[16])
{
    return result(mode == MBEDTLS_AES_ENCRYPT
                      ? CAAM_AES_EncryptEcb(input, output, 16u, ctx->key, ctx->key_bytes)
                      : CAAM_AES_DecryptEcb(input, output, 16u, ctx->key, ctx->key_bytes));
}

int mbedtls_internal_aes_encrypt(mbedtls_aes_context *ctx, const unsigned char input[16],
                                 unsigned char output[16])
{
    return mbedtls_aes_crypt_ecb(ctx, MBEDTLS_AES_ENCRYPT, input, output);
}

int mbedtls_internal_aes_decrypt(mbedtls_aes_context *ctx, const unsigned char input[16],
                                 unsigned char output[16])
{
    return mbedtls_aes_crypt_ecb(ctx, MBEDTLS_AES_DECRYPT, input, output);
}

int mbedtls_aes_crypt_cbc(mbedtls_aes_context *ctx, int mode, size_t length, unsigned char iv[16],
                          const unsigned char *input, unsigned char *output)
{
    if (length % 16u != 0u) {
        return MBEDTLS_ERR_AES_INVALID_INPUT_LENGTH;
    }
    return result(mode == MBEDTLS_AES_ENCRYPT
                      ? CAAM_AES_EncryptCbc(input, output, length, iv, ctx->key, ctx->key_bytes)
                      : CAAM_AES_DecryptCbc(input, output, length, iv, ctx->key, ctx->key_bytes));
}

/* mbedtls keeps the unused keystream of the last counter block in stream_block at *nc_off. */
int mbedtls_aes_crypt_ctr(mbedtls_aes_context *ctx, size_t length, size_t *nc_off,
                          unsigned char nonce_counter[16], unsigned char stream_block[16],
                          const unsigned char *input, unsigned char *output)
{
    size_t offset = *nc_off;
    size_t done = 0;
    if (offset > 15u) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    while (offset != 0u && done < length) {
        output[done] = input[done] ^ stream_block[offset];
        offset = (offset + 1u) & 15u;
        done++;
    }
    if (done < length) {
        size_t left = 0;
        status_t status = CAAM_AES_CryptCtr(input + done, output + done, length - done, nonce_counter,
                                            ctx->key, ctx->key_bytes, stream_block, &left);
        if (status != kStatus_Success) {
            return result(status);
        }
        offset = left == 0u ? 0u : 16u - left;
    }
    *nc_off = offset;
    return 0;
}
