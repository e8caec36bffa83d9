"""Issue 25 §1 through Python: a node limit, a time limit, a level, ``stop()`` from another
thread and Ctrl-C each end a search of a position built to blow it up (mass promotions, many
queens, capture chains) within a generous bound, with a legal move (or, for Ctrl-C,
``KeyboardInterrupt``)."""

from __future__ import annotations

import os
import signal
import threading
import time
from typing import Any, Callable, Iterator, List

import pytest

import chess_core
from chess_core import Board
from chess_core.engine import Engine, Level, SearchInfo, SearchResult

# The two positions of the issue, then more of the kind (the C API's test searches the same).
HOSTILE = [
    "8/PPPPPPP1/8/2k5/8/2K5/ppppppp1/8 w - - 0 1",
    "8/PPPPPPPP/8/2k5/8/2K5/pppppppp/8 w - - 0 1",
    "rnbqkbnr/PPP1P1PP/8/8/8/8/ppp1p1pp/RNBQKBNR w - - 0 1",
    "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
    "7k/8/1q1q1q1q/q1q1q1q1/1Q1Q1Q1Q/Q1Q1Q1Q1/8/K7 w - - 0 1",
    "6k1/8/1n1b1r1q/n1b1r1q1/1N1B1R1Q/N1B1R1Q1/8/1K6 w - - 0 1",
]

# Seconds any of these searches may take to answer: many times their limits (0.1 s, 20000
# nodes, a stop, a signal), for a busy machine; Master's level thinks one second.
BOUND = 5.0
MASTER_BOUND = 10.0


def assert_legal(board: Board, result: SearchResult) -> None:
    assert result.move is not None and result.move in board.legal_moves


@pytest.mark.parametrize("fen", HOSTILE)
def test_time_and_node_limits_hold(fen: str) -> None:
    engine, board = Engine(), Board(fen)
    started = time.perf_counter()
    result = engine.analyse(board, time=0.1)
    assert time.perf_counter() - started < BOUND
    assert_legal(board, result)
    started = time.perf_counter()
    result = engine.analyse(board, nodes=20000)
    assert time.perf_counter() - started < BOUND and result.nodes <= 20000
    assert_legal(board, result)


@pytest.mark.parametrize("fen", HOSTILE)
@pytest.mark.parametrize("level", [Level.BEGINNER, Level.NORMAL, Level.EXPERT, Level.MASTER])
def test_every_level_answers_in_its_time(fen: str, level: Level) -> None:
    engine, board = Engine(), Board(fen)
    started = time.perf_counter()
    result = engine.play(board, level)
    assert time.perf_counter() - started < (MASTER_BOUND if level == Level.MASTER else BOUND)
    assert_legal(board, result)
    started = time.perf_counter()
    hint = engine.hint(board, level)
    assert time.perf_counter() - started < 2 * (MASTER_BOUND if level == Level.MASTER else BOUND)
    assert hint is not None and hint.move in board.legal_moves


@pytest.mark.parametrize("fen", HOSTILE)
def test_stop_from_another_thread_ends_the_search(fen: str) -> None:
    engine, board = Engine(), Board(fen)
    results: List[SearchResult] = []
    thread = threading.Thread(target=lambda: results.append(engine.analyse(board, time=600.0)))
    thread.start()
    time.sleep(0.1)
    # Repeated: a stop sent before the search starts does nothing to it.
    stopped_at = time.perf_counter()
    while thread.is_alive() and time.perf_counter() - stopped_at < 60:
        engine.stop()
        thread.join(0.01)
    assert time.perf_counter() - stopped_at < BOUND
    assert_legal(board, results[0])


@pytest.fixture
def python_sigint_handler() -> Iterator[None]:
    """Python's own Ctrl-C handler, whatever this process was started with: a program started
    in the background by a shell without job control (`cmd &` in a script) inherits SIGINT
    ignored, and Python then installs no handler."""
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, inherited)


# Seconds from Ctrl-C to KeyboardInterrupt: the engine looks every 20 ms.
CTRL_C_BOUND = 2.0


def interrupted(engine: Engine, search: Callable[[], Any], ready: threading.Event) -> float:
    """Runs `search` in this (the main) thread and sends SIGINT to the process 0.1 s after
    `ready` is set; expects KeyboardInterrupt from the search (not after it returned) and
    returns the seconds from the signal to it. A watchdog stops the engine after 60 s, so that
    a search deaf to the signal fails the bound instead of hanging."""
    sent: List[float] = []
    returned: List[bool] = []

    def interrupt() -> None:
        if ready.wait(30):
            time.sleep(0.1)
            sent.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGINT)

    interrupter, watchdog = threading.Thread(target=interrupt), threading.Timer(60, engine.stop)
    interrupter.start()
    watchdog.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            search()
            returned.append(True)
            time.sleep(1)  # the signal is raised here if it came after the search returned
        took = time.perf_counter() - sent[0]
    finally:
        ready.set()
        interrupter.join()
        watchdog.cancel()
    assert not returned, "the search ended before the signal came"
    return took


# Positions whose analysis goes on for minutes, each depth far longer than the last.
LONG = ["qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1", "7k/8/1q1q1q1q/q1q1q1q1/1Q1Q1Q1Q/Q1Q1Q1Q1/8/K7 w - - 0 1"]


@pytest.mark.usefixtures("python_sigint_handler")
@pytest.mark.parametrize("fen", LONG)
def test_ctrl_c_ends_an_analysis_in_the_middle_of_a_depth(fen: str) -> None:
    engine, board = Engine(), Board(fen)
    # Ctrl-C once depth 2 is done: depth 3 of twenty lines takes many seconds more.
    depth_2 = threading.Event()

    def on_info(info: SearchInfo) -> None:
        if info.depth >= 2:
            depth_2.set()

    assert interrupted(engine, lambda: engine.analyse(board, time=600.0, multipv=20, info=on_info), depth_2) < CTRL_C_BOUND
    # The engine searches again afterwards, with no stop left over.
    assert engine.analyse(board, depth=1).depth == 1


@pytest.mark.usefixtures("python_sigint_handler")
@pytest.mark.parametrize("fen", LONG + [chess_core.STARTING_FEN])
def test_ctrl_c_ends_play_hint_and_analyse(fen: str) -> None:
    engine, board, now = Engine(), Board(fen), threading.Event()
    now.set()
    assert interrupted(engine, lambda: engine.play(board, Level.MASTER), now) < CTRL_C_BOUND
    assert interrupted(engine, lambda: engine.hint(board, Level.MASTER), now) < CTRL_C_BOUND
    assert interrupted(engine, lambda: engine.analyse(board, time=600.0), now) < CTRL_C_BOUND
