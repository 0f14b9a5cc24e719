/*
 * Cycle counter API: DWT CYCCNT on Cortex-M4/M7, SysTick extended by an overflow count on
 * Cortex-M0+ (which has no DWT cycle counter).
 *
 * Under Renode these count virtual time at the board's nominal clock (instructions divided by
 * PerformanceInMips), not pipeline cycles: the cycle models in models/ turn them into hardware
 * predictions.
 */
#ifndef CYCLES_H
#define CYCLES_H

#include <stdint.h>

void cycles_init(void);

/* Monotonic 64-bit count. Must be read at least once per 2^32 cycles (7 s at 600 MHz) on DWT. */
uint64_t cycles_now(void);

/* Name of the counter, recorded with every result ("dwt-cyccnt" or "systick"). */
const char *cycles_source(void);

#endif
