/* Polyglot books through the C API: a book made in memory (entries, the best one, weighted
 * choices by the caller's number, a too-small buffer, entries that are not legal), damaged
 * books refused with CHESS_ERR_INVALID_BOOK, a missing file with CHESS_ERR_IO, and, when
 * PYTHON_CHESS_SRC names python-chess's source distribution, its performance.bin followed by
 * best moves to the end of its main line.
 * Built and run by chess-c/tests/c_api.rs. Exits 0 and prints "book passed" when every check
 * holds. */
#include "check.h"

#include <string.h>

/* One 16-byte entry, big-endian. */
static void put_entry(uint8_t *out, uint64_t key, uint16_t raw_move, uint16_t weight, uint32_t learn) {
    for (int i = 0; i < 8; i++) out[i] = (uint8_t)(key >> (56 - 8 * i));
    out[8] = (uint8_t)(raw_move >> 8), out[9] = (uint8_t)raw_move;
    out[10] = (uint8_t)(weight >> 8), out[11] = (uint8_t)weight;
    for (int i = 0; i < 4; i++) out[12 + i] = (uint8_t)(learn >> (24 - 8 * i));
}

static void uci(const chess_position *pos, chess_move m, char *buf, size_t capacity) {
    OK(chess_position_uci(pos, m, buf, capacity, NULL));
}

static void in_memory(void) {
    const uint64_t start = 0x463b96181691fc9cULL;
    uint8_t bytes[4 * 16];
    put_entry(bytes, start, 0x031c, 3, 7);       /* e2e4 */
    put_entry(bytes + 16, start, 0x0324, 9, 0);  /* e2e5: not legal, left out */
    put_entry(bytes + 32, start, 0x02db, 1, 0);  /* d2d4 */
    put_entry(bytes + 48, start + 1, 0x031c, 5, 0);
    chess_book *book = NULL;
    OK(chess_book_from_bytes(bytes, sizeof bytes, &book));
    size_t count = 0;
    OK(chess_book_len(book, &count));
    CHECK(count == 4);

    chess_position *pos = NULL;
    OK(chess_position_new(&pos));
    chess_book_entry entries[4];
    CHECK(chess_book_entries(book, pos, 1, entries, 1, &count) == CHESS_ERR_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    OK(chess_book_entries(book, pos, 1, entries, 4, &count));
    CHECK(count == 2);
    char text[8];
    uci(pos, entries[0].mv, text, sizeof text);
    CHECK(strcmp(text, "e2e4") == 0);
    CHECK(entries[0].weight == 3 && entries[0].learn == 7 && entries[0].key == start && entries[0].raw_move == 0x031c);
    uci(pos, entries[1].mv, text, sizeof text);
    CHECK(strcmp(text, "d2d4") == 0);
    OK(chess_book_entries(book, pos, 2, entries, 4, &count));
    CHECK(count == 1);

    chess_book_entry best;
    OK(chess_book_find(book, pos, &best));
    CHECK(best.mv == entries[0].mv);
    /* Weights 3 and 1: numbers 0 to 2 (mod 4) choose e2e4, 3 chooses d2d4. */
    chess_book_entry chosen;
    OK(chess_book_weighted_choice(book, pos, 2, &chosen));
    CHECK(chosen.weight == 3);
    OK(chess_book_weighted_choice(book, pos, 7, &chosen));
    CHECK(chosen.weight == 1);

    /* A position not in the book: no entry, the null move. */
    OK(chess_position_play_san(pos, "e4", NULL));
    OK(chess_book_find(book, pos, &best));
    CHECK(best.mv == CHESS_MOVE_NULL);
    OK(chess_book_entries(book, pos, 0, NULL, 0, &count));
    CHECK(count == 0);
    CHECK(chess_book_find(NULL, pos, &best) == CHESS_ERR_NULL_ARGUMENT);
    chess_position_free(pos);
    chess_book_free(book);

    /* Damaged books. */
    book = NULL;
    CHECK(chess_book_from_bytes(bytes, 20, &book) == CHESS_ERR_INVALID_BOOK);
    CHECK(book == NULL);
    char message[256];
    OK(chess_last_error_message(message, sizeof message, NULL));
    CHECK(strstr(message, "chess_book_from_bytes: ") == message && strstr(message, "20 bytes") != NULL);
    uint8_t unsorted[32];
    memcpy(unsorted, bytes + 48, 16);
    memcpy(unsorted + 16, bytes, 16);
    CHECK(chess_book_from_bytes(unsorted, sizeof unsorted, &book) == CHESS_ERR_INVALID_BOOK);
    CHECK(chess_book_from_bytes(NULL, 16, &book) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_book_open("/nonexistent/book.bin", &book) == CHESS_ERR_IO);
    CHECK(book == NULL);
    OK(chess_book_from_bytes(NULL, 0, &book));
    OK(chess_book_len(book, &count));
    CHECK(count == 0);
    chess_book_free(book);
    chess_book_free(NULL);
}

static void performance_bin(void) {
    const char *src = getenv("PYTHON_CHESS_SRC");
    if (src == NULL) {
        printf("skipped: PYTHON_CHESS_SRC is not set, performance.bin not read\n");
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/data/polyglot/performance.bin", src);
    chess_book *book = NULL;
    if (chess_book_open(path, &book) == CHESS_ERR_IO) {
        printf("skipped: %s cannot be read\n", path);
        return;
    }
    CHECK(book != NULL);
    chess_position *pos = NULL;
    OK(chess_position_new(&pos));
    int plies = 0;
    for (;;) {
        chess_book_entry best;
        OK(chess_book_find(book, pos, &best));
        if (best.mv == CHESS_MOVE_NULL) break;
        OK(chess_position_play(pos, best.mv));
        plies++;
    }
    char fen[128];
    OK(chess_position_to_fen(pos, fen, sizeof fen, NULL));
    CHECK(plies == 29);
    CHECK(strcmp(fen, "r2q1rk1/4bppp/p2p1n2/np5b/3BP1P1/5N1P/PPB2P2/RN1QR1K1 b - - 0 15") == 0);
    chess_position_free(pos);
    chess_book_free(book);
}

int main(void) {
    in_memory();
    performance_bin();
    printf("%d checks, book passed\n", checks);
    return 0;
}
