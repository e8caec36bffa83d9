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

from chess_core import Board
from chess_core.engine import Engine, Level, SearchResult

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


def interrupted(engine: Engine, search: Callable[[], Any]) -> float:
    """Runs `search` in this (the main) thread with a SIGINT sent to the process 0.3 s in;
    expects KeyboardInterrupt and returns the seconds from the signal to it. A watchdog stops
    the engine after 30 s, so that a search deaf to the signal fails the bound, not hangs."""
    sent: List[float] = []

    def interrupt() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer, watchdog = threading.Timer(0.3, interrupt), threading.Timer(30, engine.stop)
    timer.start()
    watchdog.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            search()
            time.sleep(1)  # a signal that came after the search had returned is raised here
        return time.perf_counter() - sent[0]
    finally:
        timer.cancel()
        watchdog.cancel()
        watchdog.join()


@pytest.mark.usefixtures("python_sigint_handler")
@pytest.mark.parametrize("fen", HOSTILE)
def test_ctrl_c_ends_an_analysis_in_the_main_thread(fen: str) -> None:
    engine, board = Engine(), Board(fen)
    assert interrupted(engine, lambda: engine.analyse(board, time=600.0)) < BOUND
    # The engine searches again afterwards, with no stop left over.
    assert engine.analyse(board, depth=1).depth == 1


@pytest.mark.usefixtures("python_sigint_handler")
@pytest.mark.parametrize("fen", HOSTILE[:2])
def test_ctrl_c_ends_play_and_hint(fen: str) -> None:
    engine, board = Engine(), Board(fen)
    assert interrupted(engine, lambda: engine.play(board, Level.MASTER)) < BOUND
    assert interrupted(engine, lambda: engine.hint(board, Level.MASTER)) < BOUND


@pytest.mark.usefixtures("python_sigint_handler")
def test_ctrl_c_ends_a_search_of_the_start_position() -> None:
    engine = Engine()
    assert interrupted(engine, lambda: engine.analyse(Board(), time=600.0)) < BOUND
