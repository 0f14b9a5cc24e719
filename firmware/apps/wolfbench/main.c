/*
 * wolfbench: wolfCrypt's own benchmark program (wolfcrypt/benchmark/benchmark.c, compiled
 * unmodified with NO_MAIN_FUNCTION) on the board. This file is the embedded glue the program
 * provides hooks for: its clock (WOLFSSL_CURRTIME_REMAP, from the board's cycle counter) and the
 * calls of its command-line entry: the whole set (P-256 for ECC), then P-384's ECC operations
 * where the board takes them (WOLFBENCH_P384), then, in the public-key profiling images, RSA at a
 * second key size (WOLFBENCH_RSA_KEY_BITS). The program prints its own table on the console;
 * tools/native_bench.py reads it back. After it, same_outputs.c prints what the accelerated
 * algorithms compute on fixed inputs, for the software/accelerator comparison.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port.h"
#include "cycles.h"
#include "same_outputs.h"

int wolfcrypt_benchmark_main(int argc, char **argv);

#define WOLFBENCH_STRING(x) WOLFBENCH_STRING_OF(x)
#define WOLFBENCH_STRING_OF(x) #x

#ifdef WOLFSSL_ATECC508A
#include <wolfssl/wolfcrypt/port/atmel/atmel.h>

/*
 * The benchmark holds two ephemeral P-256 keys at once (ECDHE: genKey and genKey2), where
 * wolfSSL's default slot allocator has one ephemeral slot (2): the second key's generation fails,
 * which the program does not check, and ECDHE then sends the device a zero public key (WC_HW_E).
 * The board provisions slots 0-3 as P-256 private keys (ports/cryptoauthlib/atecc.c), so this
 * application gives ephemeral keys slots 2 and 3 through wolfSSL's atmel_set_slot_allocator hook,
 * as an application with more key slots does; the other slot types keep wolfSSL's defaults.
 */
enum { FIRST_EPHEMERAL_SLOT = 2, EPHEMERAL_SLOTS = 2 };
static int ephemeral_slot_used[EPHEMERAL_SLOTS];

static int wolfbench_slot_alloc(int slot_type)
{
    switch (slot_type) {
    case ATMEL_SLOT_ENCKEY:
        return ATECC_SLOT_I2C_ENC;
    case ATMEL_SLOT_DEVICE:
        return ATECC_SLOT_AUTH_PRIV;
    case ATMEL_SLOT_ECDHE_ENC:
        return ATECC_SLOT_ENC_PARENT;
    case ATMEL_SLOT_ECDHE:
    case ATMEL_SLOT_ANY:
        for (int i = 0; i < EPHEMERAL_SLOTS; i++) {
            if (!ephemeral_slot_used[i]) {
                ephemeral_slot_used[i] = 1;
                return FIRST_EPHEMERAL_SLOT + i;
            }
        }
        return ATECC_INVALID_SLOT;
    default:
        return ATECC_INVALID_SLOT;
    }
}

static void wolfbench_slot_free(int slot)
{
    if (slot >= FIRST_EPHEMERAL_SLOT && slot < FIRST_EPHEMERAL_SLOT + EPHEMERAL_SLOTS) {
        ephemeral_slot_used[slot - FIRST_EPHEMERAL_SLOT] = 0;
    }
}
#endif

/* The benchmark's time in seconds. It subtracts two readings, so the origin does not matter;
 * `reset` (start of a measurement) needs no action with a free-running counter. */
double wolfbench_seconds(int reset)
{
    (void)reset;
    return (double)cycles_now() / (double)BOARD_CLOCK_HZ;
}

/* One run of the program with its command-line options (space separated; NULL: none, the whole
 * set). */
static int run_program(const char *options)
{
    static char program[] = "benchmark";
    static char words[128];
    char *argv[16] = {program};
    int argc = 1;
    if (options != NULL) {
        snprintf(words, sizeof words, "%s", options);
        for (char *word = strtok(words, " "); word != NULL && argc < 15; word = strtok(NULL, " ")) {
            argv[argc++] = word;
        }
    }
    return wolfcrypt_benchmark_main(argc, argv);
}

int main(void)
{
    printf("\n@start wolfbench board=%s library=%s path=%s opt=%s clock_hz=%lu counter=%s\n",
           BOARD_NAME, port_library_version(), BUILD_PATH, BUILD_OPT,
           (unsigned long)BOARD_CLOCK_HZ, cycles_source());
#ifdef WOLFSSL_ATECC508A
    atmel_set_slot_allocator(wolfbench_slot_alloc, wolfbench_slot_free);
#endif
#ifdef WOLFBENCH_OPTIONS
    /* The rows of these options only (the profiling builds, firmware/Makefile wolfbench-profile). */
    int status = run_program(WOLFBENCH_OPTIONS);
#else
    int status = run_program(NULL);
#endif
#if WOLFBENCH_P384
    if (status == 0) {
        status = run_program("-ecc-kg -ecc -p384");
    }
#endif
#ifdef WOLFBENCH_RSA_KEY_BITS
    /* The program's RSA rows at this key size: it generates the key (WOLFSSL_KEY_GEN), then times
     * the public and private operations as for its built-in 2048-bit key. */
    if (status == 0) {
        status = run_program("-rsa-sz " WOLFBENCH_STRING(WOLFBENCH_RSA_KEY_BITS));
    }
#endif
    int output_failures = print_same_outputs();
    printf("@done wolfbench status=%d output_failures=%d\n", status, output_failures);
    return status == 0 && output_failures == 0 ? 0 : 1;
}
