/*
 * Optional hooks a board's `hw` path provides (weak defaults in the board file keep the `sw` path
 * free of accelerator code): set-up before main(), and the accelerator's random number generator
 * as the DRBG seed source.
 */
#ifndef BOARD_ACCELERATOR_H
#define BOARD_ACCELERATOR_H

#include <stddef.h>
#include <stdint.h>

/* Called at the end of board_init(). */
void board_accelerator_init(void);

/* 0 and len bytes in buf when the accelerator supplied them; non-zero otherwise. */
int board_accelerator_entropy(uint8_t *buf, size_t len);

/* Name of the accelerator's entropy source, or NULL when it is not in use. */
const char *board_accelerator_entropy_source(void);

/* The crypto library's own accelerator set-up (wolfCrypt_Init for its ATECC port). 0 on success. */
int accelerator_library_init(void);

#endif
