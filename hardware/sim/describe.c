/* Frames as JSON for the harness's observations (names as in proto.rs, snake case). */
#include <stdio.h>

#include "harness.h"

void square_name(uint8_t sq, char out[3])
{
    out[0] = (char)('a' + (sq & 7));
    out[1] = (char)('1' + (sq >> 3));
    out[2] = 0;
}

void describe_packet(char *out, size_t size, const uint8_t *p, uint8_t n)
{
    char body[256] = "";
    const uint8_t *b = p + 2;
    int len = n - 2;
    char sq[3];
    int want = proto_body_len(p[1]);
    if (want < 0 || want != len) {
        int o = snprintf(body, sizeof body, ",\"body\":\"");
        for (int i = 0; i < len && o < (int)sizeof body - 4; i++) {
            o += snprintf(body + o, sizeof body - (size_t)o, "%02x", b[i]);
        }
        snprintf(body + o, sizeof body - (size_t)o, "\"");
    } else {
        static const char *const runs[] = {"none", "white", "black"};
        static const char *const buttons[] = {"?", "time_query", "pause", "push_to_talk"};
        switch (p[1]) {
        case MSG_ACK:
            snprintf(body, sizeof body, ",\"acked\":%u", b[0]);
            break;
        case MSG_ERROR:
            snprintf(body, sizeof body, ",\"code\":%u", b[0]);
            break;
        case MSG_HELLO:
            snprintf(body, sizeof body,
                     ",\"version\":%u,\"kind\":%u,\"firmware\":\"%u.%u\",\"capabilities\":%u",
                     b[0], b[1], b[2], b[3], le16(b + 4));
            break;
        case MSG_SNAPSHOT:
            snprintf(body, sizeof body, ",\"occupancy\":\"0x%08x%08x\",\"time_ms\":%u",
                     le32(b + 4), le32(b), le32(b + 8));
            break;
        case MSG_LIFT:
        case MSG_PLACE:
            square_name(b[0] & 63u, sq);
            snprintf(body, sizeof body, ",\"square\":\"%s\",\"time_ms\":%u", sq, le32(b + 1));
            break;
        case MSG_INDICATE:
            square_name(b[0] & 63u, sq);
            snprintf(body, sizeof body, ",\"square\":\"%s\",\"pattern\":%u", sq, b[1]);
            break;
        case MSG_LEVER:
            snprintf(body, sizeof body, ",\"side\":\"%s\",\"time_ms\":%u",
                     b[0] ? "black" : "white", le32(b + 1));
            break;
        case MSG_BUTTON:
            snprintf(body, sizeof body, ",\"button\":\"%s\",\"pressed\":%s,\"time_ms\":%u",
                     buttons[b[0] & 3u], b[1] ? "true" : "false", le32(b + 2));
            break;
        case MSG_STATE:
            snprintf(body, sizeof body,
                     ",\"white_ms\":%u,\"black_ms\":%u,\"running\":\"%s\",\"time_ms\":%u",
                     le32(b), le32(b + 4), b[8] < 3 ? runs[b[8]] : "?", le32(b + 9));
            break;
        case MSG_SET_AND_RUN:
            snprintf(body, sizeof body, ",\"white_ms\":%u,\"black_ms\":%u,\"running\":\"%s\"",
                     le32(b), le32(b + 4), b[8] < 3 ? runs[b[8]] : "?");
            break;
        case MSG_DISPLAY:
            snprintf(body, sizeof body, ",\"white_ms\":%u,\"black_ms\":%u", le32(b),
                     le32(b + 4));
            break;
        case MSG_HAPTIC:
            snprintf(body, sizeof body, ",\"pattern\":%u,\"repeat\":%u", b[0], b[1]);
            break;
        case MSG_BEEP:
            snprintf(body, sizeof body, ",\"duration_ms\":%u", le16(b));
            break;
        default:
            break;
        }
    }
    snprintf(out, size, "{\"seq\":%u,\"type\":\"%s\"%s}", p[0], proto_type_name(p[1]), body);
}

const char *frame_error_name(enum frame_result r)
{
    switch (r) {
    case FRAME_TOO_LONG: return "too_long";
    case FRAME_BAD_COBS: return "cobs";
    case FRAME_TOO_SHORT: return "too_short";
    default: return "checksum";
    }
}


void json_escape(const char *in, char *out, size_t size)
{
    size_t o = 0;
    for (; *in && o + 7 < size; in++) {
        unsigned char ch = (unsigned char)*in;
        if (ch == '"' || ch == '\\') {
            out[o++] = '\\';
            out[o++] = (char)ch;
        } else if (ch < 0x20) {
            o += (size_t)snprintf(out + o, size - o, "\\u%04x", ch);
        } else {
            out[o++] = (char)ch;
        }
    }
    out[o] = 0;
}
