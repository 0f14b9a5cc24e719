#include "result.h"

#include <stdio.h>

#include "board.h"
#include "build_info.h"
#include "cycles.h"

/* newlib-nano's printf has no 64-bit conversions, so 64-bit values are formatted here. */
const char *u64_to_str(uint64_t value, char buf[21])
{
    char *p = buf + 20;
    *p = '\0';
    do {
        *--p = (char)('0' + value % 10u);
        value /= 10u;
    } while (value != 0);
    return p;
}

static void field_string(const char *key, const char *value)
{
    if (value != NULL) {
        printf(",\"%s\":\"%s\"", key, value);
    }
}

void result_print(const struct result *r)
{
    printf("@result {\"board\":\"%s\",\"library\":\"%s\",\"path\":\"%s\",\"opt\":\"%s\","
           "\"app\":\"%s\",\"algorithm\":\"%s\"",
           BOARD_NAME, BUILD_LIBRARY, BUILD_PATH, BUILD_OPT, r->app, r->algorithm);
    field_string("phase", r->phase);
    field_string("direction", r->direction);
    char cycles[21];
    char bytes[21];
    printf(",\"key_bits\":%lu,\"buffer_bytes\":%lu,\"iterations\":%lu,\"cycles\":%s,"
           "\"bytes\":%s,\"clock_hz\":%lu",
           (unsigned long)r->key_bits, (unsigned long)r->buffer_bytes,
           (unsigned long)r->iterations, u64_to_str(r->cycles, cycles), u64_to_str(r->bytes, bytes),
           (unsigned long)BOARD_CLOCK_HZ);
    field_string("counter", cycles_source());
    printf("}\n");
}
