/* Lists the moves a Polyglot opening book gives for a position (the start position, or the FEN
 * given), best first as the book orders them, with their weights, and the move a weighted
 * random choice makes:
 *
 *   ./build/book_moves performance.bin
 *   ./build/book_moves performance.bin "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
 */
#include "chess.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int fail(const char *what, chess_status status) {
    char message[512];
    chess_last_error_message(message, sizeof message, NULL);
    fprintf(stderr, "%s: %s (%s)\n", what, message, chess_status_str(status));
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s BOOK.bin [FEN]\n", argv[0]);
        return 2;
    }
    chess_book *book = NULL;
    chess_status status = chess_book_open(argv[1], &book);
    if (status != CHESS_OK) return fail("book", status);
    chess_position *pos = NULL;
    status = argc > 2 ? chess_position_from_fen(argv[2], &pos) : chess_position_new(&pos);
    if (status != CHESS_OK) {
        chess_book_free(book);
        return fail("position", status);
    }

    chess_book_entry entries[64];
    size_t count = 0;
    /* Weight 0 marks a deleted entry: ask for weight 1 or more. More than 64 entries for one
     * position would be CHESS_ERR_BUFFER_TOO_SMALL, with the number needed in count. */
    status = chess_book_entries(book, pos, 1, entries, 64, &count);
    if (status == CHESS_OK) {
        for (size_t i = 0; i < count; i++) {
            char san[16];
            chess_position_san(pos, entries[i].mv, san, sizeof san, NULL);
            printf("%s weight %u\n", san, (unsigned)entries[i].weight);
        }
        if (count == 0) printf("not in the book\n");
        /* The caller's random number chooses: here the clock; a seeded generator replays games. */
        chess_book_entry chosen;
        status = chess_book_weighted_choice(book, pos, (uint64_t)time(NULL), &chosen);
        if (status == CHESS_OK && chosen.mv != CHESS_MOVE_NULL) {
            char san[16];
            chess_position_san(pos, chosen.mv, san, sizeof san, NULL);
            printf("chosen: %s\n", san);
        }
    }
    chess_position_free(pos);
    chess_book_free(book);
    return status == CHESS_OK ? 0 : fail("entries", status);
}
