/* What the firmware drives: the vibration motor (the board's shared one, `indicate`; the
 * clock's, `haptic`), the clock's buzzer (`beep`) and its HD44780 display (`display`).
 * Each edge is an observation; an `off` carries how long the output was on. Once the
 * clock's motor has been still for longer than the gap between repeats, the whole
 * vibration is reported as `haptic_pattern`, named when it is one of the protocol's. */
#include <stdio.h>
#include <string.h>

#include <avr_ioport.h>
#include <hd44780.h>
#include <sim_cycle_timers.h>

#include "harness.h"

/* The display is reported once its text has not changed for this long. */
#define DISPLAY_SETTLE_MS 5u
/* The motor still for this long ends a vibration (the firmware's repeat gap is 400). */
#define HAPTIC_QUIET_MS 450u
/* Durations match a pattern within this many milliseconds. */
#define HAPTIC_TOLERANCE_MS 1u

struct output {
    const char *name;
    uint8_t on;
    uint64_t since; /* cycle of the last edge */
};

static struct output motor, buzzer;

/* The clock's patterns (tactile-clock/firmware/README.md): on, off, on, … (ms). */
static const struct {
    const char *name;
    unsigned ms[5];
    int count;
} patterns[] = {
    {"minute_tick", {150}, 1},
    {"flag", {600, 300, 600, 300, 600}, 5},
    {"attention", {150, 150, 150}, 3},
    {"ten_seconds", {800}, 1},
};
#define REPEAT_GAP_MS 400u

/* The vibration so far: on, off, on, … durations in ms. */
static unsigned vibration[256];
static int vibration_len;

static int near(unsigned a, unsigned b)
{
    return a + HAPTIC_TOLERANCE_MS >= b && b + HAPTIC_TOLERANCE_MS >= a;
}

/* Which pattern, repeated how often, the vibration is; 0 repeats when none. */
static const char *name_vibration(int *repeats)
{
    for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
        int m = patterns[p].count;
        if ((vibration_len + 1) % (m + 1) != 0) {
            continue;
        }
        int k = (vibration_len + 1) / (m + 1);
        int ok = 1;
        for (int i = 0; i < vibration_len && ok; i++) {
            int at = i % (m + 1);
            unsigned want = at == m ? REPEAT_GAP_MS : patterns[p].ms[at];
            ok = near(vibration[i], want);
        }
        if (ok) {
            *repeats = k;
            return patterns[p].name;
        }
    }
    *repeats = 0;
    return "unknown";
}

static avr_cycle_count_t vibration_ended(avr_t *a, avr_cycle_count_t when, void *param)
{
    (void)a;
    (void)when;
    (void)param;
    if (vibration_len == 0 || motor.on) {
        return 0;
    }
    char list[256 * 8] = "";
    size_t o = 0;
    for (int i = 0; i < vibration_len && o + 12 < sizeof list; i++) {
        o += (size_t)snprintf(list + o, sizeof list - o, "%s%u", i ? "," : "", vibration[i]);
    }
    int repeats;
    const char *name = name_vibration(&repeats);
    observe("\"haptic_pattern\":{\"name\":\"%s\",\"repeat\":%d,\"ms\":[%s]}", name, repeats,
            list);
    vibration_len = 0;
    return 0;
}

static void output_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    struct output *out = param;
    uint8_t on = value != 0;
    if (on == out->on) {
        return;
    }
    unsigned ms = (unsigned)((avr->cycle - out->since + us_to_cycles(500)) / us_to_cycles(1000));
    if (on) {
        observe("\"%s\":\"on\"", out->name);
    } else {
        observe("\"%s\":\"off\",\"on_ms\":%u", out->name, ms);
    }
    if (out == &motor && device == CLOCK) {
        if (vibration_len > 0 || !on) {
            if (vibration_len < (int)(sizeof vibration / sizeof vibration[0])) {
                vibration[vibration_len++] = ms;
            }
        }
        avr_cycle_timer_cancel(avr, vibration_ended, NULL);
        if (!on) {
            avr_cycle_timer_register(avr, us_to_cycles(HAPTIC_QUIET_MS * 1000u),
                                     vibration_ended, NULL);
        }
    }
    out->on = on;
    out->since = avr->cycle;
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

static avr_irq_t *pin_irq(uint8_t code)
{
    return avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(PIN_PORT(code)), PIN_BIT(code));
}

void outputs_attach(void)
{
    if (device == BOARD) {
        motor.name = "indicate";
        avr_irq_register_notify(pin_irq(BOARD_MOTOR_PIN), output_pin, &motor);
        return;
    }
    motor.name = "haptic";
    buzzer.name = "beep";
    avr_irq_register_notify(pin_irq(CLOCK_MOTOR_PIN), output_pin, &motor);
    avr_irq_register_notify(pin_irq(CLOCK_BEEPER_PIN), output_pin, &buzzer);
    hd44780_init(avr, &lcd, 16, 2);
    avr_connect_irq(pin_irq(CLOCK_LCD_RS_PIN), lcd.irq + IRQ_HD44780_RS);
    avr_connect_irq(pin_irq(CLOCK_LCD_E_PIN), lcd.irq + IRQ_HD44780_E);
    avr_connect_irq(pin_irq(CLOCK_LCD_D4_PIN), lcd.irq + IRQ_HD44780_D4);
    avr_connect_irq(pin_irq(CLOCK_LCD_D5_PIN), lcd.irq + IRQ_HD44780_D5);
    avr_connect_irq(pin_irq(CLOCK_LCD_D6_PIN), lcd.irq + IRQ_HD44780_D6);
    avr_connect_irq(pin_irq(CLOCK_LCD_D7_PIN), lcd.irq + IRQ_HD44780_D7);
    avr_cycle_timer_register(avr, us_to_cycles(1000), lcd_watch, NULL);
}
