/* Message types and body layouts of our devices, version 1 (../FRAMING.md,
 * ../tactile-board/PROTOCOL.md, ../tactile-clock/PROTOCOL.md). Mirrors
 * crates/devices/src/proto.rs. */
#ifndef ANNABELLA_PROTO_H
#define ANNABELLA_PROTO_H

#include <stdint.h>

/* Protocol version in HELLO. */
#define PROTO_VERSION 1
/* device_kind of the tactile peg board. */
#define KIND_PEG_BOARD 1
/* device_kind of the tactile clock. */
#define KIND_CLOCK 2

/* Message type codes (byte 1 of a packet). */
enum msg_type {
    MSG_ACK = 0x01,
    MSG_HELLO = 0x02,
    MSG_HELLO_REQUEST = 0x03,
    MSG_PING = 0x04,
    MSG_ERROR = 0x05,
    MSG_SNAPSHOT_REQUEST = 0x10,
    MSG_SNAPSHOT = 0x11,
    MSG_LIFT = 0x12,
    MSG_PLACE = 0x13,
    MSG_INDICATE = 0x14,
    MSG_LEVER = 0x20,
    MSG_BUTTON = 0x21,
    MSG_STATE = 0x22,
    MSG_STATE_REQUEST = 0x23,
    MSG_SET_AND_RUN = 0x30,
    MSG_PAUSE = 0x31,
    MSG_DISPLAY = 0x32,
    MSG_HAPTIC = 0x33,
    MSG_BEEP = 0x34,
};

/* ERROR codes. */
enum error_code {
    ERR_UNKNOWN_TYPE = 1,
    ERR_BAD_BODY = 2,
    ERR_NOT_SUPPORTED = 3,
};

/* Clock buttons (BUTTON body byte 0). */
enum clock_button {
    BUTTON_TIME_QUERY = 1,
    BUTTON_PAUSE = 2,
    BUTTON_PUSH_TO_TALK = 3,
};

/* Which clock runs (SET_AND_RUN, STATE). */
enum clock_running {
    RUNNING_NONE = 0,
    RUNNING_WHITE = 1,
    RUNNING_BLACK = 2,
};

/* Haptic patterns of the clock. */
enum haptic_pattern {
    HAPTIC_MINUTE_TICK = 1,
    HAPTIC_FLAG = 2,
    HAPTIC_ATTENTION = 3,
    HAPTIC_TEN_SECONDS = 4,
};

/* The body length a type requires, or -1 for a type that is not ours. */
int8_t proto_body_len(uint8_t type);

/* Whether a device that takes the types in `accepted` (ending with 0) can act on a
 * message: 0 if so, else the ERROR code to answer (unknown type or bad body length). */
uint8_t proto_check(uint8_t type, uint8_t len, const uint8_t *accepted);

/* Fills a HELLO body (6 bytes) and returns its length. */
uint8_t proto_hello_body(uint8_t *body, uint8_t kind, uint8_t firmware_major,
                         uint8_t firmware_minor, uint16_t capabilities);

/* The lower-case name of a type ("lift", "hello_request"), or "unknown" (names.c,
 * host tools only). */
const char *proto_type_name(uint8_t type);

/* Little-endian helpers for bodies. */
static inline uint32_t le32(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
}

static inline uint16_t le16(const uint8_t *b)
{
    return (uint16_t)(b[0] | (b[1] << 8));
}

static inline void put_le32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
}

static inline void put_le16(uint8_t *b, uint16_t v)
{
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
}

#endif
