/*
 * A fixed test sequence for boards whose platform has no modelled true RNG. It makes runs
 * reproducible (same instruction counts every run) and has no security value whatsoever.
 */
#ifndef FIXED_ENTROPY_H
#define FIXED_ENTROPY_H

#include <stddef.h>
#include <stdint.h>

int fixed_entropy(uint8_t *buf, size_t len);

#endif
