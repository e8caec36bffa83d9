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
import re
from typing import TYPE_CHECKING, Callable, Dict, Iterable, List, Optional, SupportsInt, Union

from ._chess_core import (
    STARTING_FEN,
    AmbiguousMoveError,
    BaseBoard,
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
    SquareSet,
    _bitboard_table,
    _rules_preset,
    between,
    flip_anti_diagonal,
    flip_diagonal,
    flip_horizontal,
    flip_vertical,
    lsb,
    parse_square,
    popcount as _popcount,
    ray,
    scan_forward,
    scan_reversed,
    shift_2_down,
    shift_2_left,
    shift_2_right,
    shift_2_up,
    shift_down,
    shift_down_left,
    shift_down_right,
    shift_left,
    shift_right,
    shift_up,
    shift_up_left,
    shift_up_right,
    square_distance,
    square_knight_distance,
    square_manhattan_distance,
    square_mirror,
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
UNICODE_PIECE_SYMBOLS: Dict[str, str] = {
    piece.symbol(): piece.unicode_symbol() for piece in (Piece(t, c) for c in COLORS for t in PIECE_TYPES)
}

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
SQUARES_180: List[Square] = [square_mirror(s) for s in SQUARES]

STARTING_BOARD_FEN: str = STARTING_FEN.split(" ")[0]

Bitboard = int
BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard] = [1 << s for s in SQUARES]
# fmt: off
BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1 = BB_SQUARES[0:8]
BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2 = BB_SQUARES[8:16]
BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3 = BB_SQUARES[16:24]
BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4 = BB_SQUARES[24:32]
BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5 = BB_SQUARES[32:40]
BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6 = BB_SQUARES[40:48]
BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7 = BB_SQUARES[48:56]
BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8 = BB_SQUARES[56:64]
# fmt: on
BB_FILES: List[Bitboard] = [0x0101_0101_0101_0101 << f for f in range(8)]
BB_RANKS: List[Bitboard] = [0xFF << (8 * r) for r in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5
BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8

# The number of squares (python-chess's; Python's own int.bit_count is three times faster than a
# call into the native module, which only Python 3.9 needs).
popcount: Callable[[Bitboard], int] = getattr(int, "bit_count", _popcount)


def msb(bb: Bitboard) -> int:
    """The highest square of a bitboard, -1 for an empty one (Python's bit_length is faster
    than a call into the native module)."""
    return int.bit_length(bb) - 1


# python-chess's precomputed attack tables, made from chess-core's attacks when first read
# (module __getattr__) so that importing stays fast.
_TABLES = (
    "BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS", "BB_RAYS", "BB_DIAG_MASKS", "BB_FILE_MASKS",
    "BB_RANK_MASKS", "BB_DIAG_ATTACKS", "BB_FILE_ATTACKS", "BB_RANK_ATTACKS",
)
if TYPE_CHECKING:
    BB_KNIGHT_ATTACKS: List[Bitboard]
    BB_KING_ATTACKS: List[Bitboard]
    BB_PAWN_ATTACKS: List[List[Bitboard]]
    BB_RAYS: List[List[Bitboard]]
    BB_DIAG_MASKS: List[Bitboard]
    BB_FILE_MASKS: List[Bitboard]
    BB_RANK_MASKS: List[Bitboard]
    BB_DIAG_ATTACKS: List[Dict[Bitboard, Bitboard]]
    BB_FILE_ATTACKS: List[Dict[Bitboard, Bitboard]]
    BB_RANK_ATTACKS: List[Dict[Bitboard, Bitboard]]
else:

    def __getattr__(name: str) -> object:
        if name in _TABLES:
            table = globals()[name] = _bitboard_table(name)
            return table
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> List[str]:
        return sorted(set(globals()) | set(_TABLES))


IntoSquareSet = Union[SupportsInt, Iterable[Square]]

# python-chess's patterns of a SAN move (groups: piece, from file, from rank, to square,
# promotion) and of a FEN's castling field.
SAN_REGEX = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")


def square(file_index: int, rank_index: int) -> Square:
    """The square at a file (0-7) and rank (0-7)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file (0-7) of a square."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank (0-7) of a square."""
    return square >> 3


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


class Status(enum.IntFlag):
    """python-chess's position status flags (``Board.status()``): chess-core's ``Problems``
    of the setup, named as python-chess names them."""

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


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK


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
    "InvalidFenError", "InvalidMoveError", "InvalidPositionError", "InvalidSaveError", "BaseBoard", "Board",
    "LegalMoveGenerator",
    "PseudoLegalMoveGenerator", "Move", "SquareSet", "Status", "STATUS_VALID", "STATUS_NO_WHITE_KING",
    "STATUS_NO_BLACK_KING", "STATUS_TOO_MANY_KINGS", "STATUS_TOO_MANY_WHITE_PAWNS",
    "STATUS_TOO_MANY_BLACK_PAWNS", "STATUS_PAWNS_ON_BACKRANK", "STATUS_TOO_MANY_WHITE_PIECES",
    "STATUS_TOO_MANY_BLACK_PIECES", "STATUS_BAD_CASTLING_RIGHTS", "STATUS_INVALID_EP_SQUARE",
    "STATUS_OPPOSITE_CHECK", "STATUS_EMPTY", "STATUS_RACE_CHECK", "STATUS_RACE_OVER",
    "STATUS_RACE_MATERIAL", "STATUS_TOO_MANY_CHECKERS", "STATUS_IMPOSSIBLE_CHECK",
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
    "UNICODE_PIECE_SYMBOLS", "SQUARES_180", "square_manhattan_distance", "square_knight_distance",
    "BB_CORNERS", "BB_BACKRANKS", "IntoSquareSet", "SAN_REGEX", "FEN_CASTLING_REGEX",
    "lsb", "msb", "popcount", "scan_forward", "scan_reversed", "ray", "between",
    "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
    "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right", "shift_left",
    "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left", "shift_down_right",
    "BB_A1", "BB_B1", "BB_C1", "BB_D1", "BB_E1", "BB_F1", "BB_G1", "BB_H1", "BB_A2", "BB_B2", "BB_C2",
    "BB_D2", "BB_E2", "BB_F2", "BB_G2", "BB_H2", "BB_A3", "BB_B3", "BB_C3", "BB_D3", "BB_E3", "BB_F3",
    "BB_G3", "BB_H3", "BB_A4", "BB_B4", "BB_C4", "BB_D4", "BB_E4", "BB_F4", "BB_G4", "BB_H4", "BB_A5",
    "BB_B5", "BB_C5", "BB_D5", "BB_E5", "BB_F5", "BB_G5", "BB_H5", "BB_A6", "BB_B6", "BB_C6", "BB_D6",
    "BB_E6", "BB_F6", "BB_G6", "BB_H6", "BB_A7", "BB_B7", "BB_C7", "BB_D7", "BB_E7", "BB_F7", "BB_G7",
    "BB_H7", "BB_A8", "BB_B8", "BB_C8", "BB_D8", "BB_E8", "BB_F8", "BB_G8", "BB_H8", "BB_KNIGHT_ATTACKS",
    "BB_KING_ATTACKS", "BB_PAWN_ATTACKS", "BB_RAYS", "BB_DIAG_MASKS", "BB_FILE_MASKS", "BB_RANK_MASKS",
    "BB_DIAG_ATTACKS", "BB_FILE_ATTACKS", "BB_RANK_ATTACKS", "STATUS_VALID", "STATUS_NO_WHITE_KING",
    "STATUS_NO_BLACK_KING", "STATUS_TOO_MANY_KINGS", "STATUS_TOO_MANY_WHITE_PAWNS",
    "STATUS_TOO_MANY_BLACK_PAWNS", "STATUS_PAWNS_ON_BACKRANK", "STATUS_TOO_MANY_WHITE_PIECES",
    "STATUS_TOO_MANY_BLACK_PIECES", "STATUS_BAD_CASTLING_RIGHTS", "STATUS_INVALID_EP_SQUARE",
    "STATUS_OPPOSITE_CHECK", "STATUS_EMPTY", "STATUS_RACE_CHECK", "STATUS_RACE_OVER", "STATUS_RACE_MATERIAL",
    "STATUS_TOO_MANY_CHECKERS", "STATUS_IMPOSSIBLE_CHECK",
]

# Jupyter shows boards, pieces and square sets as their pictures (chess_core.svg).
from . import svg as _svg  # noqa: E402

BaseBoard._repr_svg_ = _svg._repr_svg_  # type: ignore[attr-defined]  # and Board, its subclass


def _piece_svg(self: Piece) -> str:
    return _svg.piece(self, size=45)


def _square_set_svg(self: SquareSet) -> str:
    return _svg.board(squares=self, size=390)


Piece._repr_svg_ = _piece_svg  # type: ignore[attr-defined]
SquareSet._repr_svg_ = _square_set_svg  # type: ignore[attr-defined]
