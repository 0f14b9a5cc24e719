/*
 * Cortex-M0+ has no DWT cycle counter: SysTick runs from the core clock over its full 24-bit
 * range and wraps are counted in software.
 *
 * Each wrap sets COUNTFLAG, and reading SYST_CSR clears it. Both the SysTick handler and
 * cycles_now() count a wrap only when they see COUNTFLAG set, so every wrap is counted exactly
 * once: by whichever reads first. That closes the race of a reader that samples the counter
 * after a wrap but before the (pending) interrupt has run.
 */
#include "cycles.h"

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SYST_CSR_ENABLE    (1u << 0)
#define SYST_CSR_TICKINT   (1u << 1)
#define SYST_CSR_CLKSOURCE (1u << 2)
#define SYST_CSR_COUNTFLAG (1u << 16)
#define SYSTICK_RELOAD     0x00FFFFFFu
#define SYSTICK_PERIOD     ((uint64_t)SYSTICK_RELOAD + 1u)

static volatile uint32_t wraps;

void SysTick_Handler(void)
{
    if (SYST_CSR & SYST_CSR_COUNTFLAG) {
        wraps++;
    }
}

void cycles_init(void)
{
    SYST_CSR = 0;
    SYST_RVR = SYSTICK_RELOAD;
    SYST_CVR = 0;
    (void)SYST_CSR;
    wraps = 0;
    SYST_CSR = SYST_CSR_ENABLE | SYST_CSR_TICKINT | SYST_CSR_CLKSOURCE;
}

uint64_t cycles_now(void)
{
    uint32_t primask;
    __asm volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    uint32_t value = SYST_CVR;
    if (SYST_CSR & SYST_CSR_COUNTFLAG) {
        wraps++;
        value = SYST_CVR; /* the wrap happened before the flag was read: sample after it */
    }
    uint64_t now = (uint64_t)wraps * SYSTICK_PERIOD + (SYSTICK_RELOAD - value);
    __asm volatile("msr primask, %0" ::"r"(primask) : "memory");
    /* SysTick counts down: elapsed cycles in this period are RELOAD - value. */
    return now;
}

const char *cycles_source(void)
{
    return "systick";
}
