/*
 * Verdict lines of the SDK conformance images: one `@sdk {json}` line per check, then one
 * `@sdk-done {json}` line with the totals. robot-tests/sdk/ parses only these lines.
 *
 * A check names the SDK call it exercises (`call`), what it feeds it (`case`, a standard's vector
 * or a property), the status_t the call returned and whether the result matched the standard.
 */
#ifndef SDK_CHECK_H
#define SDK_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* Prints one verdict: ok is whether the call's status and output are what the standard says. */
void sdk_check(const char *call, const char *vector, int32_t status, int ok);

/* ok when status equals expected and the len bytes at got equal those at want. */
void sdk_check_bytes(const char *call, const char *vector, int32_t status, int32_t expected,
                     const uint8_t *got, const uint8_t *want, size_t len);

/* Prints the totals; returns the number of failed checks. */
unsigned sdk_done(const char *driver);

/* Bytes of a hex string (whitespace ignored) into out; returns the byte count. */
size_t sdk_hex(const char *hex, uint8_t *out, size_t capacity);

#endif
