"""Polyglot opening-book keys, as python-chess's ``chess.polyglot``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._chess_core import zobrist_hash as _zobrist_hash

if TYPE_CHECKING:
    from ._chess_core import Board


def zobrist_hash(board: Board) -> int:
    """The Polyglot Zobrist key of the board's position (python-chess's value)."""
    return _zobrist_hash(board)


__all__ = ["zobrist_hash"]
