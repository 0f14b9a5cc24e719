/* What every board provides to the common code and the apps. */
#ifndef BOARD_H
#define BOARD_H

#include <stddef.h>
#include <stdint.h>

/* Set by the board's board.mk through -D: BOARD_NAME ("rt1060"), BOARD_CLOCK_HZ (nominal core clock). */
#ifndef BOARD_NAME
#error "BOARD_NAME must be defined by the board's board.mk"
#endif
#ifndef BOARD_CLOCK_HZ
#error "BOARD_CLOCK_HZ must be defined by the board's board.mk"
#endif

/* Clocks, console and whatever the board needs before main(). */
void board_init(void);

/* Blocking write of one byte to the console UART. */
void board_putc(char c);

/*
 * Fills buf with len bytes for seeding the libraries' DRBGs. Boards with a true RNG use it;
 * the others return a fixed, documented test sequence (board_entropy_source() says which),
 * which is fine for benchmarking and makes runs reproducible, and useless for security.
 */
int board_entropy(uint8_t *buf, size_t len);
const char *board_entropy_source(void);

#endif
