"""PGN reading speed: chess_core.pgn against python-chess's ``chess.pgn.read_game`` loop.

    python chess-py/benches/bench_pgn.py [FILE.pgn]

Without an argument it reads the largest ``.pgn`` in the shared data directory
(``$CHESS_DATA_PGN``, else ``../shared/data/pgn`` beside the repository). Every timing is the best of several
runs; python-chess is run fewer times as it is slow. The ratio is python-chess's time over
chess_core's for the same games.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any, Callable, List, Tuple

import chess.pgn

import chess_core.pgn


def largest_pgn() -> Path:
    directory = Path(os.environ.get("CHESS_DATA_PGN", Path(__file__).resolve().parents[3] / "shared" / "data" / "pgn"))
    files = sorted(directory.glob("*.pgn"), key=lambda p: p.stat().st_size)
    if not files:
        sys.exit(f"no .pgn file in {directory}")
    return files[-1]


def best_of(runs: int, work: Callable[[], int]) -> tuple[float, int]:
    times: List[float] = []
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        count = work()
        times.append(time.perf_counter() - start)
    return min(times), count


def read_loop(pgn: Any, path: Path, work: Callable[[Any], None]) -> int:
    """python-chess's way of reading a file: ``read_game(handle)`` in a loop, each game given
    to ``work``."""
    games = 0
    with open(path, encoding="utf-8-sig") as handle:
        while (game := pgn.read_game(handle)) is not None:
            work(game)
            games += 1
    return games


def headers_loop(pgn: Any, path: Path) -> int:
    games = 0
    with open(path, encoding="utf-8-sig") as handle:
        while pgn.read_headers(handle) is not None:
            games += 1
    return games


def nothing(game: Any) -> None:
    pass


def moves_and_uci(game: Any) -> None:
    for move in game.mainline_moves():
        move.uci()


def every_node(game: Any) -> None:
    """Walks every node of the tree, variations included, reading each move and comment."""
    stack = [game]
    while stack:
        node = stack.pop()
        node.comment
        node.move
        stack.extend(node.variations)


# (name, the work on each game, the variations file instead of the largest one)
LOOPS: List[Tuple[str, Callable[[Any], None], bool]] = [
    ("read_game(handle) loop, tree not walked", nothing, False),
    ("read_game(handle) loop + mainline_moves() + uci()", moves_and_uci, False),
    ("read_game(handle) loop + every node walked (a file with variations)", every_node, True),
]


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else largest_pgn()
    variations = path.parent / "python-chess_kasparov-deep-blue-1997.pgn"
    print(f"{path.name}: {path.stat().st_size:,} bytes")
    reference, games = best_of(2, lambda: read_loop(chess.pgn, path, nothing))
    print(f"python-chess read_game loop: {games} games in {reference * 1000:.1f} ms ({games / reference:,.0f} games/s)")
    for name, work in (
        ("chess_core read_games(path)", lambda: sum(1 for _ in chess_core.pgn.read_games(path))),
        ("chess_core read_games(path) + mainline_moves()", lambda: sum(1 for g in chess_core.pgn.read_games(path) if list(g.mainline_moves()) is not None)),
        ("chess_core read_games(path, headers_only=True)", lambda: sum(1 for _ in chess_core.pgn.read_games(path, headers_only=True))),
    ):
        elapsed, count = best_of(15, work)
        print(f"{name}: {count} games in {elapsed * 1000:.2f} ms ({count / elapsed:,.0f} games/s), {reference / elapsed:.0f}x python-chess")
    print("python-chess's own loops, side by side (ratio: python-chess's time over chess_core's):")
    for name, each, on_variations in LOOPS:
        source = variations if on_variations and variations.is_file() else path
        theirs, count = best_of(2, lambda: read_loop(chess.pgn, source, each))
        mine, _ = best_of(7, lambda: read_loop(chess_core.pgn, source, each))
        print(f"  {name} [{source.name}, {count} games]: python-chess {theirs * 1000:.1f} ms, chess_core {mine * 1000:.2f} ms, {theirs / mine:.1f}x")
    theirs, count = best_of(2, lambda: headers_loop(chess.pgn, path))
    mine, _ = best_of(7, lambda: headers_loop(chess_core.pgn, path))
    print(f"  read_headers(handle) loop [{path.name}, {count} games]: python-chess {theirs * 1000:.1f} ms, chess_core {mine * 1000:.2f} ms, {theirs / mine:.1f}x")


if __name__ == "__main__":
    main()
