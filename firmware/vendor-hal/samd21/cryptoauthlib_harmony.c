/*
 * What MCC's cryptoauthlib module generates beside atca_config.h (its v3.3.3 templates):
 * hal_harmony_init.c.ftl's PLIB call table for SERCOM2, device_instance.c.ftl's interface
 * configuration of an ATECC508A at cryptoauthlib's address 0xC0 on that bus at the PLIB's own
 * speed (the i2c_eeprom configuration's 400 kHz: its SERCOM2_I2CM_BAUD_VALUE 0x34; cryptoauthlib
 * drops to 100 kHz for the wake pulse), and hal_cortex_m_delay.c.ftl's delays, which count core
 * cycles at the CPU clock (48 MHz: Harmony's DFLL48M set-up).
 */
#include "cryptoauthlib.h"
#include "cryptoauthlib_harmony.h"

atca_plib_i2c_api_t sercom2_plib_i2c_api = {
    .read = SERCOM2_I2C_Read,
    .write = SERCOM2_I2C_Write,
    .is_busy = SERCOM2_I2C_IsBusy,
    .error_get = SERCOM2_I2C_ErrorGet,
    .transfer_setup = SERCOM2_I2C_TransferSetup,
};

ATCAIfaceCfg atecc508a_0_init_data = {
    .iface_type = ATCA_I2C_IFACE,
    .devtype = ATECC508A,
    .atcai2c.address = 0xC0,
    .atcai2c.bus = 0,
    .atcai2c.baud = 400000,
    .wake_delay = 1500,
    .rx_retries = 20,
    .cfg_data = &sercom2_plib_i2c_api,
};

/* The template's delay loop: a subtract and a taken branch a turn, three cycles on the
 * Cortex-M0+ (ARM DDI 0484C, 3.3: SUBS 1, BHI taken 2). */
#define CPU_HZ 48000000u
#define CYCLES_PER_TURN 3u

static void delay_cycles(uint32_t cycles)
{
    uint32_t turns = cycles / CYCLES_PER_TURN + 1u;
    __asm volatile("1: sub %0, #1\n"
                   "   bhi 1b\n"
                   : "+l"(turns) : : "cc");
}

void hal_delay_us(uint32_t delay)
{
    delay_cycles(delay * (CPU_HZ / 1000000u));
}

void hal_delay_ms(uint32_t delay)
{
    while (delay-- > 0u) {
        hal_delay_us(1000u);
    }
}
