/* Frame encoder and byte-at-a-time decoder, as crates/devices/src/frame.rs. */
#include "frame.h"

#include "crc16.h"

/* COBS and the CRC over bytes pushed one at a time, straight into the output. */
struct encoder {
    struct cobs_encoder cobs;
    uint16_t crc;
};

static void encoder_start(struct encoder *e, uint8_t *out)
{
    cobs_start(&e->cobs, out);
    e->crc = CRC16_INIT;
}

static void encoder_data(struct encoder *e, uint8_t b)
{
    e->crc = crc16_update(e->crc, b);
    cobs_put(&e->cobs, b);
}

static void encoder_bytes(struct encoder *e, const uint8_t *bytes, uint8_t len)
{
    for (uint8_t i = 0; i < len; i++) {
        encoder_data(e, bytes[i]);
    }
}

static uint8_t encoder_finish(struct encoder *e)
{
    uint16_t crc = e->crc;
    cobs_put(&e->cobs, (uint8_t)crc);
    cobs_put(&e->cobs, (uint8_t)(crc >> 8));
    size_t n = cobs_finish(&e->cobs);
    e->cobs.out[n++] = 0;
    return (uint8_t)n;
}

uint8_t frame_encode(const uint8_t *packet, uint8_t len, uint8_t *out)
{
    struct encoder e;
    encoder_start(&e, out);
    encoder_bytes(&e, packet, len);
    return encoder_finish(&e);
}

uint8_t frame_encode_message(uint8_t seq, uint8_t type, const uint8_t *body, uint8_t len,
                             uint8_t *out)
{
    struct encoder e;
    encoder_start(&e, out);
    encoder_data(&e, seq);
    encoder_data(&e, type);
    encoder_bytes(&e, body, len);
    return encoder_finish(&e);
}

void frame_decoder_reset(struct frame_decoder *d)
{
    d->len = 0;
    d->skipping = 0;
    d->packet = 0;
    d->packet_len = 0;
}

static enum frame_result decode(struct frame_decoder *d)
{
    int n = cobs_decode(d->buf, d->len, d->buf);
    if (n < 0) {
        return FRAME_BAD_COBS;
    }
    if (n < 4) {
        return FRAME_TOO_SHORT;
    }
    uint8_t plen = (uint8_t)(n - 2);
    uint16_t crc = crc16(d->buf, plen);
    if (d->buf[plen] != (uint8_t)crc || d->buf[plen + 1u] != (uint8_t)(crc >> 8)) {
        return FRAME_CHECKSUM;
    }
    d->packet = d->buf;
    d->packet_len = plen;
    return FRAME_PACKET;
}

enum frame_result frame_decoder_push(struct frame_decoder *d, uint8_t byte)
{
    if (byte == 0) {
        enum frame_result r = FRAME_NONE;
        if (!d->skipping && d->len > 0) {
            r = decode(d);
        }
        d->skipping = 0;
        d->len = 0;
        return r;
    }
    if (d->skipping) {
        return FRAME_NONE;
    }
    if (d->len == FRAME_MAX_ENCODED) {
        d->len = 0;
        d->skipping = 1;
        return FRAME_TOO_LONG;
    }
    d->buf[d->len++] = byte;
    return FRAME_NONE;
}
