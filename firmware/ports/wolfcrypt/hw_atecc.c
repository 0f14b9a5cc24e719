/*
 * wolfCrypt on the ATECC508A (WOLFSSL_ATECC508A, wolfcrypt/src/port/atmel/atmel.c): P-256 key
 * generation, signing, verification and ECDH go to the device. wolfCrypt_Init runs atmel_init,
 * which opens cryptoauthlib with wolfSSL's own interface settings (address 0xC0, 400 kHz).
 */
#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include "board_accelerator.h"

int accelerator_library_init(void)
{
    return wolfCrypt_Init();
}
