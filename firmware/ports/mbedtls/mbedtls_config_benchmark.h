/*
 * mbedtls 2.28 configuration for mbedtls's own benchmark program (programs/test/benchmark.c,
 * unmodified; firmware/apps/mbedbench/): the software path's settings (mbedtls_config_sw.h)
 * plus the algorithms of the published mbedtls_benchmark tables, and the bare-metal timer of
 * timing_alt.h. Only the mbedbench images use it (make -C firmware mbedbench); their library
 * archives live apart (build/lib-mbedbench/).
 */
#ifndef MBEDTLS_CONFIG_BENCHMARK_H
#define MBEDTLS_CONFIG_BENCHMARK_H

#include "mbedtls_config_sw.h"

/* The program's clock and alarm: the board's cycle counter (timing_alt.h, benchmark_timing.c). */
#define MBEDTLS_TIMING_C
#define MBEDTLS_TIMING_ALT

/* Hashes and MACs. */
#define MBEDTLS_MD5_C
#define MBEDTLS_CMAC_C
#define MBEDTLS_POLY1305_C
#define MBEDTLS_HMAC_DRBG_C

/* Ciphers. */
#define MBEDTLS_CIPHER_C
#define MBEDTLS_CIPHER_MODE_CTR
#define MBEDTLS_GCM_C
#define MBEDTLS_CCM_C
#define MBEDTLS_DES_C
#define MBEDTLS_CHACHA20_C
#define MBEDTLS_CHACHAPOLY_C

/* Public key: RSA (the program generates its 2048- and 4096-bit keys), DH-2048/3072, ECDSA and
 * ECDH on P-256 and P-384. */
#define MBEDTLS_RSA_C
#define MBEDTLS_PKCS1_V15
#define MBEDTLS_GENPRIME
#define MBEDTLS_OID_C
#define MBEDTLS_DHM_C
#define MBEDTLS_ECDH_C
#define MBEDTLS_ECP_DP_SECP384R1_ENABLED

#endif
