/*
 * selftest: the library's own self-tests, then FIPS 180-4 SHA and SP 800-38A AES known-answer
 * vectors through the same port the bench uses. Prints one PASS/FAIL line per check, the
 * counts, and a final verdict line.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port.h"
#include "kat.h"

static unsigned passed;
static unsigned failed;

static void check(const char *name, int ok)
{
    printf("%s %s\n", ok ? "PASS" : "FAIL", name);
    if (ok) {
        passed++;
    } else {
        failed++;
    }
}

static void run_sha_kats(void)
{
    static uint8_t message[1000];
    char name[48];
    for (unsigned i = 0; i < sha_kat_count; i++) {
        const struct sha_kat *kat = &sha_kats[i];
        if (kat->text != NULL) {
            memcpy(message, kat->text, kat->length);
        } else {
            memset(message, 'a', kat->length);
        }
        uint8_t digest[64];
        int ok = port_hash(kat->alg, message, kat->length, digest) == 0 &&
                 memcmp(digest, kat->digest, kat->digest_len) == 0;
        snprintf(name, sizeof(name), "fips180-4 %s len=%lu", kat->name, (unsigned long)kat->length);
        check(name, ok);
    }
}

static int aes_cbc_in_two_calls(int encrypt, const struct aes_kat *kat, const uint8_t *in,
                                uint8_t *out)
{
    uint8_t iv[16];
    memcpy(iv, sp800_38a_iv, sizeof(iv));
    /* Two calls of 32 bytes: the IV must carry across calls exactly as in one call. */
    return port_aes_cbc_setkey(encrypt, kat->key, kat->key_bits) != 0 ||
           port_aes_cbc_crypt(encrypt, iv, in, out, 32) != 0 ||
           port_aes_cbc_crypt(encrypt, iv, in + 32, out + 32, 32) != 0;
}

static void run_aes_kats(void)
{
    char name[48];
    for (unsigned i = 0; i < aes_kat_count; i++) {
        const struct aes_kat *kat = &aes_kats[i];
        for (int encrypt = 1; encrypt >= 0; encrypt--) {
            const uint8_t *in = encrypt ? sp800_38a_plaintext : kat->ciphertext;
            const uint8_t *expected = encrypt ? kat->ciphertext : sp800_38a_plaintext;
            uint8_t out[64];
            int error;
            if (kat->cbc) {
                error = aes_cbc_in_two_calls(encrypt, kat, in, out);
            } else {
                error = port_aes_ecb(encrypt, kat->key, kat->key_bits, in, out, sizeof(out));
            }
            snprintf(name, sizeof(name), "sp800-38a aes-%s-%u %s", kat->mode, kat->key_bits,
                     encrypt ? "encrypt" : "decrypt");
            check(name, !error && memcmp(out, expected, sizeof(out)) == 0);
        }
    }
}

int main(void)
{
    printf("\n@start selftest board=%s library=%s\n", BOARD_NAME, port_library_version());
    port_self_tests(check);
    run_sha_kats();
    run_aes_kats();
    printf("@selftest passed=%u failed=%u\n", passed, failed);
    printf("@verdict %s\n", failed == 0 && passed > 0 ? "PASS" : "FAIL");
    return failed == 0 ? 0 : 1;
}
