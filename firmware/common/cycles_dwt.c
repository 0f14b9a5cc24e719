/* Cortex-M3/M4/M7 DWT cycle counter (ARMv7-M Architecture Reference Manual, C1.8). */
#include "cycles.h"

#define DEMCR        (*(volatile uint32_t *)0xE000EDFCu)
#define DEMCR_TRCENA (1u << 24)
#define DWT_CTRL     (*(volatile uint32_t *)0xE0001000u)
#define DWT_CYCCNT   (*(volatile uint32_t *)0xE0001004u)
#define DWT_LAR      (*(volatile uint32_t *)0xE0001FB0u)
#define DWT_CTRL_CYCCNTENA 1u
#define DWT_LAR_KEY  0xC5ACCE55u /* Cortex-M7 needs the lock access register unlocked */

static uint32_t last_low;
static uint32_t high;

void cycles_init(void)
{
    DEMCR |= DEMCR_TRCENA;
    DWT_LAR = DWT_LAR_KEY;
    DWT_CYCCNT = 0;
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
    last_low = 0;
    high = 0;
}

uint64_t cycles_now(void)
{
    uint32_t low = DWT_CYCCNT;
    if (low < last_low) {
        high++;
    }
    last_low = low;
    return ((uint64_t)high << 32) | low;
}

const char *cycles_source(void)
{
    return "dwt-cyccnt";
}
