"""Reading hostile PGN takes linear time: many comments on one move, on one line, before the
movetext or as ``;`` lines, through every way of reading a game. Timed in the thread's CPU
time (``time.thread_time()``), which a busy machine does not stretch as it does the wall time."""

from __future__ import annotations

import io
import time
from typing import Callable, Dict, Optional, Tuple

import pytest

import chess_core.pgn


def assert_linear(what: str, size: int, run: Callable[[int], None]) -> None:
    """Checks that eight times the input takes less than 24 times as long (linear work takes
    about 8, quadratic work 64; the bound leaves room for the larger input outgrowing the
    caches): the fastest of three runs of each size, the sizes taking turns."""

    def took(n: int) -> float:
        started = time.thread_time()
        run(n)
        return time.thread_time() - started

    small = large = float("inf")
    for _ in range(3):
        small = min(small, took(size))
        large = min(large, took(8 * size))
    ratio = large / max(small, 1e-6)
    took_what = f"{ratio:.1f} times as long ({small:.4f} s, then {large:.4f} s)"
    assert ratio < 24, f"{what}: eight times the input took {took_what}"


SHAPES: Dict[str, Callable[[int], str]] = {
    "comments after a move, on one line": lambda n: "1. e4 " + "{c} " * n + "*\n",
    "comments before the movetext": lambda n: "{c}\n" * n + "1. e4 *\n",
    "; comment lines": lambda n: "1. e4\n" + "; c\n" * n + "*\n",
}

# Each way of reading a game, with the smaller size it is timed at: the handle's lines are
# gone through in Python, the rest in Rust.
READERS: Dict[str, Tuple[Callable[[str], Optional[chess_core.pgn.Game]], int]] = {
    "read_game(text)": (chess_core.pgn.read_game, 50_000),
    "read_game(handle)": (lambda text: chess_core.pgn.read_game(io.StringIO(text)), 40_000),
    "read_games(handle)": (lambda text: next(iter(chess_core.pgn.read_games(io.StringIO(text)))), 50_000),
}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("shape", SHAPES)
def test_many_comments_read_in_linear_time(shape: str, reader: str) -> None:
    # A line of a million comments read from a handle took 24 s: the scan for where a game
    # ends looked for a `;` to the line's end after every comment.
    read_game, size = READERS[reader]

    def read(n: int) -> None:
        game = read_game(SHAPES[shape](n))
        assert game is not None
        comment = game.comment or game.mainline_comments()[0]
        # `;` comments are left out of the tree, as python-chess leaves them out.
        assert comment == (None if shape.startswith(";") else " ".join(["c"] * n))
        assert len(list(game.mainline_moves())) == 1

    assert_linear(f"{shape}, {reader}", size, read)
