# STM32F407 (as in the published STM32F407ZGT6 rows): Cortex-M4 at 16 MHz on the HSI oscillator,
# 1 MiB flash, 128 KiB SRAM. Console: USART2. Entropy: the on-chip RNG.
BOARD_CORE     := m4
BOARD_CPUFLAGS := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
BOARD_CLOCK_HZ := 16000000
BOARD_CYCLES   := dwt
BOARD_SOURCES  := boards/stm32f407/board.c
