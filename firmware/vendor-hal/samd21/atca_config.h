/*
 * cryptoauthlib's configuration as MCC's cryptoauthlib module generates it (its template
 * harmony/templates/atca_config.h.ftl, v3.3.3) for one ATECC508A on the SERCOM2 I2C master PLIB,
 * polling, with the heap: the I2C HAL, the device, the delays mapped to the HAL's, and the PLIB
 * call table that lib/hal/hal_i2c_harmony.c drives (atca_plib_i2c_api_t).
 */
#ifndef ATCA_CONFIG_H
#define ATCA_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "definitions.h"

#ifndef ATCA_HAL_I2C
#define ATCA_HAL_I2C
#endif

#define ATCA_ATECC508A_SUPPORT

#ifndef ATCA_POLLING_INIT_TIME_MSEC
#define ATCA_POLLING_INIT_TIME_MSEC       1
#endif
#ifndef ATCA_POLLING_FREQUENCY_TIME_MSEC
#define ATCA_POLLING_FREQUENCY_TIME_MSEC  2
#endif
#ifndef ATCA_POLLING_MAX_TIME_MSEC
#define ATCA_POLLING_MAX_TIME_MSEC        2500
#endif

#define ATCA_PLATFORM_MALLOC    malloc
#define ATCA_PLATFORM_FREE      free

#define atca_delay_ms   hal_delay_ms
#define atca_delay_us   hal_delay_us

#ifndef ATCA_POST_DELAY_MSEC
#define ATCA_POST_DELAY_MSEC 25
#endif

/* The SERCOM PLIB's names for the HAL's (the template's "sercom" case). */
#define PLIB_I2C_ERROR          SERCOM_I2C_ERROR
#define PLIB_I2C_ERROR_NONE     SERCOM_I2C_ERROR_NONE
#define PLIB_I2C_TRANSFER_SETUP SERCOM_I2C_TRANSFER_SETUP

typedef bool (*atca_i2c_plib_read)(uint16_t, uint8_t *, uint32_t);
typedef bool (*atca_i2c_plib_write)(uint16_t, uint8_t *, uint32_t);
typedef bool (*atca_i2c_plib_is_busy)(void);
typedef PLIB_I2C_ERROR (*atca_i2c_error_get)(void);
typedef bool (*atca_i2c_plib_transfer_setup)(PLIB_I2C_TRANSFER_SETUP *setup, uint32_t srcClkFreq);

typedef struct atca_plib_i2c_api {
    atca_i2c_plib_read read;
    atca_i2c_plib_write write;
    atca_i2c_plib_is_busy is_busy;
    atca_i2c_error_get error_get;
    atca_i2c_plib_transfer_setup transfer_setup;
} atca_plib_i2c_api_t;

void hal_delay_ms(uint32_t delay);
void hal_delay_us(uint32_t delay);

#endif /* ATCA_CONFIG_H */
