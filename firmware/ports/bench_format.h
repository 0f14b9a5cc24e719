/* Integer helpers for the benchmark lines (newlib-nano printf has no floating point). */
#ifndef BENCH_FORMAT_H
#define BENCH_FORMAT_H

#include <stdint.h>

/* KiB/s for bytes processed in cycles at clock_hz. */
static inline uint64_t bench_kib_per_s(uint64_t bytes, uint64_t cycles, uint64_t clock_hz)
{
    return cycles == 0 ? 0 : (bytes * clock_hz) / (cycles * 1024u);
}

#endif
