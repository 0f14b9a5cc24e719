/*
 * First-boot provisioning of the ATECC508A (cryptoauthlib calls only). The configuration is the
 * device's factory configuration (slots 0-2 P-256 private keys) with slots 0-3 set up as private
 * P-256 keys that may sign external messages, do ECDH with the result returned in clear, and be
 * regenerated with GenKey:
 *   SlotConfig 0x2087: WriteConfig 2 (GenKey allowed), IsSecret, ReadKey 7 (ext sign, int sign, ECDH)
 *   KeyConfig  0x0033: Private, PubInfo, KeyType 4 (P-256), Lockable
 * wolfCrypt's port uses slots 0 (device key) and 1-3 (keys it generates); mbedtls's glue slot 0
 * and ATECC_SLOT_ECDH_KEY.
 */
#include "atecc.h"

#include <stdio.h>
#include <string.h>

#include "cryptoauthlib.h"

#define CONFIG_SIZE             128u
#define FIRST_WRITABLE_BYTE     16u  /* bytes 0-15: serial number, revision, I2C settings */
#define LOCK_BYTES_FIRST        84u  /* 84-87: UserExtra, Selector, LockValue, LockConfig */
#define LOCK_BYTES_END          88u
#define SLOT_CONFIG_OFFSET      20u
#define KEY_CONFIG_OFFSET       96u
#define PROVISIONED_SLOTS       4u
#define SLOT_CONFIG_PRIVATE_KEY 0x2087u
#define KEY_CONFIG_P256_PRIVATE 0x0033u

static ATCAIfaceCfg interface = {
    .iface_type = ATCA_I2C_IFACE,
    .devtype = ATECC508A,
    .atcai2c = {.address = 0xC0, .bus = 2, .baud = 400000},
    .wake_delay = 1500,
    .rx_retries = 20,
};

static int write_configuration(void)
{
    uint8_t config[CONFIG_SIZE];
    int status = atcab_read_config_zone(config);
    if (status != ATCA_SUCCESS) {
        return status;
    }
    for (unsigned slot = 0; slot < PROVISIONED_SLOTS; slot++) {
        config[SLOT_CONFIG_OFFSET + 2u * slot] = (uint8_t)SLOT_CONFIG_PRIVATE_KEY;
        config[SLOT_CONFIG_OFFSET + 2u * slot + 1u] = (uint8_t)(SLOT_CONFIG_PRIVATE_KEY >> 8);
        config[KEY_CONFIG_OFFSET + 2u * slot] = (uint8_t)KEY_CONFIG_P256_PRIVATE;
        config[KEY_CONFIG_OFFSET + 2u * slot + 1u] = (uint8_t)(KEY_CONFIG_P256_PRIVATE >> 8);
    }
    /* Word by word: the serial-number and lock words are not writable. */
    for (unsigned offset = FIRST_WRITABLE_BYTE; offset < CONFIG_SIZE && status == ATCA_SUCCESS;
         offset += 4u) {
        if (offset >= LOCK_BYTES_FIRST && offset < LOCK_BYTES_END) {
            continue;
        }
        status = atcab_write_zone(ATCA_ZONE_CONFIG, 0, (uint8_t)(offset / 32u),
                                  (uint8_t)((offset % 32u) / 4u), &config[offset], 4);
    }
    if (status != ATCA_SUCCESS) {
        return status;
    }
    /* Lock with the CRC of what the device holds now, so a corrupted write cannot be locked in. */
    status = atcab_read_config_zone(config);
    if (status != ATCA_SUCCESS) {
        return status;
    }
    uint8_t crc[2];
    atCRC(sizeof(config), config, crc);
    return atcab_lock_config_zone_crc((uint16_t)(crc[0] | (crc[1] << 8)));
}

int atecc_init(void)
{
    int status = atcab_init(&interface);
    bool config_locked = false;
    if (status == ATCA_SUCCESS) {
        status = atcab_is_locked(LOCK_ZONE_CONFIG, &config_locked);
    }
    int provisioned_now = 0;
    if (status == ATCA_SUCCESS && !config_locked) {
        status = write_configuration();
        if (status == ATCA_SUCCESS) {
            uint8_t public_key[64];
            status = atcab_genkey(ATECC_SLOT_DEVICE_KEY, public_key);
        }
        provisioned_now = 1;
    }
    uint8_t serial[9] = {0};
    if (status == ATCA_SUCCESS) {
        status = atcab_read_serial_number(serial);
    }
    printf("@atecc status=%d provisioned=%s serial=%02X%02X%02X%02X%02X%02X%02X%02X%02X\n", status,
           provisioned_now ? "now" : "before", serial[0], serial[1], serial[2], serial[3],
           serial[4], serial[5], serial[6], serial[7], serial[8]);
    return status;
}

int atecc_random(uint8_t *buf, size_t len)
{
    uint8_t block[32];
    while (len > 0u) {
        if (atcab_random(block) != ATCA_SUCCESS) {
            return -1;
        }
        size_t n = len < sizeof(block) ? len : sizeof(block);
        memcpy(buf, block, n);
        buf += n;
        len -= n;
    }
    return 0;
}
