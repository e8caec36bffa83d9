/* Fathom (MIT, https://github.com/jdart1/Fathom) probing the positions of benches/benches/syzygy.rs,
 * for BENCHMARKS.md only: Fathom is fetched and compiled beside this file, never vendored.
 *
 *   git clone https://github.com/jdart1/Fathom /tmp/fathom
 *   gcc -O2 -std=gnu11 -I /tmp/fathom/src -o /tmp/fathom_bench benches/fathom_bench.c /tmp/fathom/src/tbprobe.c -lpthread
 *   /tmp/fathom_bench "$PYTHON_CHESS_SRC"
 *
 * Times tb_probe_wdl over the 200 positions of data/endgame.epd (best and mean of 20 rounds
 * of 100 passes) after checking every answer against the file's wdl operand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include "tbprobe.h"

typedef struct { uint64_t w, b, k, q, r, bi, n, p; unsigned ep; bool turn; int wdl; } P;

int main(int argc, char **argv) {
    char path[4096];
    snprintf(path, sizeof path, "%s/data/syzygy/regular", argv[1]);
    if (!tb_init(path)) { fprintf(stderr, "tb_init failed\n"); return 1; }
    snprintf(path, sizeof path, "%s/data/endgame.epd", argv[1]);
    FILE *f = fopen(path, "r");
    P ps[256]; int n = 0; char line[512];
    while (fgets(line, sizeof line, f) && n < 256) {
        P p; memset(&p, 0, sizeof p);
        char place[128], side[4], castle[8], ep[8];
        if (sscanf(line, "%127s %3s %7s %7s", place, side, castle, ep) != 4) continue;
        int rank = 7, file = 0;
        for (char *c = place; *c; c++) {
            if (*c == '/') { rank--; file = 0; continue; }
            if (*c >= '1' && *c <= '8') { file += *c - '0'; continue; }
            uint64_t bb = 1ULL << (rank * 8 + file++);
            if (*c >= 'A' && *c <= 'Z') p.w |= bb; else p.b |= bb;
            switch (*c | 32) {
                case 'k': p.k |= bb; break; case 'q': p.q |= bb; break; case 'r': p.r |= bb; break;
                case 'b': p.bi |= bb; break; case 'n': p.n |= bb; break; case 'p': p.p |= bb; break;
            }
        }
        p.turn = side[0] == 'w';
        p.ep = ep[0] == '-' ? 0 : (unsigned)((ep[1] - '1') * 8 + (ep[0] - 'a'));
        char *w = strstr(line, "; wdl ");
        p.wdl = w ? atoi(w + 6) : 99;
        ps[n++] = p;
    }
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        unsigned r = tb_probe_wdl(ps[i].w, ps[i].b, ps[i].k, ps[i].q, ps[i].r, ps[i].bi, ps[i].n, ps[i].p, 0, 0, ps[i].ep, ps[i].turn);
        if (r == TB_RESULT_FAILED || (int)r - 2 != ps[i].wdl) wrong++;
    }
    double best = 1e9, total = 0; unsigned sink = 0;
    for (int round = 0; round < 20; round++) {
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        for (int rep = 0; rep < 100; rep++)
            for (int i = 0; i < n; i++)
                sink += tb_probe_wdl(ps[i].w, ps[i].b, ps[i].k, ps[i].q, ps[i].r, ps[i].bi, ps[i].n, ps[i].p, 0, 0, ps[i].ep, ps[i].turn);
        clock_gettime(CLOCK_MONOTONIC, &b);
        double t = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
        if (t < best) best = t;
        total += t;
    }
    printf("Fathom tb_probe_wdl: %d positions, %d disagreeing with endgame.epd, %.0f probes/s (%.3f us each), mean of the rounds %.3f us [%u]\n",
           n, wrong, 100.0 * n / best, best * 1e6 / (100.0 * n), total * 1e6 / (20 * 100.0 * n), sink);
    return 0;
}
