/*
 * The TLS apps' link: a second UART of the board, wired in Renode to the peer's through a UART
 * hub (platforms/scripts/tls-link.resc). Polled, no interrupts: the client's waiting is one
 * function (link_wait_readable), which the prediction takes out of the client's own cycles.
 * Every byte each way is counted, for the link time at a stated line rate.
 */
#ifndef TLS_LINK_H
#define TLS_LINK_H

#include <stddef.h>
#include <stdint.h>

/* The line rate the report prices the link's bytes at: 8N1 at 115200 baud, 10 bits a byte. */
#define LINK_BAUD 115200u

/* Enables the link UART (receiver and transmitter, 8N1). */
void link_init(void);

/* Waits until a byte has arrived or `timeout_cycles` of the core's counter have passed;
 * returns 1 if a byte is there, 0 on the timeout. */
int link_wait_readable(uint64_t timeout_cycles);

/* Reads the bytes already received, at most `size`; returns how many (0: none yet). */
size_t link_read_available(uint8_t *buffer, size_t size);

/* Sends `size` bytes (blocking). */
void link_write(const uint8_t *data, size_t size);

/* Bytes sent and received since link_init. */
struct link_counts {
    uint32_t sent;
    uint32_t received;
};
struct link_counts link_counts(void);

#endif
