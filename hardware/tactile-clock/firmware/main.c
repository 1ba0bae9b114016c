/* Tactile clock firmware (../PROTOCOL.md): two levers and three buttons (debounced
 * 30 ms, reported with device timestamps), a 16x2 HD44780 display, a vibration motor
 * with the protocol's patterns and a beeper. The host owns the clock arithmetic; the
 * device counts the running side down for the display only and, after a lever press,
 * stops that side and starts the other until the host's SET_AND_RUN arrives. */
#include <avr/interrupt.h>
#include <avr/io.h>

#include "../../common/avr/gpio.h"
#include "../../common/avr/system.h"
#include "../../common/avr/uart.h"
#include "../../common/debounce.h"
#include "../../common/link.h"
#include "../../common/outbox.h"
#include "../../common/proto.h"
#include "lcd.h"
#include "pins.h"

#define FIRMWARE_MAJOR 1
#define FIRMWARE_MINOR 0
/* Levers, buttons, display, haptic motor, beeper. */
#define CAPABILITIES 0x001Fu

/* The inputs, in the order of CLOCK_INPUT_PINS. */
enum clock_input { IN_LEVER_WHITE, IN_LEVER_BLACK, IN_TIME_QUERY, IN_PAUSE, IN_TALK, INPUTS };

/* Haptic patterns: on, off, on, ... in milliseconds; repeats are this far apart. */
#define HAPTIC_REPEAT_GAP_MS 400u
static const uint16_t minute_tick[] = {150};
static const uint16_t flag[] = {600, 300, 600, 300, 600};
static const uint16_t attention[] = {150, 150, 150};
static const uint16_t ten_seconds[] = {800};

/* Redraw the display's text this often (the LCD then catches up a character a ms). */
#define RENDER_EVERY_MS 50u

static const uint8_t input_pins[INPUTS] = CLOCK_INPUT_PINS;

static struct link link;
static struct outbox outbox;
static uint8_t counts[INPUTS];
static uint8_t pressed; /* settled state, bit per clock_input */

/* The shown times and which side runs down. */
static uint32_t white_ms, black_ms;
static uint8_t running;

static struct {
    const uint16_t *steps;
    uint8_t count;   /* steps in the pattern */
    uint8_t step;    /* current step; == count during the gap between repeats */
    uint8_t repeats; /* plays left, this one included */
    uint16_t left;   /* ms left in the current step */
} haptic;

static uint16_t beep_left;

static void queue(uint8_t type, uint8_t a, uint8_t b, uint32_t time_ms)
{
    /* Full: the backlog gives way to the shown times, which the host re-reads. */
    outbox_queue(&outbox, type, a, b, time_ms, MSG_STATE);
}

static void input_changed(uint8_t in, uint8_t down, uint32_t since, uint32_t now)
{
    switch (in) {
    case IN_LEVER_WHITE:
    case IN_LEVER_BLACK:
        if (down) {
            uint8_t side = in == IN_LEVER_WHITE ? 0 : 1;
            /* The press happened at `since`: give the mover back what the debounce
             * counted and start the other side from then. */
            uint32_t late = now - since;
            uint32_t *mover = side == 0 ? &white_ms : &black_ms;
            uint32_t *other = side == 0 ? &black_ms : &white_ms;
            if (running == side + 1u) {
                *mover += late;
            }
            *other = *other > late ? *other - late : 0;
            running = side == 0 ? RUNNING_BLACK : RUNNING_WHITE;
            queue(MSG_LEVER, side, 0, since);
        }
        break;
    case IN_TIME_QUERY:
        if (down) {
            queue(MSG_BUTTON, BUTTON_TIME_QUERY, 1, since);
        }
        break;
    case IN_PAUSE:
        if (down) {
            queue(MSG_BUTTON, BUTTON_PAUSE, 1, since);
        }
        break;
    default:
        queue(MSG_BUTTON, BUTTON_PUSH_TO_TALK, down, since);
        break;
    }
}

static void sample_inputs(uint32_t now)
{
    for (uint8_t i = 0; i < INPUTS; i++) {
        uint8_t mask = (uint8_t)(1u << i);
        uint8_t is = gpio_read(input_pins[i]) ? 0 : 1;
        uint8_t was = (pressed & mask) ? 1 : 0;
        if (debounce_sample(&counts[i], is, was)) {
            pressed ^= mask;
            input_changed(i, is, debounce_since(now), now);
        }
    }
}

static void count_down(void)
{
    if (running == RUNNING_WHITE && white_ms) {
        white_ms--;
    } else if (running == RUNNING_BLACK && black_ms) {
        black_ms--;
    }
}

static void haptic_start(uint8_t pattern, uint8_t repeat)
{
    switch (pattern) {
    case HAPTIC_MINUTE_TICK:
        haptic.steps = minute_tick;
        haptic.count = sizeof minute_tick / sizeof minute_tick[0];
        break;
    case HAPTIC_FLAG:
        haptic.steps = flag;
        haptic.count = sizeof flag / sizeof flag[0];
        break;
    case HAPTIC_ATTENTION:
        haptic.steps = attention;
        haptic.count = sizeof attention / sizeof attention[0];
        break;
    default:
        haptic.steps = ten_seconds;
        haptic.count = sizeof ten_seconds / sizeof ten_seconds[0];
        break;
    }
    haptic.step = 0;
    haptic.left = haptic.steps[0];
    haptic.repeats = repeat ? repeat : 1;
}

/* One millisecond of the motor and the buzzer: drive what the current step says, then
 * count it down (so a step of n ms keeps its output for exactly n ticks). */
static void haptic_tick(void)
{
    uint8_t on = haptic.steps && haptic.step < haptic.count && (haptic.step & 1u) == 0;
    gpio_write(CLOCK_MOTOR_PIN, on);
    if (haptic.steps && haptic.left) {
        haptic.left--;
    }
    while (haptic.steps && haptic.left == 0) {
        if (haptic.step < haptic.count) {
            haptic.step++;
            if (haptic.step < haptic.count) {
                haptic.left = haptic.steps[haptic.step];
            } else if (haptic.repeats > 1) {
                haptic.repeats--;
                haptic.left = HAPTIC_REPEAT_GAP_MS;
            } else {
                haptic.steps = 0;
            }
        } else {
            haptic.step = 0;
            haptic.left = haptic.steps[0];
        }
    }
    gpio_write(CLOCK_BEEPER_PIN, beep_left != 0);
    if (beep_left) {
        beep_left--;
    }
}

/* Writes `ms` right-aligned into 9 characters: H:MM:SS from an hour, M:SS from 20 s,
 * S.t (tenths) below. */
static void format_time(uint32_t ms, char *out)
{
    char tmp[9];
    uint8_t n = 0;
    if (ms >= 20000u) {
        uint32_t s = ms / 1000u;
        uint16_t h = (uint16_t)(s / 3600u);
        uint8_t m = (uint8_t)((s / 60u) % 60u);
        uint8_t sec = (uint8_t)(s % 60u);
        tmp[n++] = (char)('0' + sec % 10u);
        tmp[n++] = (char)('0' + sec / 10u);
        tmp[n++] = ':';
        tmp[n++] = (char)('0' + m % 10u);
        if (h || m >= 10u) {
            tmp[n++] = (char)('0' + m / 10u);
        }
        if (h) {
            tmp[n++] = ':';
            do {
                tmp[n++] = (char)('0' + h % 10u);
                h /= 10u;
            } while (h && n < 9);
        }
    } else {
        uint16_t t = (uint16_t)(ms / 100u);
        tmp[n++] = (char)('0' + t % 10u);
        tmp[n++] = '.';
        t /= 10u;
        do {
            tmp[n++] = (char)('0' + t % 10u);
            t /= 10u;
        } while (t);
    }
    for (uint8_t i = 0; i < 9; i++) {
        out[i] = i < 9u - n ? ' ' : tmp[8u - i];
    }
}

static void render(void)
{
    static const char names[2][6] = {"White", "Black"};
    char line[LCD_COLS];
    for (uint8_t side = 0; side < 2; side++) {
        for (uint8_t i = 0; i < 5; i++) {
            line[i] = names[side][i];
        }
        line[5] = ' ';
        format_time(side ? black_ms : white_ms, line + 6);
        line[15] = running == side + 1u ? '<' : ' ';
        lcd_set_line(side, line);
    }
}

/* What the clock takes from the host. */
static const uint8_t accepted[] = {MSG_HELLO_REQUEST, MSG_PING,    MSG_STATE_REQUEST,
                                   MSG_SET_AND_RUN,   MSG_PAUSE,   MSG_DISPLAY,
                                   MSG_HAPTIC,        MSG_BEEP,    0};

static void handle(const struct link_message *m)
{
    uint8_t error = proto_check(m->type, m->len, accepted);
    if (error) {
        queue(MSG_ERROR, error, 0, 0);
        return;
    }
    const uint8_t *b = m->body;
    switch (m->type) {
    case MSG_HELLO_REQUEST:
        outbox_announce(&outbox, &link, MSG_STATE);
        break;
    case MSG_STATE_REQUEST:
        queue(MSG_STATE, 0, 0, 0);
        break;
    case MSG_SET_AND_RUN:
        if (b[8] > RUNNING_BLACK) {
            queue(MSG_ERROR, ERR_BAD_BODY, 0, 0);
            break;
        }
        white_ms = le32(b);
        black_ms = le32(b + 4);
        running = b[8];
        break;
    case MSG_PAUSE:
        running = RUNNING_NONE;
        break;
    case MSG_DISPLAY:
        white_ms = le32(b);
        black_ms = le32(b + 4);
        running = RUNNING_NONE;
        break;
    case MSG_HAPTIC:
        if (b[0] < HAPTIC_MINUTE_TICK || b[0] > HAPTIC_TEN_SECONDS) {
            queue(MSG_ERROR, ERR_BAD_BODY, 0, 0);
            break;
        }
        haptic_start(b[0], b[1]);
        break;
    case MSG_BEEP:
        beep_left = le16(b);
        break;
    default: /* PING: the ACK is the answer */
        break;
    }
}

/* HELLO and STATE bodies, built when they leave. */
static uint8_t build_body(const struct outbox_item *it, uint32_t now, uint8_t *body)
{
    if (it->type == MSG_HELLO) {
        return proto_hello_body(body, KIND_CLOCK, FIRMWARE_MAJOR, FIRMWARE_MINOR, CAPABILITIES);
    }
    put_le32(body, white_ms);
    put_le32(body + 4, black_ms);
    body[8] = running;
    put_le32(body + 9, now);
    return 13;
}

int main(void)
{
    for (uint8_t i = 0; i < INPUTS; i++) {
        gpio_input_pullup(input_pins[i]);
    }
    gpio_output(CLOCK_MOTOR_PIN);
    gpio_output(CLOCK_BEEPER_PIN);
    gpio_output(CLOCK_LED_PIN);
    lcd_init();
    uart_init();
    system_init();
    link_init(&link, uart_write, 0);
    for (uint8_t i = 0; i < INPUTS; i++) {
        if (!gpio_read(input_pins[i])) {
            pressed |= (uint8_t)(1u << i);
        }
    }
    render();
    /* A device that restarts announces itself (its sequence numbers begin again). */
    outbox_announce(&outbox, &link, MSG_STATE);
    sei();
    uint8_t since_render = 0;
    for (;;) {
        uint8_t ticks = system_take_ticks();
        uint32_t now = system_ms();
        if (ticks) {
            for (uint8_t i = 0; i < ticks; i++) {
                count_down();
                haptic_tick();
            }
            sample_inputs(now);
            since_render = (uint8_t)(since_render + ticks);
            if (since_render >= RENDER_EVERY_MS) {
                since_render = 0;
                render();
            }
            lcd_step();
            gpio_write(CLOCK_LED_PIN, !link_idle(&link));
        }
        system_serve(&link, now, handle);
        outbox_send_next(&outbox, &link, now, build_body);
        system_idle();
    }
}
