/* Perft through the C ABI, two ways, timed: one call (chess_position_perft, the whole tree in
 * Rust) and a loop from C (chess_position_legal_moves + chess_position_assign +
 * chess_position_play per node, counting the last ply's moves). Compare with the Rust perft
 * tool: cargo run --release --bin perft -- DEPTH. Then times chess_position_legal_moves on
 * Kiwipete (compare: cargo test --release -p chess-c --test speed -- --ignored --nocapture).
 * Usage: perft_bench [DEPTH] [FEN] */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include "chess.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_DEPTH 16

static chess_position *plies[MAX_DEPTH + 1];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Perft of plies[ply] to `depth`, from C. */
static uint64_t perft_loop(int ply, unsigned depth) {
    chess_move moves[CHESS_MAX_LEGAL_MOVES];
    size_t count = 0;
    if (chess_position_legal_moves(plies[ply], moves, CHESS_MAX_LEGAL_MOVES, &count) != CHESS_OK) exit(2);
    if (depth == 1) return count;
    uint64_t nodes = 0;
    for (size_t i = 0; i < count; i++) {
        if (chess_position_assign(plies[ply + 1], plies[ply]) != CHESS_OK) exit(2);
        if (chess_position_play(plies[ply + 1], moves[i]) != CHESS_OK) exit(2);
        nodes += perft_loop(ply + 1, depth - 1);
    }
    return nodes;
}

int main(int argc, char **argv) {
    unsigned depth = argc > 1 ? (unsigned)atoi(argv[1]) : 5;
    if (depth < 1 || depth > MAX_DEPTH) return 1;
    for (int i = 0; i <= MAX_DEPTH; i++)
        if (chess_position_new(&plies[i]) != CHESS_OK) return 1;
    if (argc > 2) {
        chess_position *start = NULL;
        if (chess_position_from_fen(argv[2], &start) != CHESS_OK) return 1;
        chess_position_assign(plies[0], start);
        chess_position_free(start);
    }

    uint64_t nodes = 0;
    double t0 = now();
    if (chess_position_perft(plies[0], depth, &nodes) != CHESS_OK) return 1;
    double bulk = now() - t0;
    printf("one call:  %" PRIu64 " nodes in %.3f s, %.1f Mnodes/s\n", nodes, bulk, (double)nodes / bulk / 1e6);

    t0 = now();
    uint64_t looped = perft_loop(0, depth);
    double loop = now() - t0;
    printf("C loop:    %" PRIu64 " nodes in %.3f s, %.1f Mnodes/s\n", looped, loop, (double)looped / loop / 1e6);

    chess_position *kiwipete = NULL;
    if (chess_position_from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &kiwipete) != CHESS_OK)
        return 1;
    chess_move moves[CHESS_MAX_LEGAL_MOVES];
    size_t count = 0;
    double best = 1e9;
    for (int round = 0; round < 7; round++) {
        t0 = now();
        for (int i = 0; i < 200000; i++) chess_position_legal_moves(kiwipete, moves, CHESS_MAX_LEGAL_MOVES, &count);
        double ns = (now() - t0) / 200000 * 1e9;
        if (ns < best) best = ns;
    }
    printf("legal moves (Kiwipete, %zu): %.1f ns/call\n", count, best);
    chess_position_free(kiwipete);

    for (int i = 0; i <= MAX_DEPTH; i++) chess_position_free(plies[i]);
    return looped == nodes ? 0 : 3;
}
