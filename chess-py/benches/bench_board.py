"""Speed of chess_core against python-chess, measured side by side in one run.

Usage: python chess-py/benches/bench_board.py [--quick | --perft]
Prints, for each task, the rate of both libraries and the ratio (chess_core / python-chess).
`--perft` times only the perft loop, best of 7 runs three times over, as BENCHMARKS.md records
it: run it in two environments to compare two builds of chess_core (abi3 and one CPython).
Nothing is asserted: the numbers depend on the machine and its load.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable, List, Tuple

import chess

import chess_core

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def rate(work: Callable[[], int], min_seconds: float) -> float:
    """Units of work per second: `work` returns how many units it did."""
    units, start = 0, time.perf_counter()
    while True:
        units += work()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return units / elapsed


def perft_loop(board: Any, depth: int) -> int:
    """Leaf nodes by legal_moves + push + pop down to depth 0 (every node made by push)."""
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft_loop(board, depth - 1)
        board.pop()
    return nodes


class StubBoard:
    """The perft loop's shape over a board whose methods do nothing: 20 moves at every node,
    `push` and `pop` that return at once. What the interpreter itself costs per node."""

    MOVES = list(range(20))

    @property
    def legal_moves(self) -> List[int]:
        return self.MOVES

    def push(self, move: int) -> None:
        pass

    def pop(self) -> None:
        pass


def perft_count(board: Any, depth: int) -> int:
    """Leaf nodes with legal_moves.count() at the last level."""
    if depth == 1:
        return int(board.legal_moves.count())
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft_count(board, depth - 1)
        board.pop()
    return nodes


def random_game(plies: int, seed: int) -> List[str]:
    """SAN of a seeded random game of python-chess, played on past repetitions."""
    rng, board = random.Random(seed), chess.Board()
    sans: List[str] = []
    while len(sans) < plies:
        moves = list(board.legal_moves)
        if not moves:
            board, sans = chess.Board(), []
            continue
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    return sans


def best_perft_rate(lib: Any) -> float:
    """Nodes per second of the fastest of seven `perft_loop(lib.Board(), 3)` runs."""
    best = float("inf")
    for _ in range(7):
        start = time.perf_counter()
        nodes = perft_loop(lib.Board(), 3)
        best = min(best, time.perf_counter() - start)
    return nodes / best


def perft_only() -> None:
    build = "abi3" if (chess_core._chess_core.__file__ or "").endswith(".abi3.so") else "this CPython"
    for _ in range(3):
        theirs, ours = best_perft_rate(chess), best_perft_rate(chess_core)
        print(f"perft 3 loop, chess_core built for {build}: {ours:,.0f} nodes/s, {ours / theirs:.1f}x python-chess")


def main() -> None:
    if "--perft" in sys.argv:
        perft_only()
        return
    quick = "--quick" in sys.argv
    seconds = 0.3 if quick else 1.5
    game = random_game(200, 7)
    fens: List[str] = []
    board = chess.Board()
    for san in game:
        board.push_san(san)
        fens.append(board.fen())

    def per_lib(lib: Any) -> List[Tuple[str, Callable[[], int]]]:
        played = lib.Board()
        for san in game:
            played.push_san(san)
        positions = [lib.Board(fen) for fen in fens]
        pairs = [(pos, next(iter(pos.legal_moves))) for pos in positions if pos.legal_moves.count() > 0]
        sans = [(pos, pos.san(move)) for pos, move in pairs]

        def push_sans() -> int:
            b = lib.Board()
            for san in game:
                b.push_san(san)
            return len(game)

        return [
            ("perft 3, legal_moves + push + pop (nodes/s)", lambda: perft_loop(lib.Board(), 3)),
            ("perft 3 Kiwipete, count() at leaves (nodes/s)", lambda: perft_count(lib.Board(KIWIPETE), 3)),
            ("Board(fen) (boards/s)", lambda: len([lib.Board(fen) for fen in fens])),
            ("fen() (FENs/s)", lambda: len([pos.fen() for pos in positions])),
            ("san() (moves/s)", lambda: len([pos.san(move) for pos, move in pairs])),
            ("parse_san() (moves/s)", lambda: len([pos.parse_san(san) for pos, san in sans])),
            ("push_san() of a 200-ply game (moves/s)", push_sans),
            ("is_checkmate() (calls/s)", lambda: len([pos.is_checkmate() for pos in positions])),
            (
                "can_claim_threefold_repetition() after 200 plies (calls/s)",
                lambda: int(played.can_claim_threefold_repetition()) * 0 + 1,
            ),
        ]

    print(f"chess_core against python-chess {chess.__version__}, Python {sys.version.split()[0]}")
    print(f"{'task':<60} {'python-chess':>14} {'chess_core':>14} {'ratio':>8}")
    for (name, theirs), (_, ours) in zip(per_lib(chess), per_lib(chess_core)):
        slow, fast = rate(theirs, seconds), rate(ours, seconds)
        print(f"{name:<60} {slow:>14,.0f} {fast:>14,.0f} {fast / slow:>7.1f}x")

    # The limit of the loop: the same shape over a stub whose methods do nothing.
    stub_rate = rate(lambda: perft_loop(StubBoard(), 3), seconds)
    ours_rate = rate(lambda: perft_loop(chess_core.Board(), 3), seconds)
    name = "perft 3 loop: stub doing nothing, chess_core (share of the stub)"
    print(f"{name:<60} {stub_rate:>14,.0f} {ours_rate:>14,.0f} {ours_rate / stub_rate:>7.0%}")

    # The native perft against python-chess's fastest Python perft (count() at the leaves).
    theirs_rate = rate(lambda: perft_count(chess.Board(), 4), seconds)
    ours_rate = rate(lambda: chess_core.Board().perft(5), seconds)
    name = "perft: Board.perft(5) against python-chess count() perft 4"
    print(f"{name:<60} {theirs_rate:>14,.0f} {ours_rate:>14,.0f} {ours_rate / theirs_rate:>7.1f}x")


if __name__ == "__main__":
    main()
