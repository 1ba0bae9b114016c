/* COBS encoder and decoder, byte-compatible with the Rust `cobs` crate. */
#include "cobs.h"

void cobs_start(struct cobs_encoder *e, uint8_t *out)
{
    e->out = out;
    e->code_at = 0;
    e->o = 1;
    e->code = 1;
}

void cobs_put(struct cobs_encoder *e, uint8_t byte)
{
    if (byte == 0) {
        e->out[e->code_at] = e->code;
        e->code_at = e->o++;
        e->code = 1;
        return;
    }
    e->out[e->o++] = byte;
    if (++e->code == 0xFF) {
        e->out[e->code_at] = e->code;
        e->code_at = e->o++;
        e->code = 1;
    }
}

size_t cobs_finish(struct cobs_encoder *e)
{
    e->out[e->code_at] = e->code;
    return e->o;
}

size_t cobs_encode(const uint8_t *in, size_t len, uint8_t *out)
{
    struct cobs_encoder e;
    cobs_start(&e, out);
    for (size_t i = 0; i < len; i++) {
        cobs_put(&e, in[i]);
    }
    return cobs_finish(&e);
}

int cobs_decode(const uint8_t *in, size_t len, uint8_t *out)
{
    size_t i = 0;
    size_t o = 0;
    while (i < len) {
        uint8_t code = in[i++];
        if (code == 0 || i + code - 1u > len) {
            return -1;
        }
        for (uint8_t k = 1; k < code; k++) {
            uint8_t b = in[i++];
            if (b == 0) {
                return -1;
            }
            out[o++] = b;
        }
        if (code != 0xFF && i < len) {
            out[o++] = 0;
        }
    }
    return (int)o;
}
