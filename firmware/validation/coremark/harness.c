/*
 * The board side of the CoreMark validation images: what the Arduino port's sketch
 * (CoreMark.ino of PaulStoffregen/CoreMark) gives CoreMark, on the project's boards.
 *
 * The sketch calls coremark_main() (core_portme.h renames CoreMark's main so) and provides
 * ee_printf and Arduino_millis. Its core_portme.h sets ITERATIONS 0, which sizes the run to ten
 * seconds of the timer; here the iteration count is set through seed4_volatile, the variable
 * CoreMark reads it from (core_portme.c: seed4_volatile = ITERATIONS; core_main.c:
 * get_seed_32(4)), so the timed region, one call of iterate(), runs COREMARK_ITERATIONS
 * iterations. The work of one iteration does not depend on how many there are.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "cycles.h"

#ifndef COREMARK_ITERATIONS
#error "COREMARK_ITERATIONS must be defined by the Makefile"
#endif

int coremark_main(void);
uint32_t Arduino_millis(void);
int ee_printf(const char *format, ...);

extern volatile int32_t seed4_volatile;

/* Milliseconds of the board's cycle counter (Renode's virtual time), as millis() would be. */
uint32_t Arduino_millis(void)
{
    return (uint32_t)(cycles_now() / (BOARD_CLOCK_HZ / 1000u));
}

int ee_printf(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int written = vprintf(format, args);
    va_end(args);
    return written;
}

int main(void)
{
    seed4_volatile = COREMARK_ITERATIONS;
    return coremark_main();
}
