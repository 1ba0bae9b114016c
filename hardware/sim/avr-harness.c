/* avr-harness: runs a firmware ELF of the tactile board or the tactile clock in simavr
 * (ATmega328P, 16 MHz), paced to real time, with its UART on a pseudo-terminal. It
 * plays the sensors, levers and buttons at the pins (the wiring of the firmware's
 * pins.h) from commands on stdin and writes what it observes on stdout, one JSON
 * object a line. The language is described in README.md. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sim_avr.h>
#include <sim_cycle_timers.h>
#include <sim_elf.h>
#include <sim_irq.h>

#include "harness.h"

/* A press given as `lever white` or `button pause` is held this long. */
#define TAP_MS 100u
/* Pause between the steps of a `move`. */
#define MOVE_STEP_MS 100u


const char *const input_names[CLOCK_INPUTS] = {"lever_white", "lever_black",
                                                       "time_query", "pause",
                                                       "push_to_talk"};

avr_t *avr;
enum device device;
static FILE *obs;

/* --- observations ------------------------------------------------------------------ */

uint64_t sim_us(void)
{
    return avr->cycle / (F_CPU_HZ / 1000000u);
}

uint64_t us_to_cycles(uint64_t us)
{
    return us * (F_CPU_HZ / 1000000u);
}

/* Writes one observation line: {"t_us":N,<fmt>}. */
void observe(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(obs, "{\"t_us\":%llu,", (unsigned long long)sim_us());
    vfprintf(obs, fmt, ap);
    fputs("}\n", obs);
    fflush(obs);
    va_end(ap);
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

static uint64_t wait_until; /* cycle before which no further command runs */
static int waiting_for_host;
static int quit;
static uint64_t wall_start_ns;

uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
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
    static char why[200];
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
                char text[sizeof c->arg * 2];
                json_escape(c->arg, text, sizeof text);
                observe("\"did\":{\"move\":\"%s\"}", text);
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
            char text[sizeof c->arg * 2];
            json_escape(c->arg, text, sizeof text);
            observe("\"did\":{\"occupancy\":\"%s\"}", text);
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

/* Whether line_buf has room for more input (a full buffer waits for run_lines). */
static int stdin_room(void)
{
    return line_len < sizeof line_buf - 1;
}

static void read_stdin(void)
{
    ssize_t n = read(0, line_buf + line_len, sizeof line_buf - 1 - line_len);
    if (n == 0) {
        stdin_open = 0;
    } else if (n > 0) {
        line_len += (size_t)n;
    }
}

/* Runs buffered command lines until one makes the harness wait. */
static void run_lines(void)
{
    while (!quit && avr->cycle >= wait_until && !(waiting_for_host && !host_seen)) {
        waiting_for_host = 0;
        char *nl = memchr(line_buf, '\n', line_len);
        if (!nl) {
            if (!stdin_room()) {
                observe("\"error\":\"line %lu: longer than %zu bytes\"", line_no + 1, line_len);
                line_len = 0;
                return;
            }
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
                char text[512];
                json_escape(err, text, sizeof text);
                observe("\"error\":\"line %lu: %s\"", line_no, text);
            }
        }
        size_t used = (size_t)(nl + 1 - line_buf);
        memmove(line_buf, nl + 1, line_len - used);
        line_len -= used;
    }
}

/* --- the clock ---------------------------------------------------------------------- */

/* --sim-time: how far simulated time may pass a reliable device frame the host has not
 * acked yet (well within the firmware's 250 ms retry, so a slow host never causes one). */
#define HOST_ANSWER_MS 20u
/* A host silent this long (wall time) about a frame is taken as gone (or never there):
 * simulated time goes on, and the firmware retries and gives up as on a dead line. */
#define HOST_GONE_MS 1000u

static int sim_time;
/* Paced, simulated time follows the wall clock from this pair on (µs). */
static uint64_t pace_sim_us, pace_wall_us;

/* Where paced simulated time should be at wall time `wall_us`. */
static uint64_t paced_us(uint64_t wall_us)
{
    return pace_sim_us + (wall_us - pace_wall_us);
}

/* Whether the script has work scheduled in simulated time: a contact change, a wait,
 * or a command line ready to run. */
static int script_busy(void)
{
    if (quit || sched_count > 0 || avr->cycle < wait_until) {
        return 1;
    }
    return memchr(line_buf, '\n', line_len) && !(waiting_for_host && !host_seen);
}

/* The cycle simulated time may not pass before the host acks the device's frame in
 * flight (--sim-time only), or no limit. */
static uint64_t host_gate(void)
{
    if (!sim_time || !awaiting_host || !host_seen ||
        mono_ns() - awaited_wall_ns >= (uint64_t)HOST_GONE_MS * 1000000u) {
        return UINT64_MAX;
    }
    return awaited_cycle + us_to_cycles(HOST_ANSWER_MS * 1000u);
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
            "                   [--exit-on-eof] [--sim-time] [--verbose] FIRMWARE.elf\n"
            "Runs the firmware in simavr paced to real time (--sim-time: as fast as it can\n"
            "while the script has work); its UART is a pseudo-terminal.\n"
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
        } else if (!strcmp(argv[i], "--sim-time")) {
            sim_time = 1;
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
    uart_attach();

    contacts_attach();
    outputs_attach();

    observe("\"ready\":{\"pty\":\"%s\",\"link\":\"%s\",\"device\":\"%s\",\"firmware\":\"%s\","
            "\"mcu\":\"atmega328p\",\"f_cpu\":%u}",
            pty_path, link ? link : "", dev, elf, F_CPU_HZ);

    wall_start_ns = mono_ns();
    int prev_state = avr->state;
    while (!quit) {
        uint64_t wall_us = (mono_ns() - wall_start_ns) / 1000u;
        uint64_t now_us = sim_us();
        int busy = sim_time && script_busy();
        /* How far simulated time may go before the harness looks at the world again. */
        uint64_t target_us = busy ? now_us + 1000u : paced_us(wall_us);
        if (!sim_time && wall_us > now_us && now_us > 0 &&
            wall_us - now_us > stats.behind_max_us) {
            stats.behind_max_us = wall_us - now_us;
        }
        if (target_us > now_us + 1000u) {
            target_us = now_us + 1000u; /* at most 1 ms between looks at the world */
        }
        uint64_t until = us_to_cycles(target_us);
        while (avr->cycle < until && avr->cycle < host_gate()) {
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
                } else if (st == cpu_Sleeping && prev_state == cpu_Running && stats.woke_at) {
                    uint64_t busy_cycles = before - stats.woke_at;
                    stats.busy_cycles += busy_cycles;
                    if (busy_cycles > stats.busy_max) {
                        stats.busy_max = busy_cycles;
                    }
                }
                prev_state = st;
            }
        }
        /* Wait for the wall clock (paced), for the host's ACK (gated), or only look
         * (simulated time with work to do); the host or a command ends any wait. */
        uint64_t wait_us = 0;
        wall_us = (mono_ns() - wall_start_ns) / 1000u;
        now_us = sim_us();
        if (avr->cycle >= host_gate()) {
            uint64_t waited_us = (mono_ns() - awaited_wall_ns) / 1000u;
            wait_us = waited_us < HOST_GONE_MS * 1000u ? HOST_GONE_MS * 1000u - waited_us : 0;
        } else if (!busy && now_us > paced_us(wall_us)) {
            wait_us = now_us - paced_us(wall_us);
        }
        if (sim_time && busy) {
            /* Real-time pacing takes over from here when the script runs dry. */
            pace_sim_us = now_us;
            pace_wall_us = wall_us;
        }
        struct timespec ahead = {(time_t)(wait_us / 1000000u), (long)(wait_us % 1000000u) * 1000};
        struct pollfd fds[2] = {{.fd = pty_master, .events = POLLIN},
                                {.fd = stdin_open && stdin_room() ? 0 : -1, .events = POLLIN}};
        if (ppoll(fds, 2, &ahead, NULL) > 0) {
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
