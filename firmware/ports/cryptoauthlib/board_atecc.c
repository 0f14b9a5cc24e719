/*
 * The samd21 board's accelerator hooks on the `hw` path (see boards/samd21/board.c): the device
 * is initialised (and provisioned on first boot) before main(), and the DRBG seed comes from the
 * device's random number generator.
 */
#include "atecc.h"
#include "board.h"
#include "board_accelerator.h"

static int device_ready;

void board_accelerator_init(void)
{
    device_ready = atecc_init() == 0 && accelerator_library_init() == 0;
}

int board_accelerator_entropy(uint8_t *buf, size_t len)
{
    return device_ready ? atecc_random(buf, len) : -1;
}

const char *board_accelerator_entropy_source(void)
{
    return device_ready ? "atecc508a-random" : NULL;
}
