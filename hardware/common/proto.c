/* Body lengths and names of the message types (as proto.rs decodes them). */
#include "proto.h"

int8_t proto_body_len(uint8_t type)
{
    switch (type) {
    case MSG_ACK:
    case MSG_ERROR:
        return 1;
    case MSG_HELLO:
        return 6;
    case MSG_HELLO_REQUEST:
    case MSG_PING:
    case MSG_SNAPSHOT_REQUEST:
    case MSG_STATE_REQUEST:
    case MSG_PAUSE:
        return 0;
    case MSG_SNAPSHOT:
        return 12;
    case MSG_LIFT:
    case MSG_PLACE:
    case MSG_LEVER:
        return 5;
    case MSG_INDICATE:
    case MSG_HAPTIC:
    case MSG_BEEP:
        return 2;
    case MSG_BUTTON:
        return 6;
    case MSG_STATE:
        return 13;
    case MSG_SET_AND_RUN:
        return 9;
    case MSG_DISPLAY:
        return 8;
    default:
        return -1;
    }
}

uint8_t proto_check(uint8_t type, uint8_t len, const uint8_t *accepted)
{
    for (; *accepted; accepted++) {
        if (*accepted == type) {
            return (int8_t)len == proto_body_len(type) ? 0 : ERR_BAD_BODY;
        }
    }
    return ERR_UNKNOWN_TYPE;
}

uint8_t proto_hello_body(uint8_t *body, uint8_t kind, uint8_t firmware_major,
                         uint8_t firmware_minor, uint16_t capabilities)
{
    body[0] = PROTO_VERSION;
    body[1] = kind;
    body[2] = firmware_major;
    body[3] = firmware_minor;
    put_le16(body + 4, capabilities);
    return 6;
}
