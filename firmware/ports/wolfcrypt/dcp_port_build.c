/*
 * wolfSSL's own i.MX RT DCP port (wolfcrypt/src/port/nxp/dcp_port.c), compiled unchanged against
 * firmware/drivers/dcp/fsl_dcp.h. Two things around it:
 * - its hash init functions ignore their `heap` argument, which our -Wextra -Werror build would
 *   reject, hence the scoped pragma instead of edits to the port;
 * - in 5.5.4 DCPAesCbcEncrypt/Decrypt leave the FIRST block of the call in aes->reg as the next IV
 *   instead of the last one, so CBC across calls of more than one block is wrong (SP 800-38A in
 *   two 32-byte calls fails). The port's functions are renamed here and wrapped to set the IV
 *   from the last block, as CBC requires;
 * - SINGLE_THREADED, the port gives every AES context channel 0 and key slot 0, so a second
 *   context's key overwrites the first's in the DCP: a TLS session, which holds its write key
 *   and its read key at once, then encrypts with the read key (the TLS client's first
 *   application record fails the server's GCM check). A build that holds two keys
 *   (DCP_PORT_KEY_PER_CONTEXT, ports/wolfcrypt/tls/user_settings.h) gives each context its key
 *   in the packet's payload instead (the driver's kDCP_PayloadKey, as NXP's fsl_dcp has it).
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define DCPAesCbcEncrypt wolfssl_port_DCPAesCbcEncrypt
#define DCPAesCbcDecrypt wolfssl_port_DCPAesCbcDecrypt
#define DCPAesInit wolfssl_port_DCPAesInit
#include "wolfcrypt/src/port/nxp/dcp_port.c"
#undef DCPAesCbcEncrypt
#undef DCPAesCbcDecrypt
#undef DCPAesInit

int DCPAesInit(Aes *aes);

int DCPAesInit(Aes *aes)
{
    int ret = wolfssl_port_DCPAesInit(aes);
#if defined(DCP_PORT_KEY_PER_CONTEXT) && DCP_PORT_KEY_PER_CONTEXT
    if (ret == 0) {
        aes->handle.keySlot = kDCP_PayloadKey;
    }
#endif
    return ret;
}

int DCPAesCbcEncrypt(Aes *aes, byte *out, const byte *in, word32 sz);
int DCPAesCbcDecrypt(Aes *aes, byte *out, const byte *in, word32 sz);

int DCPAesCbcEncrypt(Aes *aes, byte *out, const byte *in, word32 sz)
{
    int ret = wolfssl_port_DCPAesCbcEncrypt(aes, out, in, sz);
    if (ret == 0 && sz >= AES_BLOCK_SIZE) {
        XMEMCPY(aes->reg, out + sz - AES_BLOCK_SIZE, AES_BLOCK_SIZE);
    }
    return ret;
}

int DCPAesCbcDecrypt(Aes *aes, byte *out, const byte *in, word32 sz)
{
    byte next_iv[AES_BLOCK_SIZE];
    if (sz >= AES_BLOCK_SIZE) {
        XMEMCPY(next_iv, in + sz - AES_BLOCK_SIZE, AES_BLOCK_SIZE); /* before an in-place decrypt */
    }
    int ret = wolfssl_port_DCPAesCbcDecrypt(aes, out, in, sz);
    if (ret == 0 && sz >= AES_BLOCK_SIZE) {
        XMEMCPY(aes->reg, next_iv, AES_BLOCK_SIZE);
    }
    return ret;
}
