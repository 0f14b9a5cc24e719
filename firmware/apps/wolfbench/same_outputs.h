/* Fixed inputs through the accelerated algorithms, outputs printed for a software/accelerator
 * comparison (same_outputs.c). */
#ifndef WOLFBENCH_SAME_OUTPUTS_H
#define WOLFBENCH_SAME_OUTPUTS_H

/* Prints one `@output <name> <hex>` line per algorithm; returns how many failed. */
int print_same_outputs(void);

#endif
