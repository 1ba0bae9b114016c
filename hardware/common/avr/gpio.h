/* Register access for pin codes (../pin.h) on the ATmega328P: PINx, DDRx and PORTx of
 * ports B, C, D sit at data addresses 0x23 + 3 * (port - 'B'). With constant codes the
 * compiler emits single sbi/cbi/sbic instructions. */
#ifndef ANNABELLA_GPIO_H
#define ANNABELLA_GPIO_H

#include <stdint.h>

#include "../pin.h"

#define GPIO_REG(code, offset) \
    (*(volatile uint8_t *)(uintptr_t)(0x23u + 3u * (((code) >> 3) - 1u) + (offset)))
/* The input register of a pin's port. */
#define GPIO_PINREG(code) GPIO_REG(code, 0u)
/* The direction register of a pin's port. */
#define GPIO_DDRREG(code) GPIO_REG(code, 1u)
/* The output register of a pin's port. */
#define GPIO_PORTREG(code) GPIO_REG(code, 2u)

/* Makes a pin an output, driven low. */
static inline void gpio_output(uint8_t code)
{
    GPIO_PORTREG(code) &= (uint8_t)~(1u << PIN_BIT(code));
    GPIO_DDRREG(code) |= (uint8_t)(1u << PIN_BIT(code));
}

/* Makes a pin an input with the internal pull-up on. */
static inline void gpio_input_pullup(uint8_t code)
{
    GPIO_DDRREG(code) &= (uint8_t)~(1u << PIN_BIT(code));
    GPIO_PORTREG(code) |= (uint8_t)(1u << PIN_BIT(code));
}

/* Drives an output pin high (1) or low (0). */
static inline void gpio_write(uint8_t code, uint8_t high)
{
    if (high) {
        GPIO_PORTREG(code) |= (uint8_t)(1u << PIN_BIT(code));
    } else {
        GPIO_PORTREG(code) &= (uint8_t)~(1u << PIN_BIT(code));
    }
}

/* Reads a pin: 1 high, 0 low. */
static inline uint8_t gpio_read(uint8_t code)
{
    return (GPIO_PINREG(code) >> PIN_BIT(code)) & 1u;
}

#endif
