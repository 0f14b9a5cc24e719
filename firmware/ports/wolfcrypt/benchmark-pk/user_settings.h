/*
 * wolfCrypt 5.5 configuration of the public-key profiling images (firmware/Makefile
 * wolfbench-profile, build/fw-wolfbench-profile-pk/): the benchmark program's settings
 * (../benchmark/user_settings.h) plus RSA key generation. The program times RSA at a size other
 * than its built-in 2048-bit key only by generating a key of that size first (its "-rsa-sz <bits>"
 * option, benchmark.c bench_rsa_key), which needs WOLFSSL_KEY_GEN.
 *
 * Only these images take it: with WOLFSSL_KEY_GEN the program's full run (the normal wolfbench
 * images, which pass no options) would also time RSA-2048 key generation, minutes of simulated
 * time on the smaller boards. Their library archives live apart (build/lib-wolfbench-pk/).
 */
#ifndef WOLFCRYPT_BENCHMARK_PK_USER_SETTINGS_H
#define WOLFCRYPT_BENCHMARK_PK_USER_SETTINGS_H

#include "../benchmark/user_settings.h"

#define WOLFSSL_KEY_GEN

#endif
