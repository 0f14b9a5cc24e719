/*
 * cryptoauthlib I2C HAL for the SAMD21 (CAL lib/hal/atca_hal.h interface): one bus transaction per
 * hal_i2c_send / hal_i2c_receive on SERCOM2 (firmware/drivers/samd21_i2c.c), cryptoauthlib's 8-bit
 * device address shifted to 7 bits, and the delays cryptoauthlib waits on the cycle counter.
 *
 * The wake pulse is cryptoauthlib's generic one: calib_wakeup_i2c asks for 100 kHz
 * (ATCA_HAL_CHANGE_BAUD) and writes to address 0x00, which holds SDA low long enough (tWLO).
 */
#include <stdint.h>

#include "atca_hal.h"
#include "board.h"
#include "cryptoauthlib.h"
#include "cycles.h"
#include "samd21_i2c.h"

/* About 10 us of a Cortex-M0+ at 48 MHz per counter read (a volatile loop is ~6 cycles a turn). */
#define DELAY_SPIN_ITERATIONS 80u

ATCA_STATUS hal_i2c_init(ATCAIface iface, ATCAIfaceCfg *cfg)
{
    (void)iface;
    samd21_i2c_init(cfg->atcai2c.baud);
    return ATCA_SUCCESS;
}

ATCA_STATUS hal_i2c_post_init(ATCAIface iface)
{
    (void)iface;
    return ATCA_SUCCESS;
}

ATCA_STATUS hal_i2c_send(ATCAIface iface, uint8_t address, uint8_t *txdata, int txlength)
{
    (void)iface;
    if (txlength < 0 || (txdata == NULL && txlength > 0)) {
        return ATCA_BAD_PARAM;
    }
    return samd21_i2c_write(address >> 1, txdata, (size_t)txlength) == 0 ? ATCA_SUCCESS
                                                                           : ATCA_TX_FAIL;
}

ATCA_STATUS hal_i2c_receive(ATCAIface iface, uint8_t address, uint8_t *rxdata, uint16_t *rxlength)
{
    (void)iface;
    if (rxdata == NULL || rxlength == NULL) {
        return ATCA_BAD_PARAM;
    }
    return samd21_i2c_read(address >> 1, rxdata, *rxlength) == 0 ? ATCA_SUCCESS : ATCA_RX_NO_RESPONSE;
}

ATCA_STATUS hal_i2c_control(ATCAIface iface, uint8_t option, void *param, size_t paramlen)
{
    (void)iface;
    if (option == ATCA_HAL_CHANGE_BAUD && param != NULL && paramlen == sizeof(uint32_t)) {
        samd21_i2c_set_speed(*(uint32_t *)param);
        return ATCA_SUCCESS;
    }
    return ATCA_UNIMPLEMENTED;
}

ATCA_STATUS hal_i2c_release(void *hal_data)
{
    (void)hal_data;
    return ATCA_SUCCESS;
}

/*
 * Busy wait on the cycle counter. The counter is read every few dozen cycles rather than in a
 * tight loop: the wait is as long either way (to within ~10 us), and under Renode each counter read
 * synchronises virtual time, which is what makes a tight loop slow to simulate.
 */
void atca_delay_us(uint32_t delay)
{
    uint64_t end = cycles_now() + (uint64_t)delay * (BOARD_CLOCK_HZ / 1000000u);
    while (cycles_now() < end) {
        for (volatile unsigned spin = 0; spin < DELAY_SPIN_ITERATIONS; spin++) {
        }
    }
}

void atca_delay_ms(uint32_t delay)
{
    atca_delay_us(delay * 1000u);
}
