/*
 * The x25519-cm0 validation image (Cortex-M0+): calls the published functions a few times, then
 * loops forever. `python -m models predict --core m0plus --clock-hz 8e6` counts each call of
 * x25519, gf_inv_inner (x25519 calls it once, to turn the ladder's x2/z2 into x2 * z2^-1) and
 * gf_legendre_inner (through legendre_of in glue.S) from its entry to its return.
 *
 * The first x25519 call is checked against RFC 7748's one-iteration result (section 5.2); a
 * wrong result faults, so a prediction never prices a run that computed something else.
 */
#include <stddef.h>
#include <stdint.h>

#define CALLS 3

void x25519(void *dst, const void *src, const void *scalar);
int32_t legendre_of(const uint32_t *x);
void reset_handler(void);
void fault_handler(void);
void *memcpy(void *dst, const void *src, size_t count);

/* Initial stack pointer: the top of the 32 KiB SRAM (link.ld). */
__attribute__((section(".vectors"), used)) void (*const __isr_vector[16])(void) = {
    (void (*)(void))0x20008000u, reset_handler, fault_handler, fault_handler,
    fault_handler, fault_handler, fault_handler, 0, 0, 0, 0, fault_handler,
    fault_handler, 0, fault_handler, fault_handler,
};

/* RFC 7748 section 5.2: k = u = 9; after one iteration k is this. */
static const uint8_t rfc7748_once[32] = {
    0x42, 0x2c, 0x8e, 0x7a, 0x62, 0x27, 0xd7, 0xbc, 0xa1, 0x35, 0x0b, 0x3e, 0x2b, 0xb7, 0x27, 0x9f,
    0x78, 0x97, 0xb8, 0x7b, 0xb6, 0x85, 0x4b, 0x78, 0x3c, 0x60, 0xe8, 0x03, 0x11, 0xae, 0x30, 0x79,
};

static uint8_t scalar[32], point[32], out[32];
static uint32_t element[8];
volatile int32_t symbols_sink;

/* x25519's only dependency: a plain byte copy, so that no libc is linked. It copies three
 * 32-byte buffers per x25519 call, a few hundred of its three million cycles, whatever libc
 * the published build used. */
void *memcpy(void *dst, const void *src, size_t count)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (count--) {
        *d++ = *s++;
    }
    return dst;
}

void fault_handler(void)
{
    for (;;) {
    }
}

static int same(const uint8_t *a, const uint8_t *b, size_t count)
{
    uint8_t difference = 0;
    for (size_t i = 0; i < count; i++) {
        difference |= a[i] ^ b[i];
    }
    return difference == 0;
}

void reset_handler(void)
{
    for (size_t i = 0; i < sizeof scalar; i++) {
        scalar[i] = point[i] = 0;
    }
    scalar[0] = point[0] = 9;
    /* RFC 7748's iteration: the output becomes the scalar, the scalar the point. */
    for (int call = 0; call < CALLS; call++) {
        x25519(out, point, scalar);
        if (call == 0 && !same(out, rfc7748_once, sizeof out)) {
            __asm volatile("udf #0");
        }
        memcpy(point, scalar, sizeof point);
        memcpy(scalar, out, sizeof scalar);
    }
    /* The Legendre symbol of 2, 4 and 8: 2 is not a square mod p = 2^255-19 (p = 5 mod 8), 4 is;
     * a wrong symbol faults. */
    for (int call = 0; call < CALLS; call++) {
        for (size_t i = 0; i < 8; i++) {
            element[i] = 0;
        }
        element[0] = 2u << call;
        symbols_sink = legendre_of(element);
        if (symbols_sink != ((call & 1) ? 1 : -1)) {
            __asm volatile("udf #0");
        }
    }
    for (;;) {
    }
}
