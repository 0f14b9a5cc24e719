/*
 * cryptoauthlib build configuration (what CMake generates from lib/atca_config.h.in): the I2C HAL
 * of firmware/ports/cryptoauthlib/hal_samd21_i2c.c, ATECC508A support only, polling for command
 * completion (cryptoauthlib's default: first poll after 1 ms, then every 2 ms).
 */
#ifndef ATCA_CONFIG_H
#define ATCA_CONFIG_H

#define ATCA_HAL_I2C
#define ATCA_ATECC508A_SUPPORT

/* Wake reply retry delay when the power-on self test runs (atca_config.h.in default). */
#define ATCA_POST_DELAY_MSEC 25

#define ATCA_PLATFORM_MALLOC malloc
#define ATCA_PLATFORM_FREE free

#include <stdlib.h>

#endif
