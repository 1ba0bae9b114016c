/* Consistent Overhead Byte Stuffing: removes every 0x00 so 0x00 can end a frame. */
#ifndef ANNABELLA_COBS_H
#define ANNABELLA_COBS_H

#include <stddef.h>
#include <stdint.h>

/* The longest encoding of `len` bytes (one code byte per 254 data bytes, plus one). */
#define COBS_MAX_ENCODED(len) ((len) + (len) / 254u + 1u)

/* An encoder that takes one byte at a time and writes straight into its output. */
struct cobs_encoder {
    uint8_t *out;
    size_t code_at; /* where the current block's code byte goes */
    size_t o;       /* next output position */
    uint8_t code;   /* the current block's code so far */
};

/* Starts encoding into `out`. */
void cobs_start(struct cobs_encoder *e, uint8_t *out);

/* Encodes one more byte. */
void cobs_put(struct cobs_encoder *e, uint8_t byte);

/* Closes the last block; returns the encoded length (no terminator). */
size_t cobs_finish(struct cobs_encoder *e);

/* Encodes `len` bytes of `in` into `out` (room for COBS_MAX_ENCODED(len)); returns the
 * encoded length. The result holds no 0x00 and no terminator. */
size_t cobs_encode(const uint8_t *in, size_t len, uint8_t *out);

/* Decodes `len` bytes (without terminator) into `out` (room for `len` bytes); returns
 * the decoded length, or -1 when the encoding is invalid (a 0x00 inside, or a code
 * byte that points past the end). */
int cobs_decode(const uint8_t *in, size_t len, uint8_t *out);

#endif
