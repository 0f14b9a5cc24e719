# MIMXRT1170-EVK (i.MX RT1176, CM7 core): Cortex-M7 at 996 MHz, code in ITCM and data in DTCM
# (the published RT1170 rows: "CM7 core; code in ITCM"). Console: LPUART1.
BOARD_CORE     := m7
BOARD_CPUFLAGS := -mcpu=cortex-m7 -mthumb -mfloat-abi=soft
BOARD_CLOCK_HZ := 996000000
BOARD_CYCLES   := dwt
BOARD_SOURCES  := boards/imxrt_lpuart.c boards/rt1170/board.c
