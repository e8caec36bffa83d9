/* Syzygy tablebases through the C API: NULL arguments, a directory that cannot be read,
 * positions no table holds (castling rights, too many pieces), a missing table, a damaged
 * file refused with CHESS_ERR_CORRUPT_TABLE, and, when PYTHON_CHESS_SRC names python-chess's
 * source distribution, its tables in data/syzygy/regular probed for every position of
 * data/endgame.epd against the WDL and DTZ written there.
 * Built and run by chess-c/tests/c_api.rs (also under valgrind). Exits 0 and prints
 * "tablebase passed" when every check holds. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, unlink, rmdir under -std=c11 */
#include "check.h"

#include <string.h>
#include <unistd.h>

static chess_position *position(const char *fen) {
    chess_position *pos = NULL;
    OK(chess_position_from_fen(fen, &pos));
    return pos;
}

/* The last error message contains `part`. */
static int message_has(const char *part) {
    char message[512];
    OK(chess_last_error_message(message, sizeof message, NULL));
    return strstr(message, part) != NULL;
}

/* What needs no table files: argument checks and positions the tables never hold. */
static void without_tables(void) {
    CHECK(chess_tablebase_new(NULL) == CHESS_ERR_NULL_ARGUMENT);
    chess_tablebase *tables = NULL;
    OK(chess_tablebase_new(&tables));
    CHECK(tables != NULL);

    size_t count = 99;
    CHECK(chess_tablebase_add_directory(NULL, ".", &count) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_tablebase_add_directory(tables, NULL, &count) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_tablebase_add_directory(tables, "\xff", &count) == CHESS_ERR_INVALID_UTF8);
    CHECK(chess_tablebase_add_directory(tables, "/nonexistent/syzygy", &count) == CHESS_ERR_IO);
    CHECK(count == 99); /* untouched on failure */
    CHECK(message_has("chess_tablebase_add_directory: /nonexistent/syzygy: "));

    /* Two bare kings need no table: a draw. */
    chess_position *kings = position("8/8/8/3k4/8/8/8/K7 w - - 0 1");
    int wdl = 7, dtz = 7;
    OK(chess_tablebase_probe_wdl(tables, kings, &wdl));
    CHECK(wdl == 0);
    OK(chess_tablebase_probe_dtz(tables, kings, &dtz));
    CHECK(dtz == 0);
    CHECK(chess_tablebase_probe_wdl(NULL, kings, &wdl) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_tablebase_probe_wdl(tables, NULL, &wdl) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_tablebase_probe_wdl(tables, kings, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(message_has("chess_tablebase_probe_wdl: argument `out_wdl` is NULL"));
    CHECK(chess_tablebase_probe_dtz(NULL, kings, &dtz) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_tablebase_probe_dtz(tables, NULL, &dtz) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_tablebase_probe_dtz(tables, kings, NULL) == CHESS_ERR_NULL_ARGUMENT);
    chess_position_free(kings);

    /* No table file added: a missing table, the output untouched. */
    chess_position *kqk = position("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1");
    wdl = 7;
    CHECK(chess_tablebase_probe_wdl(tables, kqk, &wdl) == CHESS_ERR_MISSING_TABLE);
    CHECK(wdl == 7);
    CHECK(message_has("chess_tablebase_probe_wdl: no WDL table for KQvK"));
    CHECK(chess_tablebase_probe_dtz(tables, kqk, &dtz) == CHESS_ERR_MISSING_TABLE);
    chess_position_free(kqk);

    /* Castling rights, more pieces than any table: no table holds them. */
    chess_position *castling = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(chess_tablebase_probe_wdl(tables, castling, &wdl) == CHESS_ERR_UNSUPPORTED_POSITION);
    CHECK(message_has("castling rights"));
    CHECK(chess_tablebase_probe_dtz(tables, castling, &dtz) == CHESS_ERR_UNSUPPORTED_POSITION);
    chess_position_free(castling);
    chess_position *crowd = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    CHECK(chess_tablebase_probe_wdl(tables, crowd, &wdl) == CHESS_ERR_UNSUPPORTED_POSITION);
    CHECK(message_has("18 pieces"));
    CHECK(chess_tablebase_probe_dtz(tables, crowd, &dtz) == CHESS_ERR_UNSUPPORTED_POSITION);
    chess_position_free(crowd);
    CHECK(strcmp(chess_status_str(CHESS_ERR_MISSING_TABLE), "missing_table") == 0);
    CHECK(strcmp(chess_status_str(CHESS_ERR_CORRUPT_TABLE), "corrupt_table") == 0);
    CHECK(strcmp(chess_status_str(CHESS_ERR_UNSUPPORTED_POSITION), "unsupported_position") == 0);

    chess_tablebase_free(tables);
    chess_tablebase_free(NULL);
}

/* A file named as a table that is not one: found, then refused on its first probe. */
static void damaged_file(void) {
    char dir[] = "/tmp/chess-c-syzygy-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[64];
    snprintf(path, sizeof path, "%s/KQvK.rtbw", dir);
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL);
    static const unsigned char not_a_table[64] = {1, 2, 3, 4};
    CHECK(fwrite(not_a_table, 1, sizeof not_a_table, file) == sizeof not_a_table);
    CHECK(fclose(file) == 0);

    chess_tablebase *tables = NULL;
    OK(chess_tablebase_new(&tables));
    size_t count = 0;
    OK(chess_tablebase_add_directory(tables, dir, &count));
    CHECK(count == 1);
    OK(chess_tablebase_add_directory(tables, dir, NULL)); /* the count is optional */
    chess_position *kqk = position("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1");
    int wdl = 7;
    CHECK(chess_tablebase_probe_wdl(tables, kqk, &wdl) == CHESS_ERR_CORRUPT_TABLE);
    CHECK(wdl == 7);
    CHECK(message_has("the WDL table KQvK is corrupt"));
    /* Again: the same answer, not a half-opened table. */
    CHECK(chess_tablebase_probe_wdl(tables, kqk, &wdl) == CHESS_ERR_CORRUPT_TABLE);
    chess_position_free(kqk);
    chess_tablebase_free(tables);
    CHECK(unlink(path) == 0);
    CHECK(rmdir(dir) == 0);
}

/* The value of the EPD operation `name` ("wdl", "dtz"; not the first one) in `ops`. */
static int operand(const char *ops, const char *name) {
    char key[16];
    snprintf(key, sizeof key, "; %s ", name);
    const char *at = strstr(ops, key);
    CHECK(at != NULL);
    return atoi(at + strlen(key));
}

static void python_chess_tables(void) {
    const char *src = getenv("PYTHON_CHESS_SRC");
    if (src == NULL) {
        printf("skipped: PYTHON_CHESS_SRC is not set, python-chess's Syzygy tables not probed\n");
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/data/syzygy/regular", src);
    chess_tablebase *tables = NULL;
    OK(chess_tablebase_new(&tables));
    size_t count = 0;
    if (chess_tablebase_add_directory(tables, path, &count) == CHESS_ERR_IO) {
        printf("skipped: %s cannot be read\n", path);
        chess_tablebase_free(tables);
        return;
    }
    CHECK(count == 70); /* 35 tables of 3 to 5 pieces, WDL and DTZ */

    snprintf(path, sizeof path, "%s/data/endgame.epd", src);
    FILE *epd = fopen(path, "r");
    CHECK(epd != NULL);
    char line[256];
    int positions = 0;
    while (fgets(line, sizeof line, epd) != NULL) {
        /* "<board> <turn> <castling> <ep> wdl_table 2; wdl 2; dtz 1;" */
        char fen[128];
        const char *ops = line;
        for (int field = 0; field < 4; field++) {
            ops = strchr(ops, ' ');
            CHECK(ops != NULL);
            ops++;
        }
        size_t fen_len = (size_t)(ops - 1 - line);
        CHECK(fen_len + sizeof " 0 1" <= sizeof fen);
        memcpy(fen, line, fen_len);
        strcpy(fen + fen_len, " 0 1");
        chess_position *pos = position(fen);
        int wdl = 7, dtz = 7;
        OK(chess_tablebase_probe_wdl(tables, pos, &wdl));
        OK(chess_tablebase_probe_dtz(tables, pos, &dtz));
        if (wdl != operand(ops, "wdl") || dtz != operand(ops, "dtz")) {
            fprintf(stderr, "%s: wdl %d, dtz %d, expected %s", fen, wdl, dtz, ops);
            CHECK(0);
        }
        chess_position_free(pos);
        positions++;
    }
    fclose(epd);
    CHECK(positions == 200);

    /* The crate's documented examples: lost in 53 plies; won only by taking en passant. */
    chess_position *pos = position("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1");
    int value = 0;
    OK(chess_tablebase_probe_wdl(tables, pos, &value));
    CHECK(value == -2);
    OK(chess_tablebase_probe_dtz(tables, pos, &value));
    CHECK(value == -53);
    chess_position_free(pos);
    pos = position("8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2");
    OK(chess_tablebase_probe_wdl(tables, pos, &value));
    CHECK(value == 2);
    chess_position_free(pos);
    /* Six pieces: no such table among these. */
    pos = position("3kqr2/8/8/8/8/8/8/KQR5 w - - 0 1");
    CHECK(chess_tablebase_probe_wdl(tables, pos, &value) == CHESS_ERR_MISSING_TABLE);
    CHECK(message_has("no WDL table for KQRvKQR"));
    chess_position_free(pos);
    chess_tablebase_free(tables);
    printf("%d endgame.epd positions probed\n", positions);
}

int main(void) {
    without_tables();
    damaged_file();
    python_chess_tables();
    printf("%d checks, tablebase passed\n", checks);
    return 0;
}
