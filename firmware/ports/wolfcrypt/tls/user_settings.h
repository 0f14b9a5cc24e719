/*
 * wolfSSL 5.5 configuration of the TLS apps (firmware/apps/tls/): the software path's wolfCrypt
 * (../user_settings.h: fastmath P-256, Hash-DRBG, timing resistant) plus the TLS 1.2 layer with
 * one cipher suite, ECDHE-ECDSA-AES128-GCM-SHA256 on P-256, client and server in one archive.
 * Certificates are DER buffers (no file system); no clock, so certificate dates are not checked
 * (NO_ASN_TIME), which a device without a real-time clock also cannot do.
 */
#ifndef WOLFSSL_TLS_USER_SETTINGS_H
#define WOLFSSL_TLS_USER_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

/* Platform: bare metal, one thread, no file system, no OS time, I/O through callbacks. */
#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_MAIN_DRIVER
#define NO_DEV_RANDOM
#define NO_ASN_TIME
#define WOLFSSL_NO_SOCK
#define WOLFSSL_USER_IO
#define WOLFSSL_IGNORE_FILE_WARN
#define SIZEOF_LONG_LONG 8

int wolfcrypt_port_seed(unsigned char *output, unsigned int size);
#define CUSTOM_RAND_GENERATE_SEED wolfcrypt_port_seed
#define HAVE_HASHDRBG

/* TLS 1.2 only, ECDHE-ECDSA with AES-128-GCM and SHA-256. */
#define WOLFSSL_TLS12
#define NO_OLD_TLS
#define HAVE_TLS_EXTENSIONS
#define HAVE_SUPPORTED_CURVES
#define HAVE_EXTENDED_MASTER
#define HAVE_AESGCM
#define GCM_SMALL             /* GCM's GHASH with no 4/8 KiB tables: the small targets' choice */
#define HAVE_AES_DECRYPT
#define HAVE_AES_CBC           /* not negotiated; the port's glue (ports/wolfcrypt/port.c) has it */
#define WOLFSSL_SHA512         /* idem */
#define WOLFSSL_AES_DIRECT
#define HAVE_ECC
#define ECC_USER_CURVES        /* P-256 only */
#define ECC_TIMING_RESISTANT
#define USE_FAST_MATH
#define TFM_TIMING_RESISTANT
#define FP_MAX_BITS 512
#define NO_SESSION_CACHE
/* wolfSSL's i.MX RT DCP port has no raw SHA finals (wc_Sha256FinalRaw), which only the CBC
 * suites' constant-time HMAC takes; this build negotiates GCM. */
#ifdef WOLFSSL_IMXRT_DCP
#define WOLFSSL_NO_HASH_RAW
/* A session holds two AES keys (write and read): each in its own context's DCP packets
 * (ports/wolfcrypt/dcp_port_build.c), not both in key slot 0. */
#define DCP_PORT_KEY_PER_CONTEXT 1
#endif

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
#define NO_SIG_WRAPPER
#define NO_CODING
#define WOLFSSL_NO_SHAKE256
#define WOLFSSL_NOSHA3_224
#define NO_HMAC_KDF_TEST_IF_ANY

#endif
