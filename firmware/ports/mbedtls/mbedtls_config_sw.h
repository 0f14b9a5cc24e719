/*
 * mbedtls 2.28 configuration for the software path: SHA-1/256/512, AES-CBC, CTR_DRBG and
 * ECDSA P-256 with the library's default ECP settings (window 4; fixed-point optimisation: the
 * comb table for G is cached in the group after its first use), as mbedtls_benchmark uses them.
 * AES tables live in ROM (flash/ITCM) so the 32 KiB SAMD21 has RAM left for ECDSA.
 */
#ifndef MBEDTLS_CONFIG_SW_H
#define MBEDTLS_CONFIG_SW_H

#define MBEDTLS_HAVE_ASM
#define MBEDTLS_NO_PLATFORM_ENTROPY
#define MBEDTLS_ENTROPY_HARDWARE_ALT   /* mbedtls_hardware_poll() in the port, from board_entropy() */
#define MBEDTLS_SELF_TEST

#define MBEDTLS_AES_C
#define MBEDTLS_AES_ROM_TABLES
#define MBEDTLS_CIPHER_MODE_CBC
#define MBEDTLS_SHA1_C
#define MBEDTLS_SHA256_C
#define MBEDTLS_SHA512_C
#define MBEDTLS_MD_C

#define MBEDTLS_ENTROPY_C
#define MBEDTLS_CTR_DRBG_C

#define MBEDTLS_BIGNUM_C
#define MBEDTLS_ECP_C
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_NIST_OPTIM
#define MBEDTLS_ECDSA_C
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C

#include "mbedtls/check_config.h"

#endif
