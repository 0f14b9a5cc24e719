/*
 * AES-GCM and AES-CCM on the CAAM, one job per call, as NXP's port of mbedtls does through the
 * MBEDTLS_GCM_CRYPT_ALT and MBEDTLS_CCM_CRYPT_ALT hooks of its fork (ksdk_mbedtls.c): the
 * one-shot calls mbedtls_gcm_crypt_and_tag / mbedtls_gcm_auth_decrypt and
 * mbedtls_ccm_encrypt_and_tag / mbedtls_ccm_auth_decrypt, with the AES key the context's cipher
 * holds (aes_alt.h). Upstream mbedtls 2.28 has no such hooks, so the hw link wraps the four
 * functions (-Wl,--wrap, boards/rt1170/hw.mk): callers outside gcm.c and ccm.c (the benchmark
 * program, the cipher layer, TLS) reach these, and what the CAAM does not take (other ciphers
 * than AES, payloads over CAAM_AEAD_MAX_BYTES, long AAD, GCM decryption that only recomputes the
 * tag) goes on to the library's own code (__real_). The streaming API (starts/update/finish) and
 * CCM* without a tag stay in software, as in NXP's port. A wrong tag is refused by the CAAM's
 * ICV check; the output is then zeroed, as mbedtls does.
 */
#include "mbedtls/aes.h"
#include "mbedtls/cipher.h"
#include "mbedtls/platform_util.h"

#include "fsl_caam.h"

#if defined(MBEDTLS_GCM_C) || defined(MBEDTLS_CCM_C)
/* The AES key behind a GCM or CCM context's block cipher, or NULL for other ciphers. */
static const mbedtls_aes_context *aes_key_of(const mbedtls_cipher_context_t *cipher)
{
    switch (mbedtls_cipher_get_type(cipher)) {
    case MBEDTLS_CIPHER_AES_128_ECB:
    case MBEDTLS_CIPHER_AES_192_ECB:
    case MBEDTLS_CIPHER_AES_256_ECB:
        return cipher->cipher_ctx;
    default:
        return NULL;
    }
}

/* Not a result of the library's: the driver refused the job, the library's own code runs. */
#define NOT_TAKEN 1

/* What a CAAM job's status means to the caller: 0, one of the library's error codes, or
 * NOT_TAKEN (kStatus_InvalidArgument: what the driver does not take). A tag mismatch zeroes
 * the output, as mbedtls does. */
static int job_result(status_t status, unsigned char *output, size_t length, int auth_failed,
                      int hw_failed)
{
    switch (status) {
    case kStatus_Success:
        return 0;
    case kStatus_InvalidArgument:
        return NOT_TAKEN;
    case kStatus_CAAM_TagMismatch:
        mbedtls_platform_zeroize(output, length);
        return auth_failed;
    default:
        return hw_failed;
    }
}
#endif

#if defined(MBEDTLS_GCM_C)
#include "mbedtls/gcm.h"

int __real_mbedtls_gcm_crypt_and_tag(mbedtls_gcm_context *ctx, int mode, size_t length,
                                     const unsigned char *iv, size_t iv_len,
                                     const unsigned char *add, size_t add_len,
                                     const unsigned char *input, unsigned char *output,
                                     size_t tag_len, unsigned char *tag);
int __real_mbedtls_gcm_auth_decrypt(mbedtls_gcm_context *ctx, size_t length,
                                    const unsigned char *iv, size_t iv_len,
                                    const unsigned char *add, size_t add_len,
                                    const unsigned char *tag, size_t tag_len,
                                    const unsigned char *input, unsigned char *output);

int __wrap_mbedtls_gcm_crypt_and_tag(mbedtls_gcm_context *ctx, int mode, size_t length,
                                     const unsigned char *iv, size_t iv_len,
                                     const unsigned char *add, size_t add_len,
                                     const unsigned char *input, unsigned char *output,
                                     size_t tag_len, unsigned char *tag)
{
    const mbedtls_aes_context *aes = ctx == NULL ? NULL : aes_key_of(&ctx->cipher_ctx);
    if (aes != NULL && mode == MBEDTLS_GCM_ENCRYPT) {
        status_t status = CAAM_AES_EncryptTagGcm(input, output, length, iv, iv_len, add, add_len,
                                                 aes->key, aes->key_bytes, tag, tag_len);
        int result = job_result(status, output, length, MBEDTLS_ERR_GCM_HW_ACCEL_FAILED,
                                MBEDTLS_ERR_GCM_HW_ACCEL_FAILED);
        if (result != NOT_TAKEN) {
            return result;
        }
    }
    return __real_mbedtls_gcm_crypt_and_tag(ctx, mode, length, iv, iv_len, add, add_len, input,
                                            output, tag_len, tag);
}

int __wrap_mbedtls_gcm_auth_decrypt(mbedtls_gcm_context *ctx, size_t length,
                                    const unsigned char *iv, size_t iv_len,
                                    const unsigned char *add, size_t add_len,
                                    const unsigned char *tag, size_t tag_len,
                                    const unsigned char *input, unsigned char *output)
{
    const mbedtls_aes_context *aes = ctx == NULL ? NULL : aes_key_of(&ctx->cipher_ctx);
    if (aes != NULL) {
        status_t status = CAAM_AES_DecryptTagGcm(input, output, length, iv, iv_len, add, add_len,
                                                 aes->key, aes->key_bytes, tag, tag_len);
        int result = job_result(status, output, length, MBEDTLS_ERR_GCM_AUTH_FAILED,
                                MBEDTLS_ERR_GCM_HW_ACCEL_FAILED);
        if (result != NOT_TAKEN) {
            return result;
        }
    }
    return __real_mbedtls_gcm_auth_decrypt(ctx, length, iv, iv_len, add, add_len, tag, tag_len,
                                           input, output);
}
#endif

#if defined(MBEDTLS_CCM_C)
#include "mbedtls/ccm.h"

int __real_mbedtls_ccm_encrypt_and_tag(mbedtls_ccm_context *ctx, size_t length,
                                       const unsigned char *iv, size_t iv_len,
                                       const unsigned char *add, size_t add_len,
                                       const unsigned char *input, unsigned char *output,
                                       unsigned char *tag, size_t tag_len);
int __real_mbedtls_ccm_auth_decrypt(mbedtls_ccm_context *ctx, size_t length,
                                    const unsigned char *iv, size_t iv_len,
                                    const unsigned char *add, size_t add_len,
                                    const unsigned char *input, unsigned char *output,
                                    const unsigned char *tag, size_t tag_len);

int __wrap_mbedtls_ccm_encrypt_and_tag(mbedtls_ccm_context *ctx, size_t length,
                                       const unsigned char *iv, size_t iv_len,
                                       const unsigned char *add, size_t add_len,
                                       const unsigned char *input, unsigned char *output,
                                       unsigned char *tag, size_t tag_len)
{
    const mbedtls_aes_context *aes = ctx == NULL ? NULL : aes_key_of(&ctx->cipher_ctx);
    if (aes != NULL) {
        status_t status = CAAM_AES_EncryptTagCcm(input, output, length, iv, iv_len, add, add_len,
                                                 aes->key, aes->key_bytes, tag, tag_len);
        int result = job_result(status, output, length, MBEDTLS_ERR_CCM_HW_ACCEL_FAILED,
                                MBEDTLS_ERR_CCM_HW_ACCEL_FAILED);
        if (result != NOT_TAKEN) {
            return result;
        }
    }
    return __real_mbedtls_ccm_encrypt_and_tag(ctx, length, iv, iv_len, add, add_len, input,
                                              output, tag, tag_len);
}

int __wrap_mbedtls_ccm_auth_decrypt(mbedtls_ccm_context *ctx, size_t length,
                                    const unsigned char *iv, size_t iv_len,
                                    const unsigned char *add, size_t add_len,
                                    const unsigned char *input, unsigned char *output,
                                    const unsigned char *tag, size_t tag_len)
{
    const mbedtls_aes_context *aes = ctx == NULL ? NULL : aes_key_of(&ctx->cipher_ctx);
    if (aes != NULL) {
        status_t status = CAAM_AES_DecryptTagCcm(input, output, length, iv, iv_len, add, add_len,
                                                 aes->key, aes->key_bytes, tag, tag_len);
        int result = job_result(status, output, length, MBEDTLS_ERR_CCM_AUTH_FAILED,
                                MBEDTLS_ERR_CCM_HW_ACCEL_FAILED);
        if (result != NOT_TAKEN) {
            return result;
        }
    }
    return __real_mbedtls_ccm_auth_decrypt(ctx, length, iv, iv_len, add, add_len, input, output,
                                           tag, tag_len);
}
#endif
