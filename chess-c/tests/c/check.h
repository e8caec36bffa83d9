/* The assertion macros of the C test programs (tests/c/test_api.c, test_search_limits.c). */
#ifndef CHESS_TEST_CHECK_H
#define CHESS_TEST_CHECK_H

#include "chess.h"

#include <stdio.h>
#include <stdlib.h>

static int checks = 0;

/* Counts a check; on failure prints it with this thread's last error message and exits 1. */
#define CHECK(cond)                                                                  \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            char message_[512];                                                      \
            if (chess_last_error_message(message_, sizeof message_, NULL) == CHESS_OK) \
                fprintf(stderr, "  last error: %s\n", message_);                     \
            exit(1);                                                                 \
        }                                                                            \
    } while (0)

#define OK(call) CHECK((call) == CHESS_OK)

#endif
