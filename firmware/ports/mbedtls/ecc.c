/*
 * ECC P-256 for the bench (crypto_port_ecc.h) on mbedtls. With the ATECC508A configuration
 * (mbedtls_config_atecc.h) key generation, signing, verification and ECDH run on the device
 * through cryptoauthlib's mbedtls integration; the peer key is always a software key, so
 * port_ecc_agree_from_peer is a software computation of the same secret.
 */
#if defined(BENCH_WITH_ECC)
#include <string.h>

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecp.h"
#include "mbedtls/entropy.h"
#if defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
#include "mbedtls/ecdh.h"
#endif

#include "crypto_port_ecc.h"

static mbedtls_entropy_context entropy;
static mbedtls_ctr_drbg_context drbg;
static mbedtls_ecdsa_context key;
static mbedtls_ecp_keypair peer;
static mbedtls_mpi r;
static mbedtls_mpi s;
#if defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
/* The device's ECDH key: d carries the slot (atca_mbedtls_ecdh.c), Q the public key. */
static mbedtls_mpi ecdh_d;
static mbedtls_ecp_point ecdh_q;
#endif

static const unsigned char personalisation[] = "bench-ecc";

int port_ecc_setup(void)
{
    mbedtls_entropy_init(&entropy);
    mbedtls_ctr_drbg_init(&drbg);
    mbedtls_ecdsa_init(&key);
    mbedtls_ecp_keypair_init(&peer);
    mbedtls_mpi_init(&r);
    mbedtls_mpi_init(&s);
    int status = mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, personalisation,
                                       sizeof(personalisation) - 1);
    if (status == 0) {
        status = mbedtls_ecp_group_load(&peer.grp, MBEDTLS_ECP_DP_SECP256R1);
    }
    if (status == 0) {
        status = mbedtls_ecp_gen_keypair(&peer.grp, &peer.d, &peer.Q, mbedtls_ctr_drbg_random, &drbg);
    }
#if defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
    mbedtls_mpi_init(&ecdh_d);
    mbedtls_ecp_point_init(&ecdh_q);
    if (status == 0) {
        status = mbedtls_ecdh_gen_public(&peer.grp, &ecdh_d, &ecdh_q, mbedtls_ctr_drbg_random, &drbg);
    }
#endif
    return status;
}

int port_ecc_keygen(void)
{
    mbedtls_ecdsa_free(&key);
    mbedtls_ecdsa_init(&key);
    return mbedtls_ecdsa_genkey(&key, MBEDTLS_ECP_DP_SECP256R1, mbedtls_ctr_drbg_random, &drbg);
}

int port_ecc_sign(const uint8_t hash[32])
{
    return mbedtls_ecdsa_sign(&key.grp, &r, &s, &key.d, hash, 32, mbedtls_ctr_drbg_random, &drbg);
}

int port_ecc_verify(const uint8_t hash[32])
{
    return mbedtls_ecdsa_verify(&key.grp, hash, 32, &key.Q, &r, &s);
}

static int x_coordinate(const mbedtls_ecp_point *point, uint8_t secret[32])
{
    return mbedtls_mpi_write_binary(&point->X, secret, 32);
}

int port_ecc_agree(uint8_t secret[32])
{
#if defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
    mbedtls_mpi z;
    mbedtls_mpi_init(&z);
    int status = mbedtls_ecdh_compute_shared(&peer.grp, &z, &peer.Q, &ecdh_d,
                                             mbedtls_ctr_drbg_random, &drbg);
    if (status == 0) {
        status = mbedtls_mpi_write_binary(&z, secret, 32);
    }
    mbedtls_mpi_free(&z);
    return status;
#else
    mbedtls_ecp_point shared;
    mbedtls_ecp_point_init(&shared);
    int status = mbedtls_ecp_mul(&key.grp, &shared, &key.d, &peer.Q, mbedtls_ctr_drbg_random, &drbg);
    if (status == 0) {
        status = x_coordinate(&shared, secret);
    }
    mbedtls_ecp_point_free(&shared);
    return status;
#endif
}

int port_ecc_agree_from_peer(uint8_t secret[32])
{
#if defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
    const mbedtls_ecp_point *own_public = &ecdh_q;
#else
    const mbedtls_ecp_point *own_public = &key.Q;
#endif
    mbedtls_ecp_point shared;
    mbedtls_ecp_point_init(&shared);
    int status = mbedtls_ecp_mul(&peer.grp, &shared, &peer.d, own_public, mbedtls_ctr_drbg_random, &drbg);
    if (status == 0) {
        status = x_coordinate(&shared, secret);
    }
    mbedtls_ecp_point_free(&shared);
    return status;
}

void port_ecc_teardown(void)
{
    mbedtls_mpi_free(&r);
    mbedtls_mpi_free(&s);
    mbedtls_ecdsa_free(&key);
    mbedtls_ecp_keypair_free(&peer);
#if defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
    mbedtls_mpi_free(&ecdh_d);
    mbedtls_ecp_point_free(&ecdh_q);
#endif
    mbedtls_ctr_drbg_free(&drbg);
    mbedtls_entropy_free(&entropy);
}
#endif /* BENCH_WITH_ECC */
