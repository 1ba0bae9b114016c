/* A fixed ring of messages waiting for the link (which carries one at a time). Each
 * entry keeps only what the firmware cannot recompute at send time: the type, two
 * bytes and a device timestamp (a LIFT's square and time, a BUTTON's button and state).
 * HELLO, SNAPSHOT and STATE bodies are built when they leave. */
#ifndef ANNABELLA_OUTBOX_H
#define ANNABELLA_OUTBOX_H

#include <stdint.h>

#include "link.h"

/* Entries in the ring (a power of two). */
#define OUTBOX_SIZE 32u

/* One waiting message. */
struct outbox_item {
    uint8_t type;
    uint8_t a;
    uint8_t b;
    uint32_t time_ms;
};

/* The ring. */
struct outbox {
    struct outbox_item items[OUTBOX_SIZE];
    uint8_t head;  /* next to send */
    uint8_t count; /* waiting */
};

/* Empties the ring. */
void outbox_clear(struct outbox *o);

/* Appends an item; returns 0 (and keeps the ring as it was) when it is full. */
uint8_t outbox_push(struct outbox *o, uint8_t type, uint8_t a, uint8_t b, uint32_t time_ms);

/* The oldest item, or a null pointer when the ring is empty. */
const struct outbox_item *outbox_peek(const struct outbox *o);

/* Drops the oldest item. */
void outbox_pop(struct outbox *o);

/* Queues an item; when the ring is full, replaces the whole backlog by one item of
 * `resync_type` (the device's full state, which the host compares instead). */
void outbox_queue(struct outbox *o, uint8_t type, uint8_t a, uint8_t b, uint32_t time_ms,
                  uint8_t resync_type);

/* After a reset or a HELLO_REQUEST: drops what is in flight and waiting, then queues
 * HELLO and the device's full state (`state_type`: SNAPSHOT or STATE). */
void outbox_announce(struct outbox *o, struct link *l, uint8_t state_type);

/* The longest body an outbox item becomes (STATE). */
#define OUTBOX_MAX_BODY 13u

/* Fills the body (room for OUTBOX_MAX_BODY bytes) of an item only the device can build
 * at send time (HELLO, SNAPSHOT, STATE); returns its length. */
typedef uint8_t (*outbox_body_fn)(const struct outbox_item *it, uint32_t now_ms,
                                  uint8_t *body);

/* Sends the oldest item when the link is free. ERROR ([a]), LIFT, PLACE, LEVER
 * ([a, time]) and BUTTON ([a, b, time]) bodies are built here, the others by `build`. */
void outbox_send_next(struct outbox *o, struct link *l, uint32_t now_ms, outbox_body_fn build);

#endif
