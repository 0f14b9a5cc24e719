/* wolfCrypt's own test suite (wolfcrypt/test/test.c), linked into the selftest app only. */
#include <wolfssl/wolfcrypt/settings.h>
#include <wolfcrypt/test/test.h>

#include "crypto_port.h"

/* wolfcrypt/test/test.c runs the self-test of every algorithm this configuration enables. */
int port_self_tests(void (*report)(const char *name, int passed))
{
    int passed = wolfcrypt_test(NULL) == 0;
    report("wolfcrypt_test", passed);
    return !passed;
}
