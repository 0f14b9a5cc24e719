/* The TLS clients' figures (figures.h), for the wolfSSL (client.c) and mbedtls clients. */
#include "figures.h"

#include <malloc.h>
#include <stdio.h>

#include "board.h"
#include "result.h"

/* Start-up leaves the stack between __heap_end and __stack_top (common/sections.ld); what lies
 * below the caller's frame is painted, and what is no longer paint afterwards is what the client
 * used at most. */
extern uint32_t __heap_end;
extern uint32_t __stack_top;
#define STACK_PAINT 0xA5A5A5A5u

void figures_paint_stack(void)
{
    uintptr_t sp;
    __asm volatile("mov %0, sp" : "=r"(sp));
    volatile uint32_t *below_frame = (volatile uint32_t *)(sp - 256u);
    for (volatile uint32_t *word = &__heap_end; word < below_frame; word++) {
        *word = STACK_PAINT;
    }
}

uint32_t figures_stack_used(void)
{
    const volatile uint32_t *word = &__heap_end;
    while (word < &__stack_top && *word == STACK_PAINT) {
        word++;
    }
    return (uint32_t)((uintptr_t)&__stack_top - (uintptr_t)word);
}

/* .data, .bss and .noinit: from the start of .data to the start of the heap. */
extern uint8_t __data_start;
extern uint8_t __heap_start;

static uint32_t static_bytes(void)
{
    return (uint32_t)(&__heap_start - &__data_start);
}

void figures_print(const char *suite, uint64_t handshake, uint64_t waiting,
                   struct link_counts counts)
{
    char total[21], waited[21];
    struct mallinfo heap = mallinfo();
    printf("@tls {\"board\":\"%s\",\"library\":\"%s\",\"path\":\"%s\",\"opt\":\"%s\","
           "\"suite\":\"%s\",\"clock_hz\":%lu,\"handshake_cycles\":%s,\"wait_cycles\":%s,"
           "\"sent\":%lu,\"received\":%lu,\"heap_bytes\":%lu,\"stack_bytes\":%lu,"
           "\"static_bytes\":%lu,\"link_baud\":%lu}\n",
           BOARD_NAME, BUILD_LIBRARY, BUILD_PATH, BUILD_OPT, suite,
           (unsigned long)BOARD_CLOCK_HZ, u64_to_str(handshake, total),
           u64_to_str(waiting, waited), (unsigned long)counts.sent,
           (unsigned long)counts.received, (unsigned long)heap.arena,
           (unsigned long)figures_stack_used(), (unsigned long)static_bytes(),
           (unsigned long)LINK_BAUD);
    struct result r = {.app = "tls_client", .algorithm = "tls12-handshake", .iterations = 1,
                       .key_bits = 256, .cycles = handshake,
                       .bytes = (uint64_t)counts.sent + counts.received};
    result_print(&r);
}
