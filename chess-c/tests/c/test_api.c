/* Assertion test of the C API (chess.h): built and run by chess-c/tests/c_api.rs, plainly and
 * under valgrind. Exits 0 and prints "all passed" when every check holds. */
#define _POSIX_C_SOURCE 200809L /* nanosleep under -std=c11 */
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

static const char *START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* The last error message of this thread, in a static buffer. */
static const char *last_error(void) {
    static char buf[512];
    CHECK(chess_last_error_message(buf, sizeof buf, NULL) == CHESS_OK);
    return buf;
}

static const char *fen_of(const chess_position *pos) {
    static char buf[128];
    OK(chess_position_to_fen(pos, buf, sizeof buf, NULL));
    return buf;
}

static const char *san_of(const chess_position *pos, chess_move m) {
    static char buf[16];
    OK(chess_position_san(pos, m, buf, sizeof buf, NULL));
    return buf;
}

static const char *uci_of(const chess_position *pos, chess_move m) {
    static char buf[8];
    OK(chess_position_uci(pos, m, buf, sizeof buf, NULL));
    return buf;
}

static void test_statuses(void) {
    CHECK(strcmp(chess_version(), "0.1.0") == 0);
    CHECK(strcmp(chess_status_str(CHESS_OK), "ok") == 0);
    CHECK(strcmp(chess_status_str(CHESS_ERR_ILLEGAL_MOVE), "illegal_move") == 0);
    CHECK(strcmp(chess_status_str(CHESS_ERR_NOT_ALLOWED), "event_not_allowed") == 0);
    CHECK(strcmp(chess_status_str(CHESS_ERR_BUFFER_TOO_SMALL), "buffer_too_small") == 0);
    CHECK(strcmp(chess_status_str(12345), "unknown_status") == 0);
    CHECK(strcmp(chess_status_str(-1), "unknown_status") == 0);
    CHECK(CHESS_ERR_ILLEGAL_MOVE == 30 && CHESS_ERR_NULL_ARGUMENT == 1000 && CHESS_ERR_PANIC == 1003);
}

static void test_strings_and_buffers(void) {
    chess_position *pos = NULL;
    OK(chess_position_new(&pos));
    CHECK(pos != NULL);
    CHECK(strcmp(fen_of(pos), START_FEN) == 0);

    /* Ask for the size first with a NULL buffer. */
    size_t len = 0;
    CHECK(chess_position_to_fen(pos, NULL, 0, &len) == CHESS_ERR_BUFFER_TOO_SMALL);
    CHECK(len == strlen(START_FEN));
    CHECK(strstr(last_error(), "chess_position_to_fen: the text needs a buffer of 57 bytes") == last_error());

    /* A buffer one byte short is refused and left untouched. */
    char small[56];
    memset(small, 'x', sizeof small);
    len = 0;
    CHECK(chess_position_to_fen(pos, small, sizeof small, &len) == CHESS_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 56 && small[0] == 'x' && small[55] == 'x');
    char exact[57];
    OK(chess_position_to_fen(pos, exact, sizeof exact, &len));
    CHECK(len == 56 && strcmp(exact, START_FEN) == 0);

    /* The error message itself follows the buffer convention and survives a short read. */
    CHECK(chess_position_play_san(pos, "Qh5", NULL) == CHESS_ERR_ILLEGAL_MOVE);
    size_t need = 0;
    CHECK(chess_last_error_message(NULL, 0, &need) == CHESS_ERR_BUFFER_TOO_SMALL);
    char *message = malloc(need + 1);
    CHECK(message != NULL);
    OK(chess_last_error_message(message, need + 1, NULL));
    CHECK(strlen(message) == need);
    CHECK(strncmp(message, "chess_position_play_san: ", 25) == 0);
    free(message);
    chess_position_free(pos);
}

static void test_position(void) {
    chess_position *pos = NULL;
    OK(chess_position_new(&pos));

    int color = -5, role = -5;
    OK(chess_position_turn(pos, &color));
    CHECK(color == CHESS_WHITE);
    OK(chess_position_piece_at(pos, 4, &color, &role)); /* e1 */
    CHECK(color == CHESS_WHITE && role == CHESS_KING);
    OK(chess_position_piece_at(pos, 59, &color, &role)); /* d8 */
    CHECK(color == CHESS_BLACK && role == CHESS_QUEEN);
    OK(chess_position_piece_at(pos, 28, &color, &role)); /* e4 */
    CHECK(color == CHESS_COLOR_NONE && role == CHESS_ROLE_NONE);
    color = 42;
    CHECK(chess_position_piece_at(pos, 64, &color, &role) == CHESS_ERR_INVALID_SQUARE);
    CHECK(color == 42); /* untouched on failure */
    CHECK(strcmp(last_error(), "chess_position_piece_at: square 64 is not in 0..=63") == 0);
    CHECK(chess_position_piece_at(pos, -1, &color, &role) == CHESS_ERR_INVALID_SQUARE);

    /* Legal moves into a caller array. */
    chess_move moves[CHESS_MAX_LEGAL_MOVES];
    size_t count = 0;
    OK(chess_position_legal_moves(pos, moves, CHESS_MAX_LEGAL_MOVES, &count));
    CHECK(count == 20);
    CHECK(chess_position_legal_moves(pos, moves, 5, &count) == CHESS_ERR_BUFFER_TOO_SMALL);
    CHECK(count == 20);
    OK(chess_position_count_legal_moves(pos, &count));
    CHECK(count == 20);
    chess_move e2e4 = (chess_move)(12 | 28 << 6);
    int found = 0;
    OK(chess_position_legal_moves(pos, moves, CHESS_MAX_LEGAL_MOVES, &count));
    for (size_t i = 0; i < count; i++) found += moves[i] == e2e4;
    CHECK(found == 1);
    OK(chess_position_legal_moves_from(pos, 6, moves, CHESS_MAX_LEGAL_MOVES, &count)); /* g1 */
    CHECK(count == 2);
    CHECK(strcmp(san_of(pos, moves[0]), "Nf3") == 0 || strcmp(san_of(pos, moves[0]), "Nh3") == 0);

    bool legal = false;
    OK(chess_position_is_legal(pos, e2e4, &legal));
    CHECK(legal);
    OK(chess_position_is_legal(pos, (chess_move)(12 | 36 << 6), &legal)); /* e2e5 */
    CHECK(!legal);
    CHECK(chess_position_is_legal(pos, 0xffff, &legal) == CHESS_ERR_INVALID_MOVE);

    /* Notation of a move. */
    char buf[16];
    OK(chess_position_uci(pos, e2e4, buf, sizeof buf, NULL));
    CHECK(strcmp(buf, "e2e4") == 0);
    OK(chess_position_lan(pos, e2e4, buf, sizeof buf, NULL));
    CHECK(strcmp(buf, "e2-e4") == 0);
    CHECK(strcmp(san_of(pos, e2e4), "e4") == 0);
    CHECK(chess_position_san(pos, (chess_move)(12 | 36 << 6), buf, sizeof buf, NULL) == CHESS_ERR_ILLEGAL_MOVE);

    /* Play the Ruy Lopez by SAN, UCI and move numbers. */
    chess_move m = 0;
    OK(chess_position_play(pos, e2e4));
    OK(chess_position_play_san(pos, "e5", &m));
    CHECK(m == (chess_move)(52 | 36 << 6));
    OK(chess_position_play_uci(pos, "g1f3", &m));
    OK(chess_position_parse_san(pos, "Nc6", &m));
    OK(chess_position_play(pos, m));
    OK(chess_position_play_san(pos, "Bb5", NULL));
    OK(chess_position_play_san(pos, "a6", NULL));
    CHECK(strcmp(fen_of(pos), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4") == 0);
    unsigned halfmove = 9, fullmove = 9;
    OK(chess_position_clocks(pos, &halfmove, &fullmove));
    CHECK(halfmove == 0 && fullmove == 4);

    /* The resolver: king e1 to g1 castles. */
    OK(chess_position_resolve_move(pos, 4, 6, CHESS_ROLE_NONE, &m));
    CHECK(strcmp(san_of(pos, m), "O-O") == 0);
    OK(chess_position_uci(pos, m, buf, sizeof buf, NULL));
    CHECK(strcmp(buf, "e1g1") == 0);
    chess_position *before = NULL;
    OK(chess_position_clone(pos, &before));
    OK(chess_position_play(pos, m));
    CHECK(strcmp(fen_of(pos), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4") == 0);
    CHECK(strcmp(fen_of(before), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4") == 0);
    CHECK(chess_position_resolve_move(pos, 0, 0, 9, &m) == CHESS_ERR_INVALID_ARGUMENT);
    OK(chess_position_assign(pos, before));
    CHECK(strcmp(fen_of(pos), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4") == 0);
    OK(chess_position_play(pos, m));
    chess_position_free(before);

    /* An illegal move: status, message, position unchanged. */
    CHECK(chess_position_play_san(pos, "Nxe4", NULL) == CHESS_ERR_ILLEGAL_MOVE);
    CHECK(chess_position_play_san(pos, "Qz9", NULL) == CHESS_ERR_INVALID_MOVE);
    CHECK(chess_position_play_uci(pos, "e2e4", NULL) == CHESS_ERR_ILLEGAL_MOVE);
    CHECK(chess_position_play_uci(pos, "zz", NULL) == CHESS_ERR_INVALID_MOVE);
    CHECK(chess_position_play(pos, 0xffff) == CHESS_ERR_INVALID_MOVE);
    CHECK(chess_position_play_san(pos, "\xff\xfe", NULL) == CHESS_ERR_INVALID_UTF8);
    CHECK(strcmp(last_error(), "chess_position_play_san: argument `san` is not UTF-8 (from byte 0)") == 0);
    CHECK(strcmp(fen_of(pos), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4") == 0);
    chess_position_free(pos);

    /* A pinned knight: the resolver says why. */
    OK(chess_position_from_fen("rnbqk1nr/pppp1ppp/8/4p3/1b1P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 2 3", &pos));
    CHECK(chess_position_resolve_move(pos, 18, 28, CHESS_ROLE_NONE, &m) == CHESS_ERR_ILLEGAL_MOVE);
    CHECK(strcmp(last_error(), "chess_position_resolve_move: the knight on c3 is pinned by the bishop on b4") == 0);
    chess_position_free(pos);

    /* Promotion needs its piece. */
    OK(chess_position_from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", &pos));
    CHECK(chess_position_resolve_move(pos, 52, 60, CHESS_ROLE_NONE, &m) == CHESS_ERR_MISSING_PROMOTION);
    OK(chess_position_resolve_move(pos, 52, 60, CHESS_KNIGHT, &m));
    CHECK(strcmp(san_of(pos, m), "e8=N+") == 0);
    chess_position_free(pos);
}

static void test_fen_and_rules(void) {
    chess_position *pos = NULL;
    CHECK(chess_position_from_fen("not a fen", &pos) == CHESS_ERR_INVALID_FEN);
    CHECK(pos == NULL);
    CHECK(strncmp(last_error(), "chess_position_from_fen: ", 25) == 0);
    CHECK(chess_position_from_fen("8/8/8/8/8/8/8/8 w - - 0 1", &pos) == CHESS_ERR_INVALID_POSITION);
    CHECK(strcmp(last_error(), "chess_position_from_fen: illegal position: white has no king; black has no king") == 0);
    CHECK(chess_position_from_fen_with(START_FEN, 99, &pos) == CHESS_ERR_INVALID_ARGUMENT);
    OK(chess_position_from_fen_with("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                                    CHESS_FEN_CHESS960, &pos));
    uint64_t nodes = 0;
    OK(chess_position_perft(pos, 3, &nodes));
    CHECK(nodes == 12189);
    chess_position_free(pos);

    /* Games read FENs with the same flags: a Chess960 game castles king-takes-rook. */
    chess_game *game = NULL;
    char fen[128];
    CHECK(chess_game_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 99, CHESS_RULES_FIDE, &game) ==
          CHESS_ERR_INVALID_ARGUMENT);
    CHECK(game == NULL);
    OK(chess_game_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CHESS_FEN_CHESS960, CHESS_RULES_FIDE, &game));
    chess_position *at = NULL;
    chess_move castle = 0;
    OK(chess_game_position(game, &at));
    OK(chess_position_parse_san(at, "O-O", &castle));
    CHECK(strcmp(uci_of(at, castle), "e1h1") == 0);
    chess_position_free(at);
    OK(chess_game_push_uci(game, "e1h1", NULL));
    OK(chess_game_fen(game, fen, sizeof fen, NULL));
    CHECK(strcmp(fen, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1") == 0);
    chess_game_free(game);
    OK(chess_game_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CHESS_FEN_STRICT, CHESS_RULES_FIDE, &game));
    OK(chess_game_position(game, &at));
    OK(chess_position_parse_san(at, "O-O", &castle));
    CHECK(strcmp(uci_of(at, castle), "e1g1") == 0);
    chess_position_free(at);
    chess_game_free(game);
    /* Strict validation refuses nine white pawns; relaxed takes them. */
    CHECK(chess_game_from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", CHESS_FEN_STRICT, CHESS_RULES_FIDE, &game) ==
          CHESS_ERR_INVALID_POSITION);
    OK(chess_game_from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", CHESS_FEN_RELAXED, CHESS_RULES_FIDE, &game));
    OK(chess_game_fen(game, fen, sizeof fen, NULL));
    CHECK(strcmp(fen, "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1") == 0);
    chess_game_free(game);
    chess_rules_config fide;
    OK(chess_rules_preset(CHESS_RULES_FIDE, &fide));
    CHECK(chess_game_new_with_rules("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", CHESS_FEN_STRICT, &fide, &game) ==
          CHESS_ERR_INVALID_POSITION);
    OK(chess_game_new_with_rules("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", CHESS_FEN_RELAXED, &fide, &game));
    OK(chess_game_fen(game, fen, sizeof fen, NULL));
    CHECK(strcmp(fen, "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1") == 0);
    chess_game_free(game);
    OK(chess_game_new_with_rules(NULL, CHESS_FEN_CHESS960, &fide, &game));
    OK(chess_game_fen(game, fen, sizeof fen, NULL));
    CHECK(strcmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == 0);
    chess_game_free(game);
    game = NULL;
    CHECK(chess_game_new_with_rules(NULL, 99, &fide, &game) == CHESS_ERR_INVALID_ARGUMENT);
    CHECK(game == NULL);

    bool yes = false;
    OK(chess_position_from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &pos));
    OK(chess_position_is_stalemate(pos, &yes));
    CHECK(yes);
    OK(chess_position_is_check(pos, &yes));
    CHECK(!yes);
    OK(chess_position_is_checkmate(pos, &yes));
    CHECK(!yes);
    chess_position_free(pos);

    OK(chess_position_from_fen("8/8/8/8/8/8/8/K6k w - - 0 1", &pos));
    OK(chess_position_is_insufficient_material(pos, &yes));
    CHECK(yes);
    int ep = 5;
    OK(chess_position_ep_square(pos, &ep));
    CHECK(ep == -1);
    chess_position_free(pos);

    OK(chess_position_new(&pos));
    uint64_t key = 0;
    OK(chess_position_zobrist_key(pos, &key));
    CHECK(key == UINT64_C(0x463b96181691fc9c));
    OK(chess_position_play_uci(pos, "e2e4", NULL));
    OK(chess_position_ep_square(pos, &ep));
    CHECK(ep == 20); /* e3 */
    OK(chess_position_zobrist_key(pos, &key));
    CHECK(key == UINT64_C(0x823c9b50fd114196));
    chess_position_free(pos);

    OK(chess_position_new(&pos));
    OK(chess_position_perft(pos, 4, &nodes));
    CHECK(nodes == 197281);
    chess_position_free(pos);
    OK(chess_position_from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &pos));
    OK(chess_position_perft(pos, 3, &nodes));
    CHECK(nodes == 97862);
    chess_position_free(pos);
}

static void test_game(void) {
    chess_game *game = NULL;
    OK(chess_game_new(&game));
    const char *fools_mate[] = {"f3", "e5", "g4"};
    for (size_t i = 0; i < 3; i++) OK(chess_game_push_san(game, fools_mate[i], NULL));
    int termination = -1, winner = -5;
    OK(chess_game_outcome(game, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_NONE && winner == CHESS_COLOR_NONE);
    char result[8];
    OK(chess_game_result(game, result, sizeof result, NULL));
    CHECK(strcmp(result, "*") == 0);
    chess_move m = 0;
    OK(chess_game_push_uci(game, "d8h4", &m));
    OK(chess_game_outcome(game, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_CHECKMATE && winner == CHESS_BLACK);
    OK(chess_game_result(game, result, sizeof result, NULL));
    CHECK(strcmp(result, "0-1") == 0);
    char fen[128];
    OK(chess_game_fen(game, fen, sizeof fen, NULL));
    CHECK(strcmp(fen, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3") == 0);
    chess_position *pos = NULL;
    OK(chess_game_position(game, &pos));
    bool mate = false;
    OK(chess_position_is_checkmate(pos, &mate));
    CHECK(mate);
    chess_position_free(pos);

    /* A finished game refuses moves and events. */
    CHECK(chess_game_push_san(game, "Kf2", NULL) == CHESS_ERR_GAME_OVER);
    CHECK(strcmp(last_error(), "chess_game_push_san: the game is over: black wins by checkmate") == 0);
    CHECK(chess_game_resign(game, CHESS_WHITE) == CHESS_ERR_GAME_OVER);

    /* Move list, undo, redo. */
    size_t count = 0;
    OK(chess_game_move_count(game, &count));
    CHECK(count == 4);
    chess_move first = 0;
    OK(chess_game_move_at(game, 0, &first));
    CHECK(first == (chess_move)(13 | 21 << 6)); /* f2f3 */
    CHECK(chess_game_move_at(game, 4, &first) == CHESS_ERR_INVALID_ARGUMENT);
    chess_move undone = 0;
    OK(chess_game_undo(game, &undone));
    CHECK(undone == m);
    OK(chess_game_outcome(game, &termination, NULL));
    CHECK(termination == CHESS_TERMINATION_NONE);
    chess_move redone = 0;
    OK(chess_game_redo(game, &redone));
    CHECK(redone == m);
    OK(chess_game_redo(game, &redone));
    CHECK(redone == CHESS_MOVE_NULL);
    for (int i = 0; i < 4; i++) OK(chess_game_undo(game, NULL));
    OK(chess_game_undo(game, &undone));
    CHECK(undone == CHESS_MOVE_NULL);

    /* Resignation. */
    OK(chess_game_push(game, (chess_move)(12 | 28 << 6)));
    CHECK(chess_game_push(game, (chess_move)(12 | 28 << 6)) == CHESS_ERR_ILLEGAL_MOVE);
    CHECK(chess_game_resign(game, 2) == CHESS_ERR_INVALID_ARGUMENT);
    OK(chess_game_resign(game, CHESS_WHITE));
    OK(chess_game_outcome(game, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_RESIGNATION && winner == CHESS_BLACK);
    chess_game_free(game);

    /* Draw offers. */
    OK(chess_game_from_fen(START_FEN, CHESS_FEN_STRICT, CHESS_RULES_FIDE, &game));
    CHECK(chess_game_accept_draw(game, CHESS_BLACK) == CHESS_ERR_NOT_ALLOWED);
    CHECK(strcmp(last_error(), "chess_game_accept_draw: there is no draw offer to answer") == 0);
    OK(chess_game_offer_draw(game, CHESS_WHITE));
    CHECK(chess_game_accept_draw(game, CHESS_WHITE) == CHESS_ERR_NOT_ALLOWED);
    OK(chess_game_decline_draw(game, CHESS_BLACK));
    OK(chess_game_offer_draw(game, CHESS_WHITE));
    OK(chess_game_accept_draw(game, CHESS_BLACK));
    OK(chess_game_outcome(game, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_DRAW_AGREEMENT && winner == CHESS_COLOR_NONE);
    OK(chess_game_result(game, result, sizeof result, NULL));
    CHECK(strcmp(result, "1/2-1/2") == 0);
    CHECK(chess_game_claim_draw(game, CHESS_WHITE) == CHESS_ERR_GAME_OVER);
    chess_game_free(game);

    OK(chess_game_from_fen(START_FEN, CHESS_FEN_STRICT, CHESS_RULES_CASUAL, &game));
    CHECK(chess_game_claim_draw(game, CHESS_WHITE) == CHESS_ERR_NOT_ALLOWED);
    OK(chess_game_timeout(game, CHESS_BLACK)); /* casual rules: void before black's first moves */
    OK(chess_game_outcome(game, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_ABORTED && winner == CHESS_COLOR_NONE);
    OK(chess_game_result(game, result, sizeof result, NULL));
    CHECK(strcmp(result, "*") == 0);
    chess_game_free(game);
    CHECK(chess_game_from_fen(START_FEN, CHESS_FEN_STRICT, 7, &game) == CHESS_ERR_INVALID_ARGUMENT);
    OK(chess_game_new(&game));
    OK(chess_game_forfeit(game, CHESS_WHITE));
    OK(chess_game_outcome(game, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_FORFEIT && winner == CHESS_BLACK);
    chess_game_free(game);
}

static void test_words_and_pgn(void) {
    chess_position *pos = NULL;
    OK(chess_position_new(&pos));
    chess_move nf3 = 0;
    OK(chess_position_parse_san(pos, "Nf3", &nf3));
    char buf[256];
    OK(chess_position_describe(pos, nf3, CHESS_LANG_EN, buf, sizeof buf, NULL));
    CHECK(strcmp(buf, "White knight g1 to f3") == 0);
    OK(chess_position_describe(pos, nf3, CHESS_LANG_ZH, buf, sizeof buf, NULL));
    CHECK(strcmp(buf, "白方马从g1走到f3") == 0);
    CHECK(chess_position_describe(pos, nf3, 2, buf, sizeof buf, NULL) == CHESS_ERR_INVALID_ARGUMENT);
    uint64_t rooks = 0;
    OK(chess_position_castling_rights(pos, &rooks));
    CHECK(rooks == (UINT64_C(1) << 0 | UINT64_C(1) << 7 | UINT64_C(1) << 56 | UINT64_C(1) << 63));
    chess_position_free(pos);

    /* Why a move is illegal, in both languages; a legal move gives an empty text. */
    OK(chess_position_from_fen("rnbqk1nr/pppp1ppp/8/4p3/1b1P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 2 3", &pos));
    chess_move nc3e4 = (chess_move)(18 | 28 << 6);
    chess_status why = CHESS_ERR_PANIC;
    OK(chess_position_why_illegal(pos, nc3e4, CHESS_LANG_EN, &why, buf, sizeof buf, NULL));
    CHECK(why == CHESS_ERR_ILLEGAL_MOVE && strcmp(buf, "the knight on c3 is pinned by the bishop on b4") == 0);
    OK(chess_position_why_illegal(pos, nc3e4, CHESS_LANG_ZH, &why, buf, sizeof buf, NULL));
    CHECK(strcmp(buf, "c3上的马被b4上的象牵制") == 0);
    OK(chess_position_why_illegal(pos, (chess_move)(6 | 21 << 6), CHESS_LANG_EN, &why, buf, sizeof buf, NULL));
    CHECK(why == CHESS_OK && buf[0] == 0);
    chess_position_free(pos);

    /* PGN out and back in. */
    chess_game *game = NULL;
    OK(chess_game_new(&game));
    const char *moves[] = {"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"};
    for (size_t i = 0; i < 7; i++) OK(chess_game_push_san(game, moves[i], NULL));
    size_t len = 0;
    CHECK(chess_game_to_pgn(game, NULL, 0, &len) == CHESS_ERR_BUFFER_TOO_SMALL);
    char *pgn = malloc(len + 1);
    CHECK(pgn != NULL);
    OK(chess_game_to_pgn(game, pgn, len + 1, NULL));
    CHECK(strstr(pgn, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0") != NULL);
    CHECK(strstr(pgn, "[Result \"1-0\"]") != NULL);
    chess_game *copy = NULL;
    OK(chess_game_from_pgn(pgn, &copy));
    free(pgn);
    int termination = 0, winner = 0;
    OK(chess_game_outcome(copy, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_CHECKMATE && winner == CHESS_WHITE);
    chess_game_free(copy);
    chess_game_free(game);
    copy = NULL;
    CHECK(chess_game_from_pgn("", &copy) == CHESS_ERR_INVALID_PGN);
    CHECK(chess_game_from_pgn("1. e4 e5 2. Ke3 *", &copy) == CHESS_ERR_ILLEGAL_MOVE);
    CHECK(copy == NULL);
}

static void test_game_records(void) {
    /* Threefold repetition can be claimed. */
    chess_game *game = NULL;
    OK(chess_game_new(&game));
    const char *shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"};
    for (size_t i = 0; i < 7; i++) OK(chess_game_push_san(game, shuffle[i], NULL));
    bool can = true;
    OK(chess_game_can_claim_draw(game, &can));
    CHECK(!can);
    CHECK(chess_game_push_san_n(game, "Ng8xyz", 3, NULL) == CHESS_OK); /* only "Ng8" is read */
    OK(chess_game_can_claim_draw(game, &can));
    CHECK(can);
    OK(chess_game_claim_draw(game, CHESS_BLACK));
    int termination = 0, winner = 0;
    OK(chess_game_outcome(game, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_THREEFOLD_REPETITION && winner == CHESS_COLOR_NONE);

    /* Positions along the game. */
    chess_position *pos = NULL;
    OK(chess_game_position_at(game, 1, &pos));
    CHECK(strcmp(fen_of(pos), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1") == 0);
    chess_position_free(pos);
    OK(chess_game_position_at(game, 8, &pos));
    CHECK(strcmp(fen_of(pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5") == 0);
    chess_position_free(pos);
    pos = NULL;
    CHECK(chess_game_position_at(game, 9, &pos) == CHESS_ERR_INVALID_ARGUMENT && pos == NULL);

    /* Save and load keep moves, events and outcome. */
    size_t len = 0;
    CHECK(chess_game_save(game, NULL, 0, &len) == CHESS_ERR_BUFFER_TOO_SMALL);
    char *json = malloc(len + 1);
    CHECK(json != NULL);
    OK(chess_game_save(game, json, len + 1, NULL));
    CHECK(strstr(json, "\"moves\":[\"g1f3\",\"g8f6\"") != NULL);
    chess_game *loaded = NULL;
    OK(chess_game_load(json, &loaded));
    free(json);
    OK(chess_game_outcome(loaded, &termination, &winner));
    CHECK(termination == CHESS_TERMINATION_THREEFOLD_REPETITION);
    size_t count = 0;
    OK(chess_game_move_count(loaded, &count));
    CHECK(count == 8);
    chess_game_free(loaded);
    chess_game_free(game);
    loaded = NULL;
    CHECK(chess_game_load("{\"moves\": 3}", &loaded) == CHESS_ERR_INVALID_SAVE && loaded == NULL);
    CHECK(strncmp(last_error(), "chess_game_load: cannot read the saved game: ", 45) == 0);
    CHECK(chess_game_load("{\"start\":{\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"chess960\":false},"
                          "\"moves\":[\"e2e5\"]}", &loaded) == CHESS_ERR_INVALID_SAVE);

    /* Captured pieces and material. */
    OK(chess_game_new(&game));
    const char *trade[] = {"e4", "d5", "exd5", "Qxd5", "Nc3", "Qxa2", "Rxa2"};
    for (size_t i = 0; i < 7; i++) OK(chess_game_push_san(game, trade[i], NULL));
    int roles[16];
    uint32_t material = 0;
    OK(chess_game_captured(game, CHESS_WHITE, roles, 16, &count, &material));
    CHECK(count == 2 && roles[0] == CHESS_PAWN && roles[1] == CHESS_QUEEN && material == 37);
    OK(chess_game_captured(game, CHESS_BLACK, roles, 16, &count, &material));
    CHECK(count == 2 && roles[0] == CHESS_PAWN && roles[1] == CHESS_PAWN && material == 29);
    CHECK(chess_game_captured(game, CHESS_BLACK, roles, 1, &count, NULL) == CHESS_ERR_BUFFER_TOO_SMALL && count == 2);
    CHECK(chess_game_captured(game, 3, roles, 16, &count, NULL) == CHESS_ERR_INVALID_ARGUMENT);
    chess_move m = 0;
    CHECK(chess_game_push_uci_n(game, "", 0, &m) == CHESS_ERR_INVALID_MOVE);
    OK(chess_game_push_uci_n(game, "g8f6 junk", 4, &m));
    CHECK(m == (chess_move)(62 | 45 << 6));
    chess_game_free(game);

    /* From a relaxed start, a player takes more than 16 pieces: 24 knights here (at most the
     * opponent's pieces but the king, 62 from any start). The count comes first on its own. */
    OK(chess_game_from_fen("k7/2nnnnnn/2nnnnnn/2nnnnnn/2nnnnnn/8/8/KQ6 w - - 0 1", CHESS_FEN_RELAXED,
                           CHESS_RULES_FIDE, &game));
    const char *feast = "Qxe4 Kb8 Qxf5 Kc8 Qxg6 Kd8 Qxh7 Ke8 Qxg7 Kd8 Qxf7 Kc8 Qxe7 Kb8 Qxd7 Ka8 Qxc7 Nhg8 "
                        "Qxd6 Kb7 Qxe6 Kb8 Qxg8+ Kc7 Qxg5 Kd8 Qxh4 Ke8 Qxf6 Kd7 Qxc6+ Kd8 Qxc5 Ke8 Qxd4 Kf8 "
                        "Qxe5 Kg8 Qxh5 Kf8 Qxg4 Ke8 Qxf4 Kd8 Qxc4 Ke8 Qxd5";
    for (const char *at = feast; *at;) {
        size_t len = strcspn(at, " ");
        OK(chess_game_push_san_n(game, at, len, NULL));
        at += len + (at[len] == ' ');
    }
    CHECK(chess_game_captured(game, CHESS_WHITE, NULL, 0, &count, NULL) == CHESS_ERR_BUFFER_TOO_SMALL && count == 24);
    int many[62];
    OK(chess_game_captured(game, CHESS_WHITE, many, 62, &count, &material));
    CHECK(count == 24 && many[0] == CHESS_KNIGHT && many[23] == CHESS_KNIGHT && material == 9);
    chess_game_free(game);

    /* Length-taking string variants. */
    const char *fen = START_FEN;
    OK(chess_position_from_fen_n(fen, strlen(fen), CHESS_FEN_STRICT, &pos));
    OK(chess_position_play_san_n(pos, "e4!?", 2, NULL));
    CHECK(chess_position_play_san_n(pos, "e5", 1, NULL) == CHESS_ERR_INVALID_MOVE);
    CHECK(chess_position_play_san_n(pos, "\xc3", 1, NULL) == CHESS_ERR_INVALID_UTF8);
    CHECK(chess_position_play_san_n(pos, NULL, 2, NULL) == CHESS_ERR_NULL_ARGUMENT);
    chess_position_free(pos);
    CHECK(chess_position_from_fen_n(fen, 10, CHESS_FEN_STRICT, &pos) == CHESS_ERR_INVALID_FEN);
}

static void test_rules_config(void) {
    chess_rules_config fide, casual;
    OK(chess_rules_preset(CHESS_RULES_FIDE, &fide));
    CHECK(fide.fifty_move_plies == 100 && fide.seventy_five_move_plies == 150);
    CHECK(fide.repetitions_to_claim == 3 && fide.repetitions_to_draw == 5);
    CHECK(fide.no_progress_plies == CHESS_RULE_OFF && fide.check_limit == CHESS_RULE_OFF);
    CHECK(fide.timeout_draw_if_opponent_cannot_mate && !fide.extended_insufficient_material);
    OK(chess_rules_preset(CHESS_RULES_CASUAL, &casual));
    CHECK(casual.no_progress_plies == 60 && casual.no_progress_plies_kbn_v_k == 100);
    CHECK(casual.perpetual_checks == 10 && casual.check_limit == 30 && casual.extended_insufficient_material);
    CHECK(casual.resign_after_moves == 15 && casual.draw_offer_after_moves == 15);
    CHECK(casual.draw_offers_per_player == 3 && casual.timeout_void_moves == 5);
    CHECK(chess_rules_preset(2, &casual) == CHESS_ERR_INVALID_ARGUMENT);

    /* House rules: repetition draws at the second occurrence; resigning needs 2 moves. */
    chess_rules_config house = fide;
    house.repetitions_to_draw = 2;
    house.resign_after_moves = 2;
    chess_game *game = NULL;
    OK(chess_game_new_with_rules(NULL, CHESS_FEN_STRICT, &house, &game));
    chess_rules_config back;
    OK(chess_game_rules(game, &back));
    CHECK(back.repetitions_to_draw == 2 && back.resign_after_moves == 2 && back.fifty_move_plies == 100);
    CHECK(chess_game_resign(game, CHESS_WHITE) == CHESS_ERR_NOT_ALLOWED);
    const char *shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (size_t i = 0; i < 4; i++) OK(chess_game_push_san(game, shuffle[i], NULL));
    int termination = 0;
    OK(chess_game_outcome(game, &termination, NULL));
    CHECK(termination == CHESS_TERMINATION_THREEFOLD_REPETITION);
    chess_game_free(game);
    OK(chess_game_new_with_rules("8/8/8/8/8/8/8/K6k w - - 0 1", CHESS_FEN_STRICT, &casual, &game));
    OK(chess_game_outcome(game, &termination, NULL));
    CHECK(termination == CHESS_TERMINATION_INSUFFICIENT_MATERIAL);
    chess_game_free(game);
    CHECK(chess_game_new_with_rules(NULL, CHESS_FEN_STRICT, NULL, &game) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_new_with_rules(NULL, CHESS_FEN_STRICT, &fide, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_rules(NULL, &back) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_rules_preset(0, NULL) == CHESS_ERR_NULL_ARGUMENT);
}

static int progress_calls = 0;
static uint32_t progress_depth = 0;

static void on_progress(const chess_search_info *info, void *user_data) {
    CHECK(user_data == &progress_calls);
    CHECK(info->depth == progress_depth + 1);
    progress_depth = info->depth;
    progress_calls++;
}

static void test_hint_and_progress(void) {
    chess_searcher *searcher = NULL;
    OK(chess_searcher_new(&searcher));
    size_t mb = 0;
    OK(chess_searcher_set_hash_size(searcher, 2, &mb));
    CHECK(mb == 2);
    /* Less than 1 MiB is refused, the size in use kept. */
    CHECK(chess_searcher_set_hash_size(searcher, 0, &mb) == CHESS_ERR_INVALID_ARGUMENT && mb == 2);
    CHECK(strcmp(last_error(), "chess_searcher_set_hash_size: a hash size of 0 MiB: the least is 1") == 0);
    OK(chess_searcher_new_game(searcher));

    chess_game *game = NULL;
    OK(chess_game_from_fen("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4", CHESS_FEN_STRICT, CHESS_RULES_FIDE, &game));
    chess_move m = 0;
    char san[16], text[256];
    size_t len = 0;
    OK(chess_searcher_hint(searcher, game, CHESS_LEVEL_NORMAL, CHESS_LANG_EN, &m, san, sizeof san, text, sizeof text, &len));
    CHECK(strcmp(san, "Nxh4") == 0);
    CHECK(strcmp(text, "White knight f3 takes queen h4; wins the queen on h4") == 0 && len == strlen(text));
    OK(chess_searcher_hint(searcher, game, CHESS_LEVEL_NORMAL, CHESS_LANG_ZH, &m, san, sizeof san, text, sizeof text, NULL));
    CHECK(strcmp(text, "白方马从f3吃h4的后；得h4的后") == 0);
    CHECK(chess_searcher_hint(searcher, game, CHESS_LEVEL_NORMAL, CHESS_LANG_EN, &m, san, sizeof san, text, 4, &len) == CHESS_ERR_BUFFER_TOO_SMALL);
    CHECK(chess_searcher_hint(searcher, game, 5, CHESS_LANG_EN, &m, san, sizeof san, text, sizeof text, NULL) == CHESS_ERR_INVALID_LEVEL);
    CHECK(chess_searcher_hint(searcher, game, -1, CHESS_LANG_EN, &m, san, sizeof san, text, sizeof text, NULL) == CHESS_ERR_INVALID_LEVEL);
    OK(chess_searcher_hint(searcher, game, CHESS_LEVEL_SEARCHER, CHESS_LANG_EN, &m, san, sizeof san, text, sizeof text, NULL));
    CHECK(strcmp(san, "Nxh4") == 0);

    chess_search_limits limits = {0};
    limits.depth = 4;
    chess_search_result result;
    OK(chess_searcher_search_with_progress(searcher, game, &limits, on_progress, &progress_calls, &result));
    CHECK(progress_calls == 4 && progress_depth == 4 && result.depth == 4);
    chess_position *pos = NULL;
    OK(chess_game_position(game, &pos));
    CHECK(strcmp(san_of(pos, result.best_move), "Nxh4") == 0);
    OK(chess_searcher_search_with_progress(searcher, game, &limits, NULL, NULL, &result));

    /* The limits' level: its own bounds when no bound is given, for this search only. */
    OK(chess_searcher_set_level(searcher, CHESS_LEVEL_BEGINNER));
    limits = (chess_search_limits){0};
    CHECK(limits.level == CHESS_LEVEL_SEARCHER);
    OK(chess_searcher_search(searcher, game, &limits, &result));
    CHECK(result.depth == 2);
    limits.level = CHESS_LEVEL_EXPERT;
    OK(chess_searcher_search(searcher, game, &limits, &result));
    CHECK(result.depth == 4 && strcmp(san_of(pos, result.best_move), "Nxh4") == 0);
    limits.depth = 1;
    OK(chess_searcher_search(searcher, game, &limits, &result));
    CHECK(result.depth == 1 && strcmp(san_of(pos, result.best_move), "Nxh4") == 0);
    limits = (chess_search_limits){0};
    OK(chess_searcher_search(searcher, game, &limits, &result));
    CHECK(result.depth == 2); /* the searcher is a Beginner again */
    chess_search_result untouched = {0};
    untouched.depth = 77;
    limits.level = 5;
    CHECK(chess_searcher_search(searcher, game, &limits, &untouched) == CHESS_ERR_INVALID_LEVEL);
    CHECK(strcmp(last_error(), "chess_searcher_search: level 5 is not in 0..=4") == 0);
    limits.level = -1;
    CHECK(chess_searcher_search_with_progress(searcher, game, &limits, on_progress, NULL, &untouched) == CHESS_ERR_INVALID_LEVEL);
    CHECK(untouched.depth == 77);
    chess_position_free(pos);
    chess_game_free(game);

    /* No legal move: no hint. */
    OK(chess_game_from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", CHESS_FEN_STRICT, CHESS_RULES_FIDE, &game));
    OK(chess_searcher_hint(searcher, game, CHESS_LEVEL_BEGINNER, CHESS_LANG_EN, &m, san, sizeof san, text, sizeof text, NULL));
    CHECK(m == CHESS_MOVE_NULL && san[0] == 0 && text[0] == 0);
    chess_game_free(game);
    chess_searcher_free(searcher);
}

struct search_job {
    chess_searcher *searcher;
    chess_game *game;
    chess_search_result result;
    chess_status status;
    atomic_int done;
};

static void *search_thread(void *arg) {
    struct search_job *job = arg;
    chess_search_limits limits = {0};
    limits.infinite = true;
    job->status = chess_searcher_search(job->searcher, job->game, &limits, &job->result);
    atomic_store(&job->done, 1);
    return NULL;
}

static void test_searcher(void) {
    chess_searcher *searcher = NULL;
    OK(chess_searcher_new(&searcher));
    /* A new searcher plays at the default level, Master: a second when the limits leave it the
     * choice (a lower bound: a busy machine only makes it later). */
    chess_game *start = NULL;
    OK(chess_game_new(&start));
    chess_search_result master;
    OK(chess_searcher_search(searcher, start, NULL, &master));
    CHECK(master.time_ms >= 950);
    chess_game_free(start);
    CHECK(chess_searcher_set_level(searcher, 9) == CHESS_ERR_INVALID_LEVEL);
    CHECK(chess_searcher_set_level(searcher, CHESS_LEVEL_SEARCHER) == CHESS_ERR_INVALID_LEVEL);
    CHECK(strcmp(last_error(), "chess_searcher_set_level: level 0 is not in 1..=4") == 0);
    OK(chess_searcher_set_level(searcher, CHESS_LEVEL_BEGINNER));

    chess_game *game = NULL;
    OK(chess_game_from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", CHESS_FEN_STRICT, CHESS_RULES_FIDE, &game));
    chess_search_limits limits = {0};
    limits.depth = 3;
    chess_search_result result;
    OK(chess_searcher_search(searcher, game, &limits, &result));
    chess_position *pos = NULL;
    OK(chess_game_position(game, &pos));
    CHECK(strcmp(san_of(pos, result.best_move), "Ra8#") == 0);
    CHECK(result.is_mate && result.score == 1);
    CHECK(result.depth >= 1 && result.nodes > 0);
    chess_move best = 0;
    OK(chess_searcher_best_move(searcher, game, &best));
    CHECK(best != CHESS_MOVE_NULL);
    bool legal = false;
    OK(chess_position_is_legal(pos, best, &legal));
    CHECK(legal);
    chess_position_free(pos);
    chess_game_free(game);

    /* Stop an infinite search from this thread while another searches. */
    struct search_job job = {searcher, NULL, {0}, CHESS_ERR_PANIC, 0};
    OK(chess_game_new(&job.game));
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, search_thread, &job) == 0);
    struct timespec pause = {0, 50 * 1000 * 1000};
    int tries = 0;
    while (!atomic_load(&job.done) && tries < 400) {
        nanosleep(&pause, NULL);
        OK(chess_searcher_stop(searcher));
        tries++;
    }
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(atomic_load(&job.done));
    OK(job.status);
    OK(chess_game_position(job.game, &pos));
    OK(chess_position_is_legal(pos, job.result.best_move, &legal));
    CHECK(legal);
    chess_position_free(pos);
    chess_game_free(job.game);
    chess_searcher_free(searcher);
}

struct stopper {
    chess_stop_handle *handle;
    atomic_int quit;
    atomic_long stops;
};

static void *keep_stopping(void *arg) {
    struct stopper *stopper = arg;
    while (!atomic_load(&stopper->quit)) {
        OK(chess_stop_handle_stop(stopper->handle));
        atomic_fetch_add(&stopper->stops, 1);
    }
    return NULL;
}

static void test_stop_handle(void) {
    chess_searcher *searcher = NULL;
    OK(chess_searcher_new(&searcher));
    chess_stop_handle *handle = NULL;
    OK(chess_searcher_stop_handle(searcher, &handle));
    chess_game *game = NULL;
    OK(chess_game_new(&game));

    /* A stop sent before a search starts does nothing to it. */
    OK(chess_stop_handle_stop(handle));
    chess_search_limits limits = {0};
    limits.depth = 3;
    chess_search_result result;
    OK(chess_searcher_search(searcher, game, &limits, &result));
    CHECK(result.depth == 3);

    /* Another thread stops over and over: during a search that would never end, while the
     * searcher is freed, and after. */
    struct stopper stopper = {handle, 0, 0};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, keep_stopping, &stopper) == 0);
    limits = (chess_search_limits){0};
    limits.infinite = true;
    OK(chess_searcher_search(searcher, game, &limits, &result));
    chess_position *pos = NULL;
    OK(chess_game_position(game, &pos));
    bool legal = false;
    OK(chess_position_is_legal(pos, result.best_move, &legal));
    CHECK(legal);
    chess_searcher_free(searcher);
    long freed_at = atomic_load(&stopper.stops);
    struct timespec pause = {0, 1000 * 1000};
    while (atomic_load(&stopper.stops) < freed_at + 100) nanosleep(&pause, NULL);
    atomic_store(&stopper.quit, 1);
    CHECK(pthread_join(thread, NULL) == 0);
    OK(chess_stop_handle_stop(handle)); /* the searcher is gone: nothing to stop */
    chess_stop_handle_free(handle);

    /* One handle per call, each freed on its own, before or after the searcher. */
    OK(chess_searcher_new(&searcher));
    chess_stop_handle *first = NULL, *second = NULL;
    OK(chess_searcher_stop_handle(searcher, &first));
    OK(chess_searcher_stop_handle(searcher, &second));
    CHECK(first != NULL && second != NULL && first != second);
    chess_stop_handle_free(first);
    OK(chess_stop_handle_stop(second));
    chess_searcher_free(searcher);
    chess_stop_handle_free(second);
    chess_position_free(pos);
    chess_game_free(game);
}

static void test_null_arguments(void) {
    chess_position *pos = NULL;
    chess_game *game = NULL;
    chess_searcher *searcher = NULL;
    OK(chess_position_new(&pos));
    OK(chess_game_new(&game));
    char buf[128];
    size_t n = 0;
    int i = 0;
    bool b = false;
    uint64_t u = 0;
    unsigned h = 0;
    chess_move m = 0;
    chess_move moves[CHESS_MAX_LEGAL_MOVES];
    chess_search_result result;

    CHECK(chess_position_new(NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(strcmp(last_error(), "chess_position_new: argument `out` is NULL") == 0);
    CHECK(chess_position_from_fen(NULL, &pos) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(strcmp(last_error(), "chess_position_from_fen: argument `fen` is NULL") == 0);
    CHECK(chess_position_from_fen(START_FEN, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_from_fen_with(NULL, 0, &pos) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_clone(NULL, &pos) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_clone(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_to_fen(NULL, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_turn(NULL, &i) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_turn(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_piece_at(NULL, 0, &i, &i) == CHESS_ERR_NULL_ARGUMENT);
    OK(chess_position_piece_at(pos, 0, NULL, NULL));
    CHECK(chess_position_clocks(NULL, &h, &h) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_ep_square(NULL, &i) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_ep_square(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_legal_moves(NULL, moves, CHESS_MAX_LEGAL_MOVES, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_legal_moves(pos, moves, CHESS_MAX_LEGAL_MOVES, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_legal_moves(pos, NULL, CHESS_MAX_LEGAL_MOVES, &n) == CHESS_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 20);
    CHECK(chess_position_legal_moves_from(NULL, 0, moves, CHESS_MAX_LEGAL_MOVES, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_count_legal_moves(NULL, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_count_legal_moves(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_is_legal(NULL, 0, &b) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_is_legal(pos, 0, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_resolve_move(NULL, 12, 28, 0, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_resolve_move(pos, 12, 28, 0, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_play(NULL, 0) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_play_san(NULL, "e4", &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_play_san(pos, NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_play_uci(NULL, "e2e4", &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_play_uci(pos, NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_parse_san(pos, NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_parse_san(pos, "e4", NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_parse_uci(NULL, "e2e4", &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_parse_uci(pos, "e2e4", NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_san(NULL, 0, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_uci(NULL, 0, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_lan(NULL, 0, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_is_check(NULL, &b) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_is_check(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_is_checkmate(NULL, &b) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_is_stalemate(NULL, &b) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_is_insufficient_material(NULL, &b) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_zobrist_key(NULL, &u) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_zobrist_key(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_perft(NULL, 1, &u) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_perft(pos, 1, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_castling_rights(NULL, &u) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_castling_rights(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_describe(NULL, 0, 0, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_why_illegal(NULL, 0, 0, NULL, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);

    CHECK(chess_game_new(NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_from_fen(NULL, CHESS_FEN_STRICT, 0, &game) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_position(NULL, &pos) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_position(game, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_fen(NULL, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_push(NULL, 0) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_push_san(NULL, "e4", &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_push_san(game, NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_push_uci(NULL, "e2e4", &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_push_uci(game, NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_undo(NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_redo(NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_move_count(NULL, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_move_count(game, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_move_at(NULL, 0, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_outcome(NULL, &i, &i) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_result(NULL, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_resign(NULL, CHESS_WHITE) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_offer_draw(NULL, CHESS_WHITE) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_accept_draw(NULL, CHESS_WHITE) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_decline_draw(NULL, CHESS_WHITE) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_claim_draw(NULL, CHESS_WHITE) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_timeout(NULL, CHESS_WHITE) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_forfeit(NULL, CHESS_WHITE) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_to_pgn(NULL, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_from_pgn(NULL, &game) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_from_pgn("1. e4 *", NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_can_claim_draw(NULL, &b) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_can_claim_draw(game, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_position_at(NULL, 0, &pos) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_position_at(game, 0, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_captured(NULL, 0, &i, 1, &n, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_captured(game, 0, &i, 1, NULL, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_save(NULL, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_load(NULL, &game) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_load("{}", NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_push_san_n(NULL, "e4", 2, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_game_push_uci_n(game, NULL, 4, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_from_fen_n(START_FEN, 56, 0, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_assign(NULL, pos) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_position_assign(pos, NULL) == CHESS_ERR_NULL_ARGUMENT);

    CHECK(chess_searcher_new(NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_set_level(NULL, CHESS_LEVEL_NORMAL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_search(NULL, game, NULL, &result) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_best_move(NULL, game, &m) == CHESS_ERR_NULL_ARGUMENT);
    OK(chess_searcher_new(&searcher));
    CHECK(chess_searcher_search(searcher, NULL, NULL, &result) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_search(searcher, game, NULL, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_best_move(searcher, NULL, &m) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_best_move(searcher, game, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_stop(NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_set_hash_size(NULL, 1, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_new_game(NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_hint(NULL, game, 0, 0, &m, buf, sizeof buf, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_hint(searcher, NULL, 0, 0, &m, buf, sizeof buf, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_hint(searcher, game, 0, 0, NULL, buf, sizeof buf, buf, sizeof buf, &n) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_searcher_search_with_progress(NULL, game, NULL, NULL, NULL, &result) == CHESS_ERR_NULL_ARGUMENT);
    OK(chess_searcher_stop(searcher)); /* no search running: nothing happens */
    chess_stop_handle *handle = NULL;
    CHECK(chess_searcher_stop_handle(NULL, &handle) == CHESS_ERR_NULL_ARGUMENT && handle == NULL);
    CHECK(chess_searcher_stop_handle(searcher, NULL) == CHESS_ERR_NULL_ARGUMENT);
    CHECK(chess_stop_handle_stop(NULL) == CHESS_ERR_NULL_ARGUMENT);
    chess_stop_handle_free(NULL);

    /* Freeing NULL does nothing. */
    chess_position_free(NULL);
    chess_game_free(NULL);
    chess_searcher_free(NULL);
    chess_searcher_free(searcher);
    chess_game_free(game);
    chess_position_free(pos);
}

int main(void) {
    test_statuses();
    test_strings_and_buffers();
    test_position();
    test_fen_and_rules();
    test_game();
    test_words_and_pgn();
    test_game_records();
    test_rules_config();
    test_hint_and_progress();
    test_searcher();
    test_stop_handle();
    test_null_arguments();
    printf("all passed (%d checks)\n", checks);
    return 0;
}
