# MIMXRT1060-EVK (i.MX RT1062): Cortex-M7 at 600 MHz, code in ITCM and data in DTCM, as in the
# published RT1060 measurements. Console: LPUART1.
BOARD_CORE     := m7
BOARD_CPUFLAGS := -mcpu=cortex-m7 -mthumb -mfloat-abi=soft
BOARD_CLOCK_HZ := 600000000
BOARD_CYCLES   := dwt
BOARD_SOURCES  := boards/imxrt_lpuart.c boards/rt1060/board.c
