"""chess_core against python-chess for the board's python-chess names: moves and pieces as
python-chess writes and hashes them, bitboard attributes, status flags, Chess960 numbering,
mirroring, EPD and XBoard notation."""

from __future__ import annotations

import pickle

import chess
import pytest

import chess_core

DROPS = [f"{symbol}@{name}" for symbol in "PNBRQKpnbrqk" for name in chess.SQUARE_NAMES]


def test_moves_read_and_write_uci_and_xboard_as_python_chess() -> None:
    for uci in ["b5c7", "e7e8q", "0000", *DROPS]:
        ours, theirs = chess_core.Move.from_uci(uci), chess.Move.from_uci(uci)
        assert (ours.from_square, ours.to_square, ours.promotion, ours.drop) == (
            theirs.from_square,
            theirs.to_square,
            theirs.promotion,
            theirs.drop,
        )
        assert (ours.uci(), ours.xboard(), bool(ours)) == (theirs.uci(), theirs.xboard(), bool(theirs))
        assert ours == chess_core.Move(ours.from_square, ours.to_square, ours.promotion, ours.drop)
        assert pickle.loads(pickle.dumps(ours)) == ours


def test_boards_find_drops_illegal() -> None:
    board = chess_core.Board()
    drop = chess_core.Move.from_uci("N@e4")
    assert not board.is_legal(drop) and not board.is_pseudo_legal(drop)
    with pytest.raises(chess_core.IllegalMoveError):
        board.push(drop)
    with pytest.raises(chess_core.InvalidMoveError):
        chess_core.Move.from_uci("X@e4")


def test_pieces_hash_as_python_chess() -> None:
    for symbol in "pnbrqkPNBRQK":
        assert hash(chess_core.Piece.from_symbol(symbol)) == hash(chess.Piece.from_symbol(symbol))
