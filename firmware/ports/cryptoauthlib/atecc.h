/*
 * The ATECC508A on the samd21 board (I2C 0x60): cryptoauthlib initialisation and first-boot
 * provisioning, shared by the wolfCrypt and mbedtls `hw` paths.
 */
#ifndef ATECC_H
#define ATECC_H

#include <stddef.h>
#include <stdint.h>

/* Slots written by provisioning: P-256 private keys that may sign, do ECDH and GenKey. */
#define ATECC_SLOT_DEVICE_KEY 0u
#define ATECC_SLOT_ECDH_KEY   2u

/*
 * atcab_init on SERCOM2 at 400 kHz, then, on a device whose config zone is unlocked: writes this
 * project's slot configuration, locks the config zone (with its CRC) and creates the device key in
 * ATECC_SLOT_DEVICE_KEY. A provisioned device (state kept by the model's StateFile) is used as is.
 * Prints one `@atecc ...` line. 0 on success, a cryptoauthlib status otherwise.
 */
int atecc_init(void);

/* Random bytes from the device's Random command (32 per command). 0 on success. */
int atecc_random(uint8_t *buf, size_t len);

#endif
