/* CRC-16/IBM-3740 (CCITT-FALSE) of our frames; see ../FRAMING.md. */
#ifndef ANNABELLA_CRC16_H
#define ANNABELLA_CRC16_H

#include <stddef.h>
#include <stdint.h>

/* Start value of the CRC. */
#define CRC16_INIT 0xFFFFu

/* Folds one byte into a running CRC (polynomial 0x1021, no reflection, no final XOR). */
uint16_t crc16_update(uint16_t crc, uint8_t byte);

/* The CRC of `len` bytes; 0x29B1 for "123456789". */
uint16_t crc16(const uint8_t *data, size_t len);

#endif
