/* Pin map of the tactile clock (ATmega328P, Arduino Uno/Nano). The one table both the
 * firmware and the simulator harness (../../sim/avr-harness.c) use; README.md shows
 * the schematic. Inputs are switches to GND with the internal pull-ups (low =
 * pressed); outputs are active high. */
#ifndef ANNABELLA_CLOCK_PINS_H
#define ANNABELLA_CLOCK_PINS_H

#include "../../common/pin.h"

/* Inputs, in the order of clock_input (Arduino D2..D6). */
#define CLOCK_LEVER_WHITE_PIN PIN_CODE('D', 2)
#define CLOCK_LEVER_BLACK_PIN PIN_CODE('D', 3)
#define CLOCK_TIME_QUERY_PIN PIN_CODE('D', 4)
#define CLOCK_PAUSE_PIN PIN_CODE('D', 5)
#define CLOCK_TALK_PIN PIN_CODE('D', 6)
#define CLOCK_INPUT_PINS                                                             \
    {                                                                                \
        CLOCK_LEVER_WHITE_PIN, CLOCK_LEVER_BLACK_PIN, CLOCK_TIME_QUERY_PIN,          \
            CLOCK_PAUSE_PIN, CLOCK_TALK_PIN                                          \
    }

/* Vibration motor (through a transistor; Arduino D7). */
#define CLOCK_MOTOR_PIN PIN_CODE('D', 7)
/* Active buzzer (through a transistor; Arduino D8). */
#define CLOCK_BEEPER_PIN PIN_CODE('B', 0)
/* HD44780 16x2 LCD, 4-bit bus, R/W tied to GND (Arduino D9, D10, A0..A3). */
#define CLOCK_LCD_RS_PIN PIN_CODE('B', 1)
#define CLOCK_LCD_E_PIN PIN_CODE('B', 2)
#define CLOCK_LCD_D4_PIN PIN_CODE('C', 0)
#define CLOCK_LCD_D5_PIN PIN_CODE('C', 1)
#define CLOCK_LCD_D6_PIN PIN_CODE('C', 2)
#define CLOCK_LCD_D7_PIN PIN_CODE('C', 3)
/* The on-board LED (Arduino D13): lit while a message waits for the host's ACK. */
#define CLOCK_LED_PIN PIN_CODE('B', 5)

#endif
