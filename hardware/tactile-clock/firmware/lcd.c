/* HD44780 driver; see lcd.h. */
#include "lcd.h"

#include <util/delay.h>

#include "../../common/avr/gpio.h"
#include "pins.h"

static char want[LCD_ROWS * LCD_COLS];
static char shown[LCD_ROWS * LCD_COLS];
/* Where the display's address counter points (an index into shown), or 0xFF. */
static uint8_t cursor;

static void pulse_nibble(uint8_t nibble)
{
    gpio_write(CLOCK_LCD_D4_PIN, nibble & 1u);
    gpio_write(CLOCK_LCD_D5_PIN, nibble & 2u);
    gpio_write(CLOCK_LCD_D6_PIN, nibble & 4u);
    gpio_write(CLOCK_LCD_D7_PIN, nibble & 8u);
    gpio_write(CLOCK_LCD_E_PIN, 1);
    _delay_us(1);
    gpio_write(CLOCK_LCD_E_PIN, 0);
    _delay_us(1);
}

static void send(uint8_t data, uint8_t byte)
{
    gpio_write(CLOCK_LCD_RS_PIN, data);
    pulse_nibble(byte >> 4);
    pulse_nibble(byte & 0x0Fu);
}

void lcd_init(void)
{
    gpio_output(CLOCK_LCD_RS_PIN);
    gpio_output(CLOCK_LCD_E_PIN);
    gpio_output(CLOCK_LCD_D4_PIN);
    gpio_output(CLOCK_LCD_D5_PIN);
    gpio_output(CLOCK_LCD_D6_PIN);
    gpio_output(CLOCK_LCD_D7_PIN);
    _delay_ms(50);
    /* The datasheet's reset by instruction, then 4-bit mode. */
    pulse_nibble(0x3);
    _delay_ms(5);
    pulse_nibble(0x3);
    _delay_us(150);
    pulse_nibble(0x3);
    _delay_us(150);
    pulse_nibble(0x2);
    _delay_us(150);
    send(0, 0x28); /* 4-bit, 2 lines, 5x8 */
    _delay_us(50);
    send(0, 0x0C); /* display on, no cursor */
    _delay_us(50);
    send(0, 0x01); /* clear */
    _delay_ms(2);
    send(0, 0x06); /* increment, no shift */
    _delay_us(50);
    for (uint8_t i = 0; i < LCD_ROWS * LCD_COLS; i++) {
        want[i] = ' ';
        shown[i] = ' ';
    }
    cursor = 0;
}

void lcd_set_line(uint8_t row, const char *text)
{
    for (uint8_t i = 0; i < LCD_COLS; i++) {
        want[row * LCD_COLS + i] = text[i];
    }
}

void lcd_step(void)
{
    for (uint8_t i = 0; i < LCD_ROWS * LCD_COLS; i++) {
        if (want[i] == shown[i]) {
            continue;
        }
        if (cursor != i) {
            uint8_t row = i / LCD_COLS;
            uint8_t col = i % LCD_COLS;
            send(0, (uint8_t)(0x80u | (row ? 0x40u : 0u) | col));
            cursor = i;
            return;
        }
        send(1, (uint8_t)want[i]);
        shown[i] = want[i];
        cursor = (i % LCD_COLS == LCD_COLS - 1u) ? 0xFF : (uint8_t)(i + 1u);
        return;
    }
}
