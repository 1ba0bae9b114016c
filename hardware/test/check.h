/* CHECK for the host tests: counts and reports a failed condition, then goes on. */
#ifndef ANNABELLA_CHECK_H
#define ANNABELLA_CHECK_H

#include <stdio.h>

/* Failed checks so far. */
static int failures;

#define CHECK(cond, ...)                                                              \
    do {                                                                              \
        if (!(cond)) {                                                                \
            failures++;                                                               \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);           \
            fprintf(stderr, __VA_ARGS__);                                             \
            fputc('\n', stderr);                                                      \
        }                                                                             \
    } while (0)

#endif
