/* mbedtls AES context for MBEDTLS_AES_ALT: the raw key, used by the CAAM for both directions. */
#ifndef MBEDTLS_AES_ALT_H
#define MBEDTLS_AES_ALT_H

#include <stdint.h>

typedef struct mbedtls_aes_context {
    uint32_t key_bytes;
    uint8_t key[32];
} mbedtls_aes_context;

#endif
