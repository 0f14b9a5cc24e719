/* Known-answer vectors (generated into kat_vectors.c by gen_kat.py). */
#ifndef KAT_H
#define KAT_H

#include <stddef.h>
#include <stdint.h>

#include "crypto_port.h"

struct sha_kat {
    const char *name;
    enum port_hash_alg alg;
    uint32_t length;
    const char *text;    /* the message, or NULL for `length` bytes of 'a' */
    uint32_t digest_len;
    uint8_t digest[64];
};

struct aes_kat {
    const char *mode;    /* "ecb" or "cbc" */
    int cbc;
    unsigned key_bits;
    uint8_t key[32];
    uint8_t ciphertext[64];
};

extern const struct sha_kat sha_kats[];
extern const unsigned sha_kat_count;
extern const uint8_t sp800_38a_plaintext[64];
extern const uint8_t sp800_38a_iv[16];
extern const struct aes_kat aes_kats[];
extern const unsigned aes_kat_count;

#endif
