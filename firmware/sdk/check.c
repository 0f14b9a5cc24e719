#include "check.h"

#include <stdio.h>
#include <string.h>

static unsigned passed;
static unsigned failed;

void sdk_check(const char *call, const char *vector, int32_t status, int ok)
{
    if (ok) {
        passed++;
    } else {
        failed++;
    }
    printf("@sdk {\"call\":\"%s\",\"case\":\"%s\",\"status\":%ld,\"ok\":%s}\n", call, vector,
           (long)status, ok ? "true" : "false");
}

void sdk_check_bytes(const char *call, const char *vector, int32_t status, int32_t expected,
                     const uint8_t *got, const uint8_t *want, size_t len)
{
    sdk_check(call, vector, status, status == expected && memcmp(got, want, len) == 0);
}

unsigned sdk_done(const char *driver)
{
    printf("@sdk-done {\"driver\":\"%s\",\"passed\":%u,\"failed\":%u}\n", driver, passed, failed);
    return failed;
}

static int nibble(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

size_t sdk_hex(const char *hex, uint8_t *out, size_t capacity)
{
    size_t n = 0;
    int high = -1;
    for (; *hex != '\0' && n < capacity; hex++) {
        int v = nibble(*hex);
        if (v < 0) {
            continue;
        }
        if (high < 0) {
            high = v;
        } else {
            out[n++] = (uint8_t)((high << 4) | v);
            high = -1;
        }
    }
    return n;
}
