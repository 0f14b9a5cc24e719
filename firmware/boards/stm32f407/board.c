/*
 * STM32F407 on its 16 MHz HSI (reset clock, as in the published rows): console on USART2,
 * entropy from the RNG (RM0090 chapter 24).
 */
#include "board.h"
#include "cycles.h"

#define RCC_AHB2ENR        (*(volatile uint32_t *)0x40023834u)
#define RCC_AHB2ENR_RNGEN  (1u << 6)
#define RCC_APB1ENR        (*(volatile uint32_t *)0x40023840u)
#define RCC_APB1ENR_USART2EN (1u << 17)

#define USART2_BASE        0x40004400u
#define USART_SR           (*(volatile uint32_t *)(USART2_BASE + 0x00u))
#define USART_DR           (*(volatile uint32_t *)(USART2_BASE + 0x04u))
#define USART_BRR          (*(volatile uint32_t *)(USART2_BASE + 0x08u))
#define USART_CR1          (*(volatile uint32_t *)(USART2_BASE + 0x0Cu))
#define USART_SR_TXE       (1u << 7)
#define USART_CR1_UE       (1u << 13)
#define USART_CR1_TE       (1u << 3)
#define USART_BRR_115200_AT_16MHZ 0x8Bu /* 16e6 / 115200 = 138.9 */

#define RNG_CR             (*(volatile uint32_t *)0x50060800u)
#define RNG_SR             (*(volatile uint32_t *)0x50060804u)
#define RNG_DR             (*(volatile uint32_t *)0x50060808u)
#define RNG_CR_RNGEN       (1u << 2)
#define RNG_SR_DRDY        (1u << 0)
#define RNG_SR_ERRORS      ((1u << 5) | (1u << 6)) /* CEIS, SEIS */

void board_init(void)
{
    RCC_APB1ENR |= RCC_APB1ENR_USART2EN;
    RCC_AHB2ENR |= RCC_AHB2ENR_RNGEN;
    USART_BRR = USART_BRR_115200_AT_16MHZ;
    USART_CR1 = USART_CR1_UE | USART_CR1_TE;
    RNG_CR = RNG_CR_RNGEN;
    cycles_init();
}

void board_putc(char c)
{
    while ((USART_SR & USART_SR_TXE) == 0u) {
    }
    USART_DR = (uint8_t)c;
}

int board_entropy(uint8_t *buf, size_t len)
{
    size_t i = 0;
    while (i < len) {
        uint32_t status;
        do {
            status = RNG_SR;
            if (status & RNG_SR_ERRORS) {
                return -1;
            }
        } while ((status & RNG_SR_DRDY) == 0u);
        uint32_t word = RNG_DR;
        for (unsigned b = 0; b < 4u && i < len; b++, i++) {
            buf[i] = (uint8_t)(word >> (8u * b));
        }
    }
    return 0;
}

const char *board_entropy_source(void)
{
    return "stm32-rng";
}
