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
 *
 * Objects are created on OUTPUT_DEVID: on the rt1170's CAAM build the device the program's "HW"
 * rows use (it benchmarks with wolfSSL's WOLFSSL_CAAM switch), elsewhere no device, where the
 * ports take what they replace themselves. Public-key outputs are deterministic: an RSA-2048
 * PKCS#1 v1.5 signature with the program's own 2048-bit test key, ECDH between two fixed private
 * keys, and the verdicts of ECDSA signatures checked across the device and software (on P-256
 * and, where the program runs P-384, on P-384).
 */
#include <stdio.h>
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/des3.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/certs_test.h>

#include "same_outputs.h"

#ifdef WOLFSSL_CAAM
#define OUTPUT_DEVID WOLFSSL_CAAM_DEVID
#else
#define OUTPUT_DEVID INVALID_DEVID
#endif

/* Not on the SAMD21 (its board.mk sets WOLFBENCH_ECDH_OUTPUT 0): wolfCrypt's software ECC does
 * not fit its RAM (the program reports MEMORY_E there), and on its ATECC508A private keys live in
 * device slots, so fixed keys cannot be imported. */
#if defined(HAVE_ECC) && WOLFBENCH_ECDH_OUTPUT
#define OUTPUT_ECDH 1
#endif

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
    int status = wc_HashInit_ex(&hash, type, NULL, OUTPUT_DEVID);
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
    int status = wc_HmacInit(&hmac, NULL, OUTPUT_DEVID);
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
    int status = wc_AesInit(&aes, NULL, OUTPUT_DEVID);
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

/* An authenticated mode through wolfCrypt's one-shot API, which GCM and CCM share. */
struct aead {
    const char *name;
    int (*set_key)(Aes *aes, const byte *key, word32 size);
    int (*encrypt)(Aes *aes, byte *out, const byte *in, word32 size, const byte *nonce,
                   word32 nonceSize, byte *tag, word32 tagSize, const byte *aad, word32 aadSize);
    int (*decrypt)(Aes *aes, byte *out, const byte *in, word32 size, const byte *nonce,
                   word32 nonceSize, const byte *tag, word32 tagSize, const byte *aad,
                   word32 aadSize);
    word32 nonce_bytes;
    int auth_error; /* what a wrong tag must give */
};

/* The tag, a decryption that must give the message back, and one with a changed tag that must
 * be refused with the mode's authentication error. */
static void aead_output(const struct aead *mode, const byte *message)
{
    Aes aes;
    byte ciphertext[CIPHER_BYTES], roundtrip[CIPHER_BYTES], tag[16];
    const byte *aad = message + CIPHER_BYTES;
    int status = wc_AesInit(&aes, NULL, OUTPUT_DEVID);
    if (status == 0) status = mode->set_key(&aes, key, sizeof(key));
    if (status == 0) {
        status = mode->encrypt(&aes, ciphertext, message, CIPHER_BYTES, iv, mode->nonce_bytes, tag,
                               sizeof(tag), aad, 8);
    }
    if (status == 0) {
        status = mode->decrypt(&aes, roundtrip, ciphertext, CIPHER_BYTES, iv, mode->nonce_bytes,
                               tag, sizeof(tag), aad, 8);
    }
    if (status == 0 && memcmp(roundtrip, message, CIPHER_BYTES) != 0) {
        status = -1;
    }
    if (status == 0) {
        tag[0] ^= 1u;
        int refused = mode->decrypt(&aes, roundtrip, ciphertext, CIPHER_BYTES, iv,
                                    mode->nonce_bytes, tag, sizeof(tag), aad, 8);
        tag[0] ^= 1u;
        status = refused == mode->auth_error ? 0 : -2;
    }
    wc_AesFree(&aes);
    print_output(mode->name, status, tag, sizeof(tag));
}

static const struct aead aes_gcm = {"aes-128-gcm-tag", wc_AesGcmSetKey, wc_AesGcmEncrypt,
                                    wc_AesGcmDecrypt, 12, AES_GCM_AUTH_E};
#ifdef HAVE_AESCCM
static const struct aead aes_ccm = {"aes-128-ccm-tag", wc_AesCcmSetKey, wc_AesCcmEncrypt,
                                    wc_AesCcmDecrypt, 13, AES_CCM_AUTH_E};
#endif

/* A message longer than a driver's job buffer (the rt1170's CAAM bounces ordinary jobs through
 * 1 KiB, GCM and CCM through their own larger buffer) and not whole blocks: its tag, and the
 * decryption, in place, that must give the message back. */
enum { LONG_BYTES = 2000 };

static byte long_byte(size_t i)
{
    return (byte)(i * 13u + 5u);
}

static void aead_long_output(const struct aead *mode, const char *name)
{
    static const byte aad[8] = {0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef};
    Aes aes;
    byte buffer[LONG_BYTES], tag[16];
    for (size_t i = 0; i < LONG_BYTES; i++) {
        buffer[i] = long_byte(i);
    }
    int status = wc_AesInit(&aes, NULL, OUTPUT_DEVID);
    if (status == 0) status = mode->set_key(&aes, key, sizeof(key));
    if (status == 0) {
        status = mode->encrypt(&aes, buffer, buffer, LONG_BYTES, iv, mode->nonce_bytes, tag,
                               sizeof(tag), aad, sizeof(aad));
    }
    if (status == 0) {
        status = mode->decrypt(&aes, buffer, buffer, LONG_BYTES, iv, mode->nonce_bytes, tag,
                               sizeof(tag), aad, sizeof(aad));
    }
    for (size_t i = 0; status == 0 && i < LONG_BYTES; i++) {
        status = buffer[i] == long_byte(i) ? 0 : -1;
    }
    wc_AesFree(&aes);
    print_output(name, status, tag, sizeof(tag));
}

/* Like AES-CBC: the last block, and the decryption must give the message back. */
static void des3_cbc_output(const byte *message)
{
    static const byte des3_key[24] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
                                      0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01,
                                      0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01, 0x23};
    byte ciphertext[CIPHER_BYTES], roundtrip[CIPHER_BYTES];
    Des3 des;
    int status = wc_Des3Init(&des, NULL, OUTPUT_DEVID);
    if (status == 0) status = wc_Des3_SetKey(&des, des3_key, iv, DES_ENCRYPTION);
    if (status == 0) status = wc_Des3_CbcEncrypt(&des, ciphertext, message, CIPHER_BYTES);
    if (status == 0) status = wc_Des3_SetKey(&des, des3_key, iv, DES_DECRYPTION);
    if (status == 0) status = wc_Des3_CbcDecrypt(&des, roundtrip, ciphertext, CIPHER_BYTES);
    wc_Des3Free(&des);
    if (status == 0 && memcmp(roundtrip, message, CIPHER_BYTES) != 0) {
        status = -1;
    }
    print_output("3des-cbc-last-block", status, ciphertext + CIPHER_BYTES - 8, 8);
}

/* PKCS#1 v1.5 signatures are deterministic: the whole signature, and it must verify. */
static void rsa_output(const byte *message, WC_RNG *rng)
{
    RsaKey rsa;
    byte signature[256], recovered[64];
    word32 index = 0;
    int status = wc_InitRsaKey_ex(&rsa, NULL, OUTPUT_DEVID);
    if (status == 0) {
        status = wc_RsaPrivateKeyDecode(client_key_der_2048, &index, &rsa,
                                        (word32)sizeof_client_key_der_2048);
    }
    if (status == 0) status = wc_RsaSetRNG(&rsa, rng);
    if (status == 0) {
        status = wc_RsaSSL_Sign(message, 32, signature, sizeof(signature), &rsa, rng);
        status = status == (int)sizeof(signature) ? 0 : (status < 0 ? status : -1);
    }
    if (status == 0) {
        int length = wc_RsaSSL_Verify(signature, sizeof(signature), recovered, sizeof(recovered), &rsa);
        status = length == 32 && memcmp(recovered, message, 32) == 0 ? 0 : (length < 0 ? length : -1);
    }
    wc_FreeRsaKey(&rsa);
    print_output("rsa-2048-pkcs1-signature", status, signature, sizeof(signature));
}

#ifdef OUTPUT_ECDH
enum { ECDH_MAX_BYTES = 48 };

static int fixed_key(ecc_key *ecc, int curve, word32 bytes, byte seed, WC_RNG *rng, int devid)
{
    byte scalar[ECDH_MAX_BYTES];
    for (size_t i = 0; i < bytes; i++) {
        scalar[i] = (byte)(seed + i * 3u); /* far below the group order */
    }
    scalar[0] = 0x01;
    int status = wc_ecc_init_ex(ecc, NULL, devid);
    if (status == 0) {
        status = wc_ecc_import_private_key_ex(scalar, bytes, NULL, 0, ecc, curve);
    }
    if (status == 0) status = wc_ecc_make_pub(ecc, NULL);
    if (status == 0) status = wc_ecc_set_rng(ecc, rng);
    return status;
}

/* ECDSA signatures are randomised, so their bytes differ between runs: the printed bytes are the
 * verdicts of a signature made on OUTPUT_DEVID checked without a device, and of one made without
 * a device checked on OUTPUT_DEVID (01 01 when both hold, in every build). */
static void ecdsa_output(const char *name, int curve, word32 bytes, WC_RNG *rng)
{
    ecc_key device, plain;
    byte hash[ECDH_MAX_BYTES], signature[2 * ECDH_MAX_BYTES + 16], verdicts[2] = {0, 0};
    for (size_t i = 0; i < bytes; i++) {
        hash[i] = (byte)(0xa5u ^ i);
    }
    int status = fixed_key(&device, curve, bytes, 0x23u, rng, OUTPUT_DEVID);
    if (status == 0) status = fixed_key(&plain, curve, bytes, 0x23u, rng, INVALID_DEVID);
    for (int round = 0; status == 0 && round < 2; round++) {
        ecc_key *signer = round == 0 ? &device : &plain, *checker = round == 0 ? &plain : &device;
        word32 length = sizeof(signature);
        int verdict = 0;
        status = wc_ecc_sign_hash(hash, bytes, signature, &length, rng, signer);
        if (status == 0) status = wc_ecc_verify_hash(signature, length, hash, bytes, &verdict, checker);
        verdicts[round] = (byte)verdict;
    }
    wc_ecc_free(&device);
    wc_ecc_free(&plain);
    print_output(name, status, verdicts, sizeof(verdicts));
}

/* Both sides of one ECDH on `curve` must agree; the secret is printed. */
static void ecdh_output(const char *name, int curve, word32 bytes, WC_RNG *rng)
{
    ecc_key alice, bob;
    byte secret[ECDH_MAX_BYTES], other[ECDH_MAX_BYTES];
    word32 length = sizeof(secret), other_length = sizeof(other);
    int status = fixed_key(&alice, curve, bytes, 0x11u, rng, OUTPUT_DEVID);
    if (status == 0) status = fixed_key(&bob, curve, bytes, 0x5au, rng, OUTPUT_DEVID);
    if (status == 0) status = wc_ecc_shared_secret(&alice, &bob, secret, &length);
    if (status == 0) status = wc_ecc_shared_secret(&bob, &alice, other, &other_length);
    if (status == 0 && (length != other_length || memcmp(secret, other, length) != 0)) {
        status = -1;
    }
    wc_ecc_free(&alice);
    wc_ecc_free(&bob);
    print_output(name, status, secret, length);
}
#endif

int print_same_outputs(void)
{
    byte message[MESSAGE_BYTES];
    for (size_t i = 0; i < MESSAGE_BYTES; i++) {
        message[i] = (byte)(i * 7u + 1u);
    }
    failures = 0;
    hash_output("sha1", WC_HASH_TYPE_SHA, message);
    hash_output("sha256", WC_HASH_TYPE_SHA256, message);
    hash_output("sha384", WC_HASH_TYPE_SHA384, message);
    hash_output("sha512", WC_HASH_TYPE_SHA512, message);
    hmac_sha256_output(message);
    aes_cbc_output(message);
    aead_output(&aes_gcm, message);
    aead_long_output(&aes_gcm, "aes-128-gcm-2000-tag");
#ifdef HAVE_AESCCM
    aead_output(&aes_ccm, message);
    aead_long_output(&aes_ccm, "aes-128-ccm-2000-tag");
#endif
    des3_cbc_output(message);
    WC_RNG rng;
    int status = wc_InitRng(&rng);
    if (status != 0) {
        print_output("rng", status, NULL, 0);
        return failures;
    }
    rsa_output(message, &rng);
#ifdef OUTPUT_ECDH
    ecdh_output("ecdh-p256-secret", ECC_SECP256R1, 32u, &rng);
    ecdsa_output("ecdsa-p256-verdicts", ECC_SECP256R1, 32u, &rng);
#if WOLFBENCH_P384 && defined(HAVE_ECC384)
    ecdh_output("ecdh-p384-secret", ECC_SECP384R1, 48u, &rng);
    ecdsa_output("ecdsa-p384-verdicts", ECC_SECP384R1, 48u, &rng);
#endif
#endif
    wc_FreeRng(&rng);
    return failures;
}
