/*
 * MBEDTLS_AES_ALT on the DCP, routed as NXP's port does it: 128-bit keys on the DCP (channel 0,
 * key slot 0; CBC as one DCP call on the whole buffer), 192/256-bit keys in upstream software
 * (aes_sw.c). The key is written into the slot again whenever another context used it last.
 */
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/platform.h"
#include "mbedtls/platform_util.h"

#include "fsl_dcp.h"
#include "sw_fallback.h"

static const mbedtls_aes_context *slot_owner; /* whose key is in key slot 0 */

static int load_key(mbedtls_aes_context *ctx)
{
    if (slot_owner == ctx && ctx->key_loaded) {
        return 0;
    }
    if (DCP_AES_SetKey(DCP, &ctx->handle, ctx->key, sizeof(ctx->key)) != kStatus_Success) {
        return MBEDTLS_ERR_PLATFORM_HW_ACCEL_FAILED;
    }
    slot_owner = ctx;
    ctx->key_loaded = 1;
    return 0;
}

void mbedtls_aes_init(mbedtls_aes_context *ctx)
{
    memset(ctx, 0, sizeof(*ctx));
    ctx->handle.channel = kDCP_Channel0;
    ctx->handle.keySlot = kDCP_KeySlot0;
    ctx->handle.swapConfig = kDCP_NoSwap;
    dcp_sw_aes_init(ctx->software);
}

void mbedtls_aes_free(mbedtls_aes_context *ctx)
{
    if (ctx == NULL) {
        return;
    }
    if (slot_owner == ctx) {
        slot_owner = NULL;
    }
    dcp_sw_aes_free(ctx->software);
    mbedtls_platform_zeroize(ctx, sizeof(*ctx));
}

static int set_key(mbedtls_aes_context *ctx, int encrypt, const unsigned char *key,
                   unsigned int keybits)
{
    if (slot_owner == ctx) {
        slot_owner = NULL;
    }
    ctx->key_loaded = 0;
    ctx->on_dcp = keybits == 128u;
    if (ctx->on_dcp) {
        memcpy(ctx->key, key, sizeof(ctx->key));
        return 0;
    }
    return dcp_sw_aes_setkey(ctx->software, encrypt, key, keybits);
}

int mbedtls_aes_setkey_enc(mbedtls_aes_context *ctx, const unsigned char *key, unsigned int keybits)
{
    return set_key(ctx, 1, key, keybits);
}

int mbedtls_aes_setkey_dec(mbedtls_aes_context *ctx, const unsigned char *key, unsigned int keybits)
{
    return set_key(ctx, 0, key, keybits);
}

int mbedtls_aes_crypt_ecb(mbedtls_aes_context *ctx, int mode, const unsigned char input[16],
                          unsigned char output[16])
{
    if (!ctx->on_dcp) {
        return dcp_sw_aes_ecb(ctx->software, mode, input, output);
    }
    int status = load_key(ctx);
    if (status != 0) {
        return status;
    }
    status_t hw = mode == MBEDTLS_AES_ENCRYPT
                      ? DCP_AES_EncryptEcb(DCP, &ctx->handle, input, output, 16u)
                      : DCP_AES_DecryptEcb(DCP, &ctx->handle, input, output, 16u);
    return hw == kStatus_Success ? 0 : MBEDTLS_ERR_PLATFORM_HW_ACCEL_FAILED;
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

#if !defined(MBEDTLS_DEPRECATED_REMOVED)
void mbedtls_aes_encrypt(mbedtls_aes_context *ctx, const unsigned char input[16],
                         unsigned char output[16])
{
    mbedtls_internal_aes_encrypt(ctx, input, output);
}

void mbedtls_aes_decrypt(mbedtls_aes_context *ctx, const unsigned char input[16],
                         unsigned char output[16])
{
    mbedtls_internal_aes_decrypt(ctx, input, output);
}
#endif

#if defined(MBEDTLS_CIPHER_MODE_CBC)
int mbedtls_aes_crypt_cbc(mbedtls_aes_context *ctx, int mode, size_t length, unsigned char iv[16],
                          const unsigned char *input, unsigned char *output)
{
    if (mode != MBEDTLS_AES_ENCRYPT && mode != MBEDTLS_AES_DECRYPT) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    if (length % 16u != 0u) {
        return MBEDTLS_ERR_AES_INVALID_INPUT_LENGTH;
    }
    if (!ctx->on_dcp) {
        return dcp_sw_aes_cbc(ctx->software, mode, length, iv, input, output);
    }
    if (length == 0u) {
        return 0;
    }
    int status = load_key(ctx);
    if (status != 0) {
        return status;
    }
    /* The next IV is the last ciphertext block; take it before an in-place decrypt overwrites it. */
    unsigned char next_iv[16];
    if (mode == MBEDTLS_AES_DECRYPT) {
        memcpy(next_iv, input + length - 16u, 16u);
    }
    status_t hw = mode == MBEDTLS_AES_ENCRYPT
                      ? DCP_AES_EncryptCbc(DCP, &ctx->handle, input, output, length, iv)
                      : DCP_AES_DecryptCbc(DCP, &ctx->handle, input, output, length, iv);
    if (hw != kStatus_Success) {
        return MBEDTLS_ERR_PLATFORM_HW_ACCEL_FAILED;
    }
    memcpy(iv, mode == MBEDTLS_AES_ENCRYPT ? output + length - 16u : next_iv, 16u);
    return 0;
}
#endif

#if defined(MBEDTLS_CIPHER_MODE_CTR)
/*
 * CTR (SP 800-38A 6.5) over this module's ECB, one block at a time: the DCP for 128-bit keys, the
 * software fallback otherwise. Only the benchmark program's configuration enables CTR; the
 * matrix's images do not contain it. *nc_off and stream_block carry unused keystream between
 * calls, as mbedtls_aes_crypt_ctr's contract says.
 */
int mbedtls_aes_crypt_ctr(mbedtls_aes_context *ctx, size_t length, size_t *nc_off,
                          unsigned char nonce_counter[16], unsigned char stream_block[16],
                          const unsigned char *input, unsigned char *output)
{
    size_t offset = *nc_off;
    if (offset > 15u) {
        return MBEDTLS_ERR_AES_BAD_INPUT_DATA;
    }
    for (size_t i = 0; i < length; i++) {
        if (offset == 0u) {
            int status = mbedtls_aes_crypt_ecb(ctx, MBEDTLS_AES_ENCRYPT, nonce_counter, stream_block);
            if (status != 0) {
                return status;
            }
            for (int byte = 15; byte >= 0 && ++nonce_counter[byte] == 0u; byte--) {
            }
        }
        output[i] = input[i] ^ stream_block[offset];
        offset = (offset + 1u) % 16u;
    }
    *nc_off = offset;
    return 0;
}
#endif
