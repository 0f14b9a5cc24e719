/*
 * wolfCrypt's own tests (wolfcrypt/test/test.c) for the algorithms the bench measures, linked
 * into the selftest app only. test.c's subroutines are external (WOLFSSL_TEST_SUBROUTINE is
 * empty by default), so each is called and reported on its own rather than through
 * wolfcrypt_test(), which would also run the ECC suite: ECC is exercised by the ecdsa app, and
 * the full ECC suite at -O0 on the Cortex-M0+ costs billions of instructions.
 */
#include <stddef.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include "crypto_port.h"

int sha_test(void);
int sha256_test(void);
#ifdef WOLFSSL_SHA224
int sha224_test(void);
#endif
int sha512_test(void);
int hash_test(void);
int aes_test(void);
int random_test(void);

struct self_test {
    const char *name;
    int (*run)(void);
};

static const struct self_test self_tests[] = {
    {"wolfcrypt sha_test", sha_test},
    {"wolfcrypt sha256_test", sha256_test},
#ifdef WOLFSSL_SHA224
    {"wolfcrypt sha224_test", sha224_test},
#endif
    {"wolfcrypt sha512_test", sha512_test},
    {"wolfcrypt hash_test", hash_test},
    {"wolfcrypt aes_test", aes_test},
    {"wolfcrypt random_test", random_test},
};

int port_self_tests(void (*report)(const char *name, int passed))
{
    int failures = 0;
    if (wolfCrypt_Init() != 0) {
        report("wolfCrypt_Init", 0);
        return 1;
    }
    for (size_t i = 0; i < sizeof(self_tests) / sizeof(self_tests[0]); i++) {
        int passed = self_tests[i].run() == 0;
        report(self_tests[i].name, passed);
        failures += !passed;
    }
    wolfCrypt_Cleanup();
    return failures;
}
