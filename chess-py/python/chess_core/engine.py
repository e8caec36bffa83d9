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
thread ends a search within milliseconds (it returns its best move so far), and ``info=`` takes
a callable that receives a ``SearchInfo`` after each finished depth. Boards are searched under
the FIDE rules, with the repetitions of their move stack.
"""

from __future__ import annotations

from ._chess_core import Engine, Hint, Level, PovScore, PvLine, Score, SearchInfo, SearchResult, search

__all__ = ["Engine", "Hint", "Level", "PovScore", "PvLine", "Score", "SearchInfo", "SearchResult", "search"]
