/* Debounce by counting: an input's settled state flips once it has read the other way
 * for DEBOUNCE_MS consecutive 1 ms samples; any sample that agrees with the settled
 * state starts the count again. Shared by the board's 64 holes and the clock's levers
 * and buttons. */
#ifndef ANNABELLA_DEBOUNCE_H
#define ANNABELLA_DEBOUNCE_H

#include <stdint.h>

/* Milliseconds (1 ms samples) a change must hold before it counts. */
#define DEBOUNCE_MS 30u

/* Feeds one sample of one input; returns 1 when its settled state must flip now. The
 * change then began DEBOUNCE_MS - 1 samples ago (see debounce_since). */
static inline uint8_t debounce_sample(uint8_t *count, uint8_t raw, uint8_t settled)
{
    if (raw == settled) {
        *count = 0;
        return 0;
    }
    if (++*count >= DEBOUNCE_MS) {
        *count = 0;
        return 1;
    }
    return 0;
}

/* The device time of the first sample that saw the settled change, given the time of
 * the sample that made it count. */
static inline uint32_t debounce_since(uint32_t now_ms)
{
    return now_ms - (DEBOUNCE_MS - 1u);
}

#endif
