/*
 * The dummy benchmark of a code-size measurement (models/validation/size.py): the four functions
 * every benchmark defines, doing nothing, as Embench's support/dummy-benchmark does; its image's
 * sections are subtracted from each benchmark's.
 */
#include "support.h"

#define MAGIC 0xBE

void __attribute__((noinline)) initialise_benchmark(void)
{
}

void __attribute__((noinline)) warm_caches(int heat)
{
    (void)heat;
}

int __attribute__((noinline)) benchmark(void)
{
    return MAGIC;
}

int __attribute__((noinline)) verify_benchmark(int result)
{
    return result == MAGIC;
}
