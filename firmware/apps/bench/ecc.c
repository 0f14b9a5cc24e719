/*
 * bench, ECC part (compiled in where the board asks for it with BENCH_WITH_ECC): P-256 key generation,
 * ECDSA sign and verify of a SHA-256-sized digest, and ECDH, BENCH_ECC_ITERATIONS calls each,
 * printed in the wolfCrypt benchmark's asymmetric format
 *   ECC   [      SECP256R1]   256 key gen     2 ops took 6.246 sec, avg 3123.000 ms, 0.320 ops/sec
 * (wolfcrypt/benchmark/benchmark.c bench_stats_asym_finish) for both libraries, plus one
 * @result line per operation. The ECDH secret is checked against the peer-side computation
 * (`@ecc ecdh-secret=match` after the timing lines).
 */
#if defined(BENCH_WITH_ECC)
#include "ecc.h"

#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port_ecc.h"
#include "cycles.h"
#include "result.h"

#ifndef BENCH_ECC_ITERATIONS
#define BENCH_ECC_ITERATIONS 1u
#endif

enum ecc_operation {
    ECC_KEYGEN,
    ECC_SIGN,
    ECC_VERIFY,
    ECC_AGREE,
};

struct ecc_case {
    const char *algorithm_title; /* wolfCrypt's algorithm column */
    const char *operation_title; /* wolfCrypt's operation column */
    const char *algorithm;       /* @result name (published-measurements.csv where it exists) */
    enum ecc_operation operation;
};

static const struct ecc_case cases[] = {
    {"ECC   [      SECP256R1]", "key gen", "ecc-keygen", ECC_KEYGEN},
    {"ECDHE [      SECP256R1]", "agree", "ecdhe-agree", ECC_AGREE},
    {"ECDSA [      SECP256R1]", "sign", "ecdsa-sign", ECC_SIGN},
    {"ECDSA [      SECP256R1]", "verify", "ecdsa-verify", ECC_VERIFY},
};

/* A fixed digest: what is signed does not change the cost. */
static const uint8_t digest[32] = {
    0xBA, 0x78, 0x16, 0xBF, 0x8F, 0x01, 0xCF, 0xEA, 0x41, 0x41, 0x40, 0xDE, 0x5D, 0xAE, 0x22, 0x23,
    0xB0, 0x03, 0x61, 0xA3, 0x96, 0x17, 0x7A, 0x9C, 0xB4, 0x10, 0xFF, 0x61, 0xF2, 0x00, 0x15, 0xAD,
};

static int run_once(enum ecc_operation operation, uint8_t secret[32])
{
    switch (operation) {
    case ECC_KEYGEN:
        return port_ecc_keygen();
    case ECC_SIGN:
        return port_ecc_sign(digest);
    case ECC_VERIFY:
        return port_ecc_verify(digest);
    case ECC_AGREE:
        return port_ecc_agree(secret);
    }
    return -1;
}

/* "%-6s %5d %8s%-2s %s %6d %s %5.3f %s, %s %5.3f ms, %.3f %s" with integer arithmetic. */
static void print_line(const struct ecc_case *c, unsigned count, uint64_t cycles)
{
    uint64_t micro_total = cycles * 1000000u / BOARD_CLOCK_HZ;
    uint64_t micro_each = micro_total / count;
    uint64_t milli_ops = micro_total == 0 ? 0 : (uint64_t)count * 1000000000u / micro_total;
    printf("%s %5d %-8s %6u ops took %lu.%03lu sec, avg %lu.%03lu ms, %lu.%03lu ops/sec\n",
           c->algorithm_title, 256, c->operation_title, count,
           (unsigned long)(micro_total / 1000000u), (unsigned long)(micro_total / 1000u % 1000u),
           (unsigned long)(micro_each / 1000u), (unsigned long)(micro_each % 1000u),
           (unsigned long)(milli_ops / 1000u), (unsigned long)(milli_ops % 1000u));
}

/* ECDH cross-check, printed after the timing lines. */
static const char *ecdh_check = "not-run";

static int bench_case(const struct ecc_case *c)
{
    uint8_t secret[32];
    uint64_t start = cycles_now();
    for (unsigned i = 0; i < BENCH_ECC_ITERATIONS; i++) {
        int status = run_once(c->operation, secret);
        if (status != 0) {
            printf("FAIL %s %s: %d\n", c->algorithm_title, c->operation_title, status);
            return 1;
        }
    }
    uint64_t cycles = cycles_now() - start;
    print_line(c, BENCH_ECC_ITERATIONS, cycles);
    struct result r = {
        .app = "bench",
        .algorithm = c->algorithm,
        .key_bits = 256u,
        .iterations = BENCH_ECC_ITERATIONS,
        .cycles = cycles,
    };
    result_print(&r);
    if (c->operation == ECC_AGREE) {
        uint8_t expected[32];
        int status = port_ecc_agree_from_peer(expected);
        if (status == PORT_ECC_UNCHECKED) {
            ecdh_check = "unchecked";
            return 0;
        }
        int match = status == 0 && memcmp(secret, expected, 32) == 0;
        ecdh_check = match ? "match" : "MISMATCH";
        return match ? 0 : 1;
    }
    return 0;
}

int bench_ecc(void)
{
    if (port_ecc_setup() != 0) {
        printf("FAIL ECC setup\n");
        return 1;
    }
    int failures = 0;
    /* Key generation first: the other operations use the last key pair generated. */
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        failures += bench_case(&cases[i]);
    }
    port_ecc_teardown();
    printf("@ecc ecdh-secret=%s\n", ecdh_check);
    return failures;
}
#endif /* BENCH_WITH_ECC */
