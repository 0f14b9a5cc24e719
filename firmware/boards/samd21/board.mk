# ATSAMD21J18A (SAMD21 Xplained Pro class): Cortex-M0+ at 48 MHz, 256 KiB flash, 32 KiB SRAM.
# Console: SERCOM3 USART (the Xplained Pro's EDBG virtual COM port).
BOARD_CORE     := m0plus
BOARD_CPUFLAGS := -mcpu=cortex-m0plus -mthumb -mfloat-abi=soft
BOARD_CLOCK_HZ := 48000000
BOARD_CYCLES   := systick
BOARD_SOURCES  := boards/samd21/board.c
# The bench's ECC P-256 part (keygen/sign/verify/ECDH) runs on this board: its published rows
# include ECC key generation in software and on the ATECC508A.
BOARD_CFLAGS   := -DBENCH_WITH_ECC
# wolfCrypt's benchmark program (apps/wolfbench/same_outputs.h): no P-384 run and no ECDH output
# between fixed keys. In software, even P-256 does not fit the heap (MEMORY_E: fastmath sized for
# RSA-2048); on the ATECC508A path, wolfSSL's port makes keys on the device, which has P-256 only
# (ecc.c: other curves are NOT_COMPILED_IN), and keeps private keys in its slots.
APP_CFLAGS_wolfbench_samd21 := -DWOLFBENCH_P384=0 -DWOLFBENCH_ECDH_OUTPUT=0
