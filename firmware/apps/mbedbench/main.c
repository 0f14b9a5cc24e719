/*
 * mbedbench: mbedtls's own benchmark program (programs/test/benchmark.c, compiled unmodified,
 * its main() and exit() renamed mbedtls_benchmark_main and mbedbench_exit by the build) on the
 * board. This file gives it the command line a user would type: the algorithms of
 * MBEDBENCH_ARGS (space separated; empty: all of them), and the end a console can see. Its clock and alarm
 * are the port's (ports/mbedtls/timing_alt.h). The program prints its own table on the console;
 * tools/native_bench.py reads it back.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port.h"
#include "cycles.h"
#include "mbedtls/des.h"
#include "mbedtls/ecdh.h"
#include "mbedtls/rsa.h"

#include "aead_kats.h"

#define STRINGIFY(x) #x
#define STRING(x) STRINGIFY(x)
#ifndef MBEDBENCH_ARGS
#define MBEDBENCH_ARGS
#endif

#define MAX_ARGS 32

int mbedtls_benchmark_main(int argc, char *argv[]);
void mbedbench_exit(int status) __attribute__((noreturn));

/* The program's exit(): it ends by calling exit(0) (mbedtls_exit), not by returning. */
void mbedbench_exit(int status)
{
    fflush(stdout);
    printf("@done mbedbench status=%d\n@exit %d\n", status, status);
    fflush(stdout);
    for (;;) {
        __asm volatile("wfi");
    }
}

#if defined(CRYPTO_PORT_CAAM) && defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
/* Test keys only: a fixed-seed generator (Numerical Recipes' 32-bit LCG), not a DRBG. */
static int test_random(void *state, unsigned char *out, size_t size)
{
    uint32_t *x = state;
    for (size_t i = 0; i < size; i++) {
        *x = *x * 1664525u + 1013904223u;
        out[i] = (unsigned char)(*x >> 24);
    }
    return 0;
}

/* ECDH on P-256 through the port (two key pairs, the secret both ways) must agree with itself and
 * with mbedtls's software point multiplication (ecp.c, which the port leaves in place). */
static int ecdh_agrees(void)
{
    uint32_t seed = 1u;
    mbedtls_ecp_group grp;
    mbedtls_mpi d1, d2, z1, z2;
    mbedtls_ecp_point q1, q2, check;
    mbedtls_ecp_group_init(&grp);
    mbedtls_mpi_init(&d1), mbedtls_mpi_init(&d2), mbedtls_mpi_init(&z1), mbedtls_mpi_init(&z2);
    mbedtls_ecp_point_init(&q1), mbedtls_ecp_point_init(&q2), mbedtls_ecp_point_init(&check);
    int ret = mbedtls_ecp_group_load(&grp, MBEDTLS_ECP_DP_SECP256R1);
    if (ret == 0) ret = mbedtls_ecdh_gen_public(&grp, &d1, &q1, test_random, &seed);
    if (ret == 0) ret = mbedtls_ecdh_gen_public(&grp, &d2, &q2, test_random, &seed);
    if (ret == 0) ret = mbedtls_ecdh_compute_shared(&grp, &z1, &q2, &d1, test_random, &seed);
    if (ret == 0) ret = mbedtls_ecdh_compute_shared(&grp, &z2, &q1, &d2, test_random, &seed);
    if (ret == 0) ret = mbedtls_ecp_mul(&grp, &check, &d1, &q2, test_random, &seed);
    int agrees = ret == 0 && mbedtls_mpi_cmp_mpi(&z1, &z2) == 0 && mbedtls_mpi_cmp_mpi(&z1, &check.X) == 0;
    mbedtls_ecp_group_free(&grp);
    mbedtls_mpi_free(&d1), mbedtls_mpi_free(&d2), mbedtls_mpi_free(&z1), mbedtls_mpi_free(&z2);
    mbedtls_ecp_point_free(&q1), mbedtls_ecp_point_free(&q2), mbedtls_ecp_point_free(&check);
    return agrees;
}
#endif

/* One check's verdict as an @selftest line; a failure ends the run with status 1 (unused in
 * images without an accelerator port to check). */
__attribute__((unused)) static void report_check(const char *name, int passed)
{
    printf("@selftest %s %s\n", name, passed ? "passed" : "failed");
    if (!passed) {
        mbedbench_exit(1);
    }
}

/*
 * The program times but never checks what it computes. Where an accelerator port replaces mbedtls
 * code that the matrix's self-test images do not contain (the rt1170 CAAM port's DES, ECDH,
 * AES-GCM, AES-CCM and RSA's modular exponentiation, ports/mbedtls/caam/), it is checked first:
 * DES and RSA by mbedtls's own self-tests, ECDH against mbedtls's software point multiplication,
 * GCM and CCM by the standards' vectors (aead_kats.c). A failure ends the run with status 1
 * before any figure is printed.
 */
static void self_test_accelerated_modules(void)
{
#if defined(MBEDTLS_DES_ALT) && defined(MBEDTLS_SELF_TEST)
    report_check("des", mbedtls_des_self_test(0) == 0);
#endif
#if defined(CRYPTO_PORT_CAAM) && defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
    report_check("ecdh", ecdh_agrees());
#endif
#if defined(CRYPTO_PORT_CAAM) && defined(MBEDTLS_GCM_C)
    report_check("gcm", gcm_known_answers_pass());
#endif
#if defined(CRYPTO_PORT_CAAM) && defined(MBEDTLS_CCM_C)
    report_check("ccm", ccm_known_answers_pass());
#endif
#if defined(CRYPTO_PORT_CAAM) && defined(MBEDTLS_RSA_C) && defined(MBEDTLS_SELF_TEST)
    report_check("rsa", mbedtls_rsa_self_test(0) == 0);
#endif
}

int main(void)
{
    static const char args[] = STRING(MBEDBENCH_ARGS);
    static char words[sizeof(args)];
    char *argv[MAX_ARGS + 2] = {"benchmark"};
    int argc = 1;
    memcpy(words, args, sizeof(args));
    for (char *word = strtok(words, " "); word != NULL && argc <= MAX_ARGS;
         word = strtok(NULL, " ")) {
        argv[argc++] = word;
    }
    printf("\n@start mbedbench board=%s library=%s path=%s opt=%s clock_hz=%lu counter=%s "
           "args=%s\n", BOARD_NAME, port_library_version(), BUILD_PATH, BUILD_OPT,
           (unsigned long)BOARD_CLOCK_HZ, cycles_source(), argc > 1 ? args : "all");
    self_test_accelerated_modules();
    mbedbench_exit(mbedtls_benchmark_main(argc, argv));
}
