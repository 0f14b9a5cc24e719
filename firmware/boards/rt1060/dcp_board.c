/* rt1060 `hw` path: DCP interrupt routing and the build's DCP driver modes. */
#include <stdio.h>

#include "board_hw.h"
#include "fsl_dcp.h"

/*
 * Interrupt completion by default: the core sleeps (WFI) while the DCP works. NXP's SDK spins on
 * STAT instead (DCP_COMPLETION_IRQ=0); under Renode every spin is a peripheral read, which makes
 * runs slow and adds the spin loop's instructions to the profiles the cycle models read.
 */
#ifndef DCP_COMPLETION_IRQ
#define DCP_COMPLETION_IRQ 1
#endif
#ifndef DCP_DISPATCH_CHAINED
#define DCP_DISPATCH_CHAINED 0
#endif
#ifndef DCP_MAX_PACKET_BYTES
#define DCP_MAX_PACKET_BYTES 0u
#endif

void board_dcp_configure(void)
{
    DCP_SetDispatch(DCP_DISPATCH_CHAINED ? kDCP_DispatchChained : kDCP_DispatchOneAtATime,
                    DCP_MAX_PACKET_BYTES);
    DCP_SetCompletion(DCP, DCP_COMPLETION_IRQ ? kDCP_CompletionInterrupt : kDCP_CompletionPolling);
}

/* Replaces the weak dispatcher of common/startup.c: the DCP lines go to the driver. */
void Board_IRQHandler(uint32_t irq)
{
    if (irq == DCP_IRQn || irq == DCP_VMI_IRQn) {
        DCP_IRQHandler(DCP);
        return;
    }
    printf("@fault unexpected IRQ %lu\n", (unsigned long)irq);
    for (;;) {
        __asm volatile("wfi");
    }
}
