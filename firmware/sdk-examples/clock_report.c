/*
 * The clock tree as NXP's SDK reads it back after the EVK's own start-up: BOARD_InitHardware of
 * the hello_world example (BOARD_ConfigMPU, pins, BOARD_BootClockRUN, debug console), then
 * CLOCK_GetFreq, which computes each frequency from the CCM and PLL registers. On silicon the
 * core reads 600 MHz (RT1060) and 996 MHz (RT1170 CM7); the models must give the same registers.
 * The one file of the SDK example images that is the project's own.
 */
#include "app.h"
#include "board.h"
#include "fsl_clock.h"
#include "fsl_debug_console.h"

int main(void)
{
    BOARD_InitHardware();
    PRINTF("@clock cpu=%u system_core_clock=%u\r\n", (unsigned)CLOCK_GetFreq(kCLOCK_CpuClk),
           (unsigned)SystemCoreClock);
    for (;;)
    {
    }
}
