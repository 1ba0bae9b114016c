/* device-client: a host for the firmware in the simulator. Starts avr-harness with a
 * firmware ELF, opens its pseudo-terminal with the shared link layer (../common, the
 * firmware's own sources), and either checks the device end to end (`board`, `clock`)
 * or measures it (`bench-board`, `bench-clock`).
 *
 *   device-client board|clock|bench-board|bench-clock HARNESS FIRMWARE.elf */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../common/frame.h"
#include "../common/link.h"
#include "../common/proto.h"
#include "check.h"


static pid_t harness_pid;
static int to_harness = -1, from_harness = -1, pty = -1;
static struct link host;
static int reading_pty = 1;
static int acked_at; /* msg_count when the host's last message was acknowledged */
static int stopping; /* the harness was told to quit: its end of output is expected */

/* Messages delivered by the link, oldest first. */
struct msg {
    uint8_t seq, type, len;
    uint8_t body[FRAME_MAX_PACKET];
    double wall_ms;
};
#define MAX_MSGS 256
static struct msg msgs[MAX_MSGS];
static int msg_count;

/* Harness lines, oldest first. */
#define MAX_LINES 4096
static char *lines[MAX_LINES];
static int line_count;
static char hbuf[65536];
static size_t hlen;

static double wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static uint32_t now_ms(void)
{
    return (uint32_t)wall_ms();
}

static void pty_write(void *ctx, const uint8_t *b, uint8_t n)
{
    (void)ctx;
    if (write(pty, b, n) != n) {
        fprintf(stderr, "device-client: write to the pty: %s\n", strerror(errno));
    }
}

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "device-client: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    if (harness_pid > 0) {
        kill(harness_pid, SIGTERM);
    }
    exit(1);
}

/* Waits up to `ms` for bytes from the device or the harness and takes them in. */
static void pump(int ms)
{
    if (from_harness < 0) {
        usleep((useconds_t)ms * 1000u);
        return;
    }
    struct pollfd fds[2] = {{.fd = reading_pty ? pty : -1, .events = POLLIN},
                            {.fd = from_harness, .events = POLLIN}};
    if (poll(fds, 2, ms) > 0) {
        if (fds[0].revents & POLLIN) {
            uint8_t buf[512];
            ssize_t n = read(pty, buf, sizeof buf);
            for (ssize_t i = 0; i < n; i++) {
                struct link_message m;
                enum link_event e = link_receive(&host, buf[i], now_ms(), &m);
                if (e == LINK_ACKED) {
                    acked_at = msg_count;
                }
                if (e == LINK_MESSAGE && msg_count < MAX_MSGS) {
                    struct msg *s = &msgs[msg_count++];
                    s->seq = m.seq;
                    s->type = m.type;
                    s->len = m.len;
                    memcpy(s->body, m.body, m.len);
                    s->wall_ms = wall_ms();
                }
            }
        }
        if (fds[1].revents & (POLLIN | POLLHUP)) {
            ssize_t n = read(from_harness, hbuf + hlen, sizeof hbuf - 1 - hlen);
            if (n <= 0) {
                if (stopping) {
                    from_harness = -1;
                    return;
                }
                die("the harness ended");
            }
            hlen += (size_t)n;
            char *nl;
            while ((nl = memchr(hbuf, '\n', hlen))) {
                *nl = 0;
                if (getenv("VERBOSE")) {
                    fprintf(stderr, "  harness: %s\n", hbuf);
                }
                if (strstr(hbuf, ",\"error\":") || strstr(hbuf, ",\"crashed\":")) {
                    die("harness: %s", hbuf);
                }
                if (line_count < MAX_LINES) {
                    lines[line_count++] = strdup(hbuf);
                }
                size_t used = (size_t)(nl + 1 - hbuf);
                memmove(hbuf, nl + 1, hlen - used);
                hlen -= used;
            }
        }
    }
    link_poll(&host, now_ms());
}

/* Takes in whatever arrives for `ms` milliseconds. */
static void pump_for(int ms)
{
    double end = wall_ms() + ms;
    while (wall_ms() < end) {
        pump(5);
    }
}

static void command(const char *line)
{
    size_t n = strlen(line);
    if (write(to_harness, line, n) != (ssize_t)n || write(to_harness, "\n", 1) != 1) {
        die("write to the harness: %s", strerror(errno));
    }
}

/* The first message of `type` from index *from on, waiting up to `ms`; moves *from
 * past it. */
static struct msg *expect_msg(int *from, uint8_t type, int ms, const char *what)
{
    double end = wall_ms() + ms;
    for (;;) {
        for (; *from < msg_count; (*from)++) {
            if (msgs[*from].type == type) {
                return &msgs[(*from)++];
            }
        }
        if (wall_ms() > end) {
            die("no %s (%s) within %d ms", proto_type_name(type), what, ms);
        }
        pump(5);
    }
}

/* The first harness line from *from on containing all of `a` and `b` (b may be NULL). */
static const char *expect_line(int *from, const char *a, const char *b, int ms)
{
    double end = wall_ms() + ms;
    for (;;) {
        for (; *from < line_count; (*from)++) {
            if (strstr(lines[*from], a) && (!b || strstr(lines[*from], b))) {
                return lines[(*from)++];
            }
        }
        if (wall_ms() > end) {
            die("no harness line with %s %s within %d ms", a, b ? b : "", ms);
        }
        pump(5);
    }
}

static long long field(const char *line, const char *key)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\":", key);
    const char *p = strstr(line, k);
    if (!p) {
        die("no %s in %s", key, line);
    }
    return strtoll(p + strlen(k), NULL, 10);
}

/* Sends a message once the link is free (the host keeps one in flight, too). */
static void send(uint8_t type, const uint8_t *body, uint8_t len)
{
    double end = wall_ms() + 3000;
    while (!link_idle(&host)) {
        if (wall_ms() > end) {
            die("the device never acknowledged message type %02x", host.in_flight_type);
        }
        pump(5);
    }
    link_send(&host, now_ms(), type, body, len);
}

static void start(const char *harness, const char *elf, const char *device)
{
    int in[2], out[2];
    if (pipe(in) < 0 || pipe(out) < 0) {
        die("pipe: %s", strerror(errno));
    }
    harness_pid = fork();
    if (harness_pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl(harness, harness, "--device", device, elf, (char *)NULL);
        perror("exec avr-harness");
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_harness = in[1];
    from_harness = out[0];
    int from = 0;
    const char *ready = expect_line(&from, "\"ready\"", NULL, 10000);
    const char *p = strstr(ready, "\"pty\":\"");
    char path[256];
    if (!p || sscanf(p + 7, "%255[^\"]", path) != 1) {
        die("no pty in %s", ready);
    }
    pty = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (pty < 0) {
        die("open %s: %s", path, strerror(errno));
    }
    struct termios t;
    tcgetattr(pty, &t);
    cfmakeraw(&t);
    tcsetattr(pty, TCSANOW, &t);
    link_init(&host, pty_write, NULL);
}

static void stop(void)
{
    command("quit");
    stopping = 1;
    int status = 0;
    close(to_harness);
    double end = wall_ms() + 5000;
    while (waitpid(harness_pid, &status, WNOHANG) == 0) {
        if (wall_ms() > end) {
            kill(harness_pid, SIGTERM);
            waitpid(harness_pid, &status, 0);
            die("the harness did not quit");
        }
        pump(5);
    }
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "harness exit status %d", status);
}

/* HELLO_REQUEST -> ACK, HELLO, then the full state; returns the state message. */
static struct msg *connect_device(uint8_t kind, uint8_t state_type, int *from)
{
    send(MSG_HELLO_REQUEST, NULL, 0);
    /* The device's own HELLO after reset may come first: the answer follows the ACK. */
    double end = wall_ms() + 3000;
    while (!link_idle(&host)) {
        if (wall_ms() > end) {
            die("HELLO_REQUEST never acknowledged");
        }
        pump(5);
    }
    *from = acked_at;
    struct msg *h = expect_msg(from, MSG_HELLO, 2000, "answer to HELLO_REQUEST");
    CHECK(h->len == 6 && h->body[0] == PROTO_VERSION && h->body[1] == kind,
          "HELLO v%u kind %u", h->body[0], h->body[1]);
    CHECK(le16(h->body + 4) == (kind == KIND_PEG_BOARD ? 0x07 : 0x1F), "capabilities %x",
          le16(h->body + 4));
    return expect_msg(from, state_type, 2000, "state after HELLO");
}

static int count_lines(int from, const char *a, const char *b)
{
    int n = 0;
    for (int i = from; i < line_count; i++) {
        if (strstr(lines[i], a) && (!b || strstr(lines[i], b))) {
            n++;
        }
    }
    return n;
}

static void board(void)
{
    int from, lf = 0;
    struct msg *s = connect_device(KIND_PEG_BOARD, MSG_SNAPSHOT, &from);
    uint64_t occ = (uint64_t)le32(s->body) | ((uint64_t)le32(s->body + 4) << 32);
    CHECK(occ == 0xFFFF00000000FFFFull, "start occupancy %016llx", (unsigned long long)occ);
    printf("board: HELLO_REQUEST -> HELLO + SNAPSHOT ok\n");

    /* A lift is reported once, after the 30 ms debounce, stamped when the peg left. */
    lf = line_count;
    command("{\"lift\":\"e2\"}");
    long long t0 = field(expect_line(&lf, "\"did\"", "e2", 2000), "t_us");
    struct msg *m = expect_msg(&from, MSG_LIFT, 2000, "lift e2");
    CHECK(m->body[0] == 12, "LIFT square %u", m->body[0]);
    long long stamp = le32(m->body + 1);
    CHECK(stamp >= t0 / 1000 - 1 && stamp <= t0 / 1000 + 2,
          "LIFT time_ms %lld for a lift at %lld us", stamp, t0);
    long long lat = field(expect_line(&lf, "\"latency\"", "e2", 2000), "us");
    CHECK(lat >= 29000, "reported %lld us after the lift, before the debounce ended", lat);
    printf("board: lift e2 -> LIFT 12 t=%lld ms (peg left at %lld us) ok\n", stamp, t0);

    /* A knock (bounce that returns) is no event; a bouncing place is one PLACE. */
    int before = msg_count, lines_before = line_count;
    command("{\"chatter\":\"e7\",\"ms\":12}");
    command("{\"place\":\"e4\",\"bounce_ms\":12}");
    m = expect_msg(&from, MSG_PLACE, 2000, "place e4");
    CHECK(m->body[0] == 28, "PLACE square %u", m->body[0]);
    command("wait 400");
    command("stats");
    lf = line_count;
    expect_line(&lf, "\"stats\"", NULL, 3000);
    int places = 0, others = 0;
    for (int i = before; i < msg_count; i++) {
        places += msgs[i].type == MSG_PLACE;
        others += msgs[i].type == MSG_LIFT;
    }
    CHECK(places == 1 && others == 0, "%d PLACE and %d LIFT after a knock and a place",
          places, others);
    CHECK(count_lines(lines_before, "\"device\"", "\"place\"") == 1,
          "the acked PLACE was sent once");
    printf("board: knock on e7 -> nothing; bouncing place e4 -> one PLACE 28 ok\n");

    /* The device delivers a repeated seq once but acks both. */
    uint8_t seq = host.next_seq;
    host.next_seq = (uint8_t)(seq == 255 ? 1 : seq + 1);
    uint8_t frame[FRAME_MAX_WIRE];
    uint8_t n = frame_encode((const uint8_t[]){seq, MSG_SNAPSHOT_REQUEST}, 2, frame);
    before = msg_count;
    lines_before = line_count;
    pty_write(NULL, frame, n);
    pty_write(NULL, frame, n);
    expect_msg(&before, MSG_SNAPSHOT, 2000, "snapshot request");
    command("wait 400");
    command("stats");
    lf = line_count;
    expect_line(&lf, "\"stats\"", NULL, 3000);
    int snaps = 0;
    for (int i = lines_before; i < line_count; i++) {
        char want[64];
        snprintf(want, sizeof want, "\"type\":\"ack\",\"acked\":%u", seq);
        snaps += strstr(lines[i], "\"device\"") && strstr(lines[i], want);
    }
    CHECK(snaps == 2, "%d ACKs of the repeated seq", snaps);
    CHECK(count_lines(lines_before, "\"device\"", "\"snapshot\"") == 1,
          "one SNAPSHOT for a repeated request");
    printf("board: repeated seq -> acked twice, delivered once ok\n");

    /* Garbage and a truncated frame on the line: the next frame is understood. */
    uint8_t junk[64];
    for (int i = 0; i < 64; i++) {
        junk[i] = (uint8_t)(i * 37 + 1);
    }
    pty_write(NULL, junk, sizeof junk);
    pty_write(NULL, (const uint8_t[]){0}, 1);
    n = frame_encode((const uint8_t[]){9, MSG_PING}, 2, frame);
    pty_write(NULL, frame, (uint8_t)(n / 2));
    pty_write(NULL, (const uint8_t[]){0}, 1);
    before = msg_count;
    send(MSG_SNAPSHOT_REQUEST, NULL, 0);
    expect_msg(&before, MSG_SNAPSHOT, 2000, "snapshot after garbage");
    printf("board: resync after garbage and a truncated frame ok\n");

    /* INDICATE drives the shared motor; bad bodies and unknown types are ERRORs. */
    lf = line_count;
    send(MSG_INDICATE, (const uint8_t[]){12, 2}, 2);
    expect_line(&lf, "\"indicate\":\"on\"", NULL, 2000);
    send(MSG_INDICATE, (const uint8_t[]){12, 0}, 2);
    expect_line(&lf, "\"indicate\":\"off\"", NULL, 2000);
    /* Pulse: 200 ms on in every 500 ms, until cleared. */
    send(MSG_INDICATE, (const uint8_t[]){12, 1}, 2);
    long long p0 = field(expect_line(&lf, "\"indicate\":\"on\"", NULL, 2000), "t_us");
    long long on_ms = field(expect_line(&lf, "\"indicate\":\"off\"", NULL, 2000), "on_ms");
    long long p1 = field(expect_line(&lf, "\"indicate\":\"on\"", NULL, 2000), "t_us");
    CHECK(on_ms == 200 && p1 - p0 > 499000 && p1 - p0 < 501000,
          "pulse of %lld ms every %lld us", on_ms, p1 - p0);
    send(MSG_INDICATE, (const uint8_t[]){12, 0}, 2);
    expect_line(&lf, "\"indicate\":\"off\"", NULL, 2000);
    before = msg_count;
    send(MSG_INDICATE, (const uint8_t[]){12}, 1);
    m = expect_msg(&before, MSG_ERROR, 2000, "bad INDICATE");
    CHECK(m->body[0] == ERR_BAD_BODY, "error code %u", m->body[0]);
    send(0x7E, NULL, 0);
    m = expect_msg(&before, MSG_ERROR, 2000, "unknown type");
    CHECK(m->body[0] == ERR_UNKNOWN_TYPE, "error code %u", m->body[0]);
    printf("board: INDICATE steady, pulse and off, ERROR 2 and 1 ok\n");

    /* Unacknowledged: the device resends the same frame every 250 ms. */
    reading_pty = 0;
    lf = line_count;
    command("{\"lift\":\"d2\"}");
    const char *a = expect_line(&lf, "\"device\"", "\"d2\"", 2000);
    const char *b = expect_line(&lf, "\"device\"", "\"d2\"", 2000);
    long long gap = field(b, "t_us") - field(a, "t_us");
    CHECK(field(a, "seq") == field(b, "seq") && gap > 249000 && gap < 252000,
          "resent after %lld us", gap);
    reading_pty = 1;
    before = msg_count;
    expect_msg(&before, MSG_LIFT, 2000, "lift d2 after the retry");
    pump_for(400);
    int lifts = 0;
    for (int i = before - 1; i < msg_count; i++) {
        lifts += msgs[i].type == MSG_LIFT;
    }
    CHECK(lifts == 1, "LIFT d2 delivered %d times", lifts);
    printf("board: resend after 250 ms, delivered once ok\n");
}

static void clock_checks(void)
{
    int from, lf = 0;
    struct msg *s = connect_device(KIND_CLOCK, MSG_STATE, &from);
    CHECK(s->len == 13 && s->body[8] == RUNNING_NONE, "STATE after HELLO");
    printf("clock: HELLO_REQUEST -> HELLO + STATE ok\n");

    lf = line_count;
    uint8_t body[9];
    put_le32(body, 300000);
    put_le32(body + 4, 290000);
    body[8] = RUNNING_WHITE;
    send(MSG_SET_AND_RUN, body, 9);
    long long set_us = field(expect_line(&lf, "\"host\"", "set_and_run", 2000), "t_us");
    expect_line(&lf, "\"display\":[\"White      4:5", "<\",\"Black      4:50 \"", 3000);
    printf("clock: SET_AND_RUN shown on the LCD ok\n");

    /* The lever stops White's time at the press (not 30 ms later, when the debounce
     * ends) and starts Black's from then. */
    lf = line_count;
    command("{\"lever\":\"white\"}");
    long long press_us = field(expect_line(&lf, "\"did\"", "lever_white", 2000), "t_us");
    struct msg *m = expect_msg(&from, MSG_LEVER, 2000, "lever white");
    CHECK(m->body[0] == 0, "LEVER side %u", m->body[0]);
    long long lever_ms = le32(m->body + 1);
    long long offset_ms = press_us / 1000 - lever_ms; /* simulated minus device time */
    send(MSG_STATE_REQUEST, NULL, 0);
    m = expect_msg(&from, MSG_STATE, 2000, "state after the lever");
    CHECK(m->body[8] == RUNNING_BLACK, "running %u after White's lever", m->body[8]);
    long long white = le32(m->body), black = le32(m->body + 4), at = le32(m->body + 9);
    long long white_want = 300000 - (lever_ms - (set_us / 1000 - offset_ms));
    long long black_want = 290000 - (at - lever_ms);
    CHECK(llabs(white - white_want) <= 4 && llabs(black - black_want) <= 2,
          "shown %lld / %lld ms, expected %lld / %lld", white, black, white_want, black_want);
    printf("clock: lever white -> LEVER, White stopped at the press, Black runs ok\n");

    command("{\"button\":\"push_to_talk\"}");
    m = expect_msg(&from, MSG_BUTTON, 2000, "talk pressed");
    CHECK(m->body[0] == BUTTON_PUSH_TO_TALK && m->body[1] == 1, "talk press %u %u",
          m->body[0], m->body[1]);
    command("{\"release\":\"push_to_talk\"}");
    m = expect_msg(&from, MSG_BUTTON, 2000, "talk released");
    CHECK(m->body[0] == BUTTON_PUSH_TO_TALK && m->body[1] == 0, "talk release %u %u",
          m->body[0], m->body[1]);
    int before = msg_count;
    command("{\"button\":\"time_query\"}");
    m = expect_msg(&before, MSG_BUTTON, 2000, "time query");
    CHECK(m->body[0] == BUTTON_TIME_QUERY && m->body[1] == 1, "query %u %u", m->body[0],
          m->body[1]);
    pump_for(400);
    int buttons = 0;
    for (int i = before - 1; i < msg_count; i++) {
        buttons += msgs[i].type == MSG_BUTTON;
    }
    CHECK(buttons == 1, "time query reports its press only (%d BUTTONs)", buttons);
    printf("clock: push-to-talk press and release, time query press only ok\n");

    lf = line_count;
    send(MSG_HAPTIC, (const uint8_t[]){HAPTIC_ATTENTION, 1}, 2);
    long long on1 = field(expect_line(&lf, "\"haptic\":\"on\"", NULL, 2000), "t_us");
    long long off1 = field(expect_line(&lf, "\"haptic\":\"off\"", NULL, 2000), "t_us");
    CHECK(off1 - on1 > 149500 && off1 - on1 < 150500, "a short pulse of %lld us", off1 - on1);
    expect_line(&lf, "\"haptic_pattern\":{\"name\":\"attention\",\"repeat\":1,", NULL, 2000);
    send(MSG_HAPTIC, (const uint8_t[]){HAPTIC_FLAG, 2}, 2);
    expect_line(&lf, "\"haptic_pattern\":{\"name\":\"flag\",\"repeat\":2,", NULL, 6000);
    send(MSG_BEEP, (const uint8_t[]){100, 0}, 2);
    long long beep = field(expect_line(&lf, "\"beep\":\"off\"", NULL, 2000), "on_ms");
    CHECK(beep == 100, "a beep of %lld ms", beep);
    before = msg_count;
    send(MSG_HAPTIC, (const uint8_t[]){9, 1}, 2);
    m = expect_msg(&before, MSG_ERROR, 2000, "bad haptic pattern");
    CHECK(m->body[0] == ERR_BAD_BODY, "error code %u", m->body[0]);
    printf("clock: attention, flag twice, beep of 100 ms, ERROR for a bad pattern ok\n");
}

struct figures {
    double min, max, sum;
    int n;
};

static void add(struct figures *f, double v)
{
    if (!f->n || v < f->min) {
        f->min = v;
    }
    if (!f->n || v > f->max) {
        f->max = v;
    }
    f->sum += v;
    f->n++;
}

static void print_figures(const char *what, const struct figures *f)
{
    printf("%s: n=%d min=%.2f avg=%.2f max=%.2f ms\n", what, f->n, f->min, f->sum / f->n,
           f->max);
}

static void bench(int is_clock)
{
    int from, lf;
    connect_device(is_clock ? KIND_CLOCK : KIND_PEG_BOARD, is_clock ? MSG_STATE : MSG_SNAPSHOT,
                   &from);
    if (is_clock) {
        uint8_t body[9];
        put_le32(body, 5400000);
        put_le32(body + 4, 5400000);
        body[8] = RUNNING_WHITE;
        send(MSG_SET_AND_RUN, body, 9);
    }
    struct figures sim = {0}, host_wall = {0};
    for (int i = 0; i < 40; i++) {
        char cmd[64];
        uint8_t type;
        if (is_clock) {
            snprintf(cmd, sizeof cmd, "{\"lever\":\"%s\"}", i % 2 ? "black" : "white");
            type = MSG_LEVER;
        } else {
            int sq = 8 + (i / 2) % 8; /* a2..h2, lifted and put back */
            snprintf(cmd, sizeof cmd, "{\"%s\":\"%c2\"}", i % 2 ? "place" : "lift", 'a' + sq % 8);
            type = i % 2 ? MSG_PLACE : MSG_LIFT;
        }
        lf = line_count;
        int mf = msg_count;
        double t0 = wall_ms();
        command(cmd);
        expect_line(&lf, "\"did\"", NULL, 2000);
        struct msg *m = expect_msg(&mf, type, 2000, cmd);
        add(&host_wall, m->wall_ms - t0);
        add(&sim, (double)field(expect_line(&lf, "\"latency\"", NULL, 2000), "us") / 1000.0);
        pump_for(250);
    }
    struct figures burst = {0};
    if (!is_clock) {
        /* Eight pegs leave at once (rank 2 cleared): the last waits for seven ACKs. */
        lf = line_count;
        command("{\"occupancy\":\"rnbqkbnr/pppppppp/8/8/8/8/8/RNBQKBNR\"}");
        for (int i = 0; i < 8; i++) {
            add(&burst, (double)field(expect_line(&lf, "\"latency\"", NULL, 3000), "us") /
                            1000.0);
        }
    }
    lf = line_count;
    command("stats");
    const char *st = expect_line(&lf, "\"stats\"", NULL, 3000);
    const char *name = is_clock ? "clock lever" : "board lift/place";
    printf("%s, input change -> frame on the UART (simulated time)\n", name);
    print_figures("  latency", &sim);
    printf("%s, command written to the harness -> host link delivered the event (wall time)\n",
           name);
    print_figures("  latency", &host_wall);
    if (burst.n) {
        printf("board, rank 2 cleared at once (8 LIFTs), change -> frame on the UART "
               "(simulated time)\n");
        print_figures("  latency", &burst);
    }
    printf("main loop (wake-up to sleep, incl. interrupts): %s\n", strstr(st, "{\"sim_us") + 0);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: device-client board|clock|bench-board|bench-clock HARNESS ELF\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *mode = argv[1];
    int is_clock = strstr(mode, "clock") != NULL;
    start(argv[2], argv[3], is_clock ? "clock" : "board");
    if (!strcmp(mode, "board")) {
        board();
    } else if (!strcmp(mode, "clock")) {
        clock_checks();
    } else if (!strncmp(mode, "bench-", 6)) {
        bench(is_clock);
    } else {
        die("unknown mode %s", mode);
    }
    stop();
    if (failures) {
        printf("device-client %s: %d FAILED\n", mode, failures);
        return 1;
    }
    printf("device-client %s: ok\n", mode);
    return 0;
}
