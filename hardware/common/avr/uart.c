/* USART0 driver; see uart.h. */
#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>

#define BAUD 115200
#define BAUD_TOL 3
#include <util/setbaud.h>

#define RX_SIZE 64u  /* power of two */
#define TX_SIZE 64u  /* power of two; the longest frame (STATE) is 20 bytes */

static volatile uint8_t rx_buf[RX_SIZE];
static volatile uint8_t rx_head, rx_tail;
static volatile uint8_t tx_buf[TX_SIZE];
static volatile uint8_t tx_head, tx_tail;

void uart_init(void)
{
    UBRR0H = UBRRH_VALUE;
    UBRR0L = UBRRL_VALUE;
#if USE_2X
    UCSR0A = _BV(U2X0);
#else
    UCSR0A = 0;
#endif
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

ISR(USART_RX_vect)
{
    uint8_t b = UDR0;
    uint8_t next = (uint8_t)((rx_head + 1u) & (RX_SIZE - 1u));
    if (next == rx_tail) {
        return; /* full: the byte is lost, the frame's CRC or COBS check rejects it */
    }
    rx_buf[rx_head] = b;
    rx_head = next;
}

ISR(USART_UDRE_vect)
{
    if (tx_head == tx_tail) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
        return;
    }
    UDR0 = tx_buf[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1u) & (TX_SIZE - 1u));
}

int16_t uart_getc(void)
{
    if (rx_head == rx_tail) {
        return -1;
    }
    uint8_t b = rx_buf[rx_tail];
    rx_tail = (uint8_t)((rx_tail + 1u) & (RX_SIZE - 1u));
    return b;
}

uint8_t uart_rx_ready(void)
{
    return rx_head != rx_tail;
}

void uart_write(void *ctx, const uint8_t *bytes, uint8_t len)
{
    (void)ctx;
    for (uint8_t i = 0; i < len; i++) {
        uint8_t next = (uint8_t)((tx_head + 1u) & (TX_SIZE - 1u));
        while (next == tx_tail) {
            wdt_reset(); /* the UDRE interrupt drains the ring */
        }
        tx_buf[tx_head] = bytes[i];
        tx_head = next;
        UCSR0B |= _BV(UDRIE0);
    }
}
