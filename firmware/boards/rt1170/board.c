/* MIMXRT1170-EVK (CM7): console on LPUART1; clocks are left as the boot ROM sets them under Renode. */
#include "board.h"
#include "cycles.h"
#include "fixed_entropy.h"
#include "imxrt_lpuart.h"
#if defined(BOARD_ENTROPY_CAAM)
#include "fsl_caam.h"
#endif

#define LPUART1_BASE 0x4007C000u

/* The software path has no accelerator; the hw path's glue replaces this (caam_board.c). */
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

#if defined(BOARD_ENTROPY_CAAM)
/* hw path: the CAAM's RNG, the RT1170's only random source (accelerators.md 2.1). */
int board_entropy(uint8_t *buf, size_t len)
{
    return CAAM_RNG_GetRandomData(buf, len) == kStatus_Success ? 0 : -1;
}

const char *board_entropy_source(void)
{
    return "caam-rng";
}
#else
int board_entropy(uint8_t *buf, size_t len)
{
    return fixed_entropy(buf, len);
}

const char *board_entropy_source(void)
{
    return "fixed-test-sequence";
}
#endif
