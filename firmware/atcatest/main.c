/*
 * cryptoauthlib's own test suite (test/api_atcab of the pinned library version, unmodified) on the
 * samd21 board's ATECC508A, through the project's I2C HAL.
 *
 * The sequence is cryptoauthlib's run_all_tests() (test/atca_test_console.c) with one change of
 * driver, not of test: run_all_tests() stops at the first phase with a failure, this program runs
 * every phase and reports each, so that the pass count of each lock phase is known:
 *   1. basic tests, configuration zone unlocked
 *   2. lock the configuration zone (lock_config_zone()), basic tests again
 *   3. lock the data zone (lock_data_zone()), basic tests again, then the helper tests.
 * A phase whose zone is already locked (a device state carried over) is reported as skipped, as
 * run_all_tests() skips it.
 * Each phase prints Unity's verbose lines and its summary, then one `@atcatest {json}` line.
 */
#include <stdbool.h>
#include <stdio.h>

#include "atca_test.h"
#include "board.h"
#include "cryptoauthlib.h"

int lock_status(int argc, char *argv[]);
int lock_config_zone(int argc, char *argv[]);
int lock_data_zone(int argc, char *argv[]);
int info(int argc, char *argv[]);
int read_sernum(int argc, char *argv[]);
int run_test(int argc, char *argv[], void (*fptest)(void));
ATCA_STATUS is_config_locked(bool *isLocked);
ATCA_STATUS is_data_locked(bool *isLocked);

/* The board's ATECC508A: 8-bit address 0xC0 on SERCOM2 (ports/cryptoauthlib/hal_samd21_i2c.c). */
static ATCAIfaceCfg samd21_atecc508a = {
    .iface_type = ATCA_I2C_IFACE,
    .devtype = ATECC508A,
    .atcai2c = {.address = 0xC0, .bus = 2, .baud = 400000},
    .wake_delay = 1500,
    .rx_retries = 20,
};

static void report(const char *phase, int failures, int ran, int status)
{
    printf("@atcatest {\"phase\":\"%s\",\"ran\":%s,\"failures\":%d,\"status\":%d}\n", phase,
           ran ? "true" : "false", failures, status);
}

static int run_phase(const char *phase, void (*tests)(void))
{
    /* run_test() appends "-v" (verbose: one line per test) to the argument list. */
    char *argv[4] = {"atcatest", NULL, NULL, NULL};
    printf("=== cryptoauthlib tests: %s\n", phase);
    int failures = run_test(1, argv, tests);
    report(phase, failures, 1, 0);
    return failures;
}

int main(void)
{
    board_init();
    char *argv[2] = {"atcatest", NULL};
    g_atca_test_quiet_mode = true; /* lock without asking on the console, as in CI */
    atca_test_config_set_ifacecfg(&samd21_atecc508a);

    info(1, argv);
    (void)read_sernum(1, argv);
    bool config_locked = false;
    bool data_locked = false;
    ATCA_STATUS status = is_config_locked(&config_locked);
    if (status == ATCA_SUCCESS) {
        status = is_data_locked(&data_locked);
    }
    if (status != ATCA_SUCCESS) {
        report("lock-state", 0, 0, (int)status);
        printf("@atcatest-done\n");
        for (;;) {
        }
    }
    (void)lock_status(1, argv);

    if (!config_locked) {
        run_phase("config-unlocked", RunAllBasicTests);
        status = (ATCA_STATUS)lock_config_zone(1, argv);
        report("lock-config", 0, 1, (int)status);
    } else {
        report("config-unlocked", 0, 0, 0);
    }
    if (!data_locked) {
        run_phase("data-unlocked", RunAllBasicTests);
        status = (ATCA_STATUS)lock_data_zone(1, argv);
        report("lock-data", 0, 1, (int)status);
    } else {
        report("data-unlocked", 0, 0, 0);
    }
    run_phase("data-locked", RunAllBasicTests);
    run_phase("helpers", RunAllHelperTests);
    printf("@atcatest-done\n");
    for (;;) {
    }
}
