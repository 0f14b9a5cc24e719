/*
 * bench: SHA-1, SHA-256, SHA-512 and AES-CBC-128/192/256 over one buffer of BENCH_BUFFER_BYTES
 * (default 1 KiB), BENCH_ITERATIONS calls each, in the style of the library's own benchmark
 * program, plus one @result line per measurement.
 *
 * Each iteration is one full library call on the whole buffer (a one-shot hash including init
 * and finish; one CBC call with the key already set), so per-call overhead is part of the figure,
 * as in mbedtls_benchmark.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port.h"
#include "cycles.h"
#include "result.h"
#if defined(BENCH_WITH_ECC)
#include "ecc.h"
#endif

#ifndef BENCH_BUFFER_BYTES
#define BENCH_BUFFER_BYTES 1024u
#endif
#ifndef BENCH_ITERATIONS
#define BENCH_ITERATIONS 16u
#endif

_Static_assert(BENCH_BUFFER_BYTES % 16u == 0, "BENCH_BUFFER_BYTES must be a multiple of the AES block");

static uint8_t buffer[BENCH_BUFFER_BYTES];
static uint8_t output[BENCH_BUFFER_BYTES];

struct hash_case {
    const char *title;
    const char *algorithm;
    enum port_hash_alg alg;
};

static const struct hash_case hashes[] = {
    {"SHA-1", "sha1", PORT_SHA1},
    {"SHA-256", "sha256", PORT_SHA256},
    {"SHA-512", "sha512", PORT_SHA512},
};

static const unsigned aes_key_bits[] = {128u, 192u, 256u};

static void report(const char *title, const char *algorithm, const char *direction,
                   unsigned key_bits, uint64_t cycles)
{
    uint64_t bytes = (uint64_t)BENCH_BUFFER_BYTES * BENCH_ITERATIONS;
    port_bench_line(title, bytes, cycles, BOARD_CLOCK_HZ);
    struct result r = {
        .app = "bench",
        .algorithm = algorithm,
        .direction = direction,
        .key_bits = key_bits,
        .buffer_bytes = BENCH_BUFFER_BYTES,
        .iterations = BENCH_ITERATIONS,
        .cycles = cycles,
        .bytes = bytes,
    };
    result_print(&r);
}

static int bench_hash(const struct hash_case *c)
{
    uint8_t digest[64];
    uint64_t start = cycles_now();
    for (unsigned i = 0; i < BENCH_ITERATIONS; i++) {
        if (port_hash(c->alg, buffer, sizeof(buffer), digest) != 0) {
            printf("FAIL %s\n", c->title);
            return 1;
        }
    }
    report(c->title, c->algorithm, NULL, 0, cycles_now() - start);
    return 0;
}

static int bench_aes_cbc(unsigned key_bits, int encrypt)
{
    static const uint8_t key[32] = {0x2b, 0x7e, 0x15, 0x16};
    uint8_t iv[16] = {0};
    char title[32];
    snprintf(title, sizeof(title), "AES-CBC-%u-%s", key_bits, encrypt ? "enc" : "dec");
    if (port_aes_cbc_setkey(encrypt, key, key_bits) != 0) {
        printf("FAIL %s setkey\n", title);
        return 1;
    }
    uint64_t start = cycles_now();
    for (unsigned i = 0; i < BENCH_ITERATIONS; i++) {
        if (port_aes_cbc_crypt(encrypt, iv, buffer, output, sizeof(buffer)) != 0) {
            printf("FAIL %s\n", title);
            return 1;
        }
    }
    report(title, "aes-cbc", encrypt ? "encrypt" : "decrypt", key_bits, cycles_now() - start);
    return 0;
}

int main(void)
{
    printf("\n@start bench board=%s library=%s buffer=%u iterations=%u\n", BOARD_NAME,
           port_library_version(), (unsigned)BENCH_BUFFER_BYTES, (unsigned)BENCH_ITERATIONS);
    memset(buffer, 0xA5, sizeof(buffer));
    int failures = 0;
    for (size_t i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++) {
        failures += bench_hash(&hashes[i]);
    }
    for (size_t i = 0; i < sizeof(aes_key_bits) / sizeof(aes_key_bits[0]); i++) {
        failures += bench_aes_cbc(aes_key_bits[i], 1);
        failures += bench_aes_cbc(aes_key_bits[i], 0);
    }
#if defined(BENCH_WITH_ECC)
    failures += bench_ecc();
#endif
    printf("@done bench failures=%d\n", failures);
    return failures;
}
