#include "imxrt_lpuart.h"

#define LPUART_BAUD(base) (*(volatile uint32_t *)((base) + 0x10u))
#define LPUART_STAT(base) (*(volatile uint32_t *)((base) + 0x14u))
#define LPUART_CTRL(base) (*(volatile uint32_t *)((base) + 0x18u))
#define LPUART_DATA(base) (*(volatile uint32_t *)((base) + 0x1Cu))
#define LPUART_STAT_TDRE  (1u << 23)
#define LPUART_CTRL_TE    (1u << 19)
/* 115200 baud from the 80 MHz UART clock of the EVK's default set-up: OSR = 16 (0xF), SBR = 43. */
#define LPUART_BAUD_115200_AT_80MHZ ((0xFu << 24) | 43u)

void lpuart_init(uintptr_t base)
{
    LPUART_CTRL(base) = 0;
    LPUART_BAUD(base) = LPUART_BAUD_115200_AT_80MHZ;
    LPUART_CTRL(base) = LPUART_CTRL_TE;
}

void lpuart_putc(uintptr_t base, char c)
{
    while ((LPUART_STAT(base) & LPUART_STAT_TDRE) == 0u) {
    }
    LPUART_DATA(base) = (uint8_t)c;
}
