/* MIMXRT1060-EVK: console on LPUART1; clocks are left as the boot ROM sets them under Renode. */
#include "board.h"
#include "cycles.h"
#include "fixed_entropy.h"
#include "imxrt_lpuart.h"
#include "rt1060/board_hw.h"

#define LPUART1_BASE 0x40184000u

/* The software path has no accelerator; the hw path's glue replaces this (board_hw.h). */
__attribute__((weak)) void board_hw_init(void)
{
}

void board_init(void)
{
    lpuart_init(LPUART1_BASE);
    cycles_init();
    board_hw_init();
}

void board_putc(char c)
{
    lpuart_putc(LPUART1_BASE, c);
}

int board_entropy(uint8_t *buf, size_t len)
{
    return fixed_entropy(buf, len);
}

const char *board_entropy_source(void)
{
    return "fixed-test-sequence";
}
