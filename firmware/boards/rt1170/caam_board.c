/*
 * rt1170 hw path: brings the CAAM up before main() (CAAM_Init: job ring 0, RNG instantiation,
 * secure keys) so that no measurement includes it, and selects the driver's dispatch mode:
 * CAAM_DISPATCH_QUEUED=1 queues up to CAAM_QUEUE_DEPTH jobs before waiting; the default waits
 * after every job, as NXP's SDK does. The library glue calls caam_board_init() from board_hw_init().
 */
#include <stdio.h>

#include "fsl_caam.h"
#include "rt1170/caam_board.h"

#ifndef CAAM_DISPATCH_QUEUED
#define CAAM_DISPATCH_QUEUED 0
#endif

void caam_board_init(void)
{
    CAAM_SetDispatch(CAAM_DISPATCH_QUEUED ? kCAAM_DispatchQueued : kCAAM_DispatchOneAtATime);
    if (CAAM_Init() != kStatus_Success) {
        printf("@fault CAAM_Init failed, job status 0x%08lx\n", (unsigned long)CAAM_LastJobStatus());
    }
}
