/* mbedtls_aes_context of the DCP port (MBEDTLS_AES_ALT); see aes_alt.c. */
#ifndef MBEDTLS_AES_ALT_H
#define MBEDTLS_AES_ALT_H

#include <stdint.h>

#include "fsl_dcp.h"
#include "sw_fallback.h"

typedef struct mbedtls_aes_context {
    int on_dcp;          /* 128-bit key: the DCP; otherwise `software` */
    int key_loaded;      /* the key is in the handle's key slot */
    dcp_handle_t handle;
    uint8_t key[16];
    uint32_t software[DCP_SW_AES_CONTEXT_WORDS]; /* upstream mbedtls_aes_context */
} mbedtls_aes_context;

#endif
