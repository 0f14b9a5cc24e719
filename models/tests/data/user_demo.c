/* A user's firmware in miniature, for the tests of `predict --elf` (models/user/): a function
 * called three times, one never called, and, by DEMO_MODE, a call that faults or one that
 * sleeps in WFI until SysTick wakes it; by DEMO_PREAMBLE, a long start before the calls. */
#include <stdint.h>

#ifndef DEMO_MODE
#define DEMO_MODE 0
#endif
/* Loop turns of each call of sum_of_squares (tools/bench_predict_elf.py makes it long). */
#ifndef DEMO_TURNS
#define DEMO_TURNS 100
#endif
/* Loop turns of the work before the first call (0: none). */
#ifndef DEMO_PREAMBLE
#define DEMO_PREAMBLE 0
#endif

void reset_handler(void);
void hard_fault_handler(void);
void systick_handler(void);

__attribute__((section(".vectors"), used)) void (*const __isr_vector[16])(void) = {
    (void (*)(void))0x20008000u, reset_handler, 0, hard_fault_handler,
    hard_fault_handler, hard_fault_handler, hard_fault_handler, 0, 0, 0, 0, 0, 0, 0, 0,
    systick_handler,
};

volatile uint32_t sink;

__attribute__((noinline)) uint32_t sum_of_squares(uint32_t n)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        sum += i * i;
        __asm volatile("" : "+r"(sum));
    }
    return sum;
}

__attribute__((noinline)) uint32_t preamble(uint32_t n)
{
    uint32_t x = 1;
    for (uint32_t i = 0; i < n; i++) {
        x = x * 5u + i;
        __asm volatile("" : "+r"(x));
    }
    return x;
}

__attribute__((noinline)) void never_called(void)
{
    sink = 1;
}

__attribute__((noinline)) void faults(void)
{
    __asm volatile("udf #0");
}

__attribute__((noinline)) void sleeps(void)
{
    __asm volatile("wfi");
}

void systick_handler(void)
{
    sink++;
}

void hard_fault_handler(void)
{
    for (;;) {
    }
}

void reset_handler(void)
{
    if (DEMO_PREAMBLE != 0) {
        sink = preamble(DEMO_PREAMBLE);
    }
    for (int k = 0; k < 3; k++) {
        sink += sum_of_squares(DEMO_TURNS);
    }
    if (DEMO_MODE == 1) {
        faults();
    }
    if (DEMO_MODE == 2) {
        *(volatile uint32_t *)0xE000E014u = 999;  /* SysTick LOAD */
        *(volatile uint32_t *)0xE000E018u = 0;    /* VAL */
        *(volatile uint32_t *)0xE000E010u = 7;    /* CTRL: enable, interrupt, core clock */
        sleeps();
    }
    if (sink == 0x12345678u) {
        never_called();
    }
    for (;;) {
    }
}
