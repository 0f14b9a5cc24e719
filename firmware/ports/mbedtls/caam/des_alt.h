/* mbedtls DES/3DES contexts for MBEDTLS_DES_ALT: the raw keys and the direction they were set for
 * (mbedtls's ECB calls carry no direction); the CAAM schedules the keys itself. */
#ifndef MBEDTLS_DES_ALT_H
#define MBEDTLS_DES_ALT_H

#include <stdint.h>

typedef struct mbedtls_des_context {
    uint8_t key[8];
    int encrypt;
} mbedtls_des_context;

typedef struct mbedtls_des3_context {
    uint8_t key[24]; /* K1 | K2 | K3; two-key 3DES repeats K1 as K3 */
    int encrypt;
} mbedtls_des3_context;

#endif
