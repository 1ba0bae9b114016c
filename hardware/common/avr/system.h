/* What both firmwares share on the ATmega328P: the 1 ms tick (Timer0), the watchdog,
 * the fuse bytes (brown-out detection) and sleeping between events. */
#ifndef ANNABELLA_SYSTEM_H
#define ANNABELLA_SYSTEM_H

#include <stdint.h>

#include "../link.h"

/* Starts the 1 ms tick and the watchdog (120 ms); call once, before sei(). */
void system_init(void);

/* Milliseconds since start (wraps after 49.7 days). */
uint32_t system_ms(void);

/* Ticks that passed since the last call (usually 0 or 1); each is one 1 ms sample. */
uint8_t system_take_ticks(void);

/* Feeds the watchdog, then sleeps (idle mode) until an interrupt if no tick and no
 * received byte is waiting. */
void system_idle(void);

/* Feeds the received bytes to the link, hands each new message to `handle`, and runs
 * the link's retry timer. */
void system_serve(struct link *l, uint32_t now, void (*handle)(const struct link_message *));

#endif
