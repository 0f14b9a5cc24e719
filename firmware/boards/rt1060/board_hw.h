/* rt1060: hooks between the board and the accelerator path (hw builds only link the DCP). */
#ifndef BOARD_HW_H
#define BOARD_HW_H

/* Called at the end of board_init(); the hw path's glue initialises the DCP here. */
void board_hw_init(void);

/*
 * Applies the build's DCP completion and dispatch modes (DCP_COMPLETION_IRQ=1 for interrupt
 * completion, DCP_DISPATCH_CHAINED=1 for chains, DCP_MAX_PACKET_BYTES to split work into
 * packets; defaults: interrupt completion, one packet at a time, no split; DCP_COMPLETION_IRQ=0
 * polls as the SDK does).
 */
void board_dcp_configure(void);

#endif
