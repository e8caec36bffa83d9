"""Unit tests of chess_core's python-chess-compatible names: exact values, reprs and errors."""

from __future__ import annotations

import copy
import operator
import os
import sys

import pytest

import chess_core
from chess_core import Board, Move, Piece

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_constants() -> None:
    assert chess_core.WHITE is True and chess_core.BLACK is False
    assert chess_core.COLORS == [True, False]
    assert (chess_core.PAWN, chess_core.KNIGHT, chess_core.KING) == (1, 2, 6)
    assert chess_core.PIECE_TYPES == [1, 2, 3, 4, 5, 6]
    assert (chess_core.A1, chess_core.H1, chess_core.E4, chess_core.H8) == (0, 7, 28, 63)
    assert chess_core.SQUARES == list(range(64))
    assert chess_core.SQUARE_NAMES[:3] == ["a1", "b1", "c1"] and chess_core.SQUARE_NAMES[63] == "h8"
    assert chess_core.STARTING_FEN == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert chess_core.STARTING_BOARD_FEN == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    assert chess_core.BB_ALL == 2**64 - 1 and chess_core.BB_EMPTY == 0
    assert chess_core.BB_SQUARES[chess_core.E4] == 1 << 28
    assert chess_core.BB_CENTER == (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36)
    assert chess_core.BB_LIGHT_SQUARES & chess_core.BB_SQUARES[chess_core.A1] == 0
    assert chess_core.BB_DARK_SQUARES & chess_core.BB_SQUARES[chess_core.A1] != 0
    assert chess_core.BB_FILES[0] == 0x0101010101010101 and chess_core.BB_RANKS[7] == 0xFF << 56


def test_square_functions() -> None:
    assert chess_core.square_name(28) == "e4"
    assert chess_core.parse_square("e4") == 28
    assert chess_core.square(4, 3) == 28
    assert (chess_core.square_file(28), chess_core.square_rank(28)) == (4, 3)
    assert chess_core.square_distance(chess_core.A1, chess_core.H8) == 7
    assert chess_core.square_mirror(chess_core.E2) == chess_core.E7
    assert chess_core.piece_symbol(chess_core.KNIGHT) == "n"
    assert chess_core.piece_name(chess_core.QUEEN) == "queen"
    with pytest.raises(ValueError):
        chess_core.parse_square("i9")
    with pytest.raises(IndexError):
        chess_core.square_name(64)
    with pytest.raises(IndexError):
        chess_core.square_name(-1)


def test_move() -> None:
    m = Move.from_uci("e7e8q")
    assert (m.from_square, m.to_square, m.promotion, m.drop) == (52, 60, 5, None)
    assert m.uci() == str(m) == "e7e8q"
    assert repr(m) == "Move.from_uci('e7e8q')"
    assert m == Move(chess_core.E7, chess_core.E8, chess_core.QUEEN)
    assert m != Move(chess_core.E7, chess_core.E8)
    assert hash(m) == hash(Move(52, 60, 5))
    assert len({m, Move(52, 60, 5), Move(52, 60)}) == 2
    assert bool(m) and not bool(Move.null())
    assert Move.null().uci() == "0000" and Move.from_uci("0000") == Move.null()
    # Promotions to a king or a pawn read, as in python-chess (no board finds them legal).
    assert Move.from_uci("e7e8k").promotion == chess_core.KING
    for bad in ["", "e2", "e2e9", "e7e8x", "e7e8Q", "xxxx", "e2e4qq"]:
        with pytest.raises(chess_core.InvalidMoveError):
            Move.from_uci(bad)
    with pytest.raises(IndexError):
        Move(64, 0)
    with pytest.raises(ValueError):
        Move(0, 8, 7)


def test_piece() -> None:
    p = Piece(chess_core.KNIGHT, chess_core.BLACK)
    assert (p.piece_type, p.color, p.symbol(), str(p)) == (2, False, "n", "n")
    assert repr(p) == "Piece.from_symbol('n')"
    assert Piece.from_symbol("Q") == Piece(chess_core.QUEEN, chess_core.WHITE)
    assert Piece.from_symbol("K").unicode_symbol() == "♔"
    assert Piece.from_symbol("K").unicode_symbol(invert_color=True) == "♚"
    assert len({p, Piece.from_symbol("n"), Piece.from_symbol("N")}) == 2
    with pytest.raises(ValueError):
        Piece.from_symbol("x")
    with pytest.raises(ValueError):
        Piece(0, True)


def test_board_basics() -> None:
    board = Board()
    assert board.fen() == chess_core.STARTING_FEN
    assert repr(board) == "Board('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')"
    assert str(board) == (
        "r n b q k b n r\n"
        "p p p p p p p p\n"
        ". . . . . . . .\n"
        ". . . . . . . .\n"
        ". . . . . . . .\n"
        ". . . . . . . .\n"
        "P P P P P P P P\n"
        "R N B Q K B N R"
    )
    assert board.unicode().splitlines()[0] == "♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"
    assert board.turn is chess_core.WHITE
    assert board.piece_at(chess_core.E1) == Piece.from_symbol("K")
    assert board.piece_at(chess_core.E4) is None
    assert board.piece_type_at(chess_core.D8) == chess_core.QUEEN
    assert board.color_at(chess_core.D8) is chess_core.BLACK
    assert board.king(chess_core.BLACK) == chess_core.E8
    assert board.castling_rights == (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
    assert board.ep_square is None
    assert (board.halfmove_clock, board.fullmove_number, board.ply()) == (0, 1, 0)
    assert board.legal_moves.count() == 20 and operator.length_hint(board.legal_moves) == 20
    assert Move.from_uci("g1f3") in board.legal_moves
    assert Move.from_uci("e2e5") not in board.legal_moves
    assert "e2e4" not in board.legal_moves  # not a Move
    assert board.is_legal(Move.from_uci("e2e4")) and not board.is_legal(Move.null())
    assert board == Board() and board != Board(KIWIPETE)
    assert Board.__hash__ is None


def test_push_pop_and_notation() -> None:
    board = Board()
    assert board.push_san("e4") == Move.from_uci("e2e4")
    assert board.ep_square == chess_core.E3
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert board.fen(en_passant="fen") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    board.push_uci("e7e5")
    board.push(Move.from_uci("g1f3"))
    assert board.san(Move.from_uci("b8c6")) == "Nc6"
    assert board.lan(Move.from_uci("b8c6")) == "Nb8-c6"
    assert board.uci(Move.from_uci("b8c6")) == "b8c6"
    assert board.peek() == Move.from_uci("g1f3")
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5", "g1f3"]
    assert board.ply() == 3
    assert board.pop() == Move.from_uci("g1f3")
    assert board.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    board.push(Move.null())
    assert board.peek() == Move.null() and board.turn is chess_core.BLACK
    board.pop()
    copied = board.copy()
    copied.push_san("Nf3")
    assert board.fen() != copied.fen() and len(copied.move_stack) == 3
    assert board.copy(stack=False).move_stack == []
    assert copy.copy(board) == board and copy.deepcopy(board).move_stack == board.move_stack
    board.reset()
    assert board.fen() == chess_core.STARTING_FEN and board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_castling_in_both_modes() -> None:
    board = Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert board.san(Move.from_uci("e1g1")) == "O-O"
    assert board.is_castling(Move.from_uci("e1g1"))
    board.push_san("O-O-O")
    assert board.peek() == Move.from_uci("e1c1")
    assert board.fen() == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    chess960 = Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
    assert chess960.chess960
    assert repr(chess960) == "Board('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', chess960=True)"
    assert chess960.push_san("O-O") == Move.from_uci("e1h1")
    assert chess960.fen(shredder=True) == "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1"


def test_game_end() -> None:
    board = Board()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        board.push_san(san)
    assert board.is_checkmate() and board.is_check() and board.is_game_over()
    assert board.result() == "0-1"
    outcome = board.outcome()
    assert outcome == chess_core.Outcome(chess_core.Termination.CHECKMATE, chess_core.BLACK)
    assert outcome is not None and outcome.result() == "0-1"
    assert board.legal_moves.count() == 0 and not board.legal_moves
    stalemate = Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate() and stalemate.result() == "1/2-1/2"
    assert Board("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").is_insufficient_material()
    assert Board().outcome() is None and Board().result() == "*"


def test_errors_mirror_python_chess() -> None:
    board = Board("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
    with pytest.raises(chess_core.IllegalMoveError) as illegal:
        board.parse_san("Nd5")
    message = str(illegal.value)
    assert message.startswith("illegal san: 'Nd5' in 4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1: ")
    assert "pinned" in message
    with pytest.raises(chess_core.InvalidMoveError, match="invalid san: 'Zz9'"):
        board.parse_san("Zz9")
    ambiguous = Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(chess_core.AmbiguousMoveError, match="ambiguous san: 'Nd2'"):
        ambiguous.push_san("Nd2")
    with pytest.raises(chess_core.IllegalMoveError, match="illegal uci: 'e1e3'"):
        board.push_uci("e1e3")
    with pytest.raises(chess_core.InvalidMoveError):
        board.push_uci("e1")
    with pytest.raises(chess_core.IllegalMoveError):
        board.push(Move.from_uci("e1e3"))
    with pytest.raises(chess_core.IllegalMoveError):
        Board().push(Move(chess_core.E2, chess_core.E4, chess_core.QUEEN))
    with pytest.raises(chess_core.IllegalMoveError):
        Board().push(Move(chess_core.E2, chess_core.E4, chess_core.KING))
    with pytest.raises(chess_core.IllegalMoveError):
        Board().san(Move.from_uci("e2e5"))
    assert board.fen() == "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1" and board.move_stack == []
    for error in (chess_core.InvalidMoveError, chess_core.IllegalMoveError, chess_core.AmbiguousMoveError):
        assert issubclass(error, ValueError)


def test_bad_fens_raise_value_error() -> None:
    for fen in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "\x00garbage",
    ]:
        with pytest.raises(ValueError, match="invalid fen"):
            Board(fen)
    with pytest.raises(chess_core.InvalidFenError, match="character"):
        Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1")
    board = Board()
    with pytest.raises(ValueError):
        board.set_fen("nonsense")
    assert board.fen() == chess_core.STARTING_FEN
    board.set_fen(KIWIPETE)
    assert board.fen() == KIWIPETE


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.piece_at(64),
        lambda b: b.piece_at(-1),
        lambda b: b.piece_at(2**80),
        lambda b: b.piece_at(None),
        lambda b: b.piece_at("e4"),
        lambda b: b.push(None),
        lambda b: b.push("e2e4"),
        lambda b: b.push_san(None),
        lambda b: b.push_san(""),
        lambda b: b.push_san("\udcff"),
        lambda b: b.push_uci("e2e4" * 1000),
        lambda b: b.parse_uci("a1a1"),
        lambda b: b.san(Move(0, 0, 2)),
        lambda b: b.is_repetition("3"),
        lambda b: b.king(None),
        lambda b: Board(123),  # type: ignore[arg-type]
        lambda b: Move(-1, 3),
        lambda b: Move(0, 2**70),
        lambda b: Piece(2**70, True),
        lambda b: b.fen(en_passant="always"),
        lambda b: b.perft(-1),
    ],
)
def test_bad_input_raises_a_python_exception(call: object) -> None:
    board = Board()
    with pytest.raises((ValueError, TypeError, IndexError, OverflowError)):
        call(board)  # type: ignore[operator]
    assert board.fen() == chess_core.STARTING_FEN


def test_zobrist_hash_is_polyglot() -> None:
    # Values from the Polyglot book format's published test positions.
    assert chess_core.polyglot.zobrist_hash(Board()) == 0x463B96181691FC9C
    board = Board()
    board.push_san("e4")
    assert chess_core.polyglot.zobrist_hash(board) == 0x823C9B50FD114196
    board.push_san("d5")
    assert chess_core.polyglot.zobrist_hash(board) == 0x0756B94461C50FB0


def test_perft_native() -> None:
    assert Board().perft(4) == 197_281
    assert Board(KIWIPETE).perft(3) == 97_862


def test_readme_quick_start() -> None:
    """Runs every Python block of the README's Python quick start, and its opening books' one,
    as written."""
    import pathlib

    readme = pathlib.Path(__file__).resolve().parents[2] / "README.md"
    text = readme.read_text(encoding="utf-8")
    section_start = text.index("## Quick start (Python)")
    section = text[section_start : text.index("\n## ", section_start + 1)]
    blocks = [block.split("```", 1)[0] for block in section.split("```python\n")[1:]]
    assert len(blocks) == 2
    books = text[text.index("## Opening books") :]
    blocks.append(books[: books.index("\n## ", 1)].split("```python\n")[1].split("```", 1)[0])
    for code in blocks:
        exec(compile(code, str(readme), "exec"), {"__name__": "readme"})


def test_readme_tablebases(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs the README's Python block of endgame tablebases in python-chess's source
    distribution, whose data/syzygy/regular it probes (skipped without it)."""
    import pathlib

    src = pathlib.Path(os.environ.get("PYTHON_CHESS_SRC", "/nonexistent"))
    if not (src / "data" / "syzygy" / "regular").is_dir():
        pytest.skip("no Syzygy tables: set PYTHON_CHESS_SRC to python-chess's chess-1.11.2 directory")
    readme = pathlib.Path(__file__).resolve().parents[2] / "README.md"
    text = readme.read_text(encoding="utf-8")
    section = text[text.index("## Endgame tablebases") :]
    code = section[: section.index("\n## ", 1)].split("```python\n")[1].split("```", 1)[0]
    monkeypatch.chdir(src)
    exec(compile(code, str(readme), "exec"), {"__name__": "readme"})


def test_abi3_version() -> None:
    assert sys.version_info >= (3, 9)


def test_square_set() -> None:
    center = chess_core.SquareSet(chess_core.BB_CENTER)
    assert repr(center) == "SquareSet(0x0000_0018_1800_0000)"
    assert str(center).splitlines()[3] == ". . . 1 1 . . ."
    assert list(center) == [chess_core.D4, chess_core.E4, chess_core.D5, chess_core.E5]
    assert len(center) == 4 and chess_core.E4 in center and chess_core.A1 not in center
    assert int(center) == chess_core.BB_CENTER and center == chess_core.BB_CENTER
    assert center & chess_core.BB_RANKS[3] == chess_core.SquareSet([chess_core.D4, chess_core.E4])
    assert len(center | [chess_core.A1]) == 5 and len(center - [chess_core.D4]) == 3
    assert len(~center) == 60 and len(center ^ center) == 0 and not chess_core.SquareSet()


def test_board_queries() -> None:
    board = Board("4k3/8/8/8/1b6/2N5/8/R3K2R w KQ - 0 1")
    assert board.attackers(chess_core.BLACK, chess_core.C3) == chess_core.SquareSet([chess_core.B4])
    assert board.is_attacked_by(chess_core.BLACK, chess_core.A5)
    assert not board.is_attacked_by(chess_core.BLACK, chess_core.D2)  # the knight blocks
    assert board.checkers() == chess_core.SquareSet()
    assert board.pieces(chess_core.ROOK, chess_core.WHITE) == chess_core.SquareSet([chess_core.A1, chess_core.H1])
    assert board.piece_map()[chess_core.C3] == Piece.from_symbol("N")
    assert board.has_kingside_castling_rights(chess_core.WHITE)
    assert not board.has_castling_rights(chess_core.BLACK)
    from_e1 = sorted(m.uci() for m in board.generate_legal_moves(chess_core.BB_SQUARES[chess_core.E1]))
    assert from_e1 == ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"]
    assert board.is_kingside_castling(Move.from_uci("e1g1"))
    assert board.is_queenside_castling(Move.from_uci("e1c1"))
    assert board.is_valid() and board.status() == chess_core.Status.VALID
    promotion = Board("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    assert promotion.find_move(chess_core.E7, chess_core.E8) == Move.from_uci("e7e8q")
    assert promotion.find_move(chess_core.E7, chess_core.E8, chess_core.KNIGHT) == Move.from_uci("e7e8n")
    with pytest.raises(chess_core.IllegalMoveError, match="no matching legal move for e7e6"):
        promotion.find_move(chess_core.E7, chess_core.E6)
    assert promotion.san_and_push(Move.from_uci("e7e8q")) == "e8=Q"


def test_variation_san_and_root() -> None:
    board = Board()
    line = [Move.from_uci(uci) for uci in ["e2e4", "e7e5", "g1f3"]]
    assert board.variation_san(line) == "1. e4 e5 2. Nf3"
    board.push(line[0])
    assert board.variation_san(line[1:]) == "1...e5 2. Nf3"
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    with pytest.raises(chess_core.IllegalMoveError):
        board.variation_san([Move.from_uci("e2e4")])
    assert board.root().fen() == chess_core.STARTING_FEN and board.root().move_stack == []


def test_copy_stack_count_and_epd() -> None:
    board = Board()
    for san in ["e4", "e5", "Nf3"]:
        board.push_san(san)
    assert board.copy(stack=1).move_stack == [Move.from_uci("g1f3")]
    assert board.copy(stack=False).move_stack == [] and len(board.copy().move_stack) == 3
    assert board.copy(stack=1).root().fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    with pytest.raises(ValueError):
        board.copy(stack=-1)
    assert board.epd() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -"
    assert chess_core.Termination.ABORTED.value == 18 and chess_core.Termination.VARIANT_DRAW.value == 10


def test_extreme_clocks_do_not_overflow() -> None:
    board = Board("4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295")
    assert board.ply() == 2 * (2**32 - 2) + 1
    board.push_san("Kd7")
    assert board.fen() == "8/3k4/8/8/8/8/8/4K3 w - - 4294967295 4294967295"
    with pytest.raises(ValueError, match="halfmove-clock"):
        Board("4k3/8/8/8/8/8/8/4K3 w - - -1 1")


def test_garbage_text_raises_value_errors_only() -> None:
    """Seeded random text into every parser: a ValueError subclass or a result, never a panic
    (pyo3's PanicException is not an Exception, so it would fail this test)."""
    import random

    rng = random.Random(10)
    alphabet = "abcdefgh12345678KQRBNPkqrbnp-=+#x/ O0w" + "\x00\u00e9\u265a\udcff"
    board = Board(KIWIPETE)
    fen_parts = KIWIPETE.split(" ")
    for _ in range(3_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        for call in (
            board.parse_san,
            board.parse_uci,
            Move.from_uci,
            chess_core.parse_square,
            Piece.from_symbol,
            lambda t: Board(t),
            lambda t: Board(" ".join(fen_parts[:1] + [t] + fen_parts[2:])),
            lambda t: Board(" ".join(fen_parts[:2] + [t] + fen_parts[3:])),
            lambda t: Board(" ".join(fen_parts[:3] + [t] + fen_parts[4:]), chess960=True),
        ):
            try:
                call(text)
            except ValueError:
                pass
    assert board.fen() == KIWIPETE
