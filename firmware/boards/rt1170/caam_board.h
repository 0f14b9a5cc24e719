/* rt1170: hooks between the board and the CAAM accelerator path. */
#ifndef CAAM_BOARD_H
#define CAAM_BOARD_H

/* Called at the end of board_init() on the hw path (the library glue defines it). */
void board_hw_init(void);

/* CAAM_Init with the build's dispatch mode (CAAM_DISPATCH_QUEUED). */
void caam_board_init(void);

#endif
