/* avr-harness: runs a firmware ELF of the tactile board or the tactile clock in simavr
 * (ATmega328P, 16 MHz), paced to real time, with its UART on a pseudo-terminal. It
 * plays the sensors, levers and buttons at the pins (the wiring of the firmware's
 * pins.h) from commands on stdin and writes what it observes on stdout, one JSON
 * object a line. The language is described in README.md. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <hd44780.h>
#include <sim_avr.h>
#include <sim_cycle_timers.h>
#include <sim_elf.h>
#include <sim_irq.h>

#include "../common/frame.h"
#include "../common/proto.h"
#include "../tactile-board/firmware/pins.h"
#include "../tactile-clock/firmware/pins.h"

#define F_CPU_HZ 16000000u
/* A press given as `lever white` or `button pause` is held this long. */
#define TAP_MS 100u
/* Pause between the steps of a `move`. */
#define MOVE_STEP_MS 100u
/* A contact that bounces flips this often (µs). */
#define BOUNCE_PERIOD_US 700u
/* The display is reported once its text has not changed for this long. */
#define DISPLAY_SETTLE_MS 5u

enum device { BOARD, CLOCK };
enum { IN_LEVER_WHITE, IN_LEVER_BLACK, IN_TIME_QUERY, IN_PAUSE, IN_TALK, CLOCK_INPUTS };

static const uint8_t rank_pins[8] = BOARD_RANK_PINS;
static const uint8_t file_pins[8] = BOARD_FILE_PINS;
static const uint8_t clock_pins[CLOCK_INPUTS] = CLOCK_INPUT_PINS;
static const char *const input_names[CLOCK_INPUTS] = {"lever_white", "lever_black",
                                                       "time_query", "pause",
                                                       "push_to_talk"};

static avr_t *avr;
static enum device device;
static FILE *obs;
static int pty_master = -1;
static char pty_path[256];

/* --- observations ------------------------------------------------------------------ */

static uint64_t sim_us(void)
{
    return avr->cycle / (F_CPU_HZ / 1000000u);
}

static uint64_t us_to_cycles(uint64_t us)
{
    return us * (F_CPU_HZ / 1000000u);
}

/* Writes one observation line: {"t_us":N,<fmt>}. */
static void observe(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(obs, "{\"t_us\":%llu,", (unsigned long long)sim_us());
    vfprintf(obs, fmt, ap);
    fputs("}\n", obs);
    fflush(obs);
    va_end(ap);
}

static void square_name(uint8_t sq, char out[3])
{
    out[0] = (char)('a' + (sq & 7));
    out[1] = (char)('1' + (sq >> 3));
    out[2] = 0;
}

/* --- the physical inputs ---------------------------------------------------------- */

/* Board: contact closed = a peg in the hole. Clock: closed = pressed. */
static uint8_t closed[64];
static uint8_t row_low[8];
/* When the current action on an input began (µs), for latency; 0 = none pending. */
static uint64_t action_us[64];

static void set_pin(uint8_t code, uint8_t level)
{
    char port = PIN_PORT(code);
    /* The line's level as the outside world drives it, kept across PORT writes. */
    static uint8_t mask[4], value[4];
    int p = port - 'A';
    mask[p] |= (uint8_t)(1u << PIN_BIT(code));
    if (level) {
        value[p] |= (uint8_t)(1u << PIN_BIT(code));
    } else {
        value[p] &= (uint8_t)~(1u << PIN_BIT(code));
    }
    avr_ioport_external_t ext = {.name = port, .mask = mask[p], .value = value[p]};
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &ext);
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), PIN_BIT(code)), level);
}

/* Board: the file lines as the diode matrix makes them for the selected ranks. */
static void update_files(void)
{
    for (int f = 0; f < 8; f++) {
        uint8_t low = 0;
        for (int r = 0; r < 8; r++) {
            if (row_low[r] && closed[r * 8 + f]) {
                low = 1;
            }
        }
        set_pin(file_pins[f], !low);
    }
}

static void row_changed(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    row_low[(intptr_t)param] = value == 0;
    update_files();
}

static void set_contact(int idx, uint8_t is_closed)
{
    closed[idx] = is_closed;
    if (device == BOARD) {
        update_files();
    } else {
        set_pin(clock_pins[idx], !is_closed);
    }
}

/* --- scheduled contact changes (bounces, taps, moves) ------------------------------ */

struct scheduled {
    uint64_t at; /* cycle */
    int16_t idx;
    uint8_t value;
};
#define MAX_SCHEDULED 512
static struct scheduled sched[MAX_SCHEDULED];
static int sched_count;

static avr_cycle_count_t sched_run(avr_t *a, avr_cycle_count_t when, void *param);

static void sched_arm(void)
{
    avr_cycle_timer_cancel(avr, sched_run, NULL);
    uint64_t next = UINT64_MAX;
    for (int i = 0; i < sched_count; i++) {
        if (sched[i].at < next) {
            next = sched[i].at;
        }
    }
    if (next != UINT64_MAX) {
        uint64_t delta = next > avr->cycle ? next - avr->cycle : 1;
        avr_cycle_timer_register(avr, delta, sched_run, NULL);
    }
}

static avr_cycle_count_t sched_run(avr_t *a, avr_cycle_count_t when, void *param)
{
    (void)when;
    (void)param;
    for (;;) {
        int best = -1;
        for (int i = 0; i < sched_count; i++) {
            if (sched[i].at <= a->cycle && (best < 0 || sched[i].at < sched[best].at)) {
                best = i;
            }
        }
        if (best < 0) {
            break;
        }
        struct scheduled s = sched[best];
        sched[best] = sched[--sched_count];
        set_contact(s.idx, s.value);
    }
    uint64_t next = UINT64_MAX;
    for (int i = 0; i < sched_count; i++) {
        if (sched[i].at < next) {
            next = sched[i].at;
        }
    }
    return next == UINT64_MAX ? 0 : next;
}

static int schedule(uint64_t at, int idx, uint8_t value)
{
    if (sched_count == MAX_SCHEDULED) {
        return -1;
    }
    sched[sched_count++] = (struct scheduled){.at = at, .idx = (int16_t)idx, .value = value};
    return 0;
}

/* Changes a contact at `at` (cycle): a bounce of `bounce_ms` first flips it to the new
 * state and back every BOUNCE_PERIOD_US / 2, then it settles in `value`. */
static int change_contact(uint64_t at, int idx, uint8_t value, unsigned bounce_ms)
{
    uint64_t t = at;
    uint64_t end = at + us_to_cycles((uint64_t)bounce_ms * 1000u);
    uint8_t v = value;
    while (t < end) {
        if (schedule(t, idx, v) < 0) {
            return -1;
        }
        v = !v;
        t += us_to_cycles(BOUNCE_PERIOD_US / 2u);
    }
    if (schedule(end > at ? end : at, idx, value) < 0) {
        return -1;
    }
    sched_arm();
    return 0;
}

/* --- UART on the pseudo-terminal -------------------------------------------------- */

static uint8_t host_fifo[4096];
static size_t host_head, host_len;
static int uart_xon = 1;
static int host_seen;
static avr_irq_t *uart_in;
static struct frame_decoder device_frames, host_frames;

static void describe_packet(const char *who, const uint8_t *p, uint8_t n)
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
    observe("\"%s\":{\"seq\":%u,\"type\":\"%s\"%s}", who, p[0], proto_type_name(p[1]), body);
}

static const char *frame_error_name(enum frame_result r)
{
    switch (r) {
    case FRAME_TOO_LONG: return "too_long";
    case FRAME_BAD_COBS: return "cobs";
    case FRAME_TOO_SHORT: return "too_short";
    default: return "checksum";
    }
}

static void report_latency(const uint8_t *p, uint8_t n)
{
    int idx = -1;
    const char *what = proto_type_name(p[1]);
    char name[16] = "";
    if ((p[1] == MSG_LIFT || p[1] == MSG_PLACE) && n == 7) {
        idx = p[2] & 63;
        square_name((uint8_t)idx, name);
    } else if (p[1] == MSG_LEVER && n == 7) {
        idx = p[2] ? IN_LEVER_BLACK : IN_LEVER_WHITE;
    } else if (p[1] == MSG_BUTTON && n == 8 && p[2] >= 1 && p[2] <= 3) {
        idx = IN_TIME_QUERY + p[2] - 1;
    }
    if (idx < 0 || !action_us[idx]) {
        return;
    }
    if (device == CLOCK) {
        snprintf(name, sizeof name, "%s", input_names[idx]);
    }
    observe("\"latency\":{\"event\":\"%s\",\"input\":\"%s\",\"us\":%llu}", what, name,
            (unsigned long long)(sim_us() - action_us[idx]));
    action_us[idx] = 0;
}

/* A byte the firmware wrote to its UART: to the pseudo-terminal, and decoded. */
static void uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    uint8_t b = (uint8_t)value;
    if (write(pty_master, &b, 1) < 0) {
        /* nobody reads: lost, as on a serial line without a listener */
    }
    enum frame_result r = frame_decoder_push(&device_frames, b);
    if (r == FRAME_PACKET) {
        describe_packet("device", device_frames.packet, device_frames.packet_len);
        if (device_frames.packet[0] != 0) {
            report_latency(device_frames.packet, device_frames.packet_len);
        }
    } else if (r != FRAME_NONE) {
        observe("\"bad_frame\":{\"from\":\"device\",\"kind\":\"%s\"}", frame_error_name(r));
    }
}

static void feed_uart(void)
{
    while (uart_xon && host_len) {
        uint8_t b = host_fifo[host_head];
        host_head = (host_head + 1) % sizeof host_fifo;
        host_len--;
        avr_raise_irq(uart_in, b);
    }
}

static void uart_xon_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    uart_xon = 1;
    feed_uart();
}

static void uart_xoff_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    uart_xon = 0;
}

static void read_host(void)
{
    uint8_t buf[512];
    for (;;) {
        size_t room = sizeof host_fifo - host_len;
        if (room == 0) {
            break;
        }
        ssize_t n = read(pty_master, buf, room < sizeof buf ? room : sizeof buf);
        if (n <= 0) {
            break;
        }
        host_seen = 1;
        for (ssize_t i = 0; i < n; i++) {
            host_fifo[(host_head + host_len) % sizeof host_fifo] = buf[i];
            host_len++;
            enum frame_result r = frame_decoder_push(&host_frames, buf[i]);
            if (r == FRAME_PACKET) {
                describe_packet("host", host_frames.packet, host_frames.packet_len);
            } else if (r != FRAME_NONE) {
                observe("\"bad_frame\":{\"from\":\"host\",\"kind\":\"%s\"}",
                        frame_error_name(r));
            }
        }
    }
    feed_uart();
}

static int open_pty(const char *link)
{
    int slave;
    if (openpty(&pty_master, &slave, pty_path, NULL, NULL) < 0) {
        return -1;
    }
    struct termios t;
    tcgetattr(slave, &t);
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    /* The slave stays open here so the pair survives the host closing its side. */
    fcntl(pty_master, F_SETFL, O_NONBLOCK);
    if (link) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp%d", link, (int)getpid());
        unlink(tmp);
        if (symlink(pty_path, tmp) < 0 || rename(tmp, link) < 0) {
            return -1;
        }
    }
    return 0;
}

/* --- outputs: motor, beeper, display ---------------------------------------------- */

static void output_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    observe("\"%s\":\"%s\"", (const char *)param, value ? "on" : "off");
}

static hd44780_t lcd;
static char lcd_seen[2][17], lcd_printed[2][17];
static uint64_t lcd_changed;

static avr_cycle_count_t lcd_watch(avr_t *a, avr_cycle_count_t when, void *param)
{
    (void)param;
    char now[2][17];
    for (int r = 0; r < 2; r++) {
        for (int c = 0; c < 16; c++) {
            uint8_t ch = lcd.vram[(r ? 0x40 : 0) + c];
            now[r][c] = (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\') ? (char)ch : '?';
        }
        now[r][16] = 0;
    }
    if (memcmp(now, lcd_seen, sizeof now) != 0) {
        memcpy(lcd_seen, now, sizeof now);
        lcd_changed = a->cycle;
    } else if (memcmp(lcd_seen, lcd_printed, sizeof now) != 0 &&
               a->cycle - lcd_changed >= us_to_cycles(DISPLAY_SETTLE_MS * 1000u)) {
        memcpy(lcd_printed, lcd_seen, sizeof now);
        observe("\"display\":[\"%s\",\"%s\"]", lcd_printed[0], lcd_printed[1]);
    }
    return when + us_to_cycles(1000);
}

static void connect_pin(uint8_t code, avr_irq_t *to)
{
    avr_connect_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(PIN_PORT(code)), PIN_BIT(code)),
                    to);
}

static void notify_pin(uint8_t code, avr_irq_notify_t fn, void *param)
{
    avr_irq_register_notify(
        avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(PIN_PORT(code)), PIN_BIT(code)), fn, param);
}

/* --- main-loop measurement -------------------------------------------------------- */

static struct {
    uint64_t wakeups;
    uint64_t busy_cycles;
    uint64_t busy_max;
    uint64_t woke_at;
    uint64_t behind_max_us;
    uint16_t sp_min; /* lowest stack pointer seen: the stack's high-water mark */
} stats = {.sp_min = 0xFFFF};

static void print_stats(uint64_t wall_us)
{
    observe("\"stats\":{\"sim_us\":%llu,\"wall_us\":%llu,\"behind_max_us\":%llu,"
            "\"wakeups\":%llu,\"busy_max_us\":%.1f,\"busy_avg_us\":%.1f,\"busy_total_us\":%.0f,"
            "\"stack_max_bytes\":%u}",
            (unsigned long long)sim_us(), (unsigned long long)wall_us,
            (unsigned long long)stats.behind_max_us, (unsigned long long)stats.wakeups,
            stats.busy_max / 16.0,
            stats.wakeups ? (double)stats.busy_cycles / 16.0 / (double)stats.wakeups : 0.0,
            (double)stats.busy_cycles / 16.0,
            stats.sp_min <= avr->ramend ? (unsigned)(avr->ramend - stats.sp_min) : 0u);
}

/* --- commands --------------------------------------------------------------------- */

struct command {
    char verb[32];
    char arg[128];
    long number;   /* bounce_ms / ms / wait; -1 when absent */
    char state[8]; /* "down", "up" or "" */
};

static int parse_square(const char *s)
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
static int parse_command(const char *line, struct command *c, char *why, size_t why_size)
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

static uint64_t wait_until; /* cycle before which no further command runs */
static int waiting_for_host;
static int quit;
static uint64_t wall_start_ns;

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int parse_occupancy(const char *fen, uint8_t out[64])
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

static int clock_input(const char *name)
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

/* One peg action now (+ offset ms); returns an error text or NULL. */
static const char *peg(int sq, uint8_t place, uint64_t at, unsigned bounce, uint8_t occ[64])
{
    static char why[64];
    char name[3];
    square_name((uint8_t)sq, name);
    if (occ[sq] == place) {
        snprintf(why, sizeof why, place ? "%s already holds a peg" : "no peg in %s", name);
        return why;
    }
    occ[sq] = place;
    if (change_contact(at, sq, place, bounce) < 0) {
        return "too many scheduled contact changes";
    }
    action_us[sq] = at / (F_CPU_HZ / 1000000u);
    return NULL;
}

static const char *run_command(const struct command *c)
{
    static char why[160];
    uint64_t now = avr->cycle;
    if (!strcmp(c->verb, "wait") || !strcmp(c->verb, "wait_ms")) {
        if (c->number < 0) {
            return "wait needs milliseconds";
        }
        wait_until = now + us_to_cycles((uint64_t)c->number * 1000u);
        return NULL;
    }
    if (!strcmp(c->verb, "wait_host")) {
        waiting_for_host = 1;
        return NULL;
    }
    if (!strcmp(c->verb, "stats")) {
        print_stats((mono_ns() - wall_start_ns) / 1000u);
        return NULL;
    }
    if (!strcmp(c->verb, "quit")) {
        quit = 1;
        return NULL;
    }
    unsigned bounce = c->number > 0 ? (unsigned)c->number : 0;
    if (device == BOARD) {
        /* What the holes will hold once everything scheduled has happened. */
        static uint8_t occ[64];
        static int occ_valid;
        if (!occ_valid || sched_count == 0) {
            memcpy(occ, closed, 64);
            occ_valid = 1;
        }
        if (!strcmp(c->verb, "lift") || !strcmp(c->verb, "place")) {
            int sq = parse_square(c->arg);
            if (sq < 0) {
                snprintf(why, sizeof why, "not a square: \"%s\"", c->arg);
                return why;
            }
            const char *e = peg(sq, c->verb[0] == 'p', now, bounce, occ);
            if (!e) {
                observe("\"did\":{\"%s\":\"%s\",\"bounce_ms\":%u}", c->verb, c->arg, bounce);
            }
            return e;
        }
        if (!strcmp(c->verb, "chatter")) {
            int sq = parse_square(c->arg);
            if (sq < 0) {
                snprintf(why, sizeof why, "not a square: \"%s\"", c->arg);
                return why;
            }
            if (c->number <= 0) {
                return "chatter needs milliseconds";
            }
            /* Bounces and returns to where it was: no change may be reported. */
            if (change_contact(now, sq, occ[sq], (unsigned)c->number) < 0) {
                return "too many scheduled contact changes";
            }
            observe("\"did\":{\"chatter\":\"%s\",\"ms\":%ld}", c->arg, c->number);
            return NULL;
        }
        if (!strcmp(c->verb, "move")) {
            int from = strlen(c->arg) >= 4 ? parse_square((char[]){c->arg[0], c->arg[1], 0}) : -1;
            int to = strlen(c->arg) >= 4 ? parse_square((char[]){c->arg[2], c->arg[3], 0}) : -1;
            if (from < 0 || to < 0) {
                snprintf(why, sizeof why, "not a move: \"%s\"", c->arg);
                return why;
            }
            uint64_t step = us_to_cycles(MOVE_STEP_MS * 1000u), t = now;
            const char *e = NULL;
            if (occ[to]) {
                e = peg(to, 0, t, bounce, occ);
                t += step;
            }
            if (!e) {
                e = peg(from, 0, t, bounce, occ);
                t += step;
            }
            if (!e) {
                e = peg(to, 1, t, bounce, occ);
            }
            int castling = (from == 4 || from == 60) && (to == from + 2 || to == from - 2);
            if (!e && castling) {
                int rf = to > from ? from + 3 : from - 4, rt = to > from ? from + 1 : from - 1;
                t += step;
                e = peg(rf, 0, t, bounce, occ);
                t += step;
                if (!e) {
                    e = peg(rt, 1, t, bounce, occ);
                }
            }
            if (!e) {
                wait_until = t + us_to_cycles((uint64_t)bounce * 1000u) + 1;
                observe("\"did\":{\"move\":\"%s\"}", c->arg);
            }
            return e;
        }
        if (!strcmp(c->verb, "occupancy")) {
            uint8_t want[64];
            if (parse_occupancy(c->arg, want) < 0) {
                snprintf(why, sizeof why, "bad FEN board \"%s\"", c->arg);
                return why;
            }
            for (int sq = 0; sq < 64; sq++) {
                if (want[sq] != occ[sq]) {
                    peg(sq, want[sq], now, 0, occ);
                }
            }
            observe("\"did\":{\"occupancy\":\"%s\"}", c->arg);
            return NULL;
        }
    } else {
        int idx = -1;
        int tap = 0;
        int down = 1;
        if (!strcmp(c->verb, "lever")) {
            idx = !strcmp(c->arg, "white") ? IN_LEVER_WHITE
                  : !strcmp(c->arg, "black") ? IN_LEVER_BLACK : -1;
            tap = c->state[0] == 0;
        } else if (!strcmp(c->verb, "button")) {
            idx = clock_input(c->arg);
            /* Push-to-talk is held until `release`; the others report a press only. */
            tap = c->state[0] == 0 && idx != IN_TALK;
        } else if (!strcmp(c->verb, "release")) {
            idx = clock_input(c->arg);
            down = 0;
        } else {
            snprintf(why, sizeof why, "unknown action \"%s\" for the clock", c->verb);
            return why;
        }
        if (idx < 0) {
            snprintf(why, sizeof why, "no %s \"%s\"", c->verb, c->arg);
            return why;
        }
        if (!strcmp(c->state, "up")) {
            down = 0;
        }
        if (change_contact(now, idx, (uint8_t)down, bounce) < 0) {
            return "too many scheduled contact changes";
        }
        if (tap) {
            uint64_t up = now + us_to_cycles(((uint64_t)TAP_MS + bounce) * 1000u);
            if (change_contact(up, idx, 0, 0) < 0) {
                return "too many scheduled contact changes";
            }
        }
        action_us[idx] = sim_us();
        observe("\"did\":{\"%s\":\"%s\",\"state\":\"%s\",\"bounce_ms\":%u}",
                down ? "press" : "release", input_names[idx], tap ? "tap" : down ? "down" : "up",
                bounce);
        return NULL;
    }
    snprintf(why, sizeof why, "unknown action \"%s\" for the board", c->verb);
    return why;
}

/* --- stdin ------------------------------------------------------------------------ */

static char line_buf[8192];
static size_t line_len;
static int stdin_open = 1;
static unsigned long line_no;

static void read_stdin(void)
{
    ssize_t n = read(0, line_buf + line_len, sizeof line_buf - 1 - line_len);
    if (n == 0) {
        stdin_open = 0;
    } else if (n > 0) {
        line_len += (size_t)n;
    }
    if (line_len == sizeof line_buf - 1 && !memchr(line_buf, '\n', line_len)) {
        observe("\"error\":\"line %lu: longer than %zu bytes\"", line_no + 1, line_len);
        line_len = 0;
    }
}

/* Runs buffered command lines until one makes the harness wait. */
static void run_lines(void)
{
    while (!quit && avr->cycle >= wait_until && !(waiting_for_host && !host_seen)) {
        waiting_for_host = 0;
        char *nl = memchr(line_buf, '\n', line_len);
        if (!nl) {
            if (!stdin_open && line_len) {
                nl = line_buf + line_len; /* last line without newline */
                line_buf[line_len++] = '\n';
            } else {
                return;
            }
        }
        *nl = 0;
        line_no++;
        char *line = line_buf;
        while (*line == ' ' || *line == '\t' || *line == '\r') {
            line++;
        }
        char *end = line + strlen(line);
        while (end > line && (end[-1] == '\r' || end[-1] == ' ')) {
            *--end = 0;
        }
        if (*line && *line != '#') {
            struct command c;
            char why[160];
            const char *err = NULL;
            if (parse_command(line, &c, why, sizeof why) < 0) {
                err = why;
            } else {
                err = run_command(&c);
            }
            if (err) {
                observe("\"error\":\"line %lu: %s\"", line_no, err);
            }
        }
        size_t used = (size_t)(nl + 1 - line_buf);
        memmove(line_buf, nl + 1, line_len - used);
        line_len -= used;
    }
}

/* --- main ------------------------------------------------------------------------- */

static void no_sleep(avr_t *a, avr_cycle_count_t how_long)
{
    (void)a;
    (void)how_long;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: avr-harness [--device board|clock] [--link PATH] [--occupancy FEN|start]\n"
            "                   [--exit-on-eof] [--verbose] FIRMWARE.elf\n"
            "Runs the firmware in simavr paced to real time; its UART is a pseudo-terminal.\n"
            "Commands on stdin, observations on stdout (JSON lines); see hardware/sim/README.md.\n");
}

int main(int argc, char **argv)
{
    const char *elf = NULL, *link = NULL, *occupancy = "start", *dev = NULL;
    int exit_on_eof = 0, verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--link") && i + 1 < argc) {
            link = argv[++i];
        } else if (!strcmp(argv[i], "--occupancy") && i + 1 < argc) {
            occupancy = argv[++i];
        } else if (!strcmp(argv[i], "--device") && i + 1 < argc) {
            dev = argv[++i];
        } else if (!strcmp(argv[i], "--exit-on-eof")) {
            exit_on_eof = 1;
        } else if (!strcmp(argv[i], "--verbose")) {
            verbose = 1;
        } else if (argv[i][0] == '-') {
            usage();
            return 2;
        } else {
            elf = argv[i];
        }
    }
    if (!elf) {
        usage();
        return 2;
    }
    if (!dev) {
        dev = strstr(elf, "clock") ? "clock" : "board";
    }
    if (strcmp(dev, "board") && strcmp(dev, "clock")) {
        fprintf(stderr, "avr-harness: --device must be board or clock, not \"%s\"\n", dev);
        return 2;
    }
    device = !strcmp(dev, "clock") ? CLOCK : BOARD;
    if (device == BOARD && parse_occupancy(occupancy, closed) < 0) {
        fprintf(stderr, "avr-harness: --occupancy: bad FEN board \"%s\"\n", occupancy);
        return 2;
    }
    /* simavr and its parts print on stdout: keep stdout for observations only. */
    obs = fdopen(dup(1), "w");
    int quiet = verbose ? dup(2) : open("/dev/null", O_WRONLY);
    dup2(quiet, 1);
    close(quiet);
    signal(SIGPIPE, SIG_IGN);

    elf_firmware_t f;
    memset(&f, 0, sizeof f);
    if (elf_read_firmware(elf, &f) != 0) {
        fprintf(stderr, "avr-harness: cannot read firmware %s\n", elf);
        return 1;
    }
    snprintf(f.mmcu, sizeof f.mmcu, "atmega328p");
    f.frequency = F_CPU_HZ;
    avr = avr_make_mcu_by_name(f.mmcu);
    if (!avr) {
        fprintf(stderr, "avr-harness: simavr has no atmega328p core\n");
        return 1;
    }
    avr_init(avr);
    avr->log = verbose ? LOG_WARNING : LOG_ERROR;
    avr_load_firmware(avr, &f);
    avr->sleep = no_sleep; /* the harness paces to real time itself */

    if (open_pty(link) < 0) {
        fprintf(stderr, "avr-harness: no pseudo-terminal or link: %s\n", strerror(errno));
        return 1;
    }
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_output, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            uart_xon_hook, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            uart_xoff_hook, NULL);
    uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    frame_decoder_reset(&device_frames);
    frame_decoder_reset(&host_frames);

    if (device == BOARD) {
        for (intptr_t r = 0; r < 8; r++) {
            row_low[r] = 0;
            notify_pin(rank_pins[r], row_changed, (void *)r);
        }
        update_files();
        notify_pin(BOARD_MOTOR_PIN, output_pin, "indicate");
    } else {
        for (int i = 0; i < CLOCK_INPUTS; i++) {
            set_contact(i, 0);
        }
        notify_pin(CLOCK_MOTOR_PIN, output_pin, "haptic");
        notify_pin(CLOCK_BEEPER_PIN, output_pin, "beep");
        hd44780_init(avr, &lcd, 16, 2);
        connect_pin(CLOCK_LCD_RS_PIN, lcd.irq + IRQ_HD44780_RS);
        connect_pin(CLOCK_LCD_E_PIN, lcd.irq + IRQ_HD44780_E);
        connect_pin(CLOCK_LCD_D4_PIN, lcd.irq + IRQ_HD44780_D4);
        connect_pin(CLOCK_LCD_D5_PIN, lcd.irq + IRQ_HD44780_D5);
        connect_pin(CLOCK_LCD_D6_PIN, lcd.irq + IRQ_HD44780_D6);
        connect_pin(CLOCK_LCD_D7_PIN, lcd.irq + IRQ_HD44780_D7);
        avr_cycle_timer_register(avr, us_to_cycles(1000), lcd_watch, NULL);
    }

    observe("\"ready\":{\"pty\":\"%s\",\"link\":\"%s\",\"device\":\"%s\",\"firmware\":\"%s\","
            "\"mcu\":\"atmega328p\",\"f_cpu\":%u}",
            pty_path, link ? link : "", dev, elf, F_CPU_HZ);

    fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
    wall_start_ns = mono_ns();
    int prev_state = avr->state;
    while (!quit) {
        uint64_t wall_us = (mono_ns() - wall_start_ns) / 1000u;
        uint64_t now_us = sim_us();
        if (now_us <= wall_us) {
            if (wall_us - now_us > stats.behind_max_us && now_us > 0) {
                stats.behind_max_us = wall_us - now_us;
            }
            /* Catch up at most 1 ms of simulated time between looks at the world. */
            uint64_t slice = wall_us - now_us + 1;
            uint64_t until = avr->cycle + us_to_cycles(slice < 1000 ? slice : 1000);
            while (avr->cycle < until) {
                /* simavr executes SLEEP and skips to the next timer in one avr_run:
                 * the busy stretch ends where that run began. */
                uint64_t before = avr->cycle;
                int st = avr_run(avr);
                uint16_t sp = (uint16_t)(avr->data[R_SPL] | (avr->data[R_SPH] << 8));
                if (sp < stats.sp_min && sp > 0) {
                    stats.sp_min = sp;
                }
                if (st == cpu_Done || st == cpu_Crashed) {
                    observe("\"crashed\":\"%s\"", st == cpu_Done ? "done" : "crashed");
                    return 1;
                }
                if (st != prev_state) {
                    if (st == cpu_Running && prev_state == cpu_Sleeping) {
                        stats.woke_at = avr->cycle;
                        stats.wakeups++;
                    } else if (st == cpu_Sleeping && prev_state == cpu_Running &&
                               stats.woke_at) {
                        uint64_t busy = before - stats.woke_at;
                        stats.busy_cycles += busy;
                        if (busy > stats.busy_max) {
                            stats.busy_max = busy;
                        }
                    }
                    prev_state = st;
                }
            }
        }
        int timeout = 0;
        now_us = sim_us();
        wall_us = (mono_ns() - wall_start_ns) / 1000u;
        if (now_us > wall_us) {
            timeout = (int)((now_us - wall_us) / 1000u);
        }
        struct pollfd fds[2] = {{.fd = pty_master, .events = POLLIN},
                                {.fd = stdin_open ? 0 : -1, .events = POLLIN}};
        if (poll(fds, 2, timeout) > 0) {
            if (fds[0].revents & POLLIN) {
                read_host();
            }
            if (fds[1].revents & (POLLIN | POLLHUP)) {
                read_stdin();
            }
        }
        feed_uart();
        run_lines();
        if (!stdin_open && exit_on_eof && line_len == 0 && avr->cycle >= wait_until &&
            sched_count == 0) {
            quit = 1;
        }
    }
    print_stats((mono_ns() - wall_start_ns) / 1000u);
    if (link) {
        unlink(link);
    }
    return 0;
}
