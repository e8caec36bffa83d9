"""Syzygy endgame tablebases with python-chess's names (``chess.syzygy``).

chess-core probes the tables (its ``syzygy`` module, the GIL released during each probe): the
values are python-chess's, WDL from -2 to 2 and DTZ50'' with rounding::

    import chess_core
    import chess_core.syzygy

    with chess_core.syzygy.open_tablebase("data/syzygy/regular") as tablebase:
        board = chess_core.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1")
        print(tablebase.probe_wdl(board), tablebase.probe_dtz(board))  # -2 -53

A single file answers too (``WdlTable``, ``DtzTable``): the value it stores for a position,
captures and en passant not looked at, for checking tables. Not here: variants
(``VariantBoard``).
"""

from __future__ import annotations

import itertools
import os
from types import TracebackType
from typing import TYPE_CHECKING, Iterator, List, Optional, Tuple, Type, TypeVar, Union

from ._chess_core import MissingTableError, _DtzTable, _Tablebase, _WdlTable

if TYPE_CHECKING:
    from ._chess_core import Board

TBPIECES = 7
"""The most pieces a Syzygy table holds."""

# Table names list each side's pieces strongest first.
_ORDER = "KQRBNP"
_PIECE_TYPES = {"K": 6, "Q": 5, "R": 4, "B": 3, "N": 2, "P": 1}


def _sorted_side(side: str) -> str:
    return "".join(sorted(side, key=_ORDER.index))


def _strength(side: str) -> tuple[int, List[int]]:
    """Sorts first for the side that comes first in a table name: more pieces, then stronger."""
    return (-len(side), [_ORDER.index(c) for c in side])


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """The name the table of this material is filed under (``KNNvKBB`` is ``KBBvKNN``)."""
    white, black = (_sorted_side(side) for side in name.split("v", 1))
    first, second = (white, black) if _strength(white) <= _strength(black) else (black, white)
    if mirror:
        first, second = second, first
    return f"{first}v{second}"


def calc_key(board: Board, *, mirror: bool = False) -> str:
    """The board's material as a table name, White first (Black first with ``mirror``)."""
    white, black = ("".join(c * len(board.pieces(_PIECE_TYPES[c], color)) for c in _ORDER) for color in (True, False))
    return f"{black}v{white}" if mirror else f"{white}v{black}"


def tablenames(*, one_king: bool = True, piece_count: int = 6) -> Iterator[str]:
    """Every normalized table name of up to ``piece_count`` pieces (with one king a side, or
    kings as ordinary pieces with ``one_king=False``, as in antichess)."""
    pieces = "QRBNP" if one_king else _ORDER
    kings = 2 if one_king else 0
    names = set()
    for total in range(1 if one_king else 2, piece_count - kings + 1):
        for combo in itertools.combinations_with_replacement(pieces, total):
            for split in range(total + 1):
                for white in set(itertools.combinations(combo, split)):
                    black = list(combo)
                    for piece in white:
                        black.remove(piece)
                    w, b = "".join(white), "".join(black)
                    if one_king:
                        w, b = "K" + w, "K" + b
                    elif not w or not b:
                        continue
                    names.add(normalize_tablename(f"{w}v{b}"))
    return iter(sorted(names, key=lambda n: (len(n), n)))


def dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables a table's captures and promotions lead to (KvK, which needs none, aside)."""
    found = set()
    white, black = target.split("v", 1)
    for side, other, swap in ((white, black, False), (black, white, True)):
        for i, piece in enumerate(side):
            if one_king and piece == "K":
                continue
            rest = side[:i] + side[i + 1 :]
            changes = [rest]
            if piece == "P":
                changes += [rest + promoted for promoted in "QRBN"]
            for changed in changes:
                if not changed:
                    continue
                name = f"{other}v{changed}" if swap else f"{changed}v{other}"
                if name.replace("K", "").replace("v", ""):
                    found.add(normalize_tablename(name))
    found.discard(normalize_tablename(target))
    return iter(sorted(found))


def dtz_before_zeroing(wdl: int) -> int:
    """The DTZ of a position whose best move zeroes at once: ±1, or ±101 for cursed results."""
    return ((wdl > 0) - (wdl < 0)) * (1 if abs(wdl) == 2 else 101)


class Tablebase:
    """Syzygy tables of the directories added, probed from any thread (the GIL released)."""

    def __init__(self, *, max_fds: Optional[int] = 128) -> None:
        # chess-core reads small files whole and keeps large ones open: no descriptor limit.
        del max_fds
        self._tables = _Tablebase()

    def add_directory(self, directory: Union[str, os.PathLike[str]]) -> int:
        """Adds the ``.rtbw`` and ``.rtbz`` files of a directory; returns how many."""
        return self._tables.add_directory(os.fspath(directory))

    def probe_wdl_table(self, board: Board) -> int:
        """The WDL table's stored value, captures and en passant not resolved."""
        return self._tables.probe_wdl_table(board)

    def probe_wdl(self, board: Board) -> int:
        """-2 (loss) to 2 (win) for the side to move, as if reached by a zeroing move; 1 and
        -1 are wins and losses the fifty-move rule turns into draws. Raises
        ``MissingTableError`` (a ``KeyError``) when a table is missing."""
        return self._tables.probe_wdl(board)

    def get_wdl(self, board: Board, default: Optional[int] = None) -> Optional[int]:
        """``probe_wdl``, or ``default`` when it raises ``KeyError``."""
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def probe_dtz(self, board: Board) -> int:
        """Plies to the next capture or pawn move with best play (DTZ50'' with rounding),
        positive when winning, beyond ±100 when the fifty-move rule saves the loser."""
        return self._tables.probe_dtz(board)

    def probe_dtz_no_ep(self, board: Board) -> int:
        """``probe_dtz`` as if the pawn that just made a double step could not be taken en
        passant."""
        return self._tables.probe_dtz_no_ep(board)

    def probe_dtz_table(self, board: Board, wdl: int) -> Tuple[int, int]:
        """The DTZ table's stored value for the position if its WDL is ``wdl``, captures not
        looked at, as ``(value, 1)``; ``(0, -1)`` when the table stores only the other side to
        move."""
        return _dtz_pair(self._tables.probe_dtz_table(board, wdl))

    def get_dtz(self, board: Board, default: Optional[int] = None) -> Optional[int]:
        """``probe_dtz``, or ``default`` when it raises ``KeyError``."""
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def close(self) -> None:
        """Forgets every table and closes their files."""
        self._tables.close()

    def __enter__(self) -> Tablebase:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()


def _dtz_pair(value: Optional[int]) -> Tuple[int, int]:
    """python-chess's ``(value, success)`` of a DTZ table's probe."""
    return (0, -1) if value is None else (value, 1)


_T = TypeVar("_T", bound="_Table")


class _Table:
    """One table file, read on its first probe and closed by ``close`` (or ``with``)."""

    _table: Union[_WdlTable, _DtzTable]

    def __init__(self, path: Union[str, os.PathLike[str]]) -> None:
        self.path = os.fspath(path)

    def close(self) -> None:
        """Closes the file; the next probe reads it again."""
        self._table.close()

    def __enter__(self: _T) -> _T:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()


class WdlTable(_Table):
    """One ``.rtbw`` file, its material named by the file (``KBNvK.rtbw``; else ``ValueError``)."""

    def __init__(self, path: Union[str, os.PathLike[str]]) -> None:
        super().__init__(path)
        self._table = self._wdl = _WdlTable(self.path)

    def init_table_wdl(self) -> None:
        """Reads and checks the header now rather than on the first probe (``OSError`` for a
        damaged or unreadable file)."""
        self._wdl.open()

    def probe_wdl_table(self, board: Board) -> int:
        """The value (-2 to 2) the table stores for a position of its material, captures and
        en passant not looked at; ``MissingTableError`` for another material."""
        return self._wdl.probe(board)


class DtzTable(_Table):
    """One ``.rtbz`` file, its material named by the file (``KRvKN.rtbz``; else ``ValueError``)."""

    def __init__(self, path: Union[str, os.PathLike[str]]) -> None:
        super().__init__(path)
        self._table = self._dtz = _DtzTable(self.path)

    def init_table_dtz(self) -> None:
        """Reads and checks the header now rather than on the first probe (``OSError`` for a
        damaged or unreadable file)."""
        self._dtz.open()

    def probe_dtz_table(self, board: Board, wdl: int) -> Tuple[int, int]:
        """The distance the table stores for a position of its material whose WDL is ``wdl``,
        captures and en passant not looked at, as ``(value, 1)``; ``(0, -1)`` when the table
        stores only the other side to move; ``MissingTableError`` for another material."""
        return _dtz_pair(self._dtz.probe(board, wdl))


def open_tablebase(directory: Union[str, os.PathLike[str]], *, max_fds: Optional[int] = 128) -> Tablebase:
    """A ``Tablebase`` with the tables of ``directory``."""
    tables = Tablebase(max_fds=max_fds)
    tables.add_directory(directory)
    return tables


__all__ = [
    "MissingTableError", "Tablebase", "WdlTable", "DtzTable", "open_tablebase", "normalize_tablename", "calc_key",
    "tablenames", "dependencies", "dtz_before_zeroing", "TBPIECES",
]
