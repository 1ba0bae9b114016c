/* Names of message types, for host tools only (the firmware keeps its RAM). */
#include "proto.h"

const char *proto_type_name(uint8_t type)
{
    switch (type) {
    case MSG_ACK: return "ack";
    case MSG_HELLO: return "hello";
    case MSG_HELLO_REQUEST: return "hello_request";
    case MSG_PING: return "ping";
    case MSG_ERROR: return "error";
    case MSG_SNAPSHOT_REQUEST: return "snapshot_request";
    case MSG_SNAPSHOT: return "snapshot";
    case MSG_LIFT: return "lift";
    case MSG_PLACE: return "place";
    case MSG_INDICATE: return "indicate";
    case MSG_LEVER: return "lever";
    case MSG_BUTTON: return "button";
    case MSG_STATE: return "state";
    case MSG_STATE_REQUEST: return "state_request";
    case MSG_SET_AND_RUN: return "set_and_run";
    case MSG_PAUSE: return "pause";
    case MSG_DISPLAY: return "display";
    case MSG_HAPTIC: return "haptic";
    case MSG_BEEP: return "beep";
    default: return "unknown";
    }
}
