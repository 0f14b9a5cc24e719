/*
 * mbedtls 2.28 configuration for the rt1170 `hw` path: the software configuration plus the CAAM
 * ALT modules (firmware/ports/mbedtls/caam): AES-128/192/256 (ECB, CBC, CTR), SHA-1, SHA-224/256,
 * ECDSA key generation, signing and verification on the PKHA, and DES/3DES and ECDH where the
 * build enables them. SHA-512 stays software, as in NXP's port and the published RT1170 rows.
 * AES-GCM and AES-CCM one-shot calls and modular exponentiation (RSA, DH), for which upstream 2.28
 * has no ALT hook, reach the CAAM through link-time wraps (aead_wrap.c, exp_mod_wrap.c).
 * CTR mode is enabled so that mbedtls_aes_self_test also checks CTR through the CAAM. Entropy
 * comes from the CAAM RNG (board.c, BOARD_ENTROPY_CAAM). CRYPTO_PORT_CAAM tells the applications
 * which port they run on.
 */
#ifndef MBEDTLS_CONFIG_CAAM_H
#define MBEDTLS_CONFIG_CAAM_H

#define CRYPTO_PORT_CAAM
#define MBEDTLS_AES_ALT
#define MBEDTLS_CIPHER_MODE_CTR
#define MBEDTLS_SHA1_ALT
#define MBEDTLS_SHA256_ALT
#define MBEDTLS_ECDSA_GENKEY_ALT
#define MBEDTLS_ECDSA_SIGN_ALT
#define MBEDTLS_ECDSA_VERIFY_ALT

/* The configuration of the build this accelerator path extends: the software path's, or the
 * benchmark program's (firmware/Makefile passes MBEDTLS_BASE_CONFIG_FILE). */
#ifndef MBEDTLS_BASE_CONFIG_FILE
#define MBEDTLS_BASE_CONFIG_FILE "mbedtls_config_sw.h"
#endif
#include MBEDTLS_BASE_CONFIG_FILE

/* DES/3DES and ECDH on the CAAM where the build has them (the benchmark program's configuration). */
#if defined(MBEDTLS_DES_C)
#define MBEDTLS_DES_ALT
#endif
#if defined(MBEDTLS_ECDH_C)
#define MBEDTLS_ECDH_GEN_PUBLIC_ALT
#define MBEDTLS_ECDH_COMPUTE_SHARED_ALT
#endif

#endif
