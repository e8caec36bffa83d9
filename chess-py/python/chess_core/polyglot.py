"""Polyglot opening books and keys, as python-chess's ``chess.polyglot``.

The book is read by chess-core (its ``book`` module) into memory; entries for a board are its
legal moves, castling written as the board writes it::

    import chess_core, chess_core.polyglot

    with chess_core.polyglot.open_reader("performance.bin") as reader:
        for entry in reader.find_all(chess_core.Board()):
            print(entry.move, entry.weight, entry.learn)
"""

from __future__ import annotations

import os
import random as _random_module
from types import TracebackType
from typing import Any, Container, Iterator, List, NamedTuple, Optional, Sequence, Type, Union

from ._chess_core import (
    BaseBoard,
    Board,
    Move,
    _choose_index,
    _choose_weighted_index,
    _PolyglotBook,
    _POLYGLOT_RANDOM_ARRAY,
)
from ._chess_core import zobrist_hash as _zobrist_hash

WHITE, BLACK = True, False

POLYGLOT_RANDOM_ARRAY: List[int] = list(_POLYGLOT_RANDOM_ARRAY)
"""The 781 random numbers of the Polyglot format: pieces at ``64 * kind + square``
(``kind = 2 * (piece_type - 1) + colour``, White 1), castling rights at 768 to 771, en-passant
files at 772 to 779, White to move at 780."""


def zobrist_hash(board: Board) -> int:
    """The Polyglot Zobrist key of the board's position (python-chess's value)."""
    return _zobrist_hash(board)


class ZobristHasher:
    """A Zobrist hash like :func:`zobrist_hash`, with another table of at least 781 numbers
    laid out as :data:`POLYGLOT_RANDOM_ARRAY` (with that table, the same keys)."""

    def __init__(self, array: Sequence[int]) -> None:
        if len(array) < 781:
            raise ValueError(f"a Zobrist table needs at least 781 numbers, not {len(array)}")
        self.array = array

    def hash_board(self, board: BaseBoard) -> int:
        """The pieces' part of the hash."""
        key = 0
        for square, piece in board.piece_map().items():
            key ^= self.array[64 * (2 * (piece.piece_type - 1) + int(piece.color)) + square]
        return key

    def hash_castling(self, board: Board) -> int:
        """The castling rights' part."""
        key = 0
        for index, (color, kingside) in enumerate([(WHITE, True), (WHITE, False), (BLACK, True), (BLACK, False)]):
            rights = board.has_kingside_castling_rights if kingside else board.has_queenside_castling_rights
            if rights(color):
                key ^= self.array[768 + index]
        return key

    def hash_ep_square(self, board: Board) -> int:
        """The en-passant file, when a pawn of the side to move stands beside the pawn that
        just stepped twice (whether the capture is legal or not)."""
        square = board.ep_square
        if square is None:
            return 0
        beside = square - 8 if board.turn == WHITE else square + 8
        file = square % 8
        ours = int(board.pawns) & int(board.occupied_co[board.turn])
        if any(0 <= f < 8 and ours >> (beside - file + f) & 1 for f in (file - 1, file + 1)):
            return self.array[772 + file]
        return 0

    def hash_turn(self, board: Board) -> int:
        """White to move's part."""
        return self.array[780] if board.turn == WHITE else 0

    def __call__(self, board: Board) -> int:
        return self.hash_board(board) ^ self.hash_castling(board) ^ self.hash_ep_square(board) ^ self.hash_turn(board)


class Entry(NamedTuple):
    """An entry of a Polyglot opening book."""

    key: int
    """The Zobrist key of the position."""

    raw_move: int
    """The move as the book stores it; use :attr:`move`."""

    weight: int
    """How good the move is, relative to the position's other entries."""

    learn: int
    """Another value some programs store, read as it is."""

    move: Move
    """The move (for a board, as the board writes it; for a key, as stored)."""


def _randint(random: Optional[Any]) -> Any:
    return (random or _random_module).randint


class MemoryMappedReader:
    """A Polyglot opening book, read into memory by chess-core (python-chess's class name)."""

    def __init__(self, filename: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]) -> None:
        path = os.fsdecode(filename)
        try:
            self._book = _PolyglotBook(path)
        except FileNotFoundError:
            raise
        except OSError as error:
            raise IOError(f"invalid file: ensure {path!r} is a valid polyglot opening book ({error})") from None

    def __enter__(self) -> MemoryMappedReader:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc_value: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        return self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        if index < 0:
            index += len(self)
        if index < 0:
            raise IndexError("book index out of range")
        return Entry(*self._book.entry(index))

    def __iter__(self) -> Iterator[Entry]:
        for index in range(len(self)):
            yield self[index]

    def __contains__(self, entry: Entry) -> bool:
        return any(current == entry for current in self.find_all(entry.key, minimum_weight=entry.weight))

    def find_all(
        self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()
    ) -> Iterator[Entry]:
        """Yields the entries for a board (its legal moves) or a Zobrist key (every move)."""
        if isinstance(board, Board):
            found = self._book.board_entries(board, max(minimum_weight, 0))
        else:
            found = self._book.key_entries(int(board), max(minimum_weight, 0))
        for fields in found:
            entry = Entry(*fields)
            if exclude_moves and entry.move in exclude_moves:
                continue
            yield entry

    def find(
        self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()
    ) -> Entry:
        """The entry with the highest weight (the first of equal ones); ``IndexError`` if none."""
        try:
            return max(
                self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves),
                key=lambda entry: entry.weight,
            )
        except ValueError:
            raise IndexError("no entry for this position") from None

    def get(
        self,
        board: Union[Board, int],
        default: Optional[Entry] = None,
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
    ) -> Optional[Entry]:
        """The entry :meth:`find` finds, or ``default``."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(
        self,
        board: Union[Board, int],
        *,
        minimum_weight: int = 1,
        exclude_moves: Container[Move] = (),
        random: Optional[Any] = None,
    ) -> Entry:
        """An entry chosen uniformly at random (``random.randint`` of ``random``, else of the
        ``random`` module); ``IndexError`` if none."""
        entries = list(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves))
        index = _choose_index(len(entries), _randint(random))
        if index is None:
            raise IndexError("no entry for this position")
        return entries[index]

    def weighted_choice(
        self, board: Union[Board, int], *, exclude_moves: Container[Move] = (), random: Optional[Any] = None
    ) -> Entry:
        """An entry chosen at random in proportion to its weight; ``IndexError`` if none."""
        entries: List[Entry] = list(self.find_all(board, exclude_moves=exclude_moves))
        index = _choose_weighted_index([entry.weight for entry in entries], _randint(random))
        if index is None:
            raise IndexError("no entry for this position")
        return entries[index]

    def close(self) -> None:
        """Closes the reader: later calls raise ``ValueError``."""
        self._book.close()


def open_reader(path: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]) -> MemoryMappedReader:
    """Opens the Polyglot book at ``path`` (python-chess's ``open_reader``)."""
    return MemoryMappedReader(path)


__all__ = ["Entry", "MemoryMappedReader", "POLYGLOT_RANDOM_ARRAY", "ZobristHasher", "open_reader", "zobrist_hash"]
