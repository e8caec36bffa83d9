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


def random_setup_fen(rng: random.Random) -> str:
    """A random placement (pawns and pieces anywhere, a king of each colour or none: with two,
    python-chess's `king()` picks one) with a random side to move and en-passant square:
    mostly invalid setups."""
    board = chess.Board(None)
    for symbol in rng.sample("KkQqRrRrBbNnPPPPpppp", rng.randint(0, 20)):
        board.set_piece_at(rng.randrange(64), chess.Piece.from_symbol(symbol))
    board.turn = rng.random() < 0.5
    # No castling rights: python-chess reads `Q` without a rook on the back rank as none at all.
    ep = rng.choice(["-", "-", "e3", "d6", "a6", "h3"])
    return f"{board.board_fen()} {'w' if board.turn else 'b'} - {ep} 0 1"


def test_status_of_random_setups_agrees() -> None:
    rng = random.Random(7)
    differences = 0
    for _ in range(3000):
        fen = random_setup_fen(rng)
        ours, theirs = chess_core.Board(fen), chess.Board(fen)
        # chess-core also flags a pawn and knight check no move can give, python-chess does not
        # (test_differential.py shows it): compare the other flags.
        ours_status, theirs_status = int(ours.status()), int(theirs.status())
        if ours_status & ~theirs_status == chess.STATUS_IMPOSSIBLE_CHECK:
            differences += 1
            ours_status &= ~chess.STATUS_IMPOSSIBLE_CHECK
        if theirs_status & (chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING):
            # chess-core judges checks only with both kings on the board.
            theirs_status &= ~(chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK)
        assert ours_status == theirs_status, fen
        assert ours.clean_castling_rights() == theirs.clean_castling_rights(), fen
        # (Which en-passant captures are legal on a board without kings is another question;
        # python-chess writes an impossible en-passant square, chess_core drops it.)
        if not theirs.status() & chess.STATUS_INVALID_EP_SQUARE:
            assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), fen
    assert differences < 30


@pytest.mark.parametrize("fen", BITBOARD_FENS + ["rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"])
def test_fen_variants_xboard_and_epd_after_every_move(fen: str) -> None:
    rng = random.Random(fen)
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    for _ in range(60):
        for en_passant in ("legal", "xfen", "fen"):
            assert ours.fen(en_passant=en_passant) == theirs.fen(en_passant=en_passant)  # type: ignore[arg-type]
            assert ours.shredder_fen(en_passant=en_passant) == theirs.shredder_fen(en_passant=en_passant)  # type: ignore[arg-type]
        legal = list(theirs.legal_moves)
        if not legal:
            break
        for move in legal:
            ours_move = chess_core.Move.from_uci(move.uci())
            for chess960 in (False, True):
                assert ours.xboard(ours_move, chess960) == theirs.xboard(move, chess960)
            assert ours.parse_xboard(theirs.xboard(move)) == ours_move
        best = rng.sample(legal, min(3, len(legal)))
        ours_best = [chess_core.Move.from_uci(m.uci()) for m in best]
        epd = theirs.epd(bm=best, id="x y", ce=12, pv=best[:1])
        assert ours.epd(bm=ours_best, id="x y", ce=12, pv=ours_best[:1]) == epd
        ours_copy, ours_ops = chess_core.Board.from_epd(epd)
        theirs_copy, theirs_ops = chess.Board.from_epd(epd)
        assert ours_copy.fen() == theirs_copy.fen()
        assert {k: [m.uci() for m in v] if isinstance(v, list) else v for k, v in ours_ops.items()} == {
            k: [m.uci() for m in v] if isinstance(v, list) else v for k, v in theirs_ops.items()
        }
        move = rng.choice(legal)
        ours.push_xboard(theirs.xboard(move))
        theirs.push(move)


def test_chess960_numbers_and_mirrors_agree() -> None:
    for n in range(0, 960, 7):
        ours, theirs = chess_core.Board(), chess.Board()
        ours.set_chess960_pos(n)
        theirs.set_chess960_pos(n)
        assert (ours.fen(), ours.chess960, ours.chess960_pos()) == (theirs.fen(), theirs.chess960, theirs.chess960_pos())
        move = next(iter(theirs.legal_moves))
        ours.push(chess_core.Move.from_uci(move.uci()))
        theirs.push(move)
        for flags in [{}, {"ignore_turn": True}, {"ignore_castling": True, "ignore_turn": True}]:
            assert ours.chess960_pos(**flags) == theirs.chess960_pos(**flags)
        assert ours.mirror().fen() == theirs.mirror().fen()
        ours.apply_mirror()
        theirs.apply_mirror()
        assert ours.fen() == theirs.fen() and ours.move_stack == [] == theirs.move_stack
    board, theirs = chess_core.Board("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), chess.Board("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    for b in (board, theirs):
        b.chess960 = True
    assert board.find_move(chess.E1, chess.H1).uci() == theirs.find_move(chess.E1, chess.H1).uci() == "e1h1"
