/*
 * The machine-readable result line: `@result {json}` (see ARCHITECTURE.md, Contracts).
 * Tests and profile collection parse these lines only, never the human benchmark lines.
 */
#ifndef RESULT_H
#define RESULT_H

#include <stdint.h>

struct result {
    const char *app;       /* "bench", "ecdsa", ... */
    const char *algorithm; /* names of the published measurements: "sha256", "aes-cbc", ... */
    const char *phase;     /* ecdsa phase name, or NULL */
    const char *direction; /* "encrypt"/"decrypt" for ciphers, or NULL */
    uint32_t key_bits;     /* 0 where not applicable */
    uint32_t buffer_bytes; /* bytes per call, 0 where not applicable */
    uint32_t iterations;
    uint64_t cycles;       /* total over all iterations, as the firmware's counter saw them */
    uint64_t bytes;        /* total bytes processed, 0 where not applicable */
};

/* Prints one `@result` line, adding board, library, path, opt, clock and counter. */
void result_print(const struct result *r);

/* Decimal text of value in buf (newlib-nano's printf has no 64-bit conversions). */
const char *u64_to_str(uint64_t value, char buf[21]);

#endif
