/*
 * Calibration reference build for the published STM32F407 rows (Keil MDK 5.15 armcc 5,
 * mbedtls 2.16.2; ../../../models/data/published-measurements.csv, stm32f407-ecdsa-*): the
 * software configuration with the two differences those rows show, compiled against mbedtls
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
 */
#define MBEDTLS_ECP_FIXED_POINT_OPTIM 0

#endif
