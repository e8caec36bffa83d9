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
from typing import Callable, List

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


def python_chess_loop(path: Path) -> int:
    games = 0
    with open(path, encoding="utf-8-sig") as handle:
        while chess.pgn.read_game(handle) is not None:
            games += 1
    return games


def chess_core_games(path: Path) -> int:
    return sum(1 for _ in chess_core.pgn.read_games(path))


def chess_core_moves(path: Path) -> int:
    games = 0
    for game in chess_core.pgn.read_games(path):
        game.mainline_moves()
        games += 1
    return games


def chess_core_headers(path: Path) -> int:
    return sum(1 for _ in chess_core.pgn.read_games(path, headers_only=True))


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else largest_pgn()
    print(f"{path.name}: {path.stat().st_size:,} bytes")
    reference, games = best_of(2, lambda: python_chess_loop(path))
    print(f"python-chess read_game loop: {games} games in {reference * 1000:.1f} ms ({games / reference:,.0f} games/s)")
    for name, work in (
        ("chess_core read_games", chess_core_games),
        ("chess_core read_games + mainline_moves()", chess_core_moves),
        ("chess_core read_games(headers_only=True)", chess_core_headers),
    ):
        elapsed, count = best_of(15, lambda: work(path))
        print(
            f"{name}: {count} games in {elapsed * 1000:.2f} ms ({count / elapsed:,.0f} games/s), "
            f"{reference / elapsed:.0f}x python-chess"
        )


if __name__ == "__main__":
    main()
