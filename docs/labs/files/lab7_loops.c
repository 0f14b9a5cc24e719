/* Lab 7 (docs/labs/7-your-own-function.md): a byte checksum written two ways, for a Cortex-M4
 * (the stm32f407 board). Build it as the lab's first step says; nothing else is needed. */
#include <stdint.h>

#define BUFFER_BYTES 256u

void reset_handler(void);
void default_handler(void);

__attribute__((section(".vectors"), used)) void (*const __isr_vector[16])(void) = {
    (void (*)(void))0x20020000u, reset_handler, default_handler, default_handler,
    default_handler, default_handler, default_handler, 0, 0, 0, 0, default_handler,
    default_handler, 0, default_handler, default_handler,
};

static uint8_t buffer[BUFFER_BYTES];
volatile uint32_t result;

/* One byte per loop turn. */
__attribute__((noinline)) uint32_t checksum_naive(const uint8_t *bytes, uint32_t count)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i < count; i++) {
        sum += bytes[i];
    }
    return sum;
}

/* Four bytes per loop turn: a quarter of the loop's compare and branch. */
__attribute__((noinline)) uint32_t checksum_unrolled(const uint8_t *bytes, uint32_t count)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i < count; i += 4) {
        sum += bytes[i] + bytes[i + 1] + bytes[i + 2] + bytes[i + 3];
    }
    return sum;
}

void default_handler(void)
{
    for (;;) {
    }
}

void reset_handler(void)
{
    for (uint32_t i = 0; i < BUFFER_BYTES; i++) {
        buffer[i] = (uint8_t)(i * 7u);
    }
    for (int round = 0; round < 3; round++) {
        result = checksum_naive(buffer, BUFFER_BYTES);
        result = checksum_unrolled(buffer, BUFFER_BYTES);
    }
    for (;;) {
    }
}
