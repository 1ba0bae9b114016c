/* HD44780 16x2 character LCD on a 4-bit bus without reading it back (R/W at GND). The
 * firmware writes text into a shadow; lcd_step() moves one changed character (or one
 * cursor jump) to the display per call, so no main-loop pass waits for the LCD. */
#ifndef ANNABELLA_LCD_H
#define ANNABELLA_LCD_H

#include <stdint.h>

/* Characters per line and lines. */
#define LCD_COLS 16u
#define LCD_ROWS 2u

/* Resets and clears the display (blocks about 60 ms; call before the watchdog runs). */
void lcd_init(void);

/* Sets line `row` of the shadow to `text` (LCD_COLS characters). */
void lcd_set_line(uint8_t row, const char *text);

/* Sends one pending change to the display; call at most every 50 µs (we call it once
 * a millisecond). */
void lcd_step(void);

#endif
