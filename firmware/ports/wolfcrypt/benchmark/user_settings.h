/*
 * wolfCrypt 5.5 configuration for wolfCrypt's own benchmark program
 * (wolfcrypt/benchmark/benchmark.c, unmodified; firmware/apps/wolfbench/): the software path's
 * settings (../user_settings.h) plus the algorithms of the published wolfCrypt tables. Only the
 * wolfbench images use it (make -C firmware wolfbench); their library archives live apart
 * (build/lib-wolfbench/), so the matrix's profiles never see these settings.
 */
#ifndef WOLFCRYPT_BENCHMARK_USER_SETTINGS_H
#define WOLFCRYPT_BENCHMARK_USER_SETTINGS_H

#include "../user_settings.h"

/* The benchmark's embedded hooks: time from the board's cycle counter (apps/wolfbench/main.c),
 * and a shorter minimum run per algorithm than the program's 1 s, set at build time, because
 * every simulated second of a 600 MHz core is 600 M instructions in Renode. The program still
 * runs each algorithm at least once over its whole block count (BENCH_EMBEDDED: 25 x 1 KiB). */
double wolfbench_seconds(int reset);
#define WOLFSSL_CURRTIME_REMAP wolfbench_seconds
#ifndef WOLFBENCH_MIN_SECONDS
#define WOLFBENCH_MIN_SECONDS 0.01
#endif
#define BENCH_MIN_RUNTIME_SEC ((float)WOLFBENCH_MIN_SECONDS)
/* The program's command-line entry, wolfcrypt_benchmark_main(argc, argv), without its main():
 * the application calls it once for the whole set and once with "-ecc-kg -ecc -p384", because
 * the program benchmarks one curve per run (P-256 by default). The library sources do not read
 * NO_MAIN_DRIVER. */
#undef NO_MAIN_DRIVER
#define NO_MAIN_FUNCTION

/* Hashes and MACs. wolfSSL 5.5's i.MX RT DCP port (the rt1060's hw path) replaces the SHA-256
 * context with its own, which SHA-224 cannot share (sha256.c InitSha224 fails to compile), so
 * that build has no SHA-224. */
#undef NO_MD5
#if !defined(WOLFSSL_IMXRT_DCP) && !defined(WOLFSSL_SHA224)
#define WOLFSSL_SHA224
#endif
#define WOLFSSL_SHA384
#define WOLFSSL_CMAC

/* Ciphers (the rt1170's hw path sets AES-CTR on the command line already). */
#ifndef WOLFSSL_AES_COUNTER
#define WOLFSSL_AES_COUNTER
#endif
#define HAVE_AESGCM
#define HAVE_AESCCM
#undef NO_DES3
#define HAVE_CHACHA
#define HAVE_POLY1305

/* Public key: RSA-2048 and DH-2048 (the program's built-in 2048-bit test keys), ECC P-256 and
 * P-384. fastmath needs twice the largest operand. */
#undef NO_RSA
#undef NO_DH
#define WC_RSA_BLINDING
#define USE_CERT_BUFFERS_2048
#define USE_CERT_BUFFERS_256
#define HAVE_ECC384
#undef FP_MAX_BITS
#define FP_MAX_BITS 4096
#define WOLFSSL_SMALL_STACK /* fastmath integers of 4096 bits would not fit the smaller stacks */

/* The rt1170's accelerator build (WOLFSSL_CAAM_DEVID, firmware/boards/rt1170/hw.mk): the
 * program's own CAAM switch. With it, benchmark.c passes the CAAM's device id to every object it
 * benchmarks on the device and prints each algorithm twice, "SW" (no device) and "HW", as in
 * wolfSSL's published CAAM tables. In wolfSSL 5.5 the switch otherwise only adds black-key fields
 * (aes.h, rsa.h, ecc.h, cmac.h) that stay zero here; the library and the program see the same
 * structures because both are built with these settings. wolfSSL's own CAAM port (port/caam, for
 * QNX, SECO and Integrity) is not compiled: the device is the crypto callback
 * firmware/ports/wolfcrypt/caam/caam_cryptocb.c. */
#ifdef WOLFSSL_CAAM_DEVID
#define WOLFSSL_CAAM
#endif

#endif
