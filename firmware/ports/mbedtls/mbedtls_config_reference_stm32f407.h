/*
 * Calibration reference build for the published STM32F407 rows (Keil MDK 5.15 armcc 5,
 * mbedtls 2.16.2; ../../../models/data/published-measurements.csv, stm32f407-ecdsa-*): the
 * software configuration with the differences those rows show, compiled against mbedtls
 * 2.16.2's own sources (third_party/files.lock `mbedtls-2-16-2`). Only the calibration uses this
 * build (make -C firmware reference, models/calibration/reference.py); the matrix and its
 * predictions keep mbedtls_config_sw.h on every board.
 */
#ifndef MBEDTLS_CONFIG_REFERENCE_STM32F407_H
#define MBEDTLS_CONFIG_REFERENCE_STM32F407_H

#include "mbedtls_config_sw.h"

/*
 * armcc 5 gets no bignum assembly: bn_mul.h (2.16.2 and 2.28.3 alike) takes its inline
 * assembly only when "__GNUC__ && (!__ARMCC_VERSION || __ARMCC_VERSION >= 6000000)", because
 * "armcc5 --gnu defines __GNUC__ but doesn't support GNU's extended asm". Without
 * MBEDTLS_HAVE_ASM the multiply-accumulate is the same portable C that armcc 5 compiled.
 */
#undef MBEDTLS_HAVE_ASM

/*
 * The comb table for G is computed in every call: the published sign takes 1.03 times the
 * keygen, where a table cached in the group by the keygen (MBEDTLS_ECP_FIXED_POINT_OPTIM 1,
 * ecp.c ecp_mul_comb) makes our sign cost 0.47 times it. With the optimisation off, ours is 1.05.
 *
 * Of the configurations mbedtls 2.16.2 ships, only configs/config-suite-b.h turns that
 * optimisation off, and it does so in one block with the smallest comb window ("Save RAM at the
 * expense of speed"). The rest of that file's crypto settings go with it: they size the entropy
 * context, the bignums and the curves, which the library clears and copies in every call. (Its
 * MBEDTLS_AES_ROM_TABLES and MBEDTLS_ECP_NIST_OPTIM are in the software configuration already;
 * its TLS settings do not reach the measured functions.)
 */
#undef MBEDTLS_ECP_WINDOW_SIZE
#undef MBEDTLS_ECP_FIXED_POINT_OPTIM
#undef MBEDTLS_ENTROPY_MAX_SOURCES
#undef MBEDTLS_ECP_MAX_BITS
#undef MBEDTLS_MPI_MAX_SIZE
#define MBEDTLS_ECP_WINDOW_SIZE 2
#define MBEDTLS_ECP_FIXED_POINT_OPTIM 0
#define MBEDTLS_ENTROPY_MAX_SOURCES 2
#define MBEDTLS_ECP_MAX_BITS 384
#define MBEDTLS_MPI_MAX_SIZE 48

#endif
