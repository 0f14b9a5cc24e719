/*
 * SystemCoreClock, the core clock the SDK's drivers read (CMSIS system_<device>.c defines it). The
 * conformance images start as the project's other images do (common/startup.c, the board's
 * board_init) and do not run the SDK's SystemInit, so the variable is defined here, at the board's
 * nominal clock.
 */
#include <stdint.h>

uint32_t SystemCoreClock = BOARD_CLOCK_HZ;
