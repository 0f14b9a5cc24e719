/*
 * Self-tests of wolfCrypt on the ATECC508A (samd21 `hw`). wolfSSL 5.5.4's own suite
 * (wolfcrypt/test/test.c) does not build with WOLFSSL_ATECC508A: its ECC tests call
 * wc_ecc_mulmod and the SSH shared-secret variant, which the ATECC port removes. This file runs
 * the P-256 checks the port supports, through the same public API: key generation on the device,
 * sign/verify, a tampered digest and another public key rejected, ECDH with an imported public key
 * (repeatable, and different for a different peer). The port keeps one generated key at a time,
 * and has no software point multiplication, so ECDH against software is checked in the model suite
 * (robot-tests/peripherals/atecc508a_model.robot). The SHA/AES known-answer vectors of the
 * selftest app run as usual.
 */
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/random.h>

#include "crypto_port.h"
#include "p256_points.h"

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

static int agree(ecc_key *device_key, ecc_key *peer, uint8_t secret[32])
{
    word32 length = 32;
    return wc_ecc_shared_secret(device_key, peer, secret, &length) == 0 && length == 32;
}

int port_self_tests(void (*report)(const char *name, int passed))
{
    WC_RNG rng;
    ecc_key key;
    ecc_key other;
    ecc_key generator;
    uint8_t sig[ECC_MAX_SIG_SIZE];
    word32 sig_len = sizeof(sig);
    uint8_t tampered[32];
    uint8_t first[32];
    uint8_t again[32];
    uint8_t with_g[32];
    uint8_t public_raw[65];
    word32 public_len = sizeof(public_raw);
    int failures = 0;

    int ok = wc_InitRng(&rng) == 0 && wc_ecc_init(&key) == 0 && wc_ecc_init(&other) == 0 &&
             wc_ecc_init(&generator) == 0 && wc_ecc_make_key_ex(&rng, 32, &key, ECC_SECP256R1) == 0 &&
             wc_ecc_export_x963(&key, public_raw, &public_len) == 0 &&
             wc_ecc_import_x963_ex(p256_rfc6979_public, sizeof(p256_rfc6979_public), &other,
                                   ECC_SECP256R1) == 0 &&
             wc_ecc_import_x963_ex(p256_base_point, sizeof(p256_base_point), &generator,
                                   ECC_SECP256R1) == 0;
    report("atecc ecc-p256 keygen on the device", ok);
    failures += !ok;

    ok = ok && wc_ecc_sign_hash(digest, 32, sig, &sig_len, &rng, &key) == 0 &&
         verify(digest, sig, sig_len, &key);
    report("atecc ecdsa-p256 sign then verify", ok);
    failures += !ok;

    memcpy(tampered, digest, sizeof(tampered));
    tampered[31] ^= 0x01u;
    int rejected = !verify(tampered, sig, sig_len, &key);
    report("atecc ecdsa-p256 tampered digest rejected", rejected);
    failures += !rejected;

    rejected = !verify(digest, sig, sig_len, &other);
    report("atecc ecdsa-p256 other public key rejected", rejected);
    failures += !rejected;

    /* ECDH with G as the peer gives d*G, whose x-coordinate is the device key's own public X. */
    ok = agree(&key, &generator, with_g) && memcmp(with_g, public_raw + 1, 32) == 0;
    report("atecc ecdh-p256 with G equals the public key's x", ok);
    failures += !ok;

    ok = agree(&key, &other, first) && agree(&key, &other, again) && memcmp(first, again, 32) == 0 &&
         memcmp(first, with_g, 32) != 0;
    report("atecc ecdh-p256 repeatable and peer-dependent", ok);
    failures += !ok;

    wc_ecc_free(&key);
    wc_ecc_free(&other);
    wc_ecc_free(&generator);
    wc_FreeRng(&rng);
    return failures;
}
