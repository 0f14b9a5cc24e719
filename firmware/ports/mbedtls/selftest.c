/*
 * The library's own self-tests (MBEDTLS_SELF_TEST) for the algorithms the bench measures and the
 * DRBG/bignum code under them, linked into the selftest app only. mbedtls_ecp_self_test is left
 * out: ECC is exercised by the ecdsa app, and the ECP self-test at -O0 is the slowest part.
 */
#include <stddef.h>

#include "mbedtls/aes.h"
#include "mbedtls/bignum.h"
#include "mbedtls/ctr_drbg.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"

#include "crypto_port.h"

struct self_test {
    const char *name;
    int (*run)(int verbose);
};

static const struct self_test self_tests[] = {
    {"mbedtls_sha1_self_test", mbedtls_sha1_self_test},
    {"mbedtls_sha256_self_test", mbedtls_sha256_self_test},
    {"mbedtls_sha512_self_test", mbedtls_sha512_self_test},
    {"mbedtls_aes_self_test", mbedtls_aes_self_test},
    {"mbedtls_ctr_drbg_self_test", mbedtls_ctr_drbg_self_test},
    {"mbedtls_mpi_self_test", mbedtls_mpi_self_test},
};

int port_self_tests(void (*report)(const char *name, int passed))
{
    int failures = 0;
    for (size_t i = 0; i < sizeof(self_tests) / sizeof(self_tests[0]); i++) {
        int passed = self_tests[i].run(1) == 0;
        report(self_tests[i].name, passed);
        failures += !passed;
    }
    return failures;
}
