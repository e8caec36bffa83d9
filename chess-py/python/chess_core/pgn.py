"""PGN at native speed, with python-chess's ``chess.pgn`` names on flat game records.

::

    import chess_core.pgn

    for game in chess_core.pgn.read_games("games.pgn"):       # chunks, GIL released
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        print(game.headers["White"], board.result(), game.errors)

    for headers in chess_core.pgn.read_games("games.pgn", headers_only=True):
        print(headers["Event"])                                 # movetext skipped unread

A ``Game`` keeps the main line (moves with their comments, NAGs and variations) without a tree
of nodes: ``mainline_moves()``, ``mainline_comments()``, ``mainline_nags()`` and ``fens()`` are
the fast path for bulk analysis; ``str(game)`` writes everything back as PGN. ``board()`` is
the start position and ``end().board()`` the final one, as in python-chess. A game with an
illegal or unreadable move holds the moves before it and the message in ``errors``, and
reading goes on with the next game. Games pickle and copy, but never unpickle one from data
you do not trust (unpickling runs code the data names): exchange games as PGN text.
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, Dict, Iterator, List, Mapping, Optional, Union

from ._chess_core import GameEnd, GameReader, PgnGame, read_game_text
from ._chess_core import write_game as _write_game

Game = PgnGame
"""A game read from PGN or made with ``Game.from_board(board)``."""

if TYPE_CHECKING:
    from ._chess_core import Board


def _game_text(handle: IO[Any]) -> str:
    """Reads one game's lines from a handle, as python-chess does: a game ends at the first
    blank line after its movetext outside a ``{}`` comment, or at the end of the file."""
    lines: List[str] = []
    in_movetext = False
    in_comment = False
    while True:
        line = handle.readline()
        if not isinstance(line, str):  # bytes-like (bytes, bytearray, memoryview, ...)
            line = memoryview(line).tobytes().decode("utf-8", "replace")
        if not line:
            break
        stripped = line.strip()
        if not stripped:
            if in_movetext and not in_comment:
                break
            if lines:
                lines.append(line)
            continue
        if not in_movetext and not stripped.startswith(("[", "%")):
            in_movetext = True
        if in_movetext and (in_comment or not line.startswith("%")):
            in_comment = _comment_open_after(line, in_comment)
        lines.append(line)
    return "".join(lines)


def _comment_open_after(line: str, in_comment: bool) -> bool:
    """Whether a ``{}`` comment is open at the end of a movetext line: a ``{`` in a comment is
    text, and a ``;`` comment (outside braces) runs to the line's end, braces and all."""
    at = 0
    while True:
        if in_comment:
            close = line.find("}", at)
            if close < 0:
                return True
            in_comment, at = False, close + 1
        else:
            # A `;` is looked for only up to the next `{`: each byte is looked at once, so a
            # line of many comments takes linear time.
            brace = line.find("{", at)
            if brace < 0 or line.find(";", at, brace) >= 0:
                return False
            in_comment, at = True, brace + 1


def read_game(handle_or_text: Union[str, IO[Any]]) -> Optional[PgnGame]:
    """Reads the next game from a file object (text or binary), or the first game of a PGN
    text; ``None`` at the end. A bad move ends the game early and is listed in ``errors``."""
    if isinstance(handle_or_text, str):
        return read_game_text(handle_or_text)
    text = _game_text(handle_or_text)
    return read_game_text(text) if text.strip() else None


def read_games(
    source: Union[str, "os.PathLike[str]", IO[Any]],
    *,
    headers_only: bool = False,
    variations: bool = True,
) -> Iterator[Any]:
    """Iterates over every game of a PGN file (a path) or file object, reading batches of
    games in Rust with the GIL released. With ``headers_only=True`` it yields each game's tags
    as a dict (seven-tag roster first) and skips the movetext unread; ``variations=False``
    drops variations while reading."""
    if hasattr(source, "read"):
        return GameReader.from_handle(source, headers_only=headers_only, variations=variations)
    path = os.fspath(source)  # type: ignore[arg-type]
    return GameReader.open(path, headers_only=headers_only, variations=variations)


def read_headers(handle_or_text: Union[str, IO[Any]]) -> Optional[Dict[str, str]]:
    """The tags of the next game, as python-chess's ``read_headers``; ``None`` at the end."""
    game = read_game(handle_or_text)
    return None if game is None else dict(game.headers)


def write_game(board: "Board", headers: Optional[Mapping[str, str]] = None) -> str:
    """The PGN of a board's game: the moves of its stack from the root, its result, and
    ``headers`` over the seven-tag roster's defaults."""
    return _write_game(board, None if headers is None else dict(headers))


__all__ = ["Game", "GameEnd", "GameReader", "PgnGame", "read_game", "read_games", "read_headers", "write_game"]
