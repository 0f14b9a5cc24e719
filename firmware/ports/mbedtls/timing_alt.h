/*
 * MBEDTLS_TIMING_ALT for bare metal (mbedtls_config_benchmark.h): timers and the alarm of
 * mbedtls's benchmark program on the board's cycle counter (benchmark_timing.c).
 *
 * The program polls `mbedtls_timing_alarmed` in its loops, which an OS sets from a signal. With
 * no signal here, the name reads through mbedtls_port_alarm(), which sets the flag once the
 * alarm's time has passed: the same loops, the same figures, no interrupt needed.
 */
#ifndef MBEDTLS_TIMING_ALT_H
#define MBEDTLS_TIMING_ALT_H

#include <stdint.h>

struct mbedtls_timing_hr_time {
    uint64_t start;
};

typedef struct mbedtls_timing_delay_context {
    struct mbedtls_timing_hr_time timer;
    uint32_t int_ms;
    uint32_t fin_ms;
} mbedtls_timing_delay_context;

volatile int *mbedtls_port_alarm(void);
#define mbedtls_timing_alarmed (*mbedtls_port_alarm())

#endif
