/* Frame encoder and byte-at-a-time decoder, as crates/devices/src/frame.rs. */
#include "frame.h"

#include "crc16.h"

uint8_t frame_encode(const uint8_t *packet, uint8_t len, uint8_t *out)
{
    uint8_t raw[FRAME_MAX_PACKET + 2u];
    for (uint8_t i = 0; i < len; i++) {
        raw[i] = packet[i];
    }
    uint16_t crc = crc16(packet, len);
    raw[len] = (uint8_t)crc;
    raw[len + 1u] = (uint8_t)(crc >> 8);
    size_t n = cobs_encode(raw, (size_t)len + 2u, out);
    out[n++] = 0;
    return (uint8_t)n;
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
