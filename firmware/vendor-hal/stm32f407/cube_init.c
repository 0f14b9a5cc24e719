/*
 * The start-up of an STM32CubeMX project for the STM32F407 at 168 MHz, written as CubeMX
 * generates it (main.c's SystemClock_Config and MX_USART2_UART_Init, stm32f4xx_hal_msp.c,
 * stm32f4xx_it.c's SysTick_Handler), so that the images run ST's HAL exactly as a user's project
 * does: RCC, PWR, FLASH and USART2 through the HAL, with its ready-flag polls and timeouts.
 */
#include <string.h>

#include "cube_init.h"

UART_HandleTypeDef huart2;

/*
 * HSE 8 MHz / PLLM 8 = 1 MHz VCO input, x PLLN 336 = 336 MHz VCO, / PLLP 2 = 168 MHz SYSCLK,
 * / PLLQ 7 = 48 MHz for USB (RM0090 6.3.2). AHB 168 MHz, APB1 / 4 = 42 MHz (its 42 MHz maximum),
 * APB2 / 2 = 84 MHz. At 168 MHz and 2.7-3.6 V the flash needs 5 wait states (RM0090 table 10),
 * and the regulator must be in scale 1 (RM0090 5.1.4).
 */
static void SystemClock_Config(void)
{
    RCC_OscInitTypeDef osc = {0};
    RCC_ClkInitTypeDef clk = {0};

    __HAL_RCC_PWR_CLK_ENABLE();
    __HAL_PWR_VOLTAGESCALING_CONFIG(PWR_REGULATOR_VOLTAGE_SCALE1);

    osc.OscillatorType = RCC_OSCILLATORTYPE_HSE;
    osc.HSEState = RCC_HSE_ON;
    osc.PLL.PLLState = RCC_PLL_ON;
    osc.PLL.PLLSource = RCC_PLLSOURCE_HSE;
    osc.PLL.PLLM = 8;
    osc.PLL.PLLN = 336;
    osc.PLL.PLLP = RCC_PLLP_DIV2;
    osc.PLL.PLLQ = 7;
    if (HAL_RCC_OscConfig(&osc) != HAL_OK) {
        Error_Handler();
    }

    clk.ClockType = RCC_CLOCKTYPE_HCLK | RCC_CLOCKTYPE_SYSCLK | RCC_CLOCKTYPE_PCLK1 | RCC_CLOCKTYPE_PCLK2;
    clk.SYSCLKSource = RCC_SYSCLKSOURCE_PLLCLK;
    clk.AHBCLKDivider = RCC_SYSCLK_DIV1;
    clk.APB1CLKDivider = RCC_HCLK_DIV4;
    clk.APB2CLKDivider = RCC_HCLK_DIV2;
    if (HAL_RCC_ClockConfig(&clk, FLASH_LATENCY_5) != HAL_OK) {
        Error_Handler();
    }
}

static void MX_USART2_UART_Init(void)
{
    huart2.Instance = USART2;
    huart2.Init.BaudRate = 115200;
    huart2.Init.WordLength = UART_WORDLENGTH_8B;
    huart2.Init.StopBits = UART_STOPBITS_1;
    huart2.Init.Parity = UART_PARITY_NONE;
    huart2.Init.Mode = UART_MODE_TX_RX;
    huart2.Init.HwFlowCtl = UART_HWCONTROL_NONE;
    huart2.Init.OverSampling = UART_OVERSAMPLING_16;
    if (HAL_UART_Init(&huart2) != HAL_OK) {
        Error_Handler();
    }
}

/* stm32f4xx_hal_msp.c */
void HAL_MspInit(void)
{
    __HAL_RCC_SYSCFG_CLK_ENABLE();
    __HAL_RCC_PWR_CLK_ENABLE();
}

/* USART2 on PA2 (TX) and PA3 (RX), alternate function 7 (STM32F407 data sheet table 9). */
void HAL_UART_MspInit(UART_HandleTypeDef *huart)
{
    GPIO_InitTypeDef pins = {0};

    if (huart->Instance != USART2) {
        return;
    }
    __HAL_RCC_USART2_CLK_ENABLE();
    __HAL_RCC_GPIOA_CLK_ENABLE();
    pins.Pin = GPIO_PIN_2 | GPIO_PIN_3;
    pins.Mode = GPIO_MODE_AF_PP;
    pins.Pull = GPIO_NOPULL;
    pins.Speed = GPIO_SPEED_FREQ_VERY_HIGH;
    pins.Alternate = GPIO_AF7_USART2;
    HAL_GPIO_Init(GPIOA, &pins);
}

/* stm32f4xx_it.c: SysTick is the HAL's time base (HAL_InitTick). */
void SysTick_Handler(void)
{
    HAL_IncTick();
}

void Error_Handler(void)
{
    __disable_irq();
    for (;;) {
    }
}

void cube_init(void)
{
    HAL_Init();
    SystemClock_Config();
    MX_USART2_UART_Init();
}

void console_write(const char *text)
{
    (void)HAL_UART_Transmit(&huart2, (const uint8_t *)text, (uint16_t)strlen(text), HAL_MAX_DELAY);
}
