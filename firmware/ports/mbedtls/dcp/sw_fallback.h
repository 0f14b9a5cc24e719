/*
 * Upstream mbedtls AES and SHA-256, compiled a second time under other names by aes_sw.c and
 * sha256_sw.c, for what the DCP cannot do (AES-192/256, SHA-224). Contexts are opaque storage
 * inside the ALT contexts; the sizes are checked where the real types are known.
 */
#ifndef DCP_SW_FALLBACK_H
#define DCP_SW_FALLBACK_H

#include <stddef.h>
#include <stdint.h>

#define DCP_SW_AES_CONTEXT_WORDS 72u
#define DCP_SW_SHA256_CONTEXT_WORDS 28u

void dcp_sw_aes_init(void *ctx);
void dcp_sw_aes_free(void *ctx);
int dcp_sw_aes_setkey(void *ctx, int encrypt, const unsigned char *key, unsigned int keybits);
int dcp_sw_aes_ecb(void *ctx, int mode, const unsigned char input[16], unsigned char output[16]);
int dcp_sw_aes_cbc(void *ctx, int mode, size_t length, unsigned char iv[16],
                   const unsigned char *input, unsigned char *output);

void dcp_sw_sha256_init(void *ctx);
void dcp_sw_sha256_free(void *ctx);
int dcp_sw_sha256_starts(void *ctx, int is224);
int dcp_sw_sha256_update(void *ctx, const unsigned char *input, size_t ilen);
int dcp_sw_sha256_finish(void *ctx, unsigned char output[32]);
int dcp_sw_sha256_process(void *ctx, const unsigned char data[64]);

#endif
