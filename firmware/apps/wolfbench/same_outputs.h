/* Fixed inputs through the accelerated algorithms, outputs printed for a software/accelerator
 * comparison (same_outputs.c). */
#ifndef WOLFBENCH_SAME_OUTPUTS_H
#define WOLFBENCH_SAME_OUTPUTS_H

/* What a board's wolfbench images run besides the whole set; a board sets 0 where it cannot
 * (firmware/boards/<board>/board.mk, APP_CFLAGS_wolfbench_<board>):
 *   WOLFBENCH_P384         the program's P-384 run, and a P-384 ECDH output;
 *   WOLFBENCH_ECDH_OUTPUT  ECDH outputs between fixed private keys. */
#ifndef WOLFBENCH_P384
#define WOLFBENCH_P384 1
#endif
#ifndef WOLFBENCH_ECDH_OUTPUT
#define WOLFBENCH_ECDH_OUTPUT 1
#endif

/* Prints one `@output <name> <hex>` line per algorithm; returns how many failed. */
int print_same_outputs(void);

#endif
