/* Tactile peg board firmware (../PROTOCOL.md): scans 64 reed switches as an 8 x 8
 * diode matrix every millisecond, debounces each hole for 30 ms, reports LIFT and
 * PLACE in the order they settled with device timestamps, a SNAPSHOT after HELLO and
 * on request, and drives one shared vibration motor for INDICATE. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/delay.h>

#include "../../common/avr/gpio.h"
#include "../../common/avr/system.h"
#include "../../common/avr/uart.h"
#include "../../common/debounce.h"
#include "../../common/link.h"
#include "../../common/outbox.h"
#include "../../common/proto.h"
#include "pins.h"

#define FIRMWARE_MAJOR 1
#define FIRMWARE_MINOR 0
/* Occupancy sensors, timestamps, INDICATE (by the shared motor). */
#define CAPABILITIES 0x0007u

/* INDICATE pattern 1 (pulse): the motor runs this long in every period. */
#define PULSE_ON_MS 200u
#define PULSE_PERIOD_MS 500u

static const uint8_t rank_pins[8] = BOARD_RANK_PINS;
static const uint8_t file_pins[8] = BOARD_FILE_PINS;

static struct link link;
static struct outbox outbox;
/* Settled occupancy: bit f of settled[r] = a peg in file f of rank r. */
static uint8_t settled[8];
/* Debounce counters, one per hole (square number). */
static uint8_t counts[64];
/* Holes the host asked to vibrate, by pattern. */
static uint8_t pulsing[8];
static uint8_t steady[8];
/* Milliseconds into the current INDICATE pulse period. */
static uint16_t pulse_phase;

/* Whether any hole of a mask is set. */
static uint8_t any_set(const uint8_t holes[8])
{
    uint8_t any = 0;
    for (uint8_t r = 0; r < 8; r++) {
        any |= holes[r];
    }
    return any;
}

/* The rank lines resolved once into register addresses and masks. */
static volatile uint8_t *rank_port[8];
static uint8_t rank_mask[8];
/* Squares of a rank whose debounce count is running (bit per file). */
static uint8_t active[8];

static void resolve_pins(void)
{
    for (uint8_t i = 0; i < 8; i++) {
        rank_port[i] = &GPIO_PORTREG(rank_pins[i]);
        rank_mask[i] = (uint8_t)(1u << PIN_BIT(rank_pins[i]));
    }
}

/* Bit f when the file line f is low (constant index: one sbic/ori pair each). */
#define FILE_CLOSED(f)                                                                \
    ((GPIO_PINREG(file_pins[f]) & (1u << PIN_BIT(file_pins[f]))) ? 0u : (1u << (f)))

/* Reads one rank: bit f set = the switch in file f is closed. */
static uint8_t read_rank(uint8_t r)
{
    *rank_port[r] &= (uint8_t)~rank_mask[r];
    _delay_us(4); /* the column lines settle through their pull-ups */
    uint8_t bits = (uint8_t)(FILE_CLOSED(0) | FILE_CLOSED(1) | FILE_CLOSED(2) |
                             FILE_CLOSED(3) | FILE_CLOSED(4) | FILE_CLOSED(5) |
                             FILE_CLOSED(6) | FILE_CLOSED(7));
    *rank_port[r] |= rank_mask[r];
    return bits;
}

static void queue(uint8_t type, uint8_t a, uint32_t time_ms)
{
    /* Full: the backlog gives way to the whole occupancy. */
    outbox_queue(&outbox, type, a, 0, time_ms, MSG_SNAPSHOT);
}

static void scan(uint32_t now)
{
    for (uint8_t r = 0; r < 8; r++) {
        uint8_t raw = read_rank(r);
        if (((raw ^ settled[r]) | active[r]) == 0) {
            continue; /* nothing changed, nothing counting */
        }
        uint8_t mask = 1;
        for (uint8_t f = 0; f < 8; f++, mask = (uint8_t)(mask << 1)) {
            uint8_t sq = (uint8_t)(r * 8u + f);
            uint8_t is = (raw & mask) ? 1 : 0;
            uint8_t was = (settled[r] & mask) ? 1 : 0;
            if (debounce_sample(&counts[sq], is, was)) {
                settled[r] ^= mask;
                queue(is ? MSG_PLACE : MSG_LIFT, sq, debounce_since(now));
            }
            if (counts[sq]) {
                active[r] |= mask;
            } else {
                active[r] &= (uint8_t)~mask;
            }
        }
    }
}

/* What the board takes from the host. */
static const uint8_t accepted[] = {MSG_HELLO_REQUEST, MSG_PING, MSG_SNAPSHOT_REQUEST,
                                   MSG_INDICATE, 0};

static void handle(const struct link_message *m)
{
    uint8_t error = proto_check(m->type, m->len, accepted);
    if (error) {
        queue(MSG_ERROR, error, 0);
        return;
    }
    switch (m->type) {
    case MSG_HELLO_REQUEST:
        outbox_announce(&outbox, &link, MSG_SNAPSHOT);
        break;
    case MSG_SNAPSHOT_REQUEST:
        queue(MSG_SNAPSHOT, 0, 0);
        break;
    case MSG_INDICATE: {
        uint8_t sq = m->body[0];
        uint8_t pattern = m->body[1];
        if (sq > 63 || pattern > 2) {
            queue(MSG_ERROR, ERR_BAD_BODY, 0);
            break;
        }
        uint8_t r = sq >> 3;
        uint8_t mask = (uint8_t)(1u << (sq & 7u));
        if (pattern == 1 && !any_set(pulsing)) {
            pulse_phase = 0; /* the first pulse is a whole one */
        }
        pulsing[r] &= (uint8_t)~mask;
        steady[r] &= (uint8_t)~mask;
        if (pattern == 1) {
            pulsing[r] |= mask;
        } else if (pattern == 2) {
            steady[r] |= mask;
        }
        break;
    }
    default: /* PING: the ACK is the answer */
        break;
    }
}

/* HELLO and SNAPSHOT bodies, built when they leave. */
static uint8_t build_body(const struct outbox_item *it, uint32_t now, uint8_t *body)
{
    if (it->type == MSG_HELLO) {
        return proto_hello_body(body, KIND_PEG_BOARD, FIRMWARE_MAJOR, FIRMWARE_MINOR,
                                CAPABILITIES);
    }
    for (uint8_t r = 0; r < 8; r++) {
        body[r] = settled[r];
    }
    put_le32(body + 8, now);
    return 12;
}

static void drive_outputs(void)
{
    uint8_t on = any_set(steady) || (any_set(pulsing) && pulse_phase < PULSE_ON_MS);
    gpio_write(BOARD_MOTOR_PIN, on);
    if (++pulse_phase >= PULSE_PERIOD_MS) {
        pulse_phase = 0;
    }
    gpio_write(BOARD_LED_PIN, !link_idle(&link));
}

int main(void)
{
    for (uint8_t r = 0; r < 8; r++) {
        gpio_output(rank_pins[r]);
        gpio_write(rank_pins[r], 1);
        gpio_input_pullup(file_pins[r]);
    }
    gpio_output(BOARD_MOTOR_PIN);
    gpio_output(BOARD_LED_PIN);
    resolve_pins();
    uart_init();
    system_init();
    link_init(&link, uart_write, 0);
    /* Whatever is in the holes at power-on is the settled state, not a change. */
    for (uint8_t r = 0; r < 8; r++) {
        settled[r] = read_rank(r);
    }
    /* A device that restarts announces itself (its sequence numbers begin again). */
    outbox_announce(&outbox, &link, MSG_SNAPSHOT);
    sei();
    for (;;) {
        uint8_t ticks = system_take_ticks();
        uint32_t now = system_ms();
        if (ticks) {
            scan(now);
            drive_outputs();
        }
        system_serve(&link, now, handle);
        outbox_send_next(&outbox, &link, now, build_body);
        system_idle();
    }
}
