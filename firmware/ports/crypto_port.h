/*
 * The one interface the apps use, implemented once per library (mbedtls/, wolfcrypt/). The apps
 * are therefore identical for both libraries and both paths; only the port and the library's
 * configuration change.
 */
#ifndef CRYPTO_PORT_H
#define CRYPTO_PORT_H

#include <stddef.h>
#include <stdint.h>

enum port_hash_alg {
    PORT_SHA1,
    PORT_SHA256,
    PORT_SHA512,
};

/* "mbedtls 2.28.3", "wolfcrypt 5.5.4". */
const char *port_library_version(void);

/* One-shot hash (init, update, finish), as the libraries' own benchmarks call it. 0 on success. */
int port_hash(enum port_hash_alg alg, const uint8_t *in, size_t len, uint8_t *digest);

/* AES-CBC with a key set once and an IV carried across calls. 0 on success. */
int port_aes_cbc_setkey(int encrypt, const uint8_t *key, unsigned key_bits);
int port_aes_cbc_crypt(int encrypt, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len);

/* AES-ECB on whole blocks with its own key schedule. 0 on success. */
int port_aes_ecb(int encrypt, const uint8_t *key, unsigned key_bits, const uint8_t *in,
                 uint8_t *out, size_t len);

/* Runs the library's own self-tests; calls report() once per test. Returns the failure count. */
int port_self_tests(void (*report)(const char *name, int passed));

/* Prints one line in the library's own benchmark format. */
void port_bench_line(const char *name, uint64_t bytes, uint64_t cycles, uint64_t clock_hz);

/* ECDSA P-256 life cycle, one function a phase. 0 on success; verify returns 0 when valid. */
const char *port_drbg_algorithm(void); /* result name of the seeding phase */
int port_ecdsa_init(void);
int port_drbg_seed(void);
int port_ecdsa_genkey(void);
int port_ecdsa_sign(const uint8_t hash[32], uint8_t *signature, size_t *signature_len);
int port_ecdsa_verify(const uint8_t hash[32], const uint8_t *signature, size_t signature_len);
void port_ecdsa_free(void);
/* The key of port_ecdsa_genkey as a SEC1 uncompressed point (0x04 || X || Y), so that another
 * build (accelerator vs software) can check this build's signatures. 0 on success. */
int port_ecdsa_public_key(uint8_t public_key[65]);
/* Verifies a DER signature of hash under another party's SEC1 uncompressed P-256 public key, on
 * the same path (accelerator or software) as port_ecdsa_verify. 0 when valid. */
int port_ecdsa_verify_with(const uint8_t public_key[65], const uint8_t hash[32],
                           const uint8_t *signature, size_t signature_len);

#endif
