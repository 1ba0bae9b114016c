/* Message ring; see outbox.h. */
#include "outbox.h"

#include "proto.h"

void outbox_clear(struct outbox *o)
{
    o->head = 0;
    o->count = 0;
}

uint8_t outbox_push(struct outbox *o, uint8_t type, uint8_t a, uint8_t b, uint32_t time_ms)
{
    if (o->count == OUTBOX_SIZE) {
        return 0;
    }
    struct outbox_item *it = &o->items[(uint8_t)(o->head + o->count) & (OUTBOX_SIZE - 1u)];
    it->type = type;
    it->a = a;
    it->b = b;
    it->time_ms = time_ms;
    o->count++;
    return 1;
}

const struct outbox_item *outbox_peek(const struct outbox *o)
{
    return o->count ? &o->items[o->head] : 0;
}

void outbox_pop(struct outbox *o)
{
    if (o->count) {
        o->head = (uint8_t)((o->head + 1u) & (OUTBOX_SIZE - 1u));
        o->count--;
    }
}

void outbox_queue(struct outbox *o, uint8_t type, uint8_t a, uint8_t b, uint32_t time_ms,
                  uint8_t resync_type)
{
    if (!outbox_push(o, type, a, b, time_ms)) {
        outbox_clear(o);
        outbox_push(o, resync_type, 0, 0, 0);
    }
}

void outbox_announce(struct outbox *o, struct link *l, uint8_t state_type)
{
    link_drop(l);
    outbox_clear(o);
    outbox_push(o, MSG_HELLO, 0, 0, 0);
    outbox_push(o, state_type, 0, 0, 0);
}

void outbox_send_next(struct outbox *o, struct link *l, uint32_t now_ms, outbox_body_fn build)
{
    const struct outbox_item *it = outbox_peek(o);
    if (!it || !link_idle(l)) {
        return;
    }
    uint8_t body[OUTBOX_MAX_BODY];
    uint8_t len;
    switch (it->type) {
    case MSG_ERROR:
        body[0] = it->a;
        len = 1;
        break;
    case MSG_LIFT:
    case MSG_PLACE:
    case MSG_LEVER:
        body[0] = it->a;
        put_le32(body + 1, it->time_ms);
        len = 5;
        break;
    case MSG_BUTTON:
        body[0] = it->a;
        body[1] = it->b;
        put_le32(body + 2, it->time_ms);
        len = 6;
        break;
    default:
        len = build(it, now_ms, body);
        break;
    }
    link_send(l, now_ms, it->type, body, len);
    outbox_pop(o);
}
