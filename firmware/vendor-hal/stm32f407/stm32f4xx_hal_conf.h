/*
 * HAL configuration of the STM32F407 vendor-HAL images, as STM32CubeMX writes it for a project
 * with RCC, GPIO, USART2 (asynchronous) and SysTick as its time base: only these modules are
 * enabled (the template stm32f4xx_hal_conf_template.h enables all of them). HSE_VALUE is the
 * 8 MHz crystal of the STM32F4DISCOVERY / STM32F407 boards that CubeMX assumes for a 168 MHz PLL.
 */
#ifndef STM32F4XX_HAL_CONF_H
#define STM32F4XX_HAL_CONF_H

#define HAL_MODULE_ENABLED
#define HAL_RCC_MODULE_ENABLED
#define HAL_GPIO_MODULE_ENABLED
#define HAL_EXTI_MODULE_ENABLED
#define HAL_DMA_MODULE_ENABLED
#define HAL_FLASH_MODULE_ENABLED
#define HAL_PWR_MODULE_ENABLED
#define HAL_CORTEX_MODULE_ENABLED
#define HAL_UART_MODULE_ENABLED

#define HSE_VALUE              8000000U  /* Hz, the board's crystal */
#define HSE_STARTUP_TIMEOUT    100U      /* ms, the template's */
#define HSI_VALUE              16000000U /* Hz, RM0090 6.2.2 */
#define LSI_VALUE              32000U
#define LSE_VALUE              32768U
#define LSE_STARTUP_TIMEOUT    5000U
#define EXTERNAL_CLOCK_VALUE   12288000U

#define VDD_VALUE                  3300U
#define TICK_INT_PRIORITY          0x0FU
#define USE_RTOS                   0U
#define PREFETCH_ENABLE            1U
#define INSTRUCTION_CACHE_ENABLE   1U
#define DATA_CACHE_ENABLE          1U
#define USE_HAL_UART_REGISTER_CALLBACKS 0U

#include "stm32f4xx_hal_rcc.h"
#include "stm32f4xx_hal_gpio.h"
#include "stm32f4xx_hal_exti.h"
#include "stm32f4xx_hal_dma.h"
#include "stm32f4xx_hal_cortex.h"
#include "stm32f4xx_hal_flash.h"
#include "stm32f4xx_hal_pwr.h"
#include "stm32f4xx_hal_uart.h"

#define assert_param(expr) ((void)0U)

#endif
