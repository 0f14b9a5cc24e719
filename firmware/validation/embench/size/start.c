/*
 * Start-up and board support of the code-size images (models/validation/size.py), which measure
 * what Embench's benchmark_size.py measures: an image's code less the dummy benchmark's. Nothing
 * here calls the C library, as nothing in Embench's own STM32 start-up and board support does, so
 * that every library function a benchmark calls counts in its size as it did in the published one.
 */
#include "support.h"

extern int main(void);
extern unsigned long _estack;

void reset(void);

void reset(void)
{
    main();
    for (;;) {
    }
}

__attribute__((section(".isr_vector"), used)) const void *const vectors[2] = {
    &_estack, (const void *)reset};

void initialise_board(void)
{
}

void __attribute__((noinline)) start_trigger(void)
{
}

void __attribute__((noinline)) stop_trigger(void)
{
}
