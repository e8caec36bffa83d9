"""Bitboards and SquareSet against python-chess (installed as ``chess``), the reference: every
bitboard function on random bitboards and squares, SquareSet operations on random sets, the
precomputed tables, and ``Board.transform``."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from typing import Any, Callable, List, Tuple

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chess_core

BITBOARDS = st.one_of(
    st.integers(0, 2**64 - 1),
    st.sampled_from([0, 2**64 - 1, chess.BB_CORNERS, chess.BB_BACKRANKS, chess.BB_FILE_A, chess.BB_FILE_H]),
    st.integers(0, 63).map(lambda square: 1 << square),
)
SQUARES = st.integers(0, 63)

FLIPS = ["flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal"]
SHIFTS = [name for name in dir(chess) if name.startswith("shift_")]
BIT_FUNCTIONS = FLIPS + SHIFTS + ["popcount", "lsb", "msb"]


def test_every_bitboard_name_of_python_chess_is_there() -> None:
    wanted = [
        name
        for name in dir(chess)
        if name.startswith(("BB_", "STATUS_", "flip_", "shift_", "scan_", "square_"))
        or name in ("popcount", "lsb", "msb", "ray", "between", "SQUARES_180", "UNICODE_PIECE_SYMBOLS",
                    "IntoSquareSet", "SAN_REGEX", "FEN_CASTLING_REGEX", "SquareSet")
    ]
    assert len(wanted) > 130
    assert [name for name in wanted if not hasattr(chess_core, name)] == []
    assert set(wanted) <= set(dir(chess_core)), "dir() lists the tables made on first use"


def test_constants_and_tables_equal_python_chess() -> None:
    for name in dir(chess):
        if name.startswith("BB_") or name in ("SQUARES_180", "UNICODE_PIECE_SYMBOLS"):
            assert getattr(chess_core, name) == getattr(chess, name), name
        if name.startswith("STATUS_"):
            assert int(getattr(chess_core, name)) == int(getattr(chess, name)), name
    assert chess_core.SAN_REGEX.pattern == chess.SAN_REGEX.pattern
    assert chess_core.FEN_CASTLING_REGEX.pattern == chess.FEN_CASTLING_REGEX.pattern


def test_tables_are_made_on_first_use() -> None:
    code = (
        "import chess_core\n"
        "assert 'BB_DIAG_ATTACKS' not in vars(chess_core) and 'BB_RAYS' not in vars(chess_core)\n"
        "assert len(chess_core.BB_DIAG_ATTACKS) == 64 and 'BB_DIAG_ATTACKS' in vars(chess_core)\n"
        "assert chess_core.BB_DIAG_ATTACKS is chess_core.BB_DIAG_ATTACKS\n"
        "try:\n"
        "    chess_core.BB_NOTHING\n"
        "except AttributeError:\n"
        "    pass\n"
        "else:\n"
        "    raise SystemExit('no AttributeError')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@settings(max_examples=300, deadline=None)
@given(bb=BITBOARDS)
def test_bit_functions_equal_python_chess(bb: int) -> None:
    for name in BIT_FUNCTIONS:
        assert getattr(chess_core, name)(bb) == getattr(chess, name)(bb), name
    assert list(chess_core.scan_forward(bb)) == list(chess.scan_forward(bb))
    assert list(chess_core.scan_reversed(bb)) == list(chess.scan_reversed(bb))


@settings(max_examples=100, deadline=None)
@given(bb=BITBOARDS)
def test_flips_and_shifts_of_a_square_set_give_a_square_set(bb: int) -> None:
    for name in FLIPS + SHIFTS:
        ours, theirs = getattr(chess_core, name)(chess_core.SquareSet(bb)), getattr(chess, name)(chess.SquareSet(bb))
        assert type(ours) is chess_core.SquareSet and type(theirs) is chess.SquareSet
        assert ours.mask == theirs.mask, name


def test_square_functions_equal_python_chess_on_every_pair() -> None:
    for a in chess.SQUARES:
        assert chess_core.square_mirror(a) == chess.square_mirror(a)
        for b in chess.SQUARES:
            for name in ("ray", "between", "square_distance", "square_manhattan_distance", "square_knight_distance"):
                assert getattr(chess_core, name)(a, b) == getattr(chess, name)(a, b), (name, a, b)


@pytest.mark.parametrize("name", ["ray", "between", "square_distance", "square_knight_distance", "square_mirror"])
def test_square_functions_refuse_what_is_not_a_square(name: str) -> None:
    function = getattr(chess_core, name)
    args = (64,) if name == "square_mirror" else (0, 64)
    with pytest.raises(IndexError):
        function(*args)


@pytest.mark.parametrize("name", FLIPS + SHIFTS + ["lsb", "scan_forward"])
def test_bit_functions_refuse_what_is_not_64_bits(name: str) -> None:
    with pytest.raises(OverflowError):
        getattr(chess_core, name)(-1)
    with pytest.raises(OverflowError):
        getattr(chess_core, name)(2**64)
    with pytest.raises(TypeError):
        getattr(chess_core, name)("1")


@pytest.mark.parametrize("bb", [-5, 2**70, 0])
def test_popcount_and_msb_take_any_int_as_python_chess(bb: int) -> None:
    assert chess_core.popcount(bb) == chess.popcount(bb) and chess_core.msb(bb) == chess.msb(bb)
    with pytest.raises(TypeError):
        chess_core.msb("1")  # type: ignore[arg-type]


# SquareSet operations: (name, argument kind); each is applied to a chess.SquareSet and a
# chess_core.SquareSet of the same mask, and the results and the sets after must agree.
OPERATIONS: List[Tuple[str, str]] = [
    ("add", "square"), ("discard", "square"), ("remove", "square"), ("pop", ""), ("clear", ""),
    ("__contains__", "square"), ("__len__", ""), ("__bool__", ""), ("__int__", ""), ("__index__", ""),
    ("isdisjoint", "set"), ("issubset", "set"), ("issuperset", "set"), ("union", "set"),
    ("intersection", "set"), ("difference", "set"), ("symmetric_difference", "set"), ("__or__", "set"),
    ("__and__", "set"), ("__sub__", "set"), ("__xor__", "set"), ("__invert__", ""), ("__lshift__", "shift"),
    ("__rshift__", "shift"), ("__ior__", "set"), ("__iand__", "set"), ("__isub__", "set"), ("__ixor__", "set"),
    ("__ilshift__", "shift"), ("__irshift__", "shift"), ("update", "sets"), ("intersection_update", "sets"),
    ("difference_update", "set"), ("symmetric_difference_update", "set"), ("copy", ""), ("mirror", ""),
    ("tolist", ""), ("__iter__", ""), ("__reversed__", ""), ("__str__", ""), ("__repr__", ""), ("__eq__", "set"),
    ("__ne__", "set"), ("carry_rippler", "small"),
]


@st.composite
def arguments(draw: st.DrawFn, kind: str) -> Any:
    """An argument of `kind` for an operation: the same value serves both libraries (an int
    bitboard, a list of squares, or a SquareSet converted per library by `convert`)."""
    if kind == "square":
        return draw(SQUARES)
    if kind == "shift":
        return draw(st.integers(0, 70))
    if kind == "set":
        return draw(st.one_of(BITBOARDS, st.lists(SQUARES, max_size=8), BITBOARDS.map(lambda bb: ("set", bb))))
    if kind == "sets":
        return draw(st.lists(arguments("set"), max_size=3))
    return None


def convert(module: Any, value: Any) -> Any:
    """A ("set", mask) argument as the module's SquareSet."""
    if isinstance(value, tuple):
        return module.SquareSet(value[1])
    if isinstance(value, list) and value and isinstance(value[0], (tuple, list)):
        return [convert(module, item) for item in value]
    return value


def outcome(module: Any, mask: int, name: str, argument: Any, kind: str) -> Tuple[Any, int]:
    """What the operation returns (a SquareSet as its mask, an iterator as a list, an exception
    as its type) and the mask of the set after it."""
    squares = module.SquareSet(mask)
    method = getattr(squares, name)
    try:
        if kind == "":
            result = method()
        elif kind == "sets":
            result = method(*convert(module, argument))
        else:
            result = method(convert(module, argument))
    except Exception as error:  # noqa: BLE001 - the exception type is what is compared
        return type(error).__name__, squares.mask
    if isinstance(result, module.SquareSet):
        result = ("SquareSet", result.mask, result is squares)
    elif hasattr(result, "__next__"):
        result = list(result)
    return result, squares.mask


@settings(max_examples=1500, deadline=None)
@given(data=st.data())
def test_square_set_operations_equal_python_chess(data: st.DataObject) -> None:
    name, kind = data.draw(st.sampled_from(OPERATIONS), label="operation")
    # carry_rippler lists every subset: only of small sets.
    mask = data.draw(st.integers(0, 0xFFFF) if kind == "small" else BITBOARDS, label="mask")
    argument = data.draw(arguments(kind), label="argument")
    assert outcome(chess_core, mask, name, argument, kind) == outcome(chess, mask, name, argument, kind)


@settings(max_examples=200, deadline=None)
@given(squares=st.one_of(st.lists(SQUARES, max_size=10), st.integers(-(2**70), 2**70)))
def test_square_set_construction_equals_python_chess(squares: Any) -> None:
    assert chess_core.SquareSet(squares).mask == chess.SquareSet(squares).mask
    assert chess_core.SquareSet(chess_core.SquareSet(squares)).mask == chess.SquareSet(squares).mask


def test_square_set_class_methods_and_conversions() -> None:
    for a in chess.SQUARES:
        assert chess_core.SquareSet.from_square(a).mask == chess.SquareSet.from_square(a).mask
        for b in (0, 9, 27, 36, 63, 7, 56):
            assert chess_core.SquareSet.ray(a, b).mask == chess.SquareSet.ray(a, b).mask
            assert chess_core.SquareSet.between(a, b).mask == chess.SquareSet.between(a, b).mask

    class Marked(chess_core.SquareSet):
        pass

    assert type(Marked.from_square(chess_core.E4)) is Marked and type(Marked.ray(0, 63)) is Marked
    assert int(Marked(chess_core.BB_ALL)) == chess_core.BB_ALL
    assert hex(chess_core.SquareSet(chess_core.BB_CENTER)) == "0x1818000000"
    assert chess_core.SquareSet(1.9) == 1  # what __int__ gives, as python-chess
    assert chess_core.SquareSet(True) == chess_core.BB_A1


def test_square_set_equality_hash_copy_and_pickle() -> None:
    squares = chess_core.SquareSet([chess_core.A1, chess_core.H8])
    assert squares == chess_core.BB_A1 | chess_core.BB_H8 == squares
    assert squares == [chess_core.H8, chess_core.A1] and squares != [chess_core.A1]
    assert squares != None and squares != "a1" and squares != object()  # noqa: E711
    with pytest.raises(TypeError):
        hash(squares)
    for clone in (copy.copy(squares), copy.deepcopy(squares), pickle.loads(pickle.dumps(squares)), squares.copy()):
        assert clone == squares and clone is not squares
        clone.add(chess_core.E4)
        assert chess_core.E4 not in squares
    assert squares.__eq__(object()) is NotImplemented
    # A set is the same object after an in-place operator, also with itself as the argument.
    same = squares
    same |= same
    same ^= same
    assert same is squares and not squares


def test_square_set_contains_answers_false_for_what_is_not_a_square() -> None:
    squares = chess_core.SquareSet(chess_core.BB_ALL)
    assert chess_core.H8 in squares and 64 not in squares and -1 not in squares and "e4" not in squares


def test_square_set_errors() -> None:
    squares = chess_core.SquareSet()
    with pytest.raises(IndexError):
        squares.add(64)
    with pytest.raises(IndexError):
        chess_core.SquareSet([0, 64])
    with pytest.raises(TypeError):
        chess_core.SquareSet(["e4"])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        squares << -1
    with pytest.raises(TypeError):
        squares << 1.5  # type: ignore[operator]
    with pytest.raises(OverflowError):
        squares.mask = -1
    assert squares << 2**100 == 0 and squares >> 2**100 == 0 and chess_core.SquareSet(1) << 64 == 0


def test_square_set_picture() -> None:
    svg = chess_core.SquareSet(chess_core.BB_CENTER)._repr_svg_()  # type: ignore[attr-defined]
    assert svg.startswith("<svg") and 'width="390"' in svg


BOARDS = [
    chess.STARTING_FEN,
    "r3k2r/pp3ppp/8/2pPp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 9",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
]
TRANSFORMS: List[Callable[[Any], Any]] = [
    lambda bb: bb,
    lambda bb: 0,
    lambda bb: bb & 0xFFFF,
]


@pytest.mark.parametrize("fen", BOARDS)
@pytest.mark.parametrize("name", FLIPS + SHIFTS + ["identity", "nothing", "two ranks"])
def test_board_transform_equals_python_chess(fen: str, name: str) -> None:
    extra = {"identity": TRANSFORMS[0], "nothing": TRANSFORMS[1], "two ranks": TRANSFORMS[2]}
    ours_f = extra.get(name) or getattr(chess_core, name)
    theirs_f = extra.get(name) or getattr(chess, name)
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    first = min(move.uci() for move in theirs.legal_moves)
    ours.push_uci(first)
    theirs.push_uci(first)
    ours_copy, theirs_copy = ours.transform(ours_f), theirs.transform(theirs_f)
    assert ours_copy.board_fen() == theirs_copy.board_fen()
    assert ours_copy.castling_rights == theirs_copy.castling_rights
    assert (ours_copy.turn, ours_copy.move_stack, len(ours.move_stack)) == (theirs_copy.turn, [], 1)
    ours.apply_transform(ours_f)
    theirs.apply_transform(theirs_f)
    assert ours.board_fen() == theirs.board_fen() and ours.move_stack == []
    if theirs.ep_square is not None and theirs.ep_square >= 0:
        assert ours.ep_square == theirs.ep_square


def test_board_transform_passes_on_the_error_of_its_function() -> None:
    board = chess_core.Board()
    board.push_san("e4")

    def broken(bb: int) -> int:
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        board.apply_transform(broken)
    with pytest.raises(TypeError):
        board.transform(lambda bb: "not a bitboard")  # type: ignore[arg-type, return-value]
    with pytest.raises(OverflowError):
        board.transform(lambda bb: -1)
    assert board.move_stack and board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
