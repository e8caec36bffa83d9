/* Probes Syzygy endgame tables for a position (a lost KBN v K endgame, or the FEN given):
 * win, draw or loss for the side to move, and the distance to the next capture or pawn move:
 *
 *   ./build/tablebase_probe /path/to/syzygy
 *   ./build/tablebase_probe /path/to/syzygy "8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1"
 */
#include "chess.h"

#include <stdio.h>

static int fail(const char *what, chess_status status) {
    char message[512];
    chess_last_error_message(message, sizeof message, NULL);
    fprintf(stderr, "%s: %s (%s)\n", what, message, chess_status_str(status));
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s SYZYGY_DIR [FEN]\n", argv[0]);
        return 2;
    }
    chess_tablebase *tables = NULL;
    chess_status status = chess_tablebase_new(&tables);
    if (status != CHESS_OK) return fail("tablebase", status);
    size_t count = 0;
    status = chess_tablebase_add_directory(tables, argv[1], &count);
    if (status != CHESS_OK) {
        chess_tablebase_free(tables);
        return fail("tables", status);
    }
    printf("%zu table files\n", count);

    chess_position *pos = NULL;
    status = chess_position_from_fen(argc > 2 ? argv[2] : "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1", &pos);
    if (status != CHESS_OK) {
        chess_tablebase_free(tables);
        return fail("position", status);
    }
    /* -2 loss, -1 loss saved by the fifty-move rule, 0 draw, 1 win spoilt by it, 2 win. */
    static const char *const RESULTS[] = {"loss", "blessed loss", "draw", "cursed win", "win"};
    int wdl = 0, dtz = 0;
    status = chess_tablebase_probe_wdl(tables, pos, &wdl);
    if (status == CHESS_OK) {
        printf("wdl %d (%s)\n", wdl, RESULTS[wdl + 2]);
        /* DTZ needs the DTZ tables (.rtbz) too. */
        status = chess_tablebase_probe_dtz(tables, pos, &dtz);
        if (status == CHESS_OK) printf("dtz %d\n", dtz);
    }
    chess_position_free(pos);
    chess_tablebase_free(tables);
    return status == CHESS_OK ? 0 : fail("probe", status);
}
