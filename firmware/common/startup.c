/*
 * Reset handler and vector table shared by every board (Cortex-M0+, M4, M7).
 * The linker script provides the symbols used here (see sections.ld).
 */
#include <stdint.h>
#include <stdio.h>

#include "board.h"

extern uint32_t __data_load;
extern uint32_t __data_start;
extern uint32_t __data_end;
extern uint32_t __bss_start;
extern uint32_t __bss_end;
extern uint32_t __stack_top;

int main(void);
void Reset_Handler(void);
void Default_Handler(void);
void HardFault_Handler(void);

#define WEAK_ALIAS __attribute__((weak, alias("Default_Handler")))
void NMI_Handler(void) WEAK_ALIAS;
void MemManage_Handler(void) WEAK_ALIAS;
void BusFault_Handler(void) WEAK_ALIAS;
void UsageFault_Handler(void) WEAK_ALIAS;
void SVC_Handler(void) WEAK_ALIAS;
void DebugMon_Handler(void) WEAK_ALIAS;
void PendSV_Handler(void) WEAK_ALIAS;
void SysTick_Handler(void) WEAK_ALIAS;
void Board_IRQHandler(uint32_t irq) __attribute__((weak));

/* Device interrupts: every line goes through one dispatcher; boards override Board_IRQHandler. */
static void Device_IRQHandler(void);
static void halt_forever(void);

#define DEVICE_IRQ_COUNT 160u /* covers RT1170 (up to 217 is not needed by our drivers) */

typedef void (*vector_t)(void);

__attribute__((section(".vectors"), used))
const vector_t __vectors[16 + DEVICE_IRQ_COUNT] = {
    [0] = (vector_t)&__stack_top,
    [1] = Reset_Handler,
    [2] = NMI_Handler,
    [3] = HardFault_Handler,
    [4] = MemManage_Handler,
    [5] = BusFault_Handler,
    [6] = UsageFault_Handler,
    [11] = SVC_Handler,
    [12] = DebugMon_Handler,
    [14] = PendSV_Handler,
    [15] = SysTick_Handler,
    [16 ... 16 + DEVICE_IRQ_COUNT - 1] = Device_IRQHandler,
};

void Reset_Handler(void)
{
    uint32_t *src = &__data_load;
    for (uint32_t *dst = &__data_start; dst < &__data_end;) {
        *dst++ = *src++;
    }
    for (uint32_t *dst = &__bss_start; dst < &__bss_end;) {
        *dst++ = 0;
    }
    board_init();
    int status = main();
    fflush(stdout);
    printf("@exit %d\n", status);
    for (;;) {
        __asm volatile("wfi");
    }
}

static void Device_IRQHandler(void)
{
    uint32_t ipsr;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    Board_IRQHandler(ipsr - 16u);
}

void Board_IRQHandler(uint32_t irq)
{
    printf("@fault unexpected IRQ %lu\n", (unsigned long)irq);
    halt_forever();
}

/*
 * Faults print one line the tests treat as failure, then sleep: under Renode a sleeping core lets
 * virtual time run out quickly, so a test waiting for a line that never comes fails fast.
 */
static void halt_forever(void)
{
    for (;;) {
        __asm volatile("wfi");
    }
}

void HardFault_Handler(void)
{
    static const char message[] = "\n@fault HardFault\n";
    for (const char *c = message; *c; c++) {
        board_putc(*c);
    }
    halt_forever();
}

void Default_Handler(void)
{
    static const char message[] = "\n@fault unexpected exception\n";
    for (const char *c = message; *c; c++) {
        board_putc(*c);
    }
    halt_forever();
}
