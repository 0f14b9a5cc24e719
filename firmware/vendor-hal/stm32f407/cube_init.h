/* The start-up every image here shares, as a CubeMX project's main.c and msp.c write it. */
#ifndef CUBE_INIT_H
#define CUBE_INIT_H

#include "stm32f4xx_hal.h"

extern UART_HandleTypeDef huart2;

/* HAL_Init, SystemClock_Config (HSE 8 MHz, PLL to 168 MHz) and USART2 at 115200 8N1. */
void cube_init(void);
/* Writes a NUL-terminated string to USART2 with HAL_UART_Transmit. */
void console_write(const char *text);
/* CubeMX's: interrupts off, spin; the place a failed HAL call ends. */
void Error_Handler(void);

#endif
