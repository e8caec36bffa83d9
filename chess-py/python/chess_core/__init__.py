"""python-chess-compatible chess rules backed by the Rust crate chess-core.

Squares (0-63) and piece types (1-6) are plain ints, colours plain bools (``WHITE = True``),
bitboards plain ints, as in python-chess::

    import chess_core as chess

    board = chess.Board()
    board.push_san("e4")
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Iterable, Iterator, List, Optional, Union

from ._chess_core import (
    STARTING_FEN,
    AmbiguousMoveError,
    Board,
    EventNotAllowedError,
    IllegalMoveError,
    IllegalMoveReason,
    InvalidFenError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidSaveError,
    LegalMoveGenerator,
    PseudoLegalMoveGenerator,
    Move,
    Piece,
    _rules_preset,
    parse_square,
    square_name,
)
from . import polyglot

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES: List[str] = ["black", "white"]

PieceType = int
PAWN: PieceType = 1
KNIGHT: PieceType = 2
BISHOP: PieceType = 3
ROOK: PieceType = 4
QUEEN: PieceType = 5
KING: PieceType = 6
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: List[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES: List[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

Square = int
FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: List[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARE_NAMES: List[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]
SQUARES: List[Square] = list(range(64))
# fmt: off
A1, B1, C1, D1, E1, F1, G1, H1 = 0, 1, 2, 3, 4, 5, 6, 7
A2, B2, C2, D2, E2, F2, G2, H2 = 8, 9, 10, 11, 12, 13, 14, 15
A3, B3, C3, D3, E3, F3, G3, H3 = 16, 17, 18, 19, 20, 21, 22, 23
A4, B4, C4, D4, E4, F4, G4, H4 = 24, 25, 26, 27, 28, 29, 30, 31
A5, B5, C5, D5, E5, F5, G5, H5 = 32, 33, 34, 35, 36, 37, 38, 39
A6, B6, C6, D6, E6, F6, G6, H6 = 40, 41, 42, 43, 44, 45, 46, 47
A7, B7, C7, D7, E7, F7, G7, H7 = 48, 49, 50, 51, 52, 53, 54, 55
A8, B8, C8, D8, E8, F8, G8, H8 = 56, 57, 58, 59, 60, 61, 62, 63
# fmt: on

STARTING_BOARD_FEN: str = STARTING_FEN.split(" ")[0]

Bitboard = int
BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard] = [1 << s for s in SQUARES]
BB_FILES: List[Bitboard] = [0x0101_0101_0101_0101 << f for f in range(8)]
BB_RANKS: List[Bitboard] = [0xFF << (8 * r) for r in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55
BB_CENTER: Bitboard = BB_SQUARES[D4] | BB_SQUARES[E4] | BB_SQUARES[D5] | BB_SQUARES[E5]


def square(file_index: int, rank_index: int) -> Square:
    """The square at a file (0-7) and rank (0-7)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file (0-7) of a square."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank (0-7) of a square."""
    return square >> 3


def square_distance(a: Square, b: Square) -> int:
    """The king-move distance between two squares."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_mirror(square: Square) -> Square:
    """The square mirrored vertically (a1 <-> a8)."""
    return square ^ 0x38


def piece_symbol(piece_type: PieceType) -> str:
    """The lower-case letter of a piece type; ``ValueError`` for anything but 1 to 6."""
    return PIECE_SYMBOLS[_piece_type(piece_type)]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """The English name of a piece type; ``ValueError`` for anything but 1 to 6."""
    return PIECE_NAMES[_piece_type(piece_type)]  # type: ignore[return-value]


def _piece_type(piece_type: PieceType) -> int:
    """A piece type checked to be 1 (pawn) to 6 (king); python-chess would return ``None``
    for 0 and raise ``IndexError`` past 6."""
    if type(piece_type) is not int or not PAWN <= piece_type <= KING:
        raise ValueError(f"invalid piece type: {piece_type!r} (PAWN=1 ... KING=6)")
    return piece_type


class SquareSet:
    """A set of squares backed by a bitboard, as python-chess's ``SquareSet``."""

    __slots__ = ("mask",)

    def __init__(self, squares: Union[int, Iterable[int]] = BB_EMPTY) -> None:
        if isinstance(squares, int):
            self.mask: int = squares & BB_ALL
        else:
            self.mask = 0
            for square in squares:
                self.mask |= BB_SQUARES[square]

    def __iter__(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, square: object) -> bool:
        return isinstance(square, int) and 0 <= square < 64 and bool(self.mask >> square & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (int, SquareSet)):
            return self.mask == int(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __and__(self, other: Union[int, Iterable[int]]) -> SquareSet:
        return SquareSet(self.mask & SquareSet(other).mask)

    def __or__(self, other: Union[int, Iterable[int]]) -> SquareSet:
        return SquareSet(self.mask | SquareSet(other).mask)

    def __xor__(self, other: Union[int, Iterable[int]]) -> SquareSet:
        return SquareSet(self.mask ^ SquareSet(other).mask)

    def __sub__(self, other: Union[int, Iterable[int]]) -> SquareSet:
        return SquareSet(self.mask & ~SquareSet(other).mask)

    def __invert__(self) -> SquareSet:
        return SquareSet(~self.mask & BB_ALL)

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * 8 + file) & 1 else "." for file in range(8)))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"


class Status(enum.IntFlag):
    """python-chess's position status flags; chess_core boards are always ``VALID``."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


class Termination(enum.Enum):
    """Why a game ended; python-chess's members and values.

    chess-core (and the C library's ``CHESS_TERMINATION_*``) number the reasons otherwise;
    a ``Board`` maps them to these values:

    ========================  ==================  ============
    chess-core's Termination  its code (and C's)  this value
    ========================  ==================  ============
    Checkmate                 1                   1 CHECKMATE
    Stalemate                 2                   2 STALEMATE
    InsufficientMaterial      3                   3 INSUFFICIENT_MATERIAL
    FiftyMoves                4                   6 FIFTY_MOVES
    SeventyFiveMoves          5                   4 SEVENTYFIVE_MOVES
    ThreefoldRepetition       6                   7 THREEFOLD_REPETITION
    FivefoldRepetition        7                   5 FIVEFOLD_REPETITION
    NoProgress                8                   11 NO_PROGRESS
    PerpetualCheck            9                   12 PERPETUAL_CHECK
    CheckLimit                10                  13 CHECK_LIMIT
    Resignation               11                  14 RESIGNATION
    DrawAgreement             12                  15 DRAW_AGREEMENT
    Timeout                   13                  16 TIMEOUT
    Forfeit                   14                  17 FORFEIT
    Aborted                   15                  18 ABORTED
    ========================  ==================  ============

    ``VARIANT_WIN``, ``VARIANT_LOSS`` and ``VARIANT_DRAW`` (8 to 10) are python-chess's only.
    """

    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7
    VARIANT_WIN = 8
    VARIANT_LOSS = 9
    VARIANT_DRAW = 10
    # The game layer's reasons (chess-core's Termination); a Board never reports these.
    NO_PROGRESS = 11
    PERPETUAL_CHECK = 12
    CHECK_LIMIT = 13
    RESIGNATION = 14
    DRAW_AGREEMENT = 15
    TIMEOUT = 16
    FORFEIT = 17
    ABORTED = 18


_FIDE = _rules_preset("fide")


@dataclasses.dataclass(frozen=True)
class Rules:
    """The rules a ``Board`` judges its game by: chess-core's ``Rules``, field for field.

    ``None`` switches a rule off. Plies count half-moves; "moves" count a player's own moves.
    The defaults are FIDE's; ``Rules.casual()`` gives the casual site's, and
    ``dataclasses.replace(Rules.casual(), check_limit=20)`` a house variant::

        board = chess_core.Board(rules="casual")  # or rules=Rules.casual()
    """

    fifty_move_plies: Optional[int] = _FIDE["fifty_move_plies"]
    seventy_five_move_plies: Optional[int] = _FIDE["seventy_five_move_plies"]
    no_progress_plies: Optional[int] = _FIDE["no_progress_plies"]
    no_progress_plies_kbn_v_k: Optional[int] = _FIDE["no_progress_plies_kbn_v_k"]
    repetitions_to_claim: Optional[int] = _FIDE["repetitions_to_claim"]
    repetitions_to_draw: Optional[int] = _FIDE["repetitions_to_draw"]
    perpetual_checks: Optional[int] = _FIDE["perpetual_checks"]
    check_limit: Optional[int] = _FIDE["check_limit"]
    extended_insufficient_material: bool = _FIDE["extended_insufficient_material"]
    resign_after_moves: int = _FIDE["resign_after_moves"]
    draw_offer_after_moves: int = _FIDE["draw_offer_after_moves"]
    draw_offers_per_player: Optional[int] = _FIDE["draw_offers_per_player"]
    timeout_void_moves: Optional[int] = _FIDE["timeout_void_moves"]
    timeout_draw_if_opponent_cannot_mate: bool = _FIDE["timeout_draw_if_opponent_cannot_mate"]

    @classmethod
    def fide(cls) -> Rules:
        """The FIDE Laws of Chess (the default)."""
        return cls(**_rules_preset("fide"))

    @classmethod
    def casual(cls) -> Rules:
        """The casual site's rules: 60 plies without progress, threefold repetition, 10
        consecutive checks and 30 checks in all draw; resigning and offering draws only after
        15 moves, 3 offers a game; a timeout within 5 moves voids the game."""
        return cls(**_rules_preset("casual"))


@dataclasses.dataclass
class Outcome:
    """How a game ended: the termination and the winner (``None`` for a draw)."""

    termination: Termination
    winner: Optional[Color]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


__all__ = [
    "STARTING_FEN", "STARTING_BOARD_FEN", "AmbiguousMoveError", "IllegalMoveError",
    "EventNotAllowedError", "IllegalMoveReason", "Rules",
    "InvalidFenError", "InvalidMoveError", "InvalidPositionError", "InvalidSaveError", "Board",
    "LegalMoveGenerator",
    "PseudoLegalMoveGenerator", "Move", "SquareSet", "Status",
    "Piece", "Outcome", "Termination", "polyglot", "Color", "WHITE", "BLACK", "COLORS",
    "COLOR_NAMES", "PieceType", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING",
    "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES", "Square", "FILE_NAMES", "RANK_NAMES",
    "SQUARE_NAMES", "SQUARES", "Bitboard", "BB_EMPTY", "BB_ALL", "BB_SQUARES", "BB_FILES",
    "BB_RANKS", "BB_FILE_A", "BB_FILE_B", "BB_FILE_C", "BB_FILE_D", "BB_FILE_E", "BB_FILE_F",
    "BB_FILE_G", "BB_FILE_H", "BB_RANK_1", "BB_RANK_2", "BB_RANK_3", "BB_RANK_4", "BB_RANK_5",
    "BB_RANK_6", "BB_RANK_7", "BB_RANK_8", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES", "BB_CENTER",
    "square", "square_file", "square_rank", "square_name", "parse_square", "square_distance",
    "square_mirror", "piece_symbol", "piece_name", "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1",
    "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "A3", "B3", "C3", "D3", "E3", "F3", "G3",
    "H3", "A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4", "A5", "B5", "C5", "D5", "E5", "F5",
    "G5", "H5", "A6", "B6", "C6", "D6", "E6", "F6", "G6", "H6", "A7", "B7", "C7", "D7", "E7",
    "F7", "G7", "H7", "A8", "B8", "C8", "D8", "E8", "F8", "G8", "H8",
]

# Jupyter shows a Board as its picture (chess_core.svg).
from . import svg as _svg  # noqa: E402

Board._repr_svg_ = _svg._repr_svg_  # type: ignore[attr-defined]
