/* The reliable link of our devices (../FRAMING.md): sequence numbers, ACK, retry every
 * 250 ms up to 4 times, duplicate suppression, HELLO/HELLO_REQUEST reset. Sans-IO: bytes
 * and the time in milliseconds go in, messages come out, frames leave through the
 * `write` function given to link_init. No allocation; one reliable packet in flight
 * (stop and wait), so the caller queues its own messages and sends the next one when
 * link_idle() says so. Mirrors crates/devices/src/link.rs. */
#ifndef ANNABELLA_LINK_H
#define ANNABELLA_LINK_H

#include <stdint.h>

#include "frame.h"

/* Resend an unacknowledged packet after this many milliseconds. */
#define LINK_RETRY_MS 250u
/* Give a packet up after this many resends. */
#define LINK_MAX_RETRIES 4u

/* Writes one whole frame to the line. */
typedef void (*link_write_fn)(void *ctx, const uint8_t *bytes, uint8_t len);

/* One delivered message; `body` points into the decoder and is valid until the next
 * byte is fed. */
struct link_message {
    uint8_t seq;
    uint8_t type;
    uint8_t len;
    const uint8_t *body;
};

/* What one byte or one timer run produced. */
enum link_event {
    LINK_NOTHING = 0,
    LINK_MESSAGE,   /* a message from the peer (duplicates removed, ACKs consumed) */
    LINK_BAD_FRAME, /* a corrupt frame was dropped (kind in link.last_frame_error) */
    LINK_ACKED,     /* the packet in flight was acknowledged */
    LINK_GAVE_UP,   /* the packet in flight was dropped after all retries */
};

/* One end of a reliable link. */
struct link {
    struct frame_decoder decoder;
    link_write_fn write;
    void *ctx;
    uint8_t next_seq;               /* 1..255, then 1 again */
    uint8_t last_delivered;         /* seq of the last delivered message */
    uint8_t have_last;              /* whether last_delivered holds one */
    uint8_t busy;                   /* a reliable packet is in flight */
    uint8_t in_flight_seq;
    uint8_t in_flight_type;
    uint8_t retries;
    uint32_t deadline;              /* when to resend (ms) */
    uint8_t frame[FRAME_MAX_WIRE];  /* the frame in flight, for resends */
    uint8_t frame_len;
    enum frame_result last_frame_error;
    uint16_t bad_frames;            /* corrupt frames seen (diagnostics) */
    uint16_t given_up;              /* packets dropped unacknowledged (diagnostics) */
};

/* A fresh endpoint (sequence numbers start at 1). */
void link_init(struct link *l, link_write_fn write, void *ctx);

/* Feeds one received byte. ACKs every reliable packet it decodes (even a duplicate)
 * and returns LINK_MESSAGE (filling `out`) for a new one. */
enum link_event link_receive(struct link *l, uint8_t byte, uint32_t now_ms,
                             struct link_message *out);

/* Sends a reliable message now; returns 0 (and sends nothing) while one is in flight. */
uint8_t link_send(struct link *l, uint32_t now_ms, uint8_t type, const uint8_t *body,
                  uint8_t len);

/* Whether a reliable message may be sent (nothing waits for an ACK). */
uint8_t link_idle(const struct link *l);

/* Resends or gives up the packet in flight when its time has come. */
enum link_event link_poll(struct link *l, uint32_t now_ms);

/* Drops the packet in flight (e.g. on HELLO_REQUEST, before answering HELLO). */
void link_drop(struct link *l);

#endif
