/* Shared parts of avr-harness (README.md): the simulated AVR, the modelled switches,
 * command parsing and frame descriptions. */
#ifndef ANNABELLA_HARNESS_H
#define ANNABELLA_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

#include "../common/frame.h"
#include "../common/proto.h"
#include "../tactile-board/firmware/pins.h"
#include "../tactile-clock/firmware/pins.h"

/* The simulated clock rate. */
#define F_CPU_HZ 16000000u
/* A bouncing contact flips every half of this (µs). */
#define BOUNCE_PERIOD_US 700u

/* Which wiring the harness models. */
enum device { BOARD, CLOCK };
/* The clock's switches, in the order of CLOCK_INPUT_PINS. */
enum { IN_LEVER_WHITE, IN_LEVER_BLACK, IN_TIME_QUERY, IN_PAUSE, IN_TALK, CLOCK_INPUTS };

/* The simulated AVR and the modelled device. */
extern avr_t *avr;
extern enum device device;

/* The pin tables of the firmware (pins.h). */
extern const uint8_t rank_pins[8];
extern const uint8_t file_pins[8];
extern const uint8_t clock_pins[CLOCK_INPUTS];

/* Simulated microseconds since reset, and microseconds as CPU cycles. */
uint64_t sim_us(void);
/* The monotonic wall clock in nanoseconds. */
uint64_t mono_ns(void);
uint64_t us_to_cycles(uint64_t us);

/* Writes one observation line: {"t_us":N,<fmt>} (avr-harness.c). */
void observe(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The clock's input names, as observations show them. */
extern const char *const input_names[CLOCK_INPUTS];

/* --- uart-pty.c: the UART on a pseudo-terminal ------------------------------------ */

/* The pseudo-terminal's master side and the path the host opens. */
extern int pty_master;
extern char pty_path[256];
/* Whether the host has sent anything yet. */
extern int host_seen;
/* Whether a reliable frame of the device waits for the host's ACK: its seq, and the
 * cycle and wall-clock time (mono_ns) at which its last byte left the UART. */
extern int awaiting_host;
extern uint8_t awaited_seq;
extern uint64_t awaited_cycle;
extern uint64_t awaited_wall_ns;

/* Opens the pseudo-terminal (raw), and points the symlink `link` at it unless NULL. */
int open_pty(const char *link);
/* Connects the firmware's USART0 to it (call once the AVR is made). */
void uart_attach(void);
/* Takes what the host wrote and passes it on to the UART as far as it accepts. */
void read_host(void);
/* Passes waiting host bytes on to the UART as far as it accepts. */
void feed_uart(void);

/* --- contacts.c: the switches ----------------------------------------------------- */

/* Board: closed[square] = a peg in the hole. Clock: closed[input] = pressed. */
extern uint8_t closed[64];
/* When the pending action on a square or input began (µs), for latency; 0 = none. */
extern uint64_t action_us[64];
/* Contact changes still scheduled. */
extern int sched_count;

/* Wires the switches to the pins (the board's matrix follows its rank lines). */
void contacts_attach(void);
/* Opens or closes a contact now. */
void set_contact(int idx, uint8_t is_closed);
/* Changes a contact at cycle `at`, bouncing for `bounce_ms` first; -1 when too many
 * changes are scheduled. */
int change_contact(uint64_t at, int idx, uint8_t value, unsigned bounce_ms);

/* --- outputs.c: motor, buzzer, display ------------------------------------------ */

/* Watches the motor (and the clock's buzzer and LCD) and reports them. */
void outputs_attach(void);

/* --- command.c: command lines ----------------------------------------------------- */

/* One parsed command line. */
struct command {
    char verb[32];
    char arg[128];
    long number;   /* bounce_ms / ms / wait; -1 when absent */
    char state[8]; /* "down", "up" or "" */
};

/* Parses `{"verb":"arg",…}` or `verb arg [number|down|up]`; -1 with a reason in `why`. */
int parse_command(const char *line, struct command *c, char *why, size_t why_size);
/* "e2" -> 12, or -1. */
int parse_square(const char *s);
/* The board part of a FEN (or "start") as 64 occupied flags; -1 when malformed. */
int parse_occupancy(const char *fen, uint8_t out[64]);
/* A clock button's index (time_query/query, pause, push_to_talk/talk), or -1. */
int clock_input(const char *name);

/* --- describe.c: frames as JSON --------------------------------------------------- */

/* 12 -> "e2". */
void square_name(uint8_t sq, char out[3]);
/* A packet (seq, type, body) as a JSON object. */
void describe_packet(char *out, size_t size, const uint8_t *p, uint8_t n);
/* `in` as the inside of a JSON string (quotes, backslashes, control characters escaped). */
void json_escape(const char *in, char *out, size_t size);
/* "checksum", "cobs", "too_short" or "too_long". */
const char *frame_error_name(enum frame_result r);

#endif
