/*
 * mbedbench: mbedtls's own benchmark program (programs/test/benchmark.c, compiled unmodified,
 * its main() and exit() renamed mbedtls_benchmark_main and mbedbench_exit by the build) on the
 * board. This file gives it the command line a user would type: the algorithms of
 * MBEDBENCH_ARGS (space separated; empty: all of them), and the end a console can see. Its clock and alarm are the port's (ports/mbedtls/timing_alt.h). The program
 * prints its own table on the console; tools/mbedbench.py reads it back.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port.h"
#include "cycles.h"

#define STRINGIFY(x) #x
#define STRING(x) STRINGIFY(x)
#ifndef MBEDBENCH_ARGS
#define MBEDBENCH_ARGS
#endif

#define MAX_ARGS 32

int mbedtls_benchmark_main(int argc, char *argv[]);
void mbedbench_exit(int status) __attribute__((noreturn));

/* The program's exit(): it ends by calling exit(0) (mbedtls_exit), not by returning. */
void mbedbench_exit(int status)
{
    fflush(stdout);
    printf("@done mbedbench status=%d\n@exit %d\n", status, status);
    fflush(stdout);
    for (;;) {
        __asm volatile("wfi");
    }
}

int main(void)
{
    static const char args[] = STRING(MBEDBENCH_ARGS);
    static char words[sizeof(args)];
    char *argv[MAX_ARGS + 2] = {"benchmark"};
    int argc = 1;
    memcpy(words, args, sizeof(args));
    for (char *word = strtok(words, " "); word != NULL && argc <= MAX_ARGS;
         word = strtok(NULL, " ")) {
        argv[argc++] = word;
    }
    printf("\n@start mbedbench board=%s library=%s path=%s opt=%s clock_hz=%lu counter=%s "
           "args=%s\n", BOARD_NAME, port_library_version(), BUILD_PATH, BUILD_OPT,
           (unsigned long)BOARD_CLOCK_HZ, cycles_source(), argc > 1 ? args : "all");
    mbedbench_exit(mbedtls_benchmark_main(argc, argv));
}
