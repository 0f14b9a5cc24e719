/*
 * SAMD21: console on SERCOM3 in USART mode (SAMD21 datasheet, chapter 26 SERCOM USART).
 * The clock set-up a real board needs (PM APBCMASK, GCLK generic clock for SERCOM3) is written
 * as on hardware; the simulated platform accepts and ignores it.
 */
#include "board.h"
#include "board_accelerator.h"
#include "cycles.h"
#include "fixed_entropy.h"

#define PM_APBCMASK        (*(volatile uint32_t *)0x40000420u)
#define PM_APBCMASK_SERCOM3 (1u << 5)
#define GCLK_CLKCTRL       (*(volatile uint16_t *)0x40000C02u)
#define GCLK_CLKCTRL_ID_SERCOM3_CORE 0x17u
#define GCLK_CLKCTRL_CLKEN (1u << 14)

#define SERCOM3_BASE       0x42001400u
#define USART_CTRLA        (*(volatile uint32_t *)(SERCOM3_BASE + 0x00u))
#define USART_CTRLB        (*(volatile uint32_t *)(SERCOM3_BASE + 0x04u))
#define USART_BAUD         (*(volatile uint16_t *)(SERCOM3_BASE + 0x0Cu))
#define USART_INTFLAG      (*(volatile uint8_t *)(SERCOM3_BASE + 0x18u))
#define USART_DATA         (*(volatile uint16_t *)(SERCOM3_BASE + 0x28u))
#define USART_CTRLA_ENABLE (1u << 1)
#define USART_CTRLA_MODE_INTERNAL_CLOCK (1u << 2)
#define USART_CTRLA_TXPO_PAD2 (1u << 16)
#define USART_CTRLA_RXPO_PAD3 (3u << 20)
#define USART_CTRLA_DORD_LSB (1u << 30)
#define USART_CTRLB_TXEN   (1u << 16)
#define USART_CTRLB_RXEN   (1u << 17)
#define USART_INTFLAG_DRE  (1u << 0)
/* Arithmetic baud for 115200 at 48 MHz: 65536 * (1 - 16 * 115200 / 48e6) = 63019. */
#define USART_BAUD_115200_AT_48MHZ 63019u

void board_init(void)
{
    PM_APBCMASK |= PM_APBCMASK_SERCOM3;
    GCLK_CLKCTRL = GCLK_CLKCTRL_ID_SERCOM3_CORE | GCLK_CLKCTRL_CLKEN;
    USART_CTRLA = USART_CTRLA_MODE_INTERNAL_CLOCK | USART_CTRLA_TXPO_PAD2 | USART_CTRLA_RXPO_PAD3 |
                  USART_CTRLA_DORD_LSB;
    USART_CTRLB = USART_CTRLB_TXEN | USART_CTRLB_RXEN;
    USART_BAUD = USART_BAUD_115200_AT_48MHZ;
    USART_CTRLA |= USART_CTRLA_ENABLE;
    cycles_init();
    board_accelerator_init();
}

/* The `hw` path (ports/cryptoauthlib/board_atecc.c) overrides these with the ATECC508A. */
__attribute__((weak)) void board_accelerator_init(void)
{
}

__attribute__((weak)) int board_accelerator_entropy(uint8_t *buf, size_t len)
{
    (void)buf;
    (void)len;
    return -1;
}

__attribute__((weak)) const char *board_accelerator_entropy_source(void)
{
    return NULL;
}

void board_putc(char c)
{
    while ((USART_INTFLAG & USART_INTFLAG_DRE) == 0u) {
    }
    USART_DATA = (uint8_t)c;
}

int board_entropy(uint8_t *buf, size_t len)
{
    if (board_accelerator_entropy(buf, len) == 0) {
        return 0;
    }
    return fixed_entropy(buf, len);
}

const char *board_entropy_source(void)
{
    const char *source = board_accelerator_entropy_source();
    return source != NULL ? source : "fixed-test-sequence";
}
