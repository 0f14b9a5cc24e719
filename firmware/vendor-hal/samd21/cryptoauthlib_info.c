/*
 * A cryptoauthlib example on Harmony 3, as a user builds one with MCC: the i2c_eeprom
 * application's generated start-up (SYS_Initialize: PORT, the DFLL48M clock, the SERCOM2 I2C
 * master PLIB with its interrupt, NVMCTRL, NVIC), SERCOM3's USART PLIB as the console, and
 * cryptoauthlib v3.3.3 through its Harmony HAL (lib/hal/hal_i2c_harmony.c) on the ATECC508A:
 * atcab_init, the Info command's revision, the serial number, a random number, and the SHA
 * command on FIPS 180-4's "abc". Each result is one line: `@<what> status=<ATCA_STATUS> ...`.
 */
#include <stdio.h>
#include <string.h>

#include "definitions.h"
#include "peripheral/sercom/usart/plib_sercom3_usart.h"
#include "cryptoauthlib.h"
#include "cryptoauthlib_harmony.h"

/* What MCC adds to plib_clock.c and plib_port.c with SERCOM3 as a USART on PA22/PA23 (the
 * usart_echo_blocking application's lines): its core clock from GCLK0, its APB clock, the pads. */
static void console_initialize(void)
{
    GCLK_REGS->GCLK_CLKCTRL = GCLK_CLKCTRL_ID(23U) | GCLK_CLKCTRL_GEN(0x0U) |
                              GCLK_CLKCTRL_CLKEN_Msk;
    PM_REGS->PM_APBCMASK |= PM_APBCMASK_SERCOM3_Msk;
    PORT_REGS->GROUP[0].PORT_PINCFG[22] = 0x1U;
    PORT_REGS->GROUP[0].PORT_PINCFG[23] = 0x1U;
    PORT_REGS->GROUP[0].PORT_PMUX[11] = 0x22U;
    SERCOM3_USART_Initialize();
}

static void say(const char *text)
{
    (void)SERCOM3_USART_Write((void *)text, strlen(text));
}

static void say_bytes(const char *what, ATCA_STATUS status, const uint8_t *bytes, size_t count)
{
    char line[160];
    int at = snprintf(line, sizeof line, "@%s status=%d ", what, (int)status);
    for (size_t i = 0; i < count && at + 3 < (int)sizeof line; i++) {
        at += snprintf(line + at, sizeof line - (size_t)at, "%02x", bytes[i]);
    }
    (void)snprintf(line + at, sizeof line - (size_t)at, "\r\n");
    say(line);
}

int main(void)
{
    static const uint8_t abc[3] = {'a', 'b', 'c'};
    uint8_t revision[4] = {0};
    uint8_t serial[ATCA_SERIAL_NUM_SIZE] = {0};
    uint8_t random[ATCA_KEY_SIZE] = {0};
    uint8_t digest[ATCA_SHA_DIGEST_SIZE] = {0};

    SYS_Initialize(NULL);
    console_initialize();
    say("cryptoauthlib on Harmony 3: ATECC508A on SERCOM2\r\n");

    ATCA_STATUS status = atcab_init(&atecc508a_0_init_data);
    say_bytes("init", status, NULL, 0);
    if (status == ATCA_SUCCESS) {
        say_bytes("info", atcab_info(revision), revision, sizeof revision);
        say_bytes("serial", atcab_read_serial_number(serial), serial, sizeof serial);
        say_bytes("random", atcab_random(random), random, sizeof random);
        say_bytes("sha256", atcab_sha(sizeof abc, abc, digest), digest, sizeof digest);
        (void)atcab_release();
    }
    say("@done\r\n");
    for (;;) {
    }
}
