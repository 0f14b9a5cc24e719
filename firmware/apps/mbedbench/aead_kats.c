/*
 * Known-answer checks of mbedtls's one-shot AES-GCM and AES-CCM calls, made from outside gcm.c and
 * ccm.c as the benchmark program makes them, so that an accelerator port that takes those calls
 * over (the rt1170 CAAM port, ports/mbedtls/caam/aead_wrap.c) is what they check; mbedtls's own
 * GCM and CCM self-tests call the functions from inside the modules and never reach it. Each mode:
 * the standard's vectors encrypted, decrypted back, and a tag with one bit changed refused with
 * the output zeroed.
 *   GCM: McGrew and Viega, "The Galois/Counter Mode of Operation", test case 4 (AES-128, 60-byte
 *        message, 20-byte AAD), the vectors SP 800-38D refers to.
 *   CCM: SP 800-38C appendix C, examples 1 and 2 (4- and 6-byte tags).
 */
#include <string.h>

#include "aead_kats.h"

#if defined(MBEDTLS_GCM_C)
#include "mbedtls/gcm.h"

static const unsigned char gcm_key[16] = {
    0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c, 0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08};
static const unsigned char gcm_iv[12] = {
    0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88};
static const unsigned char gcm_aad[20] = {
    0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef, 0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef,
    0xab, 0xad, 0xda, 0xd2};
static const unsigned char gcm_plain[60] = {
    0xd9, 0x31, 0x32, 0x25, 0xf8, 0x84, 0x06, 0xe5, 0xa5, 0x59, 0x09, 0xc5, 0xaf, 0xf5, 0x26, 0x9a,
    0x86, 0xa7, 0xa9, 0x53, 0x15, 0x34, 0xf7, 0xda, 0x2e, 0x4c, 0x30, 0x3d, 0x8a, 0x31, 0x8a, 0x72,
    0x1c, 0x3c, 0x0c, 0x95, 0x95, 0x68, 0x09, 0x53, 0x2f, 0xcf, 0x0e, 0x24, 0x49, 0xa6, 0xb5, 0x25,
    0xb1, 0x6a, 0xed, 0xf5, 0xaa, 0x0d, 0xe6, 0x57, 0xba, 0x63, 0x7b, 0x39};
static const unsigned char gcm_cipher[60] = {
    0x42, 0x83, 0x1e, 0xc2, 0x21, 0x77, 0x74, 0x24, 0x4b, 0x72, 0x21, 0xb7, 0x84, 0xd0, 0xd4, 0x9c,
    0xe3, 0xaa, 0x21, 0x2f, 0x2c, 0x02, 0xa4, 0xe0, 0x35, 0xc1, 0x7e, 0x23, 0x29, 0xac, 0xa1, 0x2e,
    0x21, 0xd5, 0x14, 0xb2, 0x54, 0x66, 0x93, 0x1c, 0x7d, 0x8f, 0x6a, 0x5a, 0xac, 0x84, 0xaa, 0x05,
    0x1b, 0xa3, 0x0b, 0x39, 0x6a, 0x0a, 0xac, 0x97, 0x3d, 0x58, 0xe0, 0x91};
static const unsigned char gcm_tag[16] = {
    0x5b, 0xc9, 0x4f, 0xbc, 0x32, 0x21, 0xa5, 0xdb, 0x94, 0xfa, 0xe9, 0x5a, 0xe7, 0x12, 0x1a, 0x47};

int gcm_known_answers_pass(void)
{
    unsigned char out[sizeof(gcm_plain)], tag[sizeof(gcm_tag)];
    mbedtls_gcm_context gcm;
    mbedtls_gcm_init(&gcm);
    int ok = mbedtls_gcm_setkey(&gcm, MBEDTLS_CIPHER_ID_AES, gcm_key, 128) == 0 &&
             mbedtls_gcm_crypt_and_tag(&gcm, MBEDTLS_GCM_ENCRYPT, sizeof(gcm_plain), gcm_iv,
                                       sizeof(gcm_iv), gcm_aad, sizeof(gcm_aad), gcm_plain, out,
                                       sizeof(tag), tag) == 0 &&
             memcmp(out, gcm_cipher, sizeof(out)) == 0 && memcmp(tag, gcm_tag, sizeof(tag)) == 0 &&
             mbedtls_gcm_auth_decrypt(&gcm, sizeof(gcm_cipher), gcm_iv, sizeof(gcm_iv), gcm_aad,
                                      sizeof(gcm_aad), gcm_tag, sizeof(gcm_tag), gcm_cipher,
                                      out) == 0 &&
             memcmp(out, gcm_plain, sizeof(out)) == 0;
    tag[15] ^= 0x01u;
    ok = ok && mbedtls_gcm_auth_decrypt(&gcm, sizeof(gcm_cipher), gcm_iv, sizeof(gcm_iv), gcm_aad,
                                        sizeof(gcm_aad), tag, sizeof(tag), gcm_cipher,
                                        out) == MBEDTLS_ERR_GCM_AUTH_FAILED;
    static const unsigned char zeros[sizeof(out)];
    ok = ok && memcmp(out, zeros, sizeof(out)) == 0;
    mbedtls_gcm_free(&gcm);
    return ok;
}
#endif

#if defined(MBEDTLS_CCM_C)
#include "mbedtls/ccm.h"

/* SP 800-38C C.1 and C.2 share the key, and their nonce, AAD and message are prefixes of one
 * counting sequence each. */
static const unsigned char ccm_key[16] = {
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f};
static const unsigned char ccm_nonce[8] = {0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17};
static const unsigned char ccm_aad[16] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
static const unsigned char ccm_plain[16] = {
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f};

struct ccm_example {
    size_t nonce_bytes, aad_bytes, plain_bytes, tag_bytes;
    unsigned char cipher_and_tag[22];
};

static const struct ccm_example ccm_examples[] = {
    {7, 8, 4, 4, {0x71, 0x62, 0x01, 0x5b, 0x4d, 0xac, 0x25, 0x5d}},
    {8, 16, 16, 6, {0xd2, 0xa1, 0xf0, 0xe0, 0x51, 0xea, 0x5f, 0x62, 0x08, 0x1a, 0x77, 0x92, 0x07,
                    0x3d, 0x59, 0x3d, 0x1f, 0xc6, 0x4f, 0xbf, 0xac, 0xcd}},
};

static int ccm_example_passes(mbedtls_ccm_context *ccm, const struct ccm_example *example)
{
    unsigned char out[sizeof(ccm_plain)], tag[16];
    const unsigned char *expected_tag = example->cipher_and_tag + example->plain_bytes;
    int ok = mbedtls_ccm_encrypt_and_tag(ccm, example->plain_bytes, ccm_nonce, example->nonce_bytes,
                                         ccm_aad, example->aad_bytes, ccm_plain, out, tag,
                                         example->tag_bytes) == 0 &&
             memcmp(out, example->cipher_and_tag, example->plain_bytes) == 0 &&
             memcmp(tag, expected_tag, example->tag_bytes) == 0 &&
             mbedtls_ccm_auth_decrypt(ccm, example->plain_bytes, ccm_nonce, example->nonce_bytes,
                                      ccm_aad, example->aad_bytes, example->cipher_and_tag, out,
                                      expected_tag, example->tag_bytes) == 0 &&
             memcmp(out, ccm_plain, example->plain_bytes) == 0;
    tag[0] ^= 0x80u;
    ok = ok && mbedtls_ccm_auth_decrypt(ccm, example->plain_bytes, ccm_nonce, example->nonce_bytes,
                                        ccm_aad, example->aad_bytes, example->cipher_and_tag, out,
                                        tag, example->tag_bytes) == MBEDTLS_ERR_CCM_AUTH_FAILED;
    static const unsigned char zeros[sizeof(out)];
    return ok && memcmp(out, zeros, example->plain_bytes) == 0;
}

int ccm_known_answers_pass(void)
{
    mbedtls_ccm_context ccm;
    mbedtls_ccm_init(&ccm);
    int ok = mbedtls_ccm_setkey(&ccm, MBEDTLS_CIPHER_ID_AES, ccm_key, 128) == 0;
    for (size_t i = 0; ok && i < sizeof(ccm_examples) / sizeof(ccm_examples[0]); i++) {
        ok = ccm_example_passes(&ccm, &ccm_examples[i]);
    }
    mbedtls_ccm_free(&ccm);
    return ok;
}
#endif
