/* Pin map of the tactile peg board (ATmega328P, Arduino Uno/Nano). The one table both
 * the firmware and the simulator harness (../../sim/avr-harness.c) use; README.md
 * shows the schematic. */
#ifndef ANNABELLA_BOARD_PINS_H
#define ANNABELLA_BOARD_PINS_H

#include "../../common/pin.h"

/* Rank 1..8 row lines: outputs, all high; the scan drives one low at a time
 * (Arduino D2..D7, D8, D9). */
#define BOARD_RANK_PINS                                                              \
    {                                                                                \
        PIN_CODE('D', 2), PIN_CODE('D', 3), PIN_CODE('D', 4), PIN_CODE('D', 5),      \
            PIN_CODE('D', 6), PIN_CODE('D', 7), PIN_CODE('B', 0), PIN_CODE('B', 1)   \
    }

/* File a..h column lines: inputs with pull-up; a closed reed switch (peg in the hole)
 * pulls its column low through its diode while its rank is selected
 * (Arduino A0..A5, D10, D11). */
#define BOARD_FILE_PINS                                                              \
    {                                                                                \
        PIN_CODE('C', 0), PIN_CODE('C', 1), PIN_CODE('C', 2), PIN_CODE('C', 3),      \
            PIN_CODE('C', 4), PIN_CODE('C', 5), PIN_CODE('B', 2), PIN_CODE('B', 3)   \
    }

/* The shared vibration motor under the board (high = on, through a transistor;
 * Arduino D12). */
#define BOARD_MOTOR_PIN PIN_CODE('B', 4)

/* The on-board LED (Arduino D13): lit while a message waits for the host's ACK. */
#define BOARD_LED_PIN PIN_CODE('B', 5)

#endif
