/*
 * Software AES for key sizes the DCP lacks: upstream library/aes.c, unchanged, compiled with the
 * software configuration and its public names prefixed, so that it can sit next to aes_alt.c.
 */
#undef MBEDTLS_CONFIG_FILE
#define MBEDTLS_CONFIG_FILE "mbedtls_config_sw.h"

#define mbedtls_aes_context dcp_sw_aes_context
#define mbedtls_aes_init dcp_sw_upstream_aes_init
#define mbedtls_aes_free dcp_sw_upstream_aes_free
#define mbedtls_aes_setkey_enc dcp_sw_upstream_aes_setkey_enc
#define mbedtls_aes_setkey_dec dcp_sw_upstream_aes_setkey_dec
#define mbedtls_aes_crypt_ecb dcp_sw_upstream_aes_crypt_ecb
#define mbedtls_aes_crypt_cbc dcp_sw_upstream_aes_crypt_cbc
#define mbedtls_internal_aes_encrypt dcp_sw_upstream_internal_aes_encrypt
#define mbedtls_internal_aes_decrypt dcp_sw_upstream_internal_aes_decrypt
#define mbedtls_aes_encrypt dcp_sw_upstream_aes_encrypt
#define mbedtls_aes_decrypt dcp_sw_upstream_aes_decrypt
#define mbedtls_aes_self_test dcp_sw_upstream_aes_self_test

#include "../library/aes.c"

#include "sw_fallback.h"

_Static_assert(sizeof(dcp_sw_aes_context) <= DCP_SW_AES_CONTEXT_WORDS * 4u,
               "DCP_SW_AES_CONTEXT_WORDS too small for mbedtls_aes_context");

void dcp_sw_aes_init(void *ctx)
{
    mbedtls_aes_init(ctx);
}

void dcp_sw_aes_free(void *ctx)
{
    mbedtls_aes_free(ctx);
}

int dcp_sw_aes_setkey(void *ctx, int encrypt, const unsigned char *key, unsigned int keybits)
{
    return encrypt ? mbedtls_aes_setkey_enc(ctx, key, keybits)
                   : mbedtls_aes_setkey_dec(ctx, key, keybits);
}

int dcp_sw_aes_ecb(void *ctx, int mode, const unsigned char input[16], unsigned char output[16])
{
    return mbedtls_aes_crypt_ecb(ctx, mode, input, output);
}

int dcp_sw_aes_cbc(void *ctx, int mode, size_t length, unsigned char iv[16],
                   const unsigned char *input, unsigned char *output)
{
    return mbedtls_aes_crypt_cbc(ctx, mode, length, iv, input, output);
}
