/* Plays a short game from SAN moves (the command line's, or the Scholar's mate), prints the
 * moves numbered and how the game ended. */
#include "chess.h"

#include <stdio.h>

static const char *const TERMINATIONS[] = {
    "not over",     "checkmate",       "stalemate",      "insufficient material", "fifty-move rule",
    "75-move rule", "threefold",       "fivefold",       "no progress",           "perpetual check",
    "check limit",  "resignation",     "draw agreement", "timeout",               "forfeit",
    "aborted",
};

int main(int argc, char **argv) {
    static const char *scholars_mate[] = {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"};
    const char *const *moves = scholars_mate;
    int count = 7;
    if (argc > 1) {
        moves = (const char *const *)(argv + 1);
        count = argc - 1;
    }

    chess_game *game = NULL;
    if (chess_game_new(&game) != CHESS_OK) return 1;
    for (int i = 0; i < count; i++) {
        chess_status status = chess_game_push_san(game, moves[i], NULL);
        if (status != CHESS_OK) {
            char message[256];
            chess_last_error_message(message, sizeof message, NULL);
            fprintf(stderr, "%s (%s)\n", message, chess_status_str(status));
            chess_game_free(game);
            return 1;
        }
        if (i % 2 == 0)
            printf("%d. %s", i / 2 + 1, moves[i]);
        else
            printf(" %s\n", moves[i]);
    }
    if (count % 2 == 1) printf("\n");

    int termination = 0, winner = 0;
    char result[8];
    chess_game_outcome(game, &termination, &winner);
    chess_game_result(game, result, sizeof result, NULL);
    const char *how = termination >= 0 && termination <= CHESS_TERMINATION_ABORTED ? TERMINATIONS[termination] : "other";
    printf("result: %s (%s)\n", result, how);
    chess_game_free(game);
    return 0;
}
