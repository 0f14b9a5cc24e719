/*
 * wolfbench: wolfCrypt's own benchmark program (wolfcrypt/benchmark/benchmark.c, compiled
 * unmodified with NO_MAIN_DRIVER) on the board. This file is the embedded glue the program
 * provides hooks for: its clock (WOLFSSL_CURRTIME_REMAP, from the board's cycle counter) and the
 * call of benchmark_test(). The program prints its own table on the console; tools/wolfbench.py
 * reads it back.
 */
#include <stdio.h>

#include "board.h"
#include "crypto_port.h"
#include "cycles.h"

int benchmark_test(void *args);

/* The benchmark's time in seconds. It subtracts two readings, so the origin does not matter;
 * `reset` (start of a measurement) needs no action with a free-running counter. */
double wolfbench_seconds(int reset)
{
    (void)reset;
    return (double)cycles_now() / (double)BOARD_CLOCK_HZ;
}

int main(void)
{
    printf("\n@start wolfbench board=%s library=%s path=%s opt=%s clock_hz=%lu counter=%s\n",
           BOARD_NAME, port_library_version(), BUILD_PATH, BUILD_OPT,
           (unsigned long)BOARD_CLOCK_HZ, cycles_source());
    int status = benchmark_test(NULL);
    printf("@done wolfbench status=%d\n", status);
    return status == 0 ? 0 : 1;
}
