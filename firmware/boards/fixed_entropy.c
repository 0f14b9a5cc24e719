#include "fixed_entropy.h"

/* xorshift32 from a fixed seed (Marsaglia, "Xorshift RNGs", 2003). */
int fixed_entropy(uint8_t *buf, size_t len)
{
    static uint32_t state = 0x2545F491u;
    for (size_t i = 0; i < len; i++) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        buf[i] = (uint8_t)state;
    }
    return 0;
}
