/* Host test of the shared link layer (../common): the same sources the firmware runs.
 * Random cases print their seed; SEED=<n> replays them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../common/cobs.h"
#include "../common/crc16.h"
#include "../common/frame.h"
#include "../common/link.h"
#include "../common/outbox.h"
#include "../common/proto.h"
#include "check.h"


static unsigned long long rng;
static unsigned rnd(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33);
}

static void test_crc(void)
{
    CHECK(crc16((const uint8_t *)"123456789", 9) == 0x29B1, "got %04x",
          crc16((const uint8_t *)"123456789", 9));
    CHECK(crc16(NULL, 0) == 0xFFFF, "empty");
}

static void cobs_case(const uint8_t *in, size_t n, const uint8_t *want, size_t wn)
{
    uint8_t out[600], back[600];
    size_t got = cobs_encode(in, n, out);
    CHECK(got == wn && memcmp(out, want, wn) == 0, "encoding of %zu bytes", n);
    int dn = cobs_decode(out, got, back);
    CHECK(dn == (int)n && memcmp(back, in, n) == 0, "decoding of %zu bytes", n);
}

static void test_cobs(void)
{
    cobs_case((const uint8_t[]){0}, 0, (const uint8_t[]){1}, 1);
    cobs_case((const uint8_t[]){0}, 1, (const uint8_t[]){1, 1}, 2);
    cobs_case((const uint8_t[]){0x11, 0x22, 0x00, 0x33}, 4,
              (const uint8_t[]){3, 0x11, 0x22, 2, 0x33}, 5);
    cobs_case((const uint8_t[]){0x11, 0, 0, 0}, 4, (const uint8_t[]){2, 0x11, 1, 1, 1}, 5);
    uint8_t run[254], enc[256];
    for (int i = 0; i < 254; i++) {
        run[i] = (uint8_t)(i + 1);
    }
    size_t n = cobs_encode(run, 254, enc);
    CHECK(enc[0] == 0xFF && n >= 255, "a 254-byte run is one 0xFF block");
    uint8_t back[256];
    CHECK(cobs_decode(enc, n, back) == 254 && memcmp(back, run, 254) == 0, "254 back");
    CHECK(cobs_decode((const uint8_t[]){5, 1, 2}, 3, back) == -1, "code past the end");
    CHECK(cobs_decode((const uint8_t[]){3, 1, 0}, 3, back) == -1, "0x00 inside");
}

/* Feeds bytes; collects the results (packets into pk, lengths into pl). */
static int feed(struct frame_decoder *d, const uint8_t *b, size_t n, enum frame_result *res,
                uint8_t pk[][FRAME_MAX_ENCODED], uint8_t *pl, int max)
{
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        enum frame_result r = frame_decoder_push(d, b[i]);
        if (r != FRAME_NONE && k < max) {
            res[k] = r;
            if (r == FRAME_PACKET) {
                memcpy(pk[k], d->packet, d->packet_len);
                pl[k] = d->packet_len;
            }
            k++;
        }
    }
    return k;
}

static void test_frames(unsigned seed)
{
    rng = seed;
    struct frame_decoder d;
    enum frame_result res[16];
    uint8_t pk[16][FRAME_MAX_ENCODED], pl[16];
    for (int round = 0; round < 2000; round++) {
        uint8_t packet[FRAME_MAX_PACKET], wire[2 * FRAME_MAX_WIRE + 400];
        size_t w = 0;
        uint8_t n = (uint8_t)(2 + rnd() % (FRAME_MAX_PACKET - 1));
        for (int i = 0; i < n; i++) {
            packet[i] = (uint8_t)(rnd() % 4 ? rnd() : 0);
        }
        int garbage = (int)(rnd() % 300);
        for (int i = 0; i < garbage; i++) {
            wire[w++] = (uint8_t)rnd();
        }
        wire[w++] = 0; /* a terminator ends whatever the garbage left open */
        w += frame_encode(packet, n, wire + w);
        frame_decoder_reset(&d);
        int k = feed(&d, wire, w, res, pk, pl, 16);
        CHECK(k >= 1 && res[k - 1] == FRAME_PACKET && pl[k - 1] == n &&
                  memcmp(pk[k - 1], packet, n) == 0,
              "seed %u round %d: the frame after %d garbage bytes decodes", seed, round,
              garbage);
    }
    /* A flipped bit is reported and the next frame decodes. */
    uint8_t wire[200];
    size_t w = frame_encode((const uint8_t[]){3, MSG_LIFT, 12, 1, 2, 3, 4}, 7, wire);
    wire[2] ^= 0x40;
    w += frame_encode((const uint8_t[]){4, MSG_PLACE, 28, 1, 2, 3, 4}, 7, wire + w);
    frame_decoder_reset(&d);
    int k = feed(&d, wire, w, res, pk, pl, 16);
    CHECK(k == 2 && res[0] == FRAME_CHECKSUM && res[1] == FRAME_PACKET && pk[1][2] == 28,
          "corrupt then good: %d results", k);
    /* A truncated frame (sender reset mid-frame, a terminator follows) costs itself. */
    uint8_t full[FRAME_MAX_WIRE];
    size_t fl = frame_encode((const uint8_t[]){5, MSG_SNAPSHOT, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                              11, 12},
                             14, full);
    w = 0;
    memcpy(wire, full, fl / 2);
    w = fl / 2;
    wire[w++] = 0;
    memcpy(wire + w, full, fl);
    w += fl;
    frame_decoder_reset(&d);
    k = feed(&d, wire, w, res, pk, pl, 16);
    CHECK(k == 2 && res[0] != FRAME_PACKET && res[1] == FRAME_PACKET && pl[1] == 14,
          "truncated then whole: %d results", k);
    /* Too short: seq, type and CRC need four bytes. */
    w = 0;
    uint8_t raw[3] = {1, 2, 3}, enc[8];
    w = cobs_encode(raw, 3, enc);
    enc[w++] = 0;
    frame_decoder_reset(&d);
    k = feed(&d, enc, w, res, pk, pl, 16);
    CHECK(k == 1 && res[0] == FRAME_TOO_SHORT, "three bytes are too short");
    /* An overlong run is discarded up to the next terminator (the frame it swallows is
     * lost), the frame after decodes. */
    uint8_t big[400];
    memset(big, 0x55, 200);
    w = 200;
    w += frame_encode((const uint8_t[]){9, 9, 9}, 3, big + w);
    w += frame_encode((const uint8_t[]){1, 2, 3}, 3, big + w);
    frame_decoder_reset(&d);
    k = feed(&d, big, w, res, pk, pl, 16);
    CHECK(k == 2 && res[0] == FRAME_TOO_LONG && res[1] == FRAME_PACKET && pk[1][0] == 1,
          "overlong then good: %d results", k);
}

/* Two endpoints joined by in-memory wires that can drop what is sent. */
struct wire {
    uint8_t bytes[4096];
    size_t len;
    int drop;
};

static void wire_write(void *ctx, const uint8_t *b, uint8_t n)
{
    struct wire *w = ctx;
    if (w->drop) {
        return;
    }
    memcpy(w->bytes + w->len, b, n);
    w->len += n;
}

/* Delivers what is on `w` to `to`; returns the number of LINK_MESSAGEs, the last in m. */
static int deliver(struct wire *w, struct link *to, uint32_t now, struct link_message *m,
                   int *acked)
{
    int got = 0;
    struct link_message tmp;
    uint8_t copy[4096];
    size_t n = w->len;
    memcpy(copy, w->bytes, n);
    w->len = 0;
    for (size_t i = 0; i < n; i++) {
        enum link_event e = link_receive(to, copy[i], now, &tmp);
        if (e == LINK_MESSAGE) {
            got++;
            if (m) {
                *m = tmp;
            }
        } else if (e == LINK_ACKED && acked) {
            (*acked)++;
        }
    }
    return got;
}

static void test_link(void)
{
    struct wire to_host = {0}, to_dev = {0};
    struct link host, dev;
    link_init(&host, wire_write, &to_dev);
    link_init(&dev, wire_write, &to_host);
    struct link_message m;
    int acked = 0;

    /* A lost frame is sent again, the same bytes, 250 ms later. */
    to_host.drop = 1;
    CHECK(link_send(&dev, 0, MSG_LIFT, (const uint8_t[]){12, 5, 0, 0, 0}, 5), "send");
    CHECK(!link_send(&dev, 0, MSG_PLACE, (const uint8_t[]){28, 5, 0, 0, 0}, 5),
          "only one in flight");
    to_host.drop = 0;
    link_poll(&dev, 249);
    CHECK(to_host.len == 0, "no resend before 250 ms");
    link_poll(&dev, 250);
    CHECK(to_host.len > 0, "resend at 250 ms");
    uint8_t first[64];
    size_t first_len = to_host.len;
    memcpy(first, to_host.bytes, first_len);
    CHECK(deliver(&to_host, &host, 250, &m, NULL) == 1 && m.type == MSG_LIFT && m.seq == 1,
          "delivered");
    /* The ACK is lost: the device resends, the host acks again but delivers once. */
    to_dev.len = 0;
    link_poll(&dev, 500);
    CHECK(to_host.len == first_len && memcmp(to_host.bytes, first, first_len) == 0,
          "the retry is the same frame");
    CHECK(deliver(&to_host, &host, 500, &m, NULL) == 0, "duplicate not delivered");
    CHECK(deliver(&to_dev, &dev, 500, NULL, &acked) == 0 && acked == 1, "acked");
    CHECK(link_idle(&dev), "idle after the ack");

    /* HELLO_REQUEST of a restarted host is delivered even with a repeated seq. */
    link_init(&host, wire_write, &to_dev);
    link_send(&host, 1000, MSG_PING, NULL, 0);
    CHECK(deliver(&to_dev, &dev, 1000, &m, NULL) == 1 && m.type == MSG_PING, "ping");
    deliver(&to_host, &host, 1000, NULL, NULL);
    link_init(&host, wire_write, &to_dev);
    link_send(&host, 1000, MSG_HELLO_REQUEST, NULL, 0);
    CHECK(deliver(&to_dev, &dev, 1000, &m, NULL) == 1 && m.type == MSG_HELLO_REQUEST &&
              m.seq == 1,
          "hello request with seq 1 again");
    deliver(&to_host, &host, 1000, NULL, NULL);

    /* Gives up after four resends and takes the next message at once. */
    to_host.drop = 1;
    link_send(&dev, 2000, MSG_ERROR, (const uint8_t[]){1}, 1);
    int gave_up = 0;
    for (uint32_t t = 2000; t <= 2000 + 5 * 250; t += 250) {
        if (link_poll(&dev, t) == LINK_GAVE_UP) {
            gave_up++;
            CHECK(t == 2000 + 5 * 250, "gave up at %u", t);
        }
    }
    CHECK(gave_up == 1 && link_idle(&dev) && dev.given_up == 1, "gave up once");
    to_host.drop = 0;

    /* An ACK for another seq leaves the packet in flight. */
    uint8_t seq = dev.next_seq;
    link_send(&dev, 3000, MSG_PING, NULL, 0);
    uint8_t ack[FRAME_MAX_WIRE];
    uint8_t an = frame_encode((const uint8_t[]){0, MSG_ACK, (uint8_t)(seq + 1)}, 3, ack);
    for (uint8_t i = 0; i < an; i++) {
        link_receive(&dev, ack[i], 3000, &m);
    }
    CHECK(!link_idle(&dev), "a wrong ACK does not clear the packet in flight");
    an = frame_encode((const uint8_t[]){0, MSG_ACK, seq}, 3, ack);
    int e = LINK_NOTHING;
    for (uint8_t i = 0; i < an; i++) {
        e = link_receive(&dev, ack[i], 3000, &m);
    }
    CHECK(e == LINK_ACKED && link_idle(&dev), "the right ACK does");
    to_host.len = 0;

    /* Sequence numbers run 1..255 and wrap to 1, never 0. */
    dev.next_seq = 255;
    link_send(&dev, 4000, MSG_PING, NULL, 0);
    link_drop(&dev);
    CHECK(dev.next_seq == 1, "wraps to 1, got %u", dev.next_seq);
    to_host.len = 0;
}

static void test_outbox(void)
{
    static struct outbox o;
    outbox_clear(&o);
    for (unsigned i = 0; i < OUTBOX_SIZE; i++) {
        CHECK(outbox_push(&o, MSG_LIFT, (uint8_t)i, 0, i), "push %u", i);
    }
    CHECK(!outbox_push(&o, MSG_LIFT, 99, 0, 0), "full");
    for (unsigned i = 0; i < OUTBOX_SIZE; i++) {
        const struct outbox_item *it = outbox_peek(&o);
        CHECK(it && it->a == i && it->time_ms == i, "in order %u", i);
        outbox_pop(&o);
    }
    CHECK(outbox_peek(&o) == NULL, "empty");
    /* A full ring gives way to one item of the device's full state. */
    for (unsigned i = 0; i <= OUTBOX_SIZE; i++) {
        outbox_queue(&o, MSG_LIFT, (uint8_t)i, 0, i, MSG_SNAPSHOT);
    }
    CHECK(o.count == 1 && outbox_peek(&o)->type == MSG_SNAPSHOT, "overflow: %u items",
          o.count);
    /* The announcement after HELLO_REQUEST drops what waits and what is in flight. */
    struct wire w = {0};
    struct link l;
    link_init(&l, wire_write, &w);
    link_send(&l, 0, MSG_LIFT, (const uint8_t[]){1, 0, 0, 0, 0}, 5);
    outbox_announce(&o, &l, MSG_STATE);
    CHECK(link_idle(&l) && o.count == 2 && o.items[o.head].type == MSG_HELLO,
          "HELLO first after the announcement");
}

static void test_proto_check(void)
{
    static const uint8_t board[] = {MSG_HELLO_REQUEST, MSG_PING, MSG_INDICATE, 0};
    CHECK(proto_check(MSG_INDICATE, 2, board) == 0, "INDICATE of 2 bytes");
    CHECK(proto_check(MSG_INDICATE, 1, board) == ERR_BAD_BODY, "INDICATE of 1 byte");
    CHECK(proto_check(MSG_PING, 0, board) == 0, "PING");
    CHECK(proto_check(MSG_LEVER, 5, board) == ERR_UNKNOWN_TYPE, "a clock message");
    CHECK(proto_check(0x7E, 0, board) == ERR_UNKNOWN_TYPE, "no such type");
    uint8_t hello[6];
    CHECK(proto_hello_body(hello, KIND_CLOCK, 1, 0, 0x1F) == 6 && hello[0] == PROTO_VERSION &&
              hello[1] == KIND_CLOCK && hello[4] == 0x1F && hello[5] == 0,
          "HELLO body");
}

int main(void)
{
    const char *env = getenv("SEED");
    unsigned seed = env ? (unsigned)strtoul(env, NULL, 10) : (unsigned)time(NULL);
    printf("link-test: seed %u (SEED=%u replays)\n", seed, seed);
    test_crc();
    test_cobs();
    test_frames(seed);
    test_link();
    test_outbox();
    test_proto_check();
    if (failures) {
        printf("link-test: %d FAILED\n", failures);
        return 1;
    }
    printf("link-test: ok\n");
    return 0;
}
