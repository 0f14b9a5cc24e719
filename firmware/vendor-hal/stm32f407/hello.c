/*
 * Hello world on ST's STM32CubeF4 HAL: the CubeMX start-up (cube_init.c), a HAL_Delay on the
 * SysTick time base, then the clocks as the HAL computes them from the RCC's registers
 * (HAL_RCC_GetSysClockFreq reads RCC_CFGR.SWS and RCC_PLLCFGR, RM0090 6.3.2 and 6.3.3).
 */
#include <stdio.h>

#include "cube_init.h"

#define DELAY_MS 10u

int main(void)
{
    char line[160];

    cube_init();
    console_write("Hello World from the STM32CubeF4 HAL\r\n");

    uint32_t before = HAL_GetTick();
    HAL_Delay(DELAY_MS);
    uint32_t elapsed = HAL_GetTick() - before;
    (void)snprintf(line, sizeof line, "@delay requested=%lu elapsed_ticks=%lu\r\n",
                   (unsigned long)DELAY_MS, (unsigned long)elapsed);
    console_write(line);

    uint32_t pllcfgr = RCC->PLLCFGR;
    (void)snprintf(line, sizeof line,
                   "@clock sysclk=%lu hclk=%lu pclk1=%lu pclk2=%lu system_core_clock=%lu "
                   "sws=%lu pllm=%lu plln=%lu pllp=%lu flash_latency=%lu\r\n",
                   (unsigned long)HAL_RCC_GetSysClockFreq(), (unsigned long)HAL_RCC_GetHCLKFreq(),
                   (unsigned long)HAL_RCC_GetPCLK1Freq(), (unsigned long)HAL_RCC_GetPCLK2Freq(),
                   (unsigned long)SystemCoreClock,
                   (unsigned long)((RCC->CFGR & RCC_CFGR_SWS) >> RCC_CFGR_SWS_Pos),
                   (unsigned long)(pllcfgr & RCC_PLLCFGR_PLLM),
                   (unsigned long)((pllcfgr & RCC_PLLCFGR_PLLN) >> RCC_PLLCFGR_PLLN_Pos),
                   (unsigned long)((((pllcfgr & RCC_PLLCFGR_PLLP) >> RCC_PLLCFGR_PLLP_Pos) + 1u) * 2u),
                   (unsigned long)__HAL_FLASH_GET_LATENCY());
    console_write(line);
    console_write("@done\r\n");
    for (;;) {
    }
}
