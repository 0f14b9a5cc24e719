/*
 * The link UART of each board, polled (see link.h). The build picks one by LINK_UART:
 *   LINK_IMXRT_LPUART  i.MX RT LPUART2 at LINK_LPUART_BASE, by default the RT1060's 0x40188000
 *                      (RT1060 RM, memory map; the RT1170's is 0x40080000, MIMXRT1176_cm7_COMMON.h
 *                      LPUART2_BASE): STAT.RDRF bit 21, STAT.TDRE bit 23, CTRL.RE bit 18,
 *                      CTRL.TE bit 19, DATA at 0x1C.
 *   LINK_STM32_USART   STM32F407 USART3 at 0x40004800 (RM0090, memory map): SR.RXNE bit 5,
 *                      SR.TXE bit 7, CR1.UE/TE/RE, clock RCC_APB1ENR.USART3EN bit 18.
 *   LINK_SAMD21_SERCOM SAMD21 SERCOM0 in USART mode at 0x42000800 (DS40001882 memory map and
 *                      chapter 26; SERCOM2 is the ATECC508A's I2C, SERCOM3 the console):
 *                      INTFLAG.TXC bit 1, INTFLAG.RXC bit 2, DATA at 0x28, clock
 *                      PM_APBCMASK.SERCOM0 bit 2 and GCLK_CLKCTRL ID 0x14 (SERCOM0_CORE).
 */
#include "link.h"

#include "cycles.h"

#define REG(address) (*(volatile uint32_t *)(address))

#if defined(LINK_IMXRT_LPUART)
#ifndef LINK_LPUART_BASE
#define LINK_LPUART_BASE 0x40188000u
#endif
#define LPUART_BAUD  REG(LINK_LPUART_BASE + 0x10u)
#define LPUART_STAT  REG(LINK_LPUART_BASE + 0x14u)
#define LPUART_CTRL  REG(LINK_LPUART_BASE + 0x18u)
#define LPUART_DATA  REG(LINK_LPUART_BASE + 0x1Cu)
#define STAT_RDRF (1u << 21)
#define STAT_TDRE (1u << 23)
#define CTRL_RE   (1u << 18)
#define CTRL_TE   (1u << 19)
/* 115200 baud from the 80 MHz UART clock of the EVK's default set-up: OSR = 16, SBR = 43. */
#define BAUD_115200_AT_80MHZ ((0xFu << 24) | 43u)

static void uart_init(void)
{
    LPUART_CTRL = 0;
    LPUART_BAUD = BAUD_115200_AT_80MHZ;
    LPUART_CTRL = CTRL_RE | CTRL_TE;
}
static int uart_readable(void) { return (LPUART_STAT & STAT_RDRF) != 0u; }
static uint8_t uart_read(void) { return (uint8_t)LPUART_DATA; }
static void uart_write(uint8_t byte)
{
    while ((LPUART_STAT & STAT_TDRE) == 0u) {
    }
    LPUART_DATA = byte;
}

#elif defined(LINK_STM32_USART)
#define RCC_APB1ENR  REG(0x40023840u)
#define USART3_BASE  0x40004800u
#define USART_SR     REG(USART3_BASE + 0x00u)
#define USART_DR     REG(USART3_BASE + 0x04u)
#define USART_BRR    REG(USART3_BASE + 0x08u)
#define USART_CR1    REG(USART3_BASE + 0x0Cu)
#define SR_RXNE (1u << 5)
#define SR_TXE  (1u << 7)
#define CR1_UE  (1u << 13)
#define CR1_TE  (1u << 3)
#define CR1_RE  (1u << 2)

static void uart_init(void)
{
    RCC_APB1ENR |= 1u << 18;
    /* 115200 baud from the 16 MHz APB1 clock (HSI): USARTDIV = 8.6875, mantissa 8, fraction 11. */
    USART_BRR = (8u << 4) | 11u;
    USART_CR1 = CR1_UE | CR1_TE | CR1_RE;
}
static int uart_readable(void) { return (USART_SR & SR_RXNE) != 0u; }
static uint8_t uart_read(void) { return (uint8_t)USART_DR; }
static void uart_write(uint8_t byte)
{
    while ((USART_SR & SR_TXE) == 0u) {
    }
    USART_DR = byte;
}

#elif defined(LINK_SAMD21_SERCOM)
#define PM_APBCMASK   REG(0x40000420u)
#define GCLK_CLKCTRL  (*(volatile uint16_t *)0x40000C02u)
#define SERCOM0_BASE  0x42000800u
#define USART_CTRLA   REG(SERCOM0_BASE + 0x00u)
#define USART_CTRLB   REG(SERCOM0_BASE + 0x04u)
#define USART_BAUD    (*(volatile uint16_t *)(SERCOM0_BASE + 0x0Cu))
#define USART_INTFLAG (*(volatile uint8_t *)(SERCOM0_BASE + 0x18u))
#define USART_DATA    (*(volatile uint16_t *)(SERCOM0_BASE + 0x28u))
#define INTFLAG_TXC (1u << 1)
#define INTFLAG_RXC (1u << 2)

static void uart_init(void)
{
    PM_APBCMASK |= 1u << 2;                        /* SERCOM0's bus clock */
    GCLK_CLKCTRL = 0x14u | (1u << 14);             /* SERCOM0_CORE from GCLK0 (48 MHz), CLKEN */
    /* Internal clock, TX on PAD2, RX on PAD3, LSB first; as the console (boards/samd21). */
    USART_CTRLA = (1u << 2) | (1u << 16) | (3u << 20) | (1u << 30);
    USART_CTRLB = (1u << 16) | (1u << 17);         /* TXEN, RXEN */
    /* Arithmetic baud for 115200 at 48 MHz: 65536 * (1 - 16 * 115200 / 48e6) = 63019. */
    USART_BAUD = 63019u;
    USART_CTRLA |= 1u << 1;                        /* ENABLE */
}
static int uart_readable(void) { return (USART_INTFLAG & INTFLAG_RXC) != 0u; }
static uint8_t uart_read(void) { return (uint8_t)USART_DATA; }
/* Each byte waits for Transmit Complete (and clears it) rather than for Data Register Empty:
 * Renode's SAMD5x SERCOM USART, which the platform uses for the SAMD21's, reports DRE from its
 * receive queue, so DRE stays low while a received byte is unread. On the part, waiting for TXC
 * costs the byte's frame time, which the report prices as the link's time anyway. */
static void uart_write(uint8_t byte)
{
    USART_DATA = byte;
    while ((USART_INTFLAG & INTFLAG_TXC) == 0u) {
    }
    USART_INTFLAG = INTFLAG_TXC;
}

#else
#error "link.c: the build names no link UART (LINK_IMXRT_LPUART, LINK_STM32_USART or LINK_SAMD21_SERCOM)"
#endif

static struct link_counts counts;

void link_init(void)
{
    uart_init();
    counts.sent = 0;
    counts.received = 0;
}

/* Register reads between two polls: under Renode every peripheral read leaves the translated
 * code, so a tight poll of the UART and the cycle counter runs the emulation a hundred times
 * slower while the peer computes. A spin without them between polls keeps the host fast; on a
 * board it only delays the reaction to the first byte by a few microseconds. */
#define SPINS_BETWEEN_POLLS 512u

/* Not inlined: the prediction counts this function's calls apart (the client waiting). */
__attribute__((noinline)) int link_wait_readable(uint64_t timeout_cycles)
{
    uint64_t start = cycles_now();
    while (!uart_readable()) {
        for (volatile unsigned spin = 0; spin < SPINS_BETWEEN_POLLS; spin++) {
        }
        if (cycles_now() - start > timeout_cycles) {
            return 0;
        }
    }
    return 1;
}

size_t link_read_available(uint8_t *buffer, size_t size)
{
    size_t n = 0;
    while (n < size && uart_readable()) {
        buffer[n++] = uart_read();
    }
    counts.received += (uint32_t)n;
    return n;
}

void link_write(const uint8_t *data, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        uart_write(data[i]);
    }
    counts.sent += (uint32_t)size;
}

struct link_counts link_counts(void)
{
    return counts;
}
