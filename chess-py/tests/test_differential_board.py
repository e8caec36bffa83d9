"""chess_core against python-chess for the board's python-chess names: moves and pieces as
python-chess writes and hashes them, bitboard attributes, status flags, Chess960 numbering,
mirroring, EPD and XBoard notation."""

from __future__ import annotations

import pickle
import random

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


BITBOARD_FENS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    # Promotions on both sides, so that promoted pieces move and are captured.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/PPPPk3/8/8/8/8/4Kppp/8 w - - 0 1",
]


def assert_same_pieces(ours: chess_core.BaseBoard, theirs: chess.BaseBoard) -> None:
    assert (ours.occupied, list(ours.occupied_co), ours.promoted) == (
        theirs.occupied,
        theirs.occupied_co,
        theirs.promoted,
    )
    assert (ours.pawns, ours.knights, ours.bishops, ours.rooks, ours.queens, ours.kings) == (
        theirs.pawns,
        theirs.knights,
        theirs.bishops,
        theirs.rooks,
        theirs.queens,
        theirs.kings,
    )
    assert str(ours) == str(theirs) and ours.board_fen() == theirs.board_fen()
    for flags in [{}, {"borders": True}, {"orientation": False}, {"borders": True, "orientation": False}]:
        assert ours.unicode(invert_color=True, empty_square="·", **flags) == theirs.unicode(
            invert_color=True, empty_square="·", **flags
        )
    assert ours.chess960_pos() == theirs.chess960_pos()
    for mask in (chess.BB_ALL, chess.BB_RANK_1 | chess.BB_FILE_E):
        ours_map = ours.piece_map(mask=mask)
        assert ours_map == {sq: chess_core.Piece(p.piece_type, p.color) for sq, p in theirs.piece_map(mask=mask).items()}


@pytest.mark.parametrize("fen", BITBOARD_FENS)
@pytest.mark.parametrize("seed", range(3))
def test_bitboard_attributes_after_every_move(fen: str, seed: int) -> None:
    rng = random.Random(seed)
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    assert_same_pieces(ours, theirs)
    for _ in range(80):
        moves = list(theirs.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        ours.push(chess_core.Move.from_uci(move.uci()))
        theirs.push(move)
        assert_same_pieces(ours, theirs)
    while theirs.move_stack:
        ours.pop()
        theirs.pop()
        assert_same_pieces(ours, theirs)


def test_promoted_marks_follow_edits_and_copies() -> None:
    ours, theirs = chess_core.Board(), chess.Board()
    for board in (ours, theirs):
        board.set_piece_at(chess.H7, board.piece_at(chess.D1), promoted=True)  # type: ignore[arg-type]
        board.set_piece_at(chess.A3, board.piece_at(chess.G1), promoted=True)  # type: ignore[arg-type]
        board.remove_piece_at(chess.A3)
    assert_same_pieces(ours, theirs)
    assert_same_pieces(ours.copy(), theirs.copy())
    assert_same_pieces(ours.mirror(), theirs.mirror())
    ours.apply_mirror()
    theirs.apply_mirror()
    assert_same_pieces(ours, theirs)
    assert ours.fen() == theirs.fen()
    for board in (ours, theirs):
        board.set_fen(chess.STARTING_FEN)
    assert_same_pieces(ours, theirs)


def test_base_boards_are_python_chess_base_boards() -> None:
    ours, theirs = chess_core.BaseBoard(), chess.BaseBoard()
    assert_same_pieces(ours, theirs)
    assert isinstance(chess_core.Board(), chess_core.BaseBoard)
    assert ours == chess_core.Board() and ours != chess_core.BaseBoard.empty()
    assert_same_pieces(chess_core.BaseBoard(None), chess.BaseBoard(None))
    assert_same_pieces(chess_core.BaseBoard("8/8/4k3/8/8/8/4P3/4K3"), chess.BaseBoard("8/8/4k3/8/8/8/4P3/4K3"))
    with pytest.raises(ValueError):
        chess_core.BaseBoard("8/8/8")
    ours.set_piece_at(chess.E4, chess_core.Piece(chess.QUEEN, chess.BLACK), promoted=True)
    theirs.set_piece_at(chess.E4, chess.Piece(chess.QUEEN, chess.BLACK), promoted=True)
    for board in (ours, theirs):
        board.remove_piece_at(chess.E2)
    assert_same_pieces(ours, theirs)
    for square in chess.SQUARES:
        assert ours.attacks_mask(square) == theirs.attacks_mask(square)
        for color in chess.COLORS:
            assert ours.attackers_mask(color, square) == theirs.attackers_mask(color, square)
            assert ours.pin_mask(color, square) == theirs.pin_mask(color, square)
    assert_same_pieces(ours.mirror(), theirs.mirror())
    assert_same_pieces(ours.copy(), theirs.copy())
    assert_same_pieces(pickle.loads(pickle.dumps(chess_core.BaseBoard())), theirs.__class__())
    for board in (ours, theirs):
        board.set_board_fen("8/8/4k3/8/8/8/4P3/4K3")
    assert_same_pieces(ours, theirs)
    for board in (ours, theirs):
        board.reset_board()
    assert_same_pieces(ours, theirs)
    for board in (ours, theirs):
        board.clear_board()
    assert_same_pieces(ours, theirs)
    for n in (0, 518, 631, 959):
        for board in (ours, theirs):
            board.set_chess960_pos(n)
        assert_same_pieces(ours, theirs)
        assert_same_pieces(chess_core.BaseBoard.from_chess960_pos(n), chess.BaseBoard.from_chess960_pos(n))
