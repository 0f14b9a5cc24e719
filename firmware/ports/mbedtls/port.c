/* The crypto port for mbedtls 2.28 (software path; the hw path swaps in the ALT glue). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/ctr_drbg.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecp.h"
#include "mbedtls/entropy.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"
#include "mbedtls/version.h"

#include "bench_format.h"
#include "board.h"
#include "crypto_port.h"

/* Entropy for mbedtls_entropy (MBEDTLS_ENTROPY_HARDWARE_ALT). */
int mbedtls_hardware_poll(void *data, unsigned char *output, size_t len, size_t *olen)
{
    (void)data;
    if (board_entropy(output, len) != 0) {
        return MBEDTLS_ERR_ENTROPY_SOURCE_FAILED;
    }
    *olen = len;
    return 0;
}

const char *port_library_version(void)
{
    return "mbedtls " MBEDTLS_VERSION_STRING;
}

int port_hash(enum port_hash_alg alg, const uint8_t *in, size_t len, uint8_t *digest)
{
    switch (alg) {
    case PORT_SHA1:
        return mbedtls_sha1_ret(in, len, digest);
    case PORT_SHA256:
        return mbedtls_sha256_ret(in, len, digest, 0);
    case PORT_SHA512:
        return mbedtls_sha512_ret(in, len, digest, 0);
    }
    return -1;
}

static mbedtls_aes_context cbc_context;

int port_aes_cbc_setkey(int encrypt, const uint8_t *key, unsigned key_bits)
{
    mbedtls_aes_init(&cbc_context);
    return encrypt ? mbedtls_aes_setkey_enc(&cbc_context, key, key_bits)
                   : mbedtls_aes_setkey_dec(&cbc_context, key, key_bits);
}

int port_aes_cbc_crypt(int encrypt, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len)
{
    return mbedtls_aes_crypt_cbc(&cbc_context, encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT,
                                 len, iv, in, out);
}

int port_aes_ecb(int encrypt, const uint8_t *key, unsigned key_bits, const uint8_t *in,
                 uint8_t *out, size_t len)
{
    mbedtls_aes_context context;
    mbedtls_aes_init(&context);
    int status = encrypt ? mbedtls_aes_setkey_enc(&context, key, key_bits)
                         : mbedtls_aes_setkey_dec(&context, key, key_bits);
    for (size_t offset = 0; status == 0 && offset < len; offset += 16) {
        status = mbedtls_aes_crypt_ecb(&context, encrypt ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT,
                                       in + offset, out + offset);
    }
    mbedtls_aes_free(&context);
    return status;
}

/* programs/test/benchmark.c: HEADER_FORMAT "  %-24s :  ", then "%9lu KiB/s,  %9lu cycles/byte". */
void port_bench_line(const char *name, uint64_t bytes, uint64_t cycles, uint64_t clock_hz)
{
    printf("  %-24s :  %9lu KiB/s,  %9lu cycles/byte\n", name,
           (unsigned long)bench_kib_per_s(bytes, cycles, clock_hz),
           (unsigned long)(bytes == 0 ? 0 : cycles / bytes));
}

static mbedtls_entropy_context entropy;
static mbedtls_ctr_drbg_context drbg;
static mbedtls_ecdsa_context ecdsa;

static const unsigned char personalisation[] = "ecdsa-bench";

const char *port_drbg_algorithm(void)
{
    return "ctr-drbg-seed";
}

int port_ecdsa_init(void)
{
    mbedtls_ecdsa_init(&ecdsa);
    mbedtls_ctr_drbg_init(&drbg);
    mbedtls_entropy_init(&entropy);
    return 0;
}

int port_drbg_seed(void)
{
    return mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, personalisation,
                                 sizeof(personalisation) - 1);
}

int port_ecdsa_genkey(void)
{
    return mbedtls_ecdsa_genkey(&ecdsa, MBEDTLS_ECP_DP_SECP256R1, mbedtls_ctr_drbg_random, &drbg);
}

int port_ecdsa_sign(const uint8_t hash[32], uint8_t *signature, size_t *signature_len)
{
    return mbedtls_ecdsa_write_signature(&ecdsa, MBEDTLS_MD_SHA256, hash, 32, signature,
                                         signature_len, mbedtls_ctr_drbg_random, &drbg);
}

int port_ecdsa_verify(const uint8_t hash[32], const uint8_t *signature, size_t signature_len)
{
    return mbedtls_ecdsa_read_signature(&ecdsa, hash, 32, signature, signature_len);
}

int port_ecdsa_public_key(uint8_t public_key[65])
{
    size_t length = 0;
    int status = mbedtls_ecp_point_write_binary(&ecdsa.grp, &ecdsa.Q, MBEDTLS_ECP_PF_UNCOMPRESSED,
                                                &length, public_key, 65);
    return status != 0 ? status : (length == 65 ? 0 : -1);
}

int port_ecdsa_verify_with(const uint8_t public_key[65], const uint8_t hash[32],
                           const uint8_t *signature, size_t signature_len)
{
    mbedtls_ecdsa_context other;
    mbedtls_ecdsa_init(&other);
    int status = mbedtls_ecp_group_load(&other.grp, MBEDTLS_ECP_DP_SECP256R1);
    if (status == 0) {
        status = mbedtls_ecp_point_read_binary(&other.grp, &other.Q, public_key, 65);
    }
    if (status == 0) {
        status = mbedtls_ecp_check_pubkey(&other.grp, &other.Q);
    }
    if (status == 0) {
        status = mbedtls_ecdsa_read_signature(&other, hash, 32, signature, signature_len);
    }
    mbedtls_ecdsa_free(&other);
    return status;
}

void port_ecdsa_free(void)
{
    mbedtls_ecdsa_free(&ecdsa);
    mbedtls_ctr_drbg_free(&drbg);
    mbedtls_entropy_free(&entropy);
}
