/*
 * What a TLS client of apps/tls/ reports of itself, the same for every library's client: the
 * stack's low-water mark, the static data, and the `@tls {json}` and `@result {json}` lines.
 */
#ifndef TLS_FIGURES_H
#define TLS_FIGURES_H

#include <stdint.h>

#include "link.h"

/* Paints the stack below the caller's frame; call it first in main. */
void figures_paint_stack(void);

/* The deepest the stack went since figures_paint_stack. */
uint32_t figures_stack_used(void);

/* Prints the `@tls` line (handshake and waiting cycles as the board's counter saw them, the
 * link's bytes, the heap, stack and static data the client took) and the `@result` line. */
void figures_print(const char *suite, uint64_t handshake, uint64_t waiting,
                   struct link_counts counts);

#endif
