/* Transmit-only driver for the i.MX RT LPUART (i.MX RT1060 RM, chapter 49; RT1170 RM, LPUART). */
#ifndef IMXRT_LPUART_H
#define IMXRT_LPUART_H

#include <stdint.h>

void lpuart_init(uintptr_t base);
void lpuart_putc(uintptr_t base, char c);

#endif
