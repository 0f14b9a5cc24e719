/*
 * ECC P-256 operations for the bench app's ECC part (BENCH_WITH_ECC), implemented once per library
 * (ports/<library>/ecc.c). On an accelerator path they run where the library's port sends them
 * (the ATECC508A on samd21 `hw`).
 */
#ifndef CRYPTO_PORT_ECC_H
#define CRYPTO_PORT_ECC_H

#include <stdint.h>

/* DRBG and a peer key pair for key agreement. 0 on success. */
int port_ecc_setup(void);

/* A new key pair (replacing the previous one). 0 on success. */
int port_ecc_keygen(void);

/* Signs hash with the key pair; the signature is kept for port_ecc_verify. 0 on success. */
int port_ecc_sign(const uint8_t hash[32]);

/* Verifies the kept signature of hash with the key pair's public key. 0 when valid. */
int port_ecc_verify(const uint8_t hash[32]);

/* ECDH of the key pair with the peer's public key: the shared x-coordinate. 0 on success. */
int port_ecc_agree(uint8_t secret[32]);

/*
 * The same secret computed from the peer's side (independent check of port_ecc_agree). 0 on
 * success, PORT_ECC_UNCHECKED where the build has no second implementation to compute it with.
 */
#define PORT_ECC_UNCHECKED 1
int port_ecc_agree_from_peer(uint8_t secret[32]);

void port_ecc_teardown(void);

#endif
