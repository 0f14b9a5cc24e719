/*
 * wolfCrypt 5.5 configuration for the software path (WOLFSSL_USER_SETTINGS): SHA-1/256/512,
 * AES-CBC 128/192/256, Hash-DRBG and ECC P-256 on the fastmath (tfm.c) integer library, which
 * is what the published SAMD21 wolfSSL rows used ("fastmath"), timing resistant as shipped.
 */
#ifndef WOLFCRYPT_USER_SETTINGS_H
#define WOLFCRYPT_USER_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

/* Platform: bare metal, one thread, no file system, no OS time. */
#define WOLFCRYPT_ONLY
#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_MAIN_DRIVER
#define NO_DEV_RANDOM
#define NO_ASN_TIME
#define WOLFSSL_NO_SOCK
#define WOLFSSL_USER_IO
#define WOLFSSL_IGNORE_FILE_WARN
#define BENCH_EMBEDDED
#define SIZEOF_LONG_LONG 8

/* Seeding the DRBG: the board's entropy (see firmware/common/board.h). */
int wolfcrypt_port_seed(unsigned char *output, unsigned int size);
#define CUSTOM_RAND_GENERATE_SEED wolfcrypt_port_seed
#define HAVE_HASHDRBG

/* Algorithms. */
#define WOLFSSL_SHA512
#define HAVE_AES_CBC
#define HAVE_AES_DECRYPT
#define WOLFSSL_AES_DIRECT     /* single-block ECB for the SP 800-38A ECB vectors */
#define HAVE_ECC
#define ECC_USER_CURVES        /* P-256 only (the default curve when no other is enabled) */
#define ECC_TIMING_RESISTANT
#define USE_FAST_MATH
#define TFM_TIMING_RESISTANT
#define FP_MAX_BITS 512        /* twice the largest operand (256-bit P-256) */

/* Everything else off. */
#define NO_RSA
#define NO_DH
#define NO_DSA
#define NO_MD4
#define NO_MD5
#define NO_DES3
#define NO_RC4
#define NO_PSK
#define NO_PWDBASED
#define NO_OLD_TLS
#define NO_SESSION_CACHE
#define NO_SIG_WRAPPER
#define NO_CODING
#define NO_ERROR_STRINGS
#define WOLFSSL_NO_SHAKE256
#define WOLFSSL_NOSHA3_224
#define NO_HMAC_KDF_TEST_IF_ANY

#endif
