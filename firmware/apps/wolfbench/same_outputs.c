/*
 * The benchmark program prints only speeds, never what it computed, so an accelerator that
 * returned wrong bytes would still benchmark. After the program, this runs fixed inputs through
 * the algorithms a board's accelerator takes (through the same wolfCrypt API and default device
 * the program uses) and prints each output as an `@output <name> <hex>` line. The software and
 * accelerator builds of one board must print the same lines (robot-tests/firmware/
 * native_bench.robot compares them); the bytes themselves are checked against the standards by
 * the selftest app, not here.
 *
 * The message is 300 bytes given in two pieces (100 + 200), so block buffering inside a driver
 * and a final partial block are both on the path. Buffers live on the stack, which is free once
 * the program has finished: static ones would take the SAMD21's heap from RSA-2048.
 */
#include <stdio.h>
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>

#include "same_outputs.h"

enum { MESSAGE_BYTES = 300, FIRST_PIECE = 100, CIPHER_BYTES = 288 /* whole AES blocks */ };

static const byte key[16] = {0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                             0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
static const byte iv[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                            0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};

static int failures;

static void print_output(const char *name, int status, const byte *bytes, size_t length)
{
    if (status != 0) {
        printf("@output %s FAILED %d\n", name, status);
        failures++;
        return;
    }
    printf("@output %s ", name);
    for (size_t i = 0; i < length; i++) {
        printf("%02x", bytes[i]);
    }
    printf("\n");
}

/* One hash through wolfCrypt's generic hash API, which calls the same wc_Sha*() functions (and
 * so the same accelerator ports) as the program's own hash benchmarks. */
static void hash_output(const char *name, enum wc_HashType type, const byte *message)
{
    wc_HashAlg hash;
    byte digest[WC_MAX_DIGEST_SIZE];
    int status = wc_HashInit(&hash, type);
    if (status == 0) status = wc_HashUpdate(&hash, type, message, FIRST_PIECE);
    if (status == 0) {
        status = wc_HashUpdate(&hash, type, message + FIRST_PIECE, MESSAGE_BYTES - FIRST_PIECE);
    }
    if (status == 0) status = wc_HashFinal(&hash, type, digest);
    wc_HashFree(&hash, type);
    print_output(name, status, digest, (size_t)wc_HashGetDigestSize(type));
}

static void hmac_sha256_output(const byte *message)
{
    Hmac hmac;
    byte mac[WC_SHA256_DIGEST_SIZE];
    int status = wc_HmacInit(&hmac, NULL, INVALID_DEVID);
    if (status == 0) status = wc_HmacSetKey(&hmac, WC_SHA256, key, sizeof(key));
    if (status == 0) status = wc_HmacUpdate(&hmac, message, MESSAGE_BYTES);
    if (status == 0) status = wc_HmacFinal(&hmac, mac);
    wc_HmacFree(&hmac);
    print_output("hmac-sha256", status, mac, sizeof(mac));
}

/* CBC chains every block into the last one: the last block stands for the whole ciphertext, and
 * the decryption must give the message back. */
static void aes_cbc_output(const byte *message)
{
    byte ciphertext[CIPHER_BYTES], roundtrip[CIPHER_BYTES];
    Aes aes;
    int status = wc_AesInit(&aes, NULL, INVALID_DEVID);
    if (status == 0) status = wc_AesSetKey(&aes, key, sizeof(key), iv, AES_ENCRYPTION);
    if (status == 0) status = wc_AesCbcEncrypt(&aes, ciphertext, message, CIPHER_BYTES);
    if (status == 0) status = wc_AesSetKey(&aes, key, sizeof(key), iv, AES_DECRYPTION);
    if (status == 0) status = wc_AesCbcDecrypt(&aes, roundtrip, ciphertext, CIPHER_BYTES);
    wc_AesFree(&aes);
    if (status == 0 && memcmp(roundtrip, message, CIPHER_BYTES) != 0) {
        status = -1;
    }
    print_output("aes-128-cbc-last-block", status, ciphertext + CIPHER_BYTES - 16, 16);
}

static void aes_gcm_output(const byte *message)
{
    Aes aes;
    byte ciphertext[CIPHER_BYTES], tag[16];
    int status = wc_AesInit(&aes, NULL, INVALID_DEVID);
    if (status == 0) status = wc_AesGcmSetKey(&aes, key, sizeof(key));
    if (status == 0) {
        status = wc_AesGcmEncrypt(&aes, ciphertext, message, CIPHER_BYTES, iv, 12, tag,
                                  sizeof(tag), message + CIPHER_BYTES, 8);
    }
    wc_AesFree(&aes);
    print_output("aes-128-gcm-tag", status, tag, sizeof(tag));
}

int print_same_outputs(void)
{
    byte message[MESSAGE_BYTES];
    for (size_t i = 0; i < MESSAGE_BYTES; i++) {
        message[i] = (byte)(i * 7u + 1u);
    }
    failures = 0;
    hash_output("sha1", WC_HASH_TYPE_SHA, message);
    hash_output("sha256", WC_HASH_TYPE_SHA256, message);
    hash_output("sha512", WC_HASH_TYPE_SHA512, message);
    hmac_sha256_output(message);
    aes_cbc_output(message);
    aes_gcm_output(message);
    return failures;
}
