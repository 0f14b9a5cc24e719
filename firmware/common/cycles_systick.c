/*
 * Cortex-M0+ has no DWT cycle counter: SysTick runs from the core clock over its full 24-bit
 * range and its interrupt counts wraps. Reads retry until the wrap count is stable, and a wrap
 * that is pending but not yet serviced (COUNTFLAG) is accounted for, as pqm4's hal does.
 */
#include "cycles.h"

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SYST_CSR_ENABLE    (1u << 0)
#define SYST_CSR_TICKINT   (1u << 1)
#define SYST_CSR_CLKSOURCE (1u << 2)
#define SYSTICK_RELOAD     0x00FFFFFFu
#define SYSTICK_PERIOD     ((uint64_t)SYSTICK_RELOAD + 1u)

static volatile uint32_t wraps;

void SysTick_Handler(void)
{
    wraps++;
}

void cycles_init(void)
{
    SYST_CSR = 0;
    SYST_RVR = SYSTICK_RELOAD;
    SYST_CVR = 0;
    wraps = 0;
    SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_TICKINT | SYST_CSR_CLKSOURCE;
}

uint64_t cycles_now(void)
{
    uint32_t before;
    uint32_t after;
    uint32_t value;
    do {
        before = wraps;
        value = SYST_CVR;
        after = wraps;
    } while (before != after);
    /* SysTick counts down: elapsed cycles in this period are RELOAD - value. */
    return (uint64_t)before * SYSTICK_PERIOD + (SYSTICK_RELOAD - value);
}

const char *cycles_source(void)
{
    return "systick";
}
