/*
 * mbedtls timing API (MBEDTLS_TIMING_ALT, timing_alt.h) on the board's cycle counter, for
 * mbedtls's benchmark program. Under Renode the counter counts simulated time (cycles.h).
 */
#include "mbedtls/timing.h"

#include "board.h"
#include "cycles.h"

static volatile int alarmed;

#ifdef MBEDTLS_PORT_ALARM_TESTS
/*
 * The public-key profiling images (firmware/Makefile mbedbench-profile) ring the alarm at its
 * MBEDTLS_PORT_ALARM_TESTS-th test instead of by time, so that each TIME_PUBLIC loop
 * `for (ii = 1; !mbedtls_timing_alarmed && !ret; ii++) { CODE; }` runs exactly TESTS - 1
 * operations. Each test enters mbedtls_port_alarm_test() with its number (r0), where a hook can
 * mark the operations apart (models/profiles/native.py). The program's first operation of a row
 * does one-time work its later ones skip (ECDSA's comb table for G, which it clears before the
 * loop; DH's and RSA's blinding values, made once, then squared), which a run of seconds spreads
 * over hundreds of operations: the profile measures the second.
 */
static unsigned alarm_tests;

volatile int *mbedtls_port_alarm_test(unsigned test);

__attribute__((noinline)) volatile int *mbedtls_port_alarm_test(unsigned test)
{
    if (test >= MBEDTLS_PORT_ALARM_TESTS) {
        alarmed = 1;
    }
    return &alarmed;
}

volatile int *mbedtls_port_alarm(void)
{
    return mbedtls_port_alarm_test(++alarm_tests);
}

void mbedtls_set_alarm(int seconds)
{
    (void)seconds;
    alarmed = 0;
    alarm_tests = 0;
}
#else
/* The alarm's length in percent of the seconds asked for: 0 in the symmetric profiling images
 * (firmware/Makefile mbedbench-profile), whose rows then run their measured loop only. */
#ifndef MBEDTLS_PORT_ALARM_PERCENT
#define MBEDTLS_PORT_ALARM_PERCENT 100
#endif

#define ALARM_CYCLES(seconds) \
    ((uint64_t)(seconds) * BOARD_CLOCK_HZ * MBEDTLS_PORT_ALARM_PERCENT / 100u)

static uint64_t alarm_at;

volatile int *mbedtls_port_alarm(void)
{
    if (!alarmed && cycles_now() >= alarm_at) {
        alarmed = 1;
    }
    return &alarmed;
}

void mbedtls_set_alarm(int seconds)
{
    alarmed = 0;
    alarm_at = cycles_now() + ALARM_CYCLES(seconds);
}
#endif

unsigned long mbedtls_timing_hardclock(void)
{
    return (unsigned long)cycles_now();
}

unsigned long mbedtls_timing_get_timer(struct mbedtls_timing_hr_time *val, int reset)
{
    uint64_t now = cycles_now();
    if (reset) {
        val->start = now;
        return 0;
    }
    return (unsigned long)((now - val->start) * 1000u / BOARD_CLOCK_HZ);
}

void mbedtls_timing_set_delay(void *data, uint32_t int_ms, uint32_t fin_ms)
{
    mbedtls_timing_delay_context *ctx = data;
    ctx->int_ms = int_ms;
    ctx->fin_ms = fin_ms;
    if (fin_ms != 0) {
        (void)mbedtls_timing_get_timer(&ctx->timer, 1);
    }
}

int mbedtls_timing_get_delay(void *data)
{
    mbedtls_timing_delay_context *ctx = data;
    if (ctx->fin_ms == 0) {
        return -1;
    }
    unsigned long elapsed = mbedtls_timing_get_timer(&ctx->timer, 0);
    return elapsed >= ctx->fin_ms ? 2 : elapsed >= ctx->int_ms ? 1 : 0;
}
