/* A pin of the ATmega328P as one byte (port letter and bit), so one table in each
 * firmware's pins.h serves both the firmware and the simulator harness. */
#ifndef ANNABELLA_PIN_H
#define ANNABELLA_PIN_H

#include <stdint.h>

/* The pin `bit` of port `port` ('B', 'C' or 'D'). */
#define PIN_CODE(port, bit) ((uint8_t)((((port) - 'A') << 3) | (bit)))
/* The port letter of a pin code. */
#define PIN_PORT(code) ((char)('A' + ((code) >> 3)))
/* The bit of a pin code. */
#define PIN_BIT(code) ((uint8_t)((code) & 7u))

#endif
