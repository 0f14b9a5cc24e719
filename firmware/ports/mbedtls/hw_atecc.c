/*
 * What cryptoauthlib's mbedtls integration leaves to the application (CAL lib/mbedtls/
 * atca_mbedtls_wrap.h): P-256 key generation on the device, the slot used for ECDH, and the
 * ECDSA capability check that MBEDTLS_ECDSA_SIGN_ALT removes from ecdsa.c.
 *
 * A device key is an mbedtls_ecdsa_context whose Q is the public key and whose d holds an
 * atca_mbedtls_eckey_t {device, slot}, as atca_mbedtls_pk_init builds it; mbedtls_ecdsa_sign
 * (atca_mbedtls_ecdsa.c) reads the slot back from d.
 */
#include <string.h>

#include "mbedtls/ecdsa.h"

#include "atecc.h"
#include "board_accelerator.h"
#include "cryptoauthlib.h"
#include "mbedtls/atca_mbedtls_wrap.h"

int accelerator_library_init(void)
{
    return 0;
}

int mbedtls_ecdsa_can_do(mbedtls_ecp_group_id gid)
{
    return gid == MBEDTLS_ECP_DP_SECP256R1;
}

int mbedtls_ecdsa_genkey(mbedtls_ecdsa_context *ctx, mbedtls_ecp_group_id gid,
                         int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    (void)f_rng;
    (void)p_rng;
    if (gid != MBEDTLS_ECP_DP_SECP256R1) {
        return MBEDTLS_ERR_ECP_FEATURE_UNAVAILABLE;
    }
    uint8_t public_key[64];
    atca_mbedtls_eckey_t key = {.device = atcab_get_device(), .handle = ATECC_SLOT_DEVICE_KEY};
    int status = mbedtls_ecp_group_load(&ctx->grp, gid);
    if (status == 0 && atcab_genkey(key.handle, public_key) != ATCA_SUCCESS) {
        status = MBEDTLS_ERR_ECP_HW_ACCEL_FAILED;
    }
    if (status == 0) {
        status = mbedtls_mpi_read_binary(&ctx->Q.X, public_key, 32);
    }
    if (status == 0) {
        status = mbedtls_mpi_read_binary(&ctx->Q.Y, public_key + 32, 32);
    }
    if (status == 0) {
        status = mbedtls_mpi_lset(&ctx->Q.Z, 1);
    }
    if (status == 0) {
        status = mbedtls_mpi_read_binary(&ctx->d, (const unsigned char *)&key, sizeof(key));
    }
    return status;
}

int atca_mbedtls_ecdh_slot_cb(void)
{
    return ATECC_SLOT_ECDH_KEY;
}

/* I/O protection secret: ATECC608 only; the 508A path of atca_mbedtls_ecdh.c never calls it. */
int atca_mbedtls_ecdh_ioprot_cb(uint8_t secret[32])
{
    (void)secret;
    return ATCA_UNIMPLEMENTED;
}
