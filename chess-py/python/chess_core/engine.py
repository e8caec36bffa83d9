"""The computer player: chess-core's search as python-chess-style engine objects.

No external engine is needed::

    import chess_core
    from chess_core.engine import Engine, Level

    engine = Engine()
    board = chess_core.Board()
    result = engine.play(board, Level.EXPERT)
    board.push(result.move)
    info = engine.analyse(board, depth=6)
    print(info.score.white(), board.variation_san(info.pv))

Every search releases the GIL, so other threads run meanwhile; ``engine.stop()`` from another
thread ends a search within milliseconds (it returns its best move so far), Ctrl-C in the main
thread ends it with ``KeyboardInterrupt`` within a fraction of a second, and ``info=`` takes
a callable that receives a ``SearchInfo`` after each finished depth (``analysis()`` turns that
into an iterator). Boards are searched under the FIDE rules, with the repetitions of their move
stack.
"""

from __future__ import annotations

import queue
import threading
from typing import TYPE_CHECKING, Iterator, List, Optional, Union

from ._chess_core import Cp, Engine, Hint, Level, Mate, PovScore, PvLine, Score, SearchInfo, SearchResult, search

if TYPE_CHECKING:
    from ._chess_core import Board


def analysis(
    engine: Engine,
    board: "Board",
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    time: Optional[float] = None,
    mate: Optional[int] = None,
    multipv: int = 1,
) -> Iterator[SearchInfo]:
    """Analyses ``board`` in a background thread and yields a ``SearchInfo`` for each finished
    depth (and line), for a progress display. Leaving the loop early stops the search. The
    limits are ``Engine.analyse``'s; an error of the search is raised by the iterator.

    ::

        for info in analysis(engine, board, time=5.0):
            print(info.depth, info.score.white(), board.variation_san(info.pv))
    """
    infos: "queue.Queue[Union[SearchInfo, BaseException, None]]" = queue.Queue()

    def run() -> None:
        try:
            engine.analyse(board, depth=depth, nodes=nodes, time=time, mate=mate, multipv=multipv, info=infos.put)
            infos.put(None)
        except BaseException as error:  # handed to the consumer's thread
            infos.put(error)

    thread = threading.Thread(target=run, name="chess_core analysis", daemon=True)
    thread.start()
    try:
        while True:
            item = infos.get()
            if item is None:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        engine.stop()
        thread.join()


__all__: List[str] = [
    "Cp", "Engine", "Hint", "Level", "Mate", "PovScore", "PvLine", "Score", "SearchInfo", "SearchResult", "analysis",
    "search",
]
