/* Every limit of a search holds through the C API, on positions that blow up a search (mass
 * promotions, many queens, long capture chains): a node limit, a time limit, a level's limits
 * (best move, hint) and a stop from another thread, each answered within a generous multiple
 * of the limit with a legal move.
 * Built and run by chess-c/tests/c_api.rs. Exits 0 and prints "limits held" when every check
 * holds; an alarm ends it after two minutes if a search hangs. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep, alarm under -std=c11 */
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

/* The two positions of issue 25, then a family of the same kind. */
static const char *const HOSTILE[] = {
    "8/PPPPPPP1/8/2k5/8/2K5/ppppppp1/8 w - - 0 1",
    "8/PPPPPPPP/8/2k5/8/2K5/pppppppp/8 w - - 0 1",
    "rnbqkbnr/PPP1P1PP/8/8/8/8/ppp1p1pp/RNBQKBNR w - - 0 1",
    "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
    "7k/8/1q1q1q1q/q1q1q1q1/1Q1Q1Q1Q/Q1Q1Q1Q1/8/K7 w - - 0 1",
    "6k1/8/1n1b1r1q/n1b1r1q1/1N1B1R1Q/N1B1R1Q1/8/1K6 w - - 0 1",
};

static const uint64_t NODES = 20000;
static const uint64_t MOVETIME_MS = 100;
/* How long any of these searches may take: 30 times the 100 ms limit, for a busy machine. */
static const double BOUND_S = 3.0;
/* A level's node cap (a hint searches twice) takes up to 1.5 s here: ten seconds for it. */
static const double LEVEL_BOUND_S = 10.0;

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void check_legal(const chess_game *game, chess_move m) {
    chess_position *pos = NULL;
    OK(chess_game_position(game, &pos));
    bool legal = false;
    CHECK(m != CHESS_MOVE_NULL);
    OK(chess_position_is_legal(pos, m, &legal));
    CHECK(legal);
    chess_position_free(pos);
}

struct job {
    chess_searcher *searcher;
    const chess_game *game;
    chess_search_result result;
    chess_status status;
    atomic_int done;
};

static void *search_forever(void *arg) {
    struct job *job = arg;
    chess_search_limits limits = {0};
    limits.infinite = true;
    job->status = chess_searcher_search(job->searcher, job->game, &limits, &job->result);
    atomic_store(&job->done, 1);
    return NULL;
}

/* An infinite search on another thread, stopped after 100 ms through a stop handle (or
 * chess_searcher_stop): the stop is repeated every 10 ms, since one sent before the search
 * starts does nothing. Returns the seconds from the first stop to the answer. */
static double stopped_search(chess_searcher *searcher, const chess_game *game, bool through_handle) {
    chess_stop_handle *handle = NULL;
    OK(chess_searcher_stop_handle(searcher, &handle));
    struct job job = {searcher, game, {0}, CHESS_ERR_PANIC, 0};
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, search_forever, &job) == 0);
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, NULL);
    double stopped_at = now_s();
    pause.tv_nsec = 10 * 1000 * 1000;
    while (!atomic_load(&job.done) && now_s() - stopped_at < 10 * BOUND_S) {
        OK(through_handle ? chess_stop_handle_stop(handle) : chess_searcher_stop(searcher));
        nanosleep(&pause, NULL);
    }
    double took = now_s() - stopped_at;
    CHECK(atomic_load(&job.done));
    CHECK(pthread_join(thread, NULL) == 0);
    OK(job.status);
    check_legal(game, job.result.best_move);
    chess_stop_handle_free(handle);
    return took;
}

int main(void) {
    alarm(120);
    chess_searcher *searcher = NULL;
    OK(chess_searcher_new(&searcher));
    OK(chess_searcher_set_level(searcher, CHESS_LEVEL_NORMAL));
    for (size_t i = 0; i < sizeof HOSTILE / sizeof *HOSTILE; i++) {
        chess_game *game = NULL;
        OK(chess_game_from_fen(HOSTILE[i], CHESS_FEN_RELAXED, CHESS_RULES_FIDE, &game));
        printf("%s\n", HOSTILE[i]);

        chess_search_limits limits = {0};
        limits.nodes = NODES;
        chess_search_result result;
        double started = now_s();
        OK(chess_searcher_search(searcher, game, &limits, &result));
        double took = now_s() - started;
        printf("  nodes %llu: %llu nodes, %.3f s\n", (unsigned long long)NODES, (unsigned long long)result.nodes, took);
        CHECK(result.nodes <= NODES && took < BOUND_S);
        check_legal(game, result.best_move);

        limits = (chess_search_limits){0};
        limits.movetime_ms = MOVETIME_MS;
        started = now_s();
        OK(chess_searcher_search(searcher, game, &limits, &result));
        took = now_s() - started;
        printf("  movetime %llu ms: %.3f s\n", (unsigned long long)MOVETIME_MS, took);
        CHECK(took < BOUND_S);
        check_legal(game, result.best_move);

        /* The level's own limits: a node cap holds them on such positions too. */
        chess_move m = CHESS_MOVE_NULL;
        started = now_s();
        OK(chess_searcher_best_move(searcher, game, &m));
        took = now_s() - started;
        printf("  best move at the normal level: %.3f s\n", took);
        CHECK(took < LEVEL_BOUND_S);
        check_legal(game, m);
        char san[16], text[256];
        started = now_s();
        OK(chess_searcher_hint(searcher, game, CHESS_LEVEL_EXPERT, CHESS_LANG_EN, &m, san, sizeof san, text,
                               sizeof text, NULL));
        took = now_s() - started;
        printf("  hint at the expert level: %.3f s\n", took);
        CHECK(took < LEVEL_BOUND_S);
        check_legal(game, m);

        took = stopped_search(searcher, game, true);
        printf("  stop handle: answered %.3f s after the first stop\n", took);
        CHECK(took < BOUND_S);
        took = stopped_search(searcher, game, false);
        printf("  chess_searcher_stop: answered %.3f s after the first stop\n", took);
        CHECK(took < BOUND_S);
        chess_game_free(game);
    }
    chess_searcher_free(searcher);
    printf("limits held (%d checks)\n", checks);
    return 0;
}
