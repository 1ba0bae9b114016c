/* The harness's command lines: JSON objects or words (README.md), squares, FEN boards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

int parse_square(const char *s)
{
    if (strlen(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') {
        return -1;
    }
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

/* Reads a JSON string or scalar at *p into out; advances *p. */
static int json_value(const char **p, char *out, size_t size)
{
    const char *s = *p;
    size_t n = 0;
    if (*s == '"') {
        s++;
        while (*s && *s != '"') {
            if (*s == '\\' && s[1]) {
                s++;
            }
            if (n + 1 < size) {
                out[n++] = *s;
            }
            s++;
        }
        if (*s != '"') {
            return -1;
        }
        s++;
    } else {
        while (*s && *s != ',' && *s != '}' && *s != ' ') {
            if (n + 1 < size) {
                out[n++] = *s;
            }
            s++;
        }
        if (n == 0) {
            return -1;
        }
    }
    out[n] = 0;
    *p = s;
    return 0;
}

static void skip_ws(const char **p)
{
    while (**p == ' ' || **p == '\t') {
        (*p)++;
    }
}

/* Parses `{"verb":"arg","bounce_ms":12}` or `verb arg [number|down|up]`. */
int parse_command(const char *line, struct command *c, char *why, size_t why_size)
{
    memset(c, 0, sizeof *c);
    c->number = -1;
    const char *p = line;
    skip_ws(&p);
    if (*p == '{') {
        p++;
        int first = 1;
        for (;;) {
            skip_ws(&p);
            if (*p == '}') {
                break;
            }
            char key[32], val[128];
            if (json_value(&p, key, sizeof key) < 0) {
                snprintf(why, why_size, "bad JSON near %.20s", p);
                return -1;
            }
            skip_ws(&p);
            if (*p++ != ':') {
                snprintf(why, why_size, "bad JSON: ':' expected after \"%s\"", key);
                return -1;
            }
            skip_ws(&p);
            if (json_value(&p, val, sizeof val) < 0) {
                snprintf(why, why_size, "bad JSON: no value for \"%s\"", key);
                return -1;
            }
            if (first) {
                snprintf(c->verb, sizeof c->verb, "%s", key);
                snprintf(c->arg, sizeof c->arg, "%s", val);
                first = 0;
            } else if (!strcmp(key, "bounce_ms") || !strcmp(key, "ms")) {
                c->number = strtol(val, NULL, 10);
            } else if (!strcmp(key, "state")) {
                if (strcmp(val, "down") && strcmp(val, "up")) {
                    snprintf(why, why_size, "state must be \"down\" or \"up\"");
                    return -1;
                }
                memcpy(c->state, val, strlen(val) + 1);
            } else {
                snprintf(why, why_size, "unknown field \"%s\"", key);
                return -1;
            }
            skip_ws(&p);
            if (*p == ',') {
                p++;
            }
        }
        if (first) {
            snprintf(why, why_size, "empty command");
            return -1;
        }
    } else {
        char extra[32] = "";
        int n = sscanf(p, "%31s %127s %31s", c->verb, c->arg, extra);
        if (n < 1) {
            snprintf(why, why_size, "empty command");
            return -1;
        }
        if (!strcmp(c->verb, "occupancy")) {
            const char *rest = p + strlen(c->verb);
            skip_ws(&rest);
            snprintf(c->arg, sizeof c->arg, "%s", rest);
        } else if (!strcmp(extra, "down") || !strcmp(extra, "up")) {
            snprintf(c->state, sizeof c->state, "%s", extra);
        } else if (n == 3) {
            c->number = strtol(extra, NULL, 10);
        }
    }
    if ((!strcmp(c->verb, "wait") || !strcmp(c->verb, "wait_ms")) && c->number < 0) {
        c->number = strtol(c->arg, NULL, 10);
    }
    return 0;
}

int parse_occupancy(const char *fen, uint8_t out[64])
{
    if (!strcmp(fen, "start")) {
        fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    }
    int rank = 7, file = 0;
    memset(out, 0, 64);
    for (const char *s = fen; *s && *s != ' '; s++) {
        if (*s == '/') {
            if (file != 8 || rank == 0) {
                return -1;
            }
            rank--;
            file = 0;
        } else if (*s >= '1' && *s <= '8') {
            file += *s - '0';
        } else if (strchr("pnbrqkPNBRQK", *s)) {
            if (file > 7) {
                return -1;
            }
            out[rank * 8 + file++] = 1;
        } else {
            return -1;
        }
        if (file > 8) {
            return -1;
        }
    }
    return rank == 0 && file == 8 ? 0 : -1;
}

int clock_input(const char *name)
{
    if (!strcmp(name, "time_query") || !strcmp(name, "query")) {
        return IN_TIME_QUERY;
    }
    if (!strcmp(name, "pause")) {
        return IN_PAUSE;
    }
    if (!strcmp(name, "push_to_talk") || !strcmp(name, "talk")) {
        return IN_TALK;
    }
    return -1;
}

