/*
 * ECC P-256 for the bench (crypto_port_ecc.h) on wolfCrypt. With WOLFSSL_ATECC508A every key is
 * created on the device and signing, verification and ECDH run there (wolfCrypt's port
 * wolfcrypt/src/port/atmel/atmel.c). That port keeps one generated key at a time (the ECDHE slot)
 * and compiles software point multiplication out, so there the peer is an imported public key and
 * the peer-side check is unavailable (the model suite checks device ECDH against software).
 * In software, port_ecc_agree_from_peer computes the secret with the peer's private key.
 */
#if defined(BENCH_WITH_ECC)
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/random.h>

#include "crypto_port_ecc.h"
#include "p256_points.h"

static WC_RNG rng;
static ecc_key key;
static ecc_key peer;
static int key_ready;
static uint8_t signature[ECC_MAX_SIG_SIZE];
static word32 signature_len;

int port_ecc_setup(void)
{
    int status = wc_InitRng(&rng);
    if (status == 0) {
        status = wc_ecc_init(&peer);
    }
#if defined(WOLFSSL_ATECC508A)
    if (status == 0) {
        status = wc_ecc_import_x963_ex(p256_rfc6979_public, sizeof(p256_rfc6979_public), &peer,
                                       ECC_SECP256R1);
    }
    return status;
#else
    if (status == 0) {
        status = wc_ecc_make_key_ex(&rng, 32, &peer, ECC_SECP256R1);
    }
    if (status == 0) {
        /* ECC_TIMING_RESISTANT: the shared secret computation blinds with the key's RNG. */
        status = wc_ecc_set_rng(&peer, &rng);
    }
    return status;
#endif
}

int port_ecc_keygen(void)
{
    if (key_ready) {
        wc_ecc_free(&key);
    }
    int status = wc_ecc_init(&key);
    if (status == 0) {
        status = wc_ecc_make_key_ex(&rng, 32, &key, ECC_SECP256R1);
    }
#if !defined(WOLFSSL_ATECC508A)
    if (status == 0) {
        status = wc_ecc_set_rng(&key, &rng);
    }
#endif
    key_ready = status == 0;
    return status;
}

int port_ecc_sign(const uint8_t hash[32])
{
    signature_len = sizeof(signature);
    return wc_ecc_sign_hash(hash, 32, signature, &signature_len, &rng, &key);
}

int port_ecc_verify(const uint8_t hash[32])
{
    int valid = 0;
    int status = wc_ecc_verify_hash(signature, signature_len, hash, 32, &valid, &key);
    return status != 0 ? status : (valid ? 0 : -1);
}

static int agree(ecc_key *private_key, ecc_key *public_key, uint8_t secret[32])
{
    word32 length = 32;
    int status = wc_ecc_shared_secret(private_key, public_key, secret, &length);
    return status != 0 ? status : (length == 32 ? 0 : -1);
}

int port_ecc_agree(uint8_t secret[32])
{
    return agree(&key, &peer, secret);
}

int port_ecc_agree_from_peer(uint8_t secret[32])
{
#if defined(WOLFSSL_ATECC508A)
    (void)secret;
    return PORT_ECC_UNCHECKED;
#else
    return agree(&peer, &key, secret);
#endif
}

void port_ecc_teardown(void)
{
    if (key_ready) {
        wc_ecc_free(&key);
        key_ready = 0;
    }
    wc_ecc_free(&peer);
    wc_FreeRng(&rng);
}
#endif /* BENCH_WITH_ECC */
