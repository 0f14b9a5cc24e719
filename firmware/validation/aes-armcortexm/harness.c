/*
 * The aes-armcortexm validation images (stm32f407 board): call the published functions a few
 * times as the repository's own benchmarks do (aes128/aes.c, aes128ctr/aes_128_ctr.c), then loop
 * forever. `python -m models predict --board stm32f407` counts each call of the library's entry
 * points from entry to return.
 *
 * AES_IMAGE_CTR 0: AES_128_keyschedule and AES_128_encrypt (aes128.s), checked against
 * FIPS-197 appendix C.1. AES_IMAGE_CTR 1: AES_128_encrypt_ctr on 4,096 bytes from counter 0
 * with the published benchmark's key, nonce and input (aes128ctr.s), its first and last blocks
 * checked against a reference AES-128 (the counter block is the 32-bit counter, little-endian,
 * then the nonce). A wrong result faults, so a prediction never prices a run that computed
 * something else.
 */
#include <stddef.h>
#include <stdint.h>

#ifndef AES_IMAGE_CTR
#error "AES_IMAGE_CTR must be defined (0: single block, 1: CTR)"
#endif

#define CALLS 3
#define ROUND_KEY_BYTES (11 * 16)

void reset_handler(void);
void fault_handler(void);

/* Initial stack pointer: the top of SRAM1 (link.ld), where the published builds put it. */
__attribute__((section(".vectors"), used)) void (*const __isr_vector[16])(void) = {
    (void (*)(void))0x2001C000u, reset_handler, fault_handler, fault_handler,
    fault_handler, fault_handler, fault_handler, 0, 0, 0, 0, fault_handler,
    fault_handler, 0, fault_handler, fault_handler,
};

void AES_128_keyschedule(const uint8_t *key, uint8_t *rk);

void fault_handler(void)
{
    for (;;) {
    }
}

static void copy(uint8_t *dst, const uint8_t *src, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        dst[i] = src[i];
    }
}

static void check(const uint8_t *got, const uint8_t *expected, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (got[i] != expected[i]) {
            __asm volatile("udf #0");
        }
    }
}

#if AES_IMAGE_CTR == 0

void AES_128_encrypt(const uint8_t *rk, const uint8_t *in, uint8_t *out);

static const uint8_t fips_key[16] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
};
static const uint8_t fips_plain[16] = {
    0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
};
static const uint8_t fips_cipher[16] = {
    0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30, 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a,
};

/* Word-aligned: the functions read and write whole words (ldm, str). */
static uint8_t rk[ROUND_KEY_BYTES] __attribute__((aligned(4)));
static uint8_t block[2][16] __attribute__((aligned(4)));

void reset_handler(void)
{
    /* As aes128/aes.c: the first round key is the key, the schedule writes the other ten. */
    copy(rk, fips_key, 16);
    for (int call = 0; call < CALLS; call++) {
        AES_128_keyschedule(fips_key, rk + 16);
    }
    copy(block[0], fips_plain, 16);
    for (int call = 0; call < CALLS; call++) {
        AES_128_encrypt(rk, block[call & 1], block[(call + 1) & 1]);
        if (call == 0) {
            check(block[1], fips_cipher, 16);
        }
    }
    for (;;) {
    }
}

#else

/* aes128ctr/aes_128_ctr.c's parameter block. */
struct param {
    uint32_t ctr;
    uint8_t nonce[12];
    uint8_t rk[ROUND_KEY_BYTES];
};

void AES_128_encrypt_ctr(const struct param *p, const uint8_t *in, uint8_t *out, uint32_t len);

/* The published benchmark's length: 256 blocks; its figure is the call's cycles / 256. */
#define LENGTH (256u * 16u)

static const uint8_t key[16] = {4, 5, 6, 7, 4, 5, 6, 8, 4, 5, 6, 9, 4, 5, 6, 10};
static const uint8_t nonce[12] = {1, 2, 3, 1, 2, 4, 1, 2, 5, 1, 2, 6};
/* The first and the last output block for that key, nonce and input (in[i] = i % 256). */
static const uint8_t first_block[16] = {
    0x3e, 0xe2, 0x4d, 0x34, 0x9b, 0x05, 0x07, 0x09, 0xaf, 0x0a, 0x19, 0x17, 0xbf, 0x28, 0xfc, 0xb7,
};
static const uint8_t last_block[16] = {
    0x47, 0x64, 0xa3, 0x9d, 0x6c, 0x23, 0xc6, 0x22, 0xc7, 0x86, 0x89, 0x80, 0x22, 0x6a, 0x4e, 0x23,
};

static struct param p __attribute__((aligned(4)));
static uint8_t in[LENGTH] __attribute__((aligned(4)));
static uint8_t out[LENGTH] __attribute__((aligned(4)));

void reset_handler(void)
{
    for (uint32_t i = 0; i < LENGTH; i++) {
        in[i] = (uint8_t)(i % 256u);
    }
    copy(p.nonce, nonce, sizeof nonce);
    copy(p.rk, key, 16);
    for (int call = 0; call < CALLS; call++) {
        AES_128_keyschedule(key, p.rk + 16);
    }
    for (int call = 0; call < CALLS; call++) {
        /* The function advances p.ctr; each call starts from 0, as the published one did. */
        p.ctr = 0;
        AES_128_encrypt_ctr(&p, in, out, LENGTH);
        if (call == 0) {
            check(out, first_block, 16);
            check(out + LENGTH - 16, last_block, 16);
        }
    }
    for (;;) {
    }
}

#endif
