/*
 * SAMD21 SERCOM I2C master, polled (SAMD21 data sheet DS40001882, chapter 28 "SERCOM I2C").
 * One transaction per call: START, address, data, STOP. Used by the cryptoauthlib HAL.
 */
#ifndef SAMD21_I2C_H
#define SAMD21_I2C_H

#include <stddef.h>
#include <stdint.h>

/* Enables the SERCOM as I2C master at scl_hz (100 kHz or 400 kHz). */
void samd21_i2c_init(uint32_t scl_hz);

/* Changes the bus speed of an initialised master. */
void samd21_i2c_set_speed(uint32_t scl_hz);

/* 0 on success, -1 if the address or a data byte was not acknowledged. */
int samd21_i2c_write(uint8_t address7, const uint8_t *data, size_t length);
int samd21_i2c_read(uint8_t address7, uint8_t *data, size_t length);

#endif
