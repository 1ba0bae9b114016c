/* The switches at the pins: the board's diode matrix (a closed switch pulls its file line
 * low while its rank line is low) or the clock's switches to GND, and contact changes
 * scheduled in simulated time (bounces, taps, the steps of a move). */
#include <avr_ioport.h>
#include <sim_cycle_timers.h>

#include "harness.h"

const uint8_t rank_pins[8] = BOARD_RANK_PINS;
const uint8_t file_pins[8] = BOARD_FILE_PINS;
const uint8_t clock_pins[CLOCK_INPUTS] = CLOCK_INPUT_PINS;

/* Board: contact closed = a peg in the hole. Clock: closed = pressed. */
uint8_t closed[64];
static uint8_t row_low[8];
/* When the current action on an input began (µs), for latency; 0 = none pending. */
uint64_t action_us[64];

static void set_pin(uint8_t code, uint8_t level)
{
    char port = PIN_PORT(code);
    /* The line's level as the outside world drives it, kept across PORT writes. */
    static uint8_t mask[4], value[4];
    int p = port - 'A';
    mask[p] |= (uint8_t)(1u << PIN_BIT(code));
    if (level) {
        value[p] |= (uint8_t)(1u << PIN_BIT(code));
    } else {
        value[p] &= (uint8_t)~(1u << PIN_BIT(code));
    }
    avr_ioport_external_t ext = {.name = port, .mask = mask[p], .value = value[p]};
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &ext);
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), PIN_BIT(code)), level);
}

/* Board: the file lines as the diode matrix makes them for the selected ranks. */
static void update_files(void)
{
    for (int f = 0; f < 8; f++) {
        uint8_t low = 0;
        for (int r = 0; r < 8; r++) {
            if (row_low[r] && closed[r * 8 + f]) {
                low = 1;
            }
        }
        set_pin(file_pins[f], !low);
    }
}

static void row_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    row_low[(intptr_t)param] = value == 0;
    update_files();
}

void set_contact(int idx, uint8_t is_closed)
{
    closed[idx] = is_closed;
    if (device == BOARD) {
        update_files();
    } else {
        set_pin(clock_pins[idx], !is_closed);
    }
}

/* --- scheduled contact changes (bounces, taps, moves) ------------------------------ */

struct scheduled {
    uint64_t at; /* cycle */
    int16_t idx;
    uint8_t value;
};
#define MAX_SCHEDULED 512
static struct scheduled sched[MAX_SCHEDULED];
int sched_count;

static avr_cycle_count_t sched_run(avr_t *a, avr_cycle_count_t when, void *param);

static void sched_arm(void)
{
    avr_cycle_timer_cancel(avr, sched_run, NULL);
    uint64_t next = UINT64_MAX;
    for (int i = 0; i < sched_count; i++) {
        if (sched[i].at < next) {
            next = sched[i].at;
        }
    }
    if (next != UINT64_MAX) {
        uint64_t delta = next > avr->cycle ? next - avr->cycle : 1;
        avr_cycle_timer_register(avr, delta, sched_run, NULL);
    }
}

static avr_cycle_count_t sched_run(avr_t *a, avr_cycle_count_t when, void *param)
{
    (void)when;
    (void)param;
    for (;;) {
        int best = -1;
        for (int i = 0; i < sched_count; i++) {
            if (sched[i].at <= a->cycle && (best < 0 || sched[i].at < sched[best].at)) {
                best = i;
            }
        }
        if (best < 0) {
            break;
        }
        struct scheduled s = sched[best];
        sched[best] = sched[--sched_count];
        set_contact(s.idx, s.value);
    }
    uint64_t next = UINT64_MAX;
    for (int i = 0; i < sched_count; i++) {
        if (sched[i].at < next) {
            next = sched[i].at;
        }
    }
    return next == UINT64_MAX ? 0 : next;
}

static int schedule(uint64_t at, int idx, uint8_t value)
{
    if (sched_count == MAX_SCHEDULED) {
        return -1;
    }
    sched[sched_count++] = (struct scheduled){.at = at, .idx = (int16_t)idx, .value = value};
    return 0;
}

/* Changes a contact at `at` (cycle): a bounce of `bounce_ms` first flips it to the new
 * state and back every BOUNCE_PERIOD_US / 2, then it settles in `value`. */
int change_contact(uint64_t at, int idx, uint8_t value, unsigned bounce_ms)
{
    uint64_t t = at;
    uint64_t end = at + us_to_cycles((uint64_t)bounce_ms * 1000u);
    uint8_t v = value;
    while (t < end) {
        if (schedule(t, idx, v) < 0) {
            return -1;
        }
        v = !v;
        t += us_to_cycles(BOUNCE_PERIOD_US / 2u);
    }
    if (schedule(end > at ? end : at, idx, value) < 0) {
        return -1;
    }
    sched_arm();
    return 0;
}


void contacts_attach(void)
{
    if (device == BOARD) {
        for (intptr_t r = 0; r < 8; r++) {
            row_low[r] = 0;
            avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(
                                                           PIN_PORT(rank_pins[r])),
                                                  PIN_BIT(rank_pins[r])),
                                    row_changed, (void *)r);
        }
        update_files();
    } else {
        for (int i = 0; i < CLOCK_INPUTS; i++) {
            set_contact(i, 0);
        }
    }
}
