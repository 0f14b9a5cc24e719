/*
 * Embench IoT's board interface (its support/support.h) on the stm32f407 board, doing what
 * Embench's reference board support does (examples/arm/stm32f4-discovery/boardsupport.c of
 * embench-iot 09c2ed8) with the DWT cycle counter, so that the region the published figures time
 * is the one profiled here: from start_trigger, which starts CYCCNT, to stop_trigger.
 *
 * The published run reads CYCCNT with a debugger at breakpoints on start_trigger and
 * stop_trigger (pylib/run_stm32f4-discovery.py). Here stop_trigger reads it itself and prints
 * one @result line. Under Renode that figure is simulated, one cycle per instruction, and never a
 * hardware cycle count (models/validation/ prices the region).
 */
#include <stdint.h>

#include "result.h"
#include "support.h"

#define DEMCR              (*(volatile uint32_t *)0xE000EDFCu)
#define DEMCR_TRCENA       (1u << 24)
#define DWT_CTRL           (*(volatile uint32_t *)0xE0001000u)
#define DWT_CYCCNT         (*(volatile uint32_t *)0xE0001004u)
#define DWT_CTRL_CYCCNTENA 1u

/* Set by the Makefile: the benchmark's directory name under Embench's src/. */
#ifndef EMBENCH_BENCHMARK
#error "EMBENCH_BENCHMARK must be defined"
#endif

void initialise_board(void)
{
    /* The project's start-up (board_init) already runs the counter; Embench's reference board
     * starts from reset, with CYCCNT stopped at zero until start_trigger. */
    DEMCR |= DEMCR_TRCENA;
    DWT_CTRL &= ~DWT_CTRL_CYCCNTENA;
    DWT_CYCCNT = 0;
}

/* noinline and externally visible as in Embench's: the triggers are the region's boundaries,
 * found by their symbols (models/validation/profile.py). */
void __attribute__((noinline, externally_visible)) start_trigger(void)
{
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
}

void __attribute__((noinline, externally_visible)) stop_trigger(void)
{
    uint32_t cycles = DWT_CYCCNT;
    DWT_CYCCNT = 0;
    DWT_CTRL &= ~DWT_CTRL_CYCCNTENA;
    /* After the region's end (this function's entry): the printing is not measured. */
    const struct result r = {
        .app = "embench",
        .algorithm = EMBENCH_BENCHMARK,
        .iterations = GLOBAL_SCALE_FACTOR,
        .cycles = cycles,
    };
    result_print(&r);
}
