/* Stop-and-wait link endpoint; see link.h. */
#include "link.h"

#include "proto.h"

void link_init(struct link *l, link_write_fn write, void *ctx)
{
    frame_decoder_reset(&l->decoder);
    l->write = write;
    l->ctx = ctx;
    l->next_seq = 1;
    l->last_delivered = 0;
    l->have_last = 0;
    l->busy = 0;
    l->in_flight_seq = 0;
    l->in_flight_type = 0;
    l->retries = 0;
    l->deadline = 0;
    l->frame_len = 0;
    l->last_frame_error = FRAME_NONE;
    l->bad_frames = 0;
    l->given_up = 0;
}

static void send_ack(struct link *l, uint8_t seq)
{
    uint8_t wire[COBS_MAX_ENCODED(3u + 2u) + 1u];
    uint8_t n = frame_encode_message(0, MSG_ACK, &seq, 1, wire);
    l->write(l->ctx, wire, n);
}

enum link_event link_receive(struct link *l, uint8_t byte, uint32_t now_ms,
                             struct link_message *out)
{
    (void)now_ms;
    enum frame_result r = frame_decoder_push(&l->decoder, byte);
    if (r == FRAME_NONE) {
        return LINK_NOTHING;
    }
    if (r != FRAME_PACKET) {
        l->last_frame_error = r;
        l->bad_frames++;
        return LINK_BAD_FRAME;
    }
    const uint8_t *p = l->decoder.packet;
    uint8_t seq = p[0];
    uint8_t type = p[1];
    uint8_t len = (uint8_t)(l->decoder.packet_len - 2u);
    if (type == MSG_ACK) {
        if (len == 1 && l->busy && p[2] == l->in_flight_seq) {
            l->busy = 0;
            return LINK_ACKED;
        }
        return LINK_NOTHING;
    }
    if (seq == 0) {
        /* Sequence 0 is only for ACKs: a reliable packet with it is refused, neither
         * acknowledged nor delivered. */
        return LINK_NOTHING;
    }
    send_ack(l, seq);
    uint8_t hello = type == MSG_HELLO || type == MSG_HELLO_REQUEST;
    if (!hello && l->have_last && l->last_delivered == seq) {
        return LINK_NOTHING;
    }
    l->last_delivered = seq;
    l->have_last = 1;
    out->seq = seq;
    out->type = type;
    out->len = len;
    out->body = p + 2;
    return LINK_MESSAGE;
}

uint8_t link_send(struct link *l, uint32_t now_ms, uint8_t type, const uint8_t *body,
                  uint8_t len)
{
    if (l->busy || len + 2u > FRAME_MAX_PACKET) {
        return 0;
    }
    uint8_t seq = l->next_seq;
    l->next_seq = seq == 255 ? 1 : (uint8_t)(seq + 1);
    l->frame_len = frame_encode_message(seq, type, body, len, l->frame);
    l->busy = 1;
    l->in_flight_seq = seq;
    l->in_flight_type = type;
    l->retries = 0;
    l->deadline = now_ms + LINK_RETRY_MS;
    l->write(l->ctx, l->frame, l->frame_len);
    return 1;
}

uint8_t link_idle(const struct link *l)
{
    return !l->busy;
}

enum link_event link_poll(struct link *l, uint32_t now_ms)
{
    if (!l->busy || (int32_t)(now_ms - l->deadline) < 0) {
        return LINK_NOTHING;
    }
    if (l->retries >= LINK_MAX_RETRIES) {
        l->busy = 0;
        l->given_up++;
        return LINK_GAVE_UP;
    }
    l->retries++;
    l->deadline = now_ms + LINK_RETRY_MS;
    l->write(l->ctx, l->frame, l->frame_len);
    return LINK_NOTHING;
}

void link_drop(struct link *l)
{
    l->busy = 0;
}
