/* USART0 at 115200 8N1 with interrupt-driven ring buffers (no allocation). */
#ifndef ANNABELLA_UART_H
#define ANNABELLA_UART_H

#include <stdint.h>

/* Sets up USART0 and its interrupts (call before sei()). */
void uart_init(void);

/* The next received byte, or -1 when none is waiting. */
int16_t uart_getc(void);

/* Whether a received byte is waiting. */
uint8_t uart_rx_ready(void);

/* Queues bytes to send; waits while the transmit ring is full. The ctx argument
 * matches link_write_fn. */
void uart_write(void *ctx, const uint8_t *bytes, uint8_t len);

#endif
