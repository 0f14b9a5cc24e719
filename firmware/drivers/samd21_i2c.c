/*
 * SAMD21 SERCOM2 as a polled I2C master (data sheet DS40001882, 28.6.2 "Basic operation" and 28.8
 * "Register summary"). SERCOM2's core clock is GCLK0 at 48 MHz, as on the board's clock tree.
 *
 * Master write: ADDR = addr<<1, wait INTFLAG.MB, check STATUS.RXNACK, DATA per byte (wait MB each),
 * CTRLB.CMD = STOP. Master read: ADDR = addr<<1 | 1, wait INTFLAG.SB per byte; CTRLB.CMD = BYTE
 * READ with ACKACT = ACK for all but the last byte, then ACKACT = NACK and CMD = STOP.
 */
#include "samd21_i2c.h"

#define PM_APBCMASK          (*(volatile uint32_t *)0x40000420u)
#define PM_APBCMASK_SERCOM2  (1u << 4)
#define GCLK_CLKCTRL         (*(volatile uint16_t *)0x40000C02u)
#define GCLK_CLKCTRL_ID_SERCOM2_CORE 0x16u
#define GCLK_CLKCTRL_GEN_GCLK0 (0u << 8)
#define GCLK_CLKCTRL_CLKEN   (1u << 14)

#define SERCOM2_BASE         0x42001000u
#define I2CM_CTRLA           (*(volatile uint32_t *)(SERCOM2_BASE + 0x00u))
#define I2CM_CTRLB           (*(volatile uint32_t *)(SERCOM2_BASE + 0x04u))
#define I2CM_BAUD            (*(volatile uint32_t *)(SERCOM2_BASE + 0x0Cu))
#define I2CM_INTFLAG         (*(volatile uint8_t *)(SERCOM2_BASE + 0x18u))
#define I2CM_STATUS          (*(volatile uint16_t *)(SERCOM2_BASE + 0x1Au))
#define I2CM_SYNCBUSY        (*(volatile uint32_t *)(SERCOM2_BASE + 0x1Cu))
#define I2CM_ADDR            (*(volatile uint32_t *)(SERCOM2_BASE + 0x24u))
#define I2CM_DATA            (*(volatile uint8_t *)(SERCOM2_BASE + 0x28u))

#define CTRLA_SWRST          (1u << 0)
#define CTRLA_ENABLE         (1u << 1)
#define CTRLA_MODE_I2C_MASTER (5u << 2)
#define CTRLB_CMD_READ_BYTE  (2u << 16)
#define CTRLB_CMD_STOP       (3u << 16)
#define CTRLB_ACKACT_NACK    (1u << 18)
#define INTFLAG_MB           (1u << 0)
#define INTFLAG_SB           (1u << 1)
#define STATUS_RXNACK        (1u << 2)
#define STATUS_BUSSTATE_IDLE (1u << 4)

#define CORE_CLOCK_HZ        48000000u
/* SCL/SDA rise time in the BAUD formula, as ASF's driver assumes (sda_scl_rise_time_ns = 215). */
#define RISE_TIME_NS         215u

static void wait_sync(void)
{
    while (I2CM_SYNCBUSY != 0u) {
    }
}

/* BAUD = (f_ref / f_scl - 10 - f_ref * t_rise) / 2 with BAUDLOW = 0 (28.6.2.4.1). */
static uint32_t baud_for(uint32_t scl_hz)
{
    uint32_t rise_cycles = (uint32_t)(((uint64_t)CORE_CLOCK_HZ * RISE_TIME_NS) / 1000000000u);
    return (CORE_CLOCK_HZ / scl_hz - 10u - rise_cycles) / 2u;
}

void samd21_i2c_init(uint32_t scl_hz)
{
    PM_APBCMASK |= PM_APBCMASK_SERCOM2;
    GCLK_CLKCTRL = GCLK_CLKCTRL_ID_SERCOM2_CORE | GCLK_CLKCTRL_GEN_GCLK0 | GCLK_CLKCTRL_CLKEN;
    I2CM_CTRLA = CTRLA_SWRST;
    wait_sync();
    I2CM_CTRLA = CTRLA_MODE_I2C_MASTER;
    I2CM_BAUD = baud_for(scl_hz);
    I2CM_CTRLA = CTRLA_MODE_I2C_MASTER | CTRLA_ENABLE;
    wait_sync();
    /* After enabling, the bus state is UNKNOWN until forced to IDLE. */
    I2CM_STATUS = STATUS_BUSSTATE_IDLE;
    wait_sync();
}

void samd21_i2c_set_speed(uint32_t scl_hz)
{
    /* BAUD is enable-protected: disable, change, enable, force IDLE. */
    I2CM_CTRLA = CTRLA_MODE_I2C_MASTER;
    wait_sync();
    I2CM_BAUD = baud_for(scl_hz);
    I2CM_CTRLA = CTRLA_MODE_I2C_MASTER | CTRLA_ENABLE;
    wait_sync();
    I2CM_STATUS = STATUS_BUSSTATE_IDLE;
    wait_sync();
}

static void stop(void)
{
    I2CM_CTRLB = CTRLB_CMD_STOP | CTRLB_ACKACT_NACK;
    wait_sync();
}

int samd21_i2c_write(uint8_t address7, const uint8_t *data, size_t length)
{
    I2CM_ADDR = (uint32_t)address7 << 1;
    while ((I2CM_INTFLAG & INTFLAG_MB) == 0u) {
    }
    if ((I2CM_STATUS & STATUS_RXNACK) != 0u) {
        stop();
        return -1;
    }
    for (size_t i = 0; i < length; i++) {
        I2CM_DATA = data[i];
        while ((I2CM_INTFLAG & INTFLAG_MB) == 0u) {
        }
        if ((I2CM_STATUS & STATUS_RXNACK) != 0u) {
            stop();
            return -1;
        }
    }
    stop();
    return 0;
}

int samd21_i2c_read(uint8_t address7, uint8_t *data, size_t length)
{
    I2CM_CTRLB = 0; /* ACKACT = ACK, no smart mode */
    I2CM_ADDR = ((uint32_t)address7 << 1) | 1u;
    while ((I2CM_INTFLAG & (INTFLAG_MB | INTFLAG_SB)) == 0u) {
    }
    if ((I2CM_INTFLAG & INTFLAG_MB) != 0u || (I2CM_STATUS & STATUS_RXNACK) != 0u) {
        stop();
        return -1;
    }
    for (size_t i = 0; i < length; i++) {
        if (i + 1u == length) {
            /* NACK the last byte, then STOP; DATA is read after the command is issued. */
            I2CM_CTRLB = CTRLB_ACKACT_NACK | CTRLB_CMD_STOP;
            wait_sync();
            data[i] = I2CM_DATA;
        } else {
            data[i] = I2CM_DATA;
            I2CM_CTRLB = CTRLB_CMD_READ_BYTE;
            while ((I2CM_INTFLAG & INTFLAG_SB) == 0u) {
            }
        }
    }
    if (length == 0u) {
        stop();
    }
    return 0;
}
