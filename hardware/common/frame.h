/* Frames on the wire: COBS(packet ‖ crc16_le(packet)) 0x00 (../FRAMING.md). Sans-IO:
 * the decoder takes one byte at a time and never allocates. */
#ifndef ANNABELLA_FRAME_H
#define ANNABELLA_FRAME_H

#include <stddef.h>
#include <stdint.h>

#include "cobs.h"

/* The largest packet (seq, type, body; without CRC) a frame may carry. */
#define FRAME_MAX_PACKET 64u
/* The largest encoded frame without its terminator; longer runs are discarded. */
#define FRAME_MAX_ENCODED 80u
/* Room for one encoded frame of the largest packet, terminator included. */
#define FRAME_MAX_WIRE (COBS_MAX_ENCODED(FRAME_MAX_PACKET + 2u) + 1u)

/* Encodes `len` (<= FRAME_MAX_PACKET) bytes of `packet` as one frame into `out` (room
 * for FRAME_MAX_WIRE bytes); returns the frame's length, terminator included. */
uint8_t frame_encode(const uint8_t *packet, uint8_t len, uint8_t *out);

/* The same for the packet `seq, type, body[0..len)` without assembling it first (no
 * copy on the firmware's small stack). */
uint8_t frame_encode_message(uint8_t seq, uint8_t type, const uint8_t *body, uint8_t len,
                             uint8_t *out);

/* What one byte completed. */
enum frame_result {
    FRAME_NONE = 0,     /* nothing yet */
    FRAME_PACKET,       /* a packet is ready (frame_decoder.packet, .packet_len) */
    FRAME_TOO_LONG,     /* more than FRAME_MAX_ENCODED bytes without a terminator */
    FRAME_BAD_COBS,     /* invalid COBS */
    FRAME_TOO_SHORT,    /* fewer than seq, type and CRC */
    FRAME_CHECKSUM,     /* the CRC does not match */
};

/* Splits a byte stream into packets; a bad frame costs only itself. */
struct frame_decoder {
    uint8_t buf[FRAME_MAX_ENCODED]; /* the frame so far; decoded in place */
    uint8_t len;                    /* bytes in buf */
    uint8_t skipping;               /* discarding up to the next terminator */
    const uint8_t *packet;          /* the decoded packet after FRAME_PACKET */
    uint8_t packet_len;             /* its length (without CRC) */
};

/* A decoder at the start of a stream (also: forget a partial frame). */
void frame_decoder_reset(struct frame_decoder *d);

/* Feeds one byte; the packet of a FRAME_PACKET stays valid until the next call. */
enum frame_result frame_decoder_push(struct frame_decoder *d, uint8_t byte);

#endif
