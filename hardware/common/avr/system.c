/* Tick, watchdog, fuses and sleep; see system.h. */
#include "system.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/wdt.h>
#include <util/atomic.h>

#include "uart.h"

/* Fuse bytes (written with an ISP programmer; see the firmware READMEs): external
 * crystal, 16K CK start-up; SPIEN, 512-byte boot section (Optiboot), BOOTRST; and
 * brown-out detection at 2.7 V (BODLEVEL = 101). */
#include <avr/fuse.h>
FUSES = {
    .low = 0xFF,
    .high = 0xDE,
    .extended = 0xFD,
};

/* The watchdog stays enabled across a watchdog reset: switch it off before main. */
void system_early(void) __attribute__((naked, used, section(".init3")));
void system_early(void)
{
    MCUSR = 0;
    wdt_disable();
}

static volatile uint32_t ms;
static volatile uint8_t ticks;

ISR(TIMER0_COMPA_vect)
{
    ms++;
    if (ticks != 0xFF) {
        ticks++;
    }
}

void system_init(void)
{
    TCCR0A = _BV(WGM01);             /* CTC */
    OCR0A = (uint8_t)(F_CPU / 64u / 1000u - 1u);
    TCCR0B = _BV(CS01) | _BV(CS00);  /* clk/64 */
    TIMSK0 = _BV(OCIE0A);
    wdt_enable(WDTO_120MS);
}

uint32_t system_ms(void)
{
    uint32_t v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { v = ms; }
    return v;
}

uint8_t system_take_ticks(void)
{
    uint8_t v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        v = ticks;
        ticks = 0;
    }
    return v;
}

void system_idle(void)
{
    wdt_reset();
    set_sleep_mode(SLEEP_MODE_IDLE);
    cli();
    if (ticks == 0 && !uart_rx_ready()) {
        sleep_enable();
        sei();
        sleep_cpu();
        sleep_disable();
    }
    sei();
}

void system_serve(struct link *l, uint32_t now, void (*handle)(const struct link_message *))
{
    int16_t c;
    struct link_message m;
    while ((c = uart_getc()) >= 0) {
        if (link_receive(l, (uint8_t)c, now, &m) == LINK_MESSAGE) {
            handle(&m);
        }
    }
    link_poll(l, now);
}
