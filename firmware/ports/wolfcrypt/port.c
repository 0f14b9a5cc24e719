/* The crypto port for wolfCrypt 5.5 (software path; the hw path adds the accelerator glue). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha512.h>

#include "bench_format.h"
#include "board.h"
#include "crypto_port.h"

/* The accelerator device of a WOLF_CRYPTO_CB hw path (registered at board init); else software. */
#ifdef WOLF_CRYPTO_CB
#include <wolfssl/wolfcrypt/cryptocb.h>
#define PORT_DEVID wc_CryptoCb_DefaultDevID()
#else
#define PORT_DEVID INVALID_DEVID
#endif

int wolfcrypt_port_seed(unsigned char *output, unsigned int size)
{
    return board_entropy(output, size);
}

const char *port_library_version(void)
{
    return "wolfcrypt " LIBWOLFSSL_VERSION_STRING;
}

int port_hash(enum port_hash_alg alg, const uint8_t *in, size_t len, uint8_t *digest)
{
    switch (alg) {
    case PORT_SHA1:
        return wc_ShaHash(in, (word32)len, digest);
    case PORT_SHA256:
        return wc_Sha256Hash(in, (word32)len, digest);
    case PORT_SHA512:
        return wc_Sha512Hash(in, (word32)len, digest);
    }
    return -1;
}

static Aes cbc_context;

int port_aes_cbc_setkey(int encrypt, const uint8_t *key, unsigned key_bits)
{
    static const uint8_t zero_iv[AES_BLOCK_SIZE];
#ifdef WOLF_CRYPTO_CB
    /* Binds the context to the accelerator device (other paths keep their set-up unchanged). */
    int status = wc_AesInit(&cbc_context, NULL, PORT_DEVID);
    if (status != 0) {
        return status;
    }
#endif
    return wc_AesSetKey(&cbc_context, key, key_bits / 8u, zero_iv,
                        encrypt ? AES_ENCRYPTION : AES_DECRYPTION);
}

int port_aes_cbc_crypt(int encrypt, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len)
{
    int status = wc_AesSetIV(&cbc_context, iv);
    if (status == 0) {
        status = encrypt ? wc_AesCbcEncrypt(&cbc_context, out, in, (word32)len)
                         : wc_AesCbcDecrypt(&cbc_context, out, in, (word32)len);
    }
    /* wolfCrypt keeps the chaining value in the context (reg); hand it back like mbedtls does. */
    memcpy(iv, cbc_context.reg, AES_BLOCK_SIZE);
    return status;
}

int port_aes_ecb(int encrypt, const uint8_t *key, unsigned key_bits, const uint8_t *in,
                 uint8_t *out, size_t len)
{
    Aes context;
    /* wc_AesInit before wc_AesSetKey, as wolfCrypt requires (accelerator ports claim a channel). */
    int status = wc_AesInit(&context, NULL, PORT_DEVID);
    if (status == 0) {
        status = wc_AesSetKey(&context, key, key_bits / 8u, NULL,
                              encrypt ? AES_ENCRYPTION : AES_DECRYPTION);
    }
    for (size_t offset = 0; status == 0 && offset < len; offset += AES_BLOCK_SIZE) {
        status = encrypt ? wc_AesEncryptDirect(&context, out + offset, in + offset)
                         : wc_AesDecryptDirect(&context, out + offset, in + offset);
    }
    wc_AesFree(&context);
    return status;
}

/*
 * wolfcrypt/benchmark/benchmark.c bench_stats_sym_finish: "%-24s%s %5.0f %s %s %5.3f %s, %8.3f
 * %s/s" followed by SHOW_INTEL_CYCLES " Cycles per byte = %6.2f" (base-2 units, as -base2).
 */
void port_bench_line(const char *name, uint64_t bytes, uint64_t cycles, uint64_t clock_hz)
{
    uint64_t milliseconds = clock_hz == 0 ? 0 : (cycles * 1000u + clock_hz / 2u) / clock_hz;
    uint64_t kib_milli = cycles == 0 ? 0 : (bytes * clock_hz * 1000u / 1024u) / cycles;
    uint64_t cpb_centi = bytes == 0 ? 0 : (cycles * 100u + bytes / 2u) / bytes;
    printf("%-24s %5lu KiB took %lu.%03lu seconds, %8lu.%03lu KiB/s Cycles per byte = %6lu.%02lu\n",
           name, (unsigned long)(bytes / 1024u), (unsigned long)(milliseconds / 1000u),
           (unsigned long)(milliseconds % 1000u), (unsigned long)(kib_milli / 1000u),
           (unsigned long)(kib_milli % 1000u), (unsigned long)(cpb_centi / 100u),
           (unsigned long)(cpb_centi % 100u));
}

static WC_RNG rng;
static ecc_key key;

const char *port_drbg_algorithm(void)
{
    return "hash-drbg-seed";
}

int port_ecdsa_init(void)
{
    return wc_ecc_init_ex(&key, NULL, PORT_DEVID);
}

int port_drbg_seed(void)
{
    return wc_InitRng(&rng);
}

int port_ecdsa_genkey(void)
{
    return wc_ecc_make_key_ex(&rng, 32, &key, ECC_SECP256R1);
}

int port_ecdsa_sign(const uint8_t hash[32], uint8_t *signature, size_t *signature_len)
{
    word32 length = (word32)*signature_len;
    int status = wc_ecc_sign_hash(hash, 32, signature, &length, &rng, &key);
    *signature_len = length;
    return status;
}

int port_ecdsa_verify(const uint8_t hash[32], const uint8_t *signature, size_t signature_len)
{
    int valid = 0;
    int status = wc_ecc_verify_hash(signature, (word32)signature_len, hash, 32, &valid, &key);
    return status != 0 ? status : (valid ? 0 : -1);
}

int port_ecdsa_public_key(uint8_t public_key[65])
{
    word32 length = 65;
    int status = wc_ecc_export_x963(&key, public_key, &length);
    return status != 0 ? status : (length == 65 ? 0 : -1);
}

int port_ecdsa_verify_with(const uint8_t public_key[65], const uint8_t hash[32],
                           const uint8_t *signature, size_t signature_len)
{
    ecc_key other;
    int valid = 0;
    int status = wc_ecc_init_ex(&other, NULL, PORT_DEVID);
    if (status != 0) {
        return status;
    }
    status = wc_ecc_import_x963_ex(public_key, 65, &other, ECC_SECP256R1);
    if (status == 0) {
        status = wc_ecc_verify_hash(signature, (word32)signature_len, hash, 32, &valid, &other);
    }
    wc_ecc_free(&other);
    return status != 0 ? status : (valid ? 0 : -1);
}

void port_ecdsa_free(void)
{
    wc_ecc_free(&key);
    wc_FreeRng(&rng);
}
