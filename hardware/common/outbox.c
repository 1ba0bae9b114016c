/* Message ring; see outbox.h. */
#include "outbox.h"

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
