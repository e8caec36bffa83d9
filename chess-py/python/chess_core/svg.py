"""Pictures of boards and pieces as SVG, with python-chess's ``chess.svg`` API (our own drawing).

::

    import chess_core, chess_core.svg

    board = chess_core.Board()
    board.push_san("e4")
    text = chess_core.svg.board(
        board,
        lastmove=board.peek(),
        arrows=[chess_core.svg.Arrow(chess_core.G1, chess_core.F3, color="blue")],
        size=360,
    )

The pieces are the set of the web page (``examples/web/static/pieces.svg``). In Jupyter every
board shows as this picture (``_repr_svg_``: a ``Board`` with its last move and a check
marked), and so do a ``Piece`` and a ``SquareSet``.

What the picture holds, for styling (``style=``) and for programs that read it: a ``<desc>``
with the board's text; in ``<defs>`` one ``<g id="white-pawn" class="white pawn">`` ... for each
kind of piece on the board; every square a ``<rect>`` with the classes ``square``,
``light``/``dark``, ``lastmove`` for the last move's squares, and its name (``e4``); a checked
king's square a ``<rect class="check">``; every piece a ``<use>`` of its kind with the classes
``piece``, its colour and its type, and ``data-square``; squares of ``squares`` a ``<use>`` of
``#xx``; an arrow a ``<line>`` and a ``<polygon>`` for its head (class ``arrow``), one pointing
to its own square a ``<circle class="circle">``, both drawn over the pieces; the coordinates
``<text class="coord">`` in a margin around the board.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union
from xml.sax.saxutils import escape, quoteattr

from ._chess_core import BaseBoard, Board, SquareSet

if TYPE_CHECKING:
    from ._chess_core import Move, Piece

SQUARE_SIZE = 45
MARGIN = 15

DEFAULT_COLORS: Dict[str, str] = {
    "square light": "#f0d9b5",
    "square dark": "#b58863",
    "square light lastmove": "#cdd26a",
    "square dark lastmove": "#aaa23a",
    "margin": "#212121",
    "coord": "#e5e5e5",
    "inner border": "#111111",
    "outer border": "#111111",
    "arrow green": "#15781bcc",
    "arrow red": "#882020cc",
    "arrow yellow": "#e68f00cc",
    "arrow blue": "#003088cc",
}

_FILES = "abcdefgh"
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_NAMES = {1: "pawn", 2: "knight", 3: "bishop", 4: "rook", 5: "queen", 6: "king"}

# The pieces of the web page's set on a 45x45 square: a base, then what tells each piece apart.
# chess-py/tests/test_svg.py checks that examples/web/static/pieces.svg draws the same shapes.
_BASE = '<path d="M11 38h23v-3l-3-3H14l-3 3z"/>'
_SHAPES = {
    "pawn": _BASE + '<path d="M16 32c1-5 4-8 4-11h5c0 3 3 6 4 11z"/><circle cx="22.5" cy="15.5" r="5"/>',
    "knight": _BASE + '<path d="M14 32c0-6 4-9 7-12-3 0-6 2-8 1l-1-3 8-8 3-3 1 3c6 1 10 7 9 22z"/>'
    '<circle cx="19" cy="14" r="1.2"/>',
    "bishop": _BASE + '<path d="M15 32c2-3 3-6 3-8-3-2-3-7 4.5-13 7.5 6 7.5 11 4.5 13 0 2 1 5 3 8z"/>'
    '<circle cx="22.5" cy="8" r="2.5"/><path d="M21 19l4-4"/>',
    "rook": _BASE + '<path d="M15 32l1-14h13l1 14z"/><path d="M12 18V10h4v3h4v-3h5v3h4v-3h4v8z"/>',
    "queen": _BASE + '<path d="M12 32l-3-19 7 8 2-11 4.5 10 4.5-10 2 11 7-8-3 19z"/>'
    '<circle cx="9" cy="12" r="2"/><circle cx="18" cy="9" r="2"/><circle cx="27" cy="9" r="2"/>'
    '<circle cx="36" cy="12" r="2"/>',
    "king": _BASE + '<path d="M12 32c-4-8 0-14 6-11l4.5 3 4.5-3c6-3 10 3 6 11z"/>'
    '<path d="M21 6h3v4h4v3h-4v8h-3v-8h-4v-3h4z"/>',
}
# Fill and outline of each colour, as in pieces.svg.
_INKS = {"white": ("#ffffff", "#1a1a1a"), "black": ("#1a1a1a", "#f2f2f2")}

# A square of ``squares``: a cross, with a light edge so that it shows on any square.
_XX = (
    '<g id="xx"><path d="M9 9L36 36M36 9L9 36" fill="none" stroke="#f2f2f2" stroke-width="6" '
    'stroke-linecap="round"/><path d="M9 9L36 36M36 9L9 36" fill="none" stroke="#882020" '
    'stroke-width="4" stroke-linecap="round"/></g>'
)
# The checked king's square: red at the centre fading out towards the edges.
_CHECK_GRADIENT = (
    '<radialGradient id="check_gradient" r="0.5"><stop offset="0%" stop-color="#ff2020" stop-opacity="1"/>'
    '<stop offset="60%" stop-color="#d00000" stop-opacity="0.8"/>'
    '<stop offset="100%" stop-color="#900000" stop-opacity="0"/></radialGradient>'
)

_ARROW_LETTERS = {"red": "R", "yellow": "Y", "blue": "B", "green": "G"}


class SvgWrapper(str):
    """An SVG document as a ``str`` that Jupyter shows as its picture (``_repr_svg_``,
    ``_repr_html_``), as python-chess's ``chess.svg.SvgWrapper``.

    >>> import chess_core, chess_core.svg
    >>> chess_core.svg.board(size=100)._repr_svg_().startswith("<svg")
    True
    """

    def _repr_svg_(self) -> str:
        return self

    def _repr_html_(self) -> str:
        return self


class Arrow(NamedTuple):
    """An arrow from ``tail`` to ``head`` (squares) to draw on a board, as python-chess's
    ``chess.svg.Arrow``; ``color`` is ``green``, ``red``, ``yellow``, ``blue`` (the board's
    ``arrow <color>`` colours) or any SVG colour. An arrow from a square to itself is a circle.

    >>> import chess_core, chess_core.svg
    >>> chess_core.svg.Arrow(chess_core.E2, chess_core.E4, color="red").pgn()
    'Re2e4'
    """

    tail: int
    head: int
    color: str = "green"

    def pgn(self) -> str:
        """The arrow as in PGN's ``[%cal ...]`` and ``[%csl ...]`` annotations (``Ya2h2``,
        ``Ga1`` for a circle); colours other than red, yellow and blue are written green."""
        letter = _ARROW_LETTERS.get(self.color, "G")
        if self.tail == self.head:
            return letter + _square_name(self.tail)
        return letter + _square_name(self.tail) + _square_name(self.head)

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """Reads an arrow written as in PGN annotations (``Ya2h2``, ``Ga1``; the colour letter
        may be left out for green). Raises ``ValueError`` on anything else."""
        colors = {letter: color for color, letter in _ARROW_LETTERS.items()}
        color = colors.get(pgn[:1])
        squares = pgn[1:] if color else pgn
        if len(squares) not in (2, 4):
            raise ValueError(f"invalid arrow: {pgn!r}")
        tail = _parse_square(squares[:2], pgn)
        head = _parse_square(squares[2:], pgn) if len(squares) == 4 else tail
        return cls(tail, head, color or "green")

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return f"Arrow({_square_name(self.tail).upper()}, {_square_name(self.head).upper()}, color={self.color!r})"


def _square_name(square: int) -> str:
    return _FILES[square & 7] + str((square >> 3) + 1)


def _parse_square(name: str, text: str) -> int:
    if len(name) != 2 or name[0] not in _FILES or name[1] not in "12345678":
        raise ValueError(f"invalid arrow: {text!r}")
    return _FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def _square(value: Any, what: str) -> int:
    """A square number 0-63, or ``ValueError`` naming the parameter."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 64:
        raise ValueError(f"{what} must be a square (0-63), not {value!r}")
    return value


def _paint(attribute: str, color: str) -> str:
    """``fill="..."`` (or ``stroke``) for a colour; a ``#rrggbbaa`` or ``#rgba`` colour becomes
    the solid colour and an ``opacity``, as SVG Tiny has no colours with alpha."""
    if color.startswith("#") and len(color) in (5, 9) and all(c in _HEX_DIGITS for c in color[1:]):
        alpha = int(color[-2:], 16) / 255 if len(color) == 9 else int(color[-1], 16) / 15
        solid = color[:-2] if len(color) == 9 else color[:-1]
        return f'{attribute}="{solid}" opacity="{alpha:.3f}"'
    return f"{attribute}={quoteattr(color)}"


def _piece_def(color: str, name: str) -> str:
    fill, stroke = _INKS[color]
    return (
        f'<g id="{color}-{name}" class="{color} {name}" fill="{fill}" stroke="{stroke}" stroke-width="1.5" '
        f'stroke-linejoin="round">{_SHAPES[name]}</g>'
    )


def _svg_open(full: int, size: Optional[int]) -> str:
    attrs = f'viewBox="0 0 {full} {full}"'
    if size is not None:
        if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
            raise ValueError(f"size must be a positive number of pixels, not {size!r}")
        attrs += f' width="{size}" height="{size}"'
    return f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {attrs}>'


def piece(piece: "Piece", size: Optional[int] = None) -> SvgWrapper:
    """The SVG picture of one piece (a ``Piece``), ``size`` pixels wide and high if given.

    >>> import chess_core, chess_core.svg
    >>> 'id="white-king"' in chess_core.svg.piece(chess_core.Piece.from_symbol("K"))
    True
    """
    color = "white" if piece.color else "black"
    return SvgWrapper(_svg_open(SQUARE_SIZE, size) + _piece_def(color, _NAMES[piece.piece_type]) + "</svg>")


def board(
    board: Optional["BaseBoard"] = None,
    *,
    orientation: bool = True,
    lastmove: Optional["Move"] = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    fill: Optional[Dict[int, str]] = None,
    squares: Any = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Optional[Dict[str, str]] = None,
    flipped: bool = False,
    borders: bool = False,
    style: Optional[str] = None,
) -> SvgWrapper:
    """The SVG picture of ``board`` (a ``BaseBoard`` or ``Board``; an empty board when ``None``),
    with python-chess's parameters:

    - ``orientation``: the side at the bottom (``WHITE`` by default); ``flipped=True`` turns
      the picture round once more (python-chess's older spelling);
    - ``lastmove``: a ``Move`` whose two squares are coloured; ``check``: a square marked as a
      king in check;
    - ``arrows``: ``Arrow``s or ``(tail, head)`` pairs, drawn over the pieces;
    - ``fill``: square -> colour to paint it; ``squares``: a ``SquareSet`` (or bitboard, or
      squares) crossed out;
    - ``size``: width and height in pixels (none by default: as large as it is shown);
    - ``coordinates``: the files and ranks in a margin; ``borders``: a line around the board
      and the margin;
    - ``colors``: replaces colours of ``DEFAULT_COLORS`` (``#rrggbb``, or ``#rrggbbaa`` with
      transparency); ``style``: a CSS stylesheet put in the picture.

    Raises ``ValueError`` for a square outside 0-63 or a size that is not a positive integer.

    >>> import chess_core, chess_core.svg
    >>> svg = chess_core.svg.board(chess_core.Board(), orientation=chess_core.BLACK, size=200)
    >>> 'class="square dark a1"' in svg and 'width="200"' in svg
    True
    """
    palette = {**DEFAULT_COLORS, **(colors or {})}
    white_below = bool(orientation) != bool(flipped)
    margin = MARGIN if coordinates else 0
    outer = 1 if borders and coordinates else 0
    inner = 1 if borders else 0
    offset = outer + margin + inner
    full = 8 * SQUARE_SIZE + 2 * offset

    def corner(square: int) -> Tuple[int, int]:
        file, rank = square & 7, square >> 3
        column, row = (file, 7 - rank) if white_below else (7 - file, rank)
        return offset + column * SQUARE_SIZE, offset + row * SQUARE_SIZE

    def centre(square: int) -> Tuple[float, float]:
        x, y = corner(square)
        return x + SQUARE_SIZE / 2, y + SQUARE_SIZE / 2

    check_square = None if check is None else _square(check, "check")
    fills = {_square(square, "a square of fill"): color for square, color in (fill or {}).items()}
    crossed = SquareSet(squares) if squares is not None else SquareSet()
    pairs: List[Tuple[int, int, str]] = []
    for arrow in arrows:
        drawn: Any = arrow  # an Arrow, ours or python-chess's, or a (tail, head) pair
        if hasattr(drawn, "tail"):
            tail, head, color = drawn.tail, drawn.head, getattr(drawn, "color", "green")
        else:
            (tail, head), color = drawn, "green"
        pairs.append((_square(tail, "an arrow's tail"), _square(head, "an arrow's head"), color))
    moved = set() if not lastmove else {lastmove.from_square, lastmove.to_square}
    placed = sorted(board.piece_map().items()) if board is not None else []

    out = [_svg_open(full, size)]
    if style:
        out.append(f"<style>{escape(style)}</style>")
    if board is not None:
        out.append(f"<desc><pre>{escape(str(board))}</pre></desc>")
    kinds = sorted({(not p.color, p.piece_type) for _, p in placed})  # White's first
    defs = [_piece_def("black" if black else "white", _NAMES[kind]) for black, kind in kinds]
    if crossed:
        defs.append(_XX)
    if check_square is not None:
        defs.append(_CHECK_GRADIENT)
    if defs:
        out.append("<defs>" + "".join(defs) + "</defs>")

    if outer:
        out.append(
            f'<rect x="0.5" y="0.5" width="{full - 1}" height="{full - 1}" fill="none" '
            f'{_paint("stroke", palette["outer border"])} stroke-width="1" class="outer border"/>'
        )
    if margin:
        ring = outer + margin / 2
        out.append(
            f'<rect x="{ring}" y="{ring}" width="{full - 2 * ring}" height="{full - 2 * ring}" fill="none" '
            f'{_paint("stroke", palette["margin"])} stroke-width="{margin}" class="margin"/>'
        )
    if inner:
        edge = offset - 0.5
        out.append(
            f'<rect x="{edge}" y="{edge}" width="{8 * SQUARE_SIZE + 1}" height="{8 * SQUARE_SIZE + 1}" fill="none" '
            f'{_paint("stroke", palette["inner border"])} stroke-width="1" class="inner border"/>'
        )
    if margin:
        coord = _paint("fill", palette["coord"])
        for i in range(8):
            file = _FILES[i if white_below else 7 - i]
            rank = str(8 - i if white_below else i + 1)
            along = offset + i * SQUARE_SIZE + SQUARE_SIZE / 2
            for across in (outer + margin / 2, full - outer - margin / 2):
                # The baseline sits 4 below the middle: the letter's middle is the margin's.
                out.append(
                    f'<text x="{along}" y="{across + 4}" font-size="11" font-family="sans-serif" '
                    f'text-anchor="middle" class="coord" {coord}>{file}</text>'
                )
                out.append(
                    f'<text x="{across}" y="{along + 4}" font-size="11" font-family="sans-serif" '
                    f'text-anchor="middle" class="coord" {coord}>{rank}</text>'
                )

    for square in range(64):
        x, y = corner(square)
        shade = "light" if (square & 7) % 2 != (square >> 3) % 2 else "dark"
        kind = f"square {shade}" + (" lastmove" if square in moved else "")
        out.append(
            f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" class="{kind} {_square_name(square)}" '
            f'stroke="none" {_paint("fill", palette[kind])}/>'
        )
        if square in fills:
            out.append(
                f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" '
                f'class="fill {_square_name(square)}" stroke="none" {_paint("fill", fills[square])}/>'
            )
    if check_square is not None:
        x, y = corner(check_square)
        out.append(
            f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" class="check" '
            'fill="url(#check_gradient)"/>'
        )
    for square, p in placed:
        x, y = corner(square)
        color, name = "white" if p.color else "black", _NAMES[p.piece_type]
        out.append(
            f'<use href="#{color}-{name}" xlink:href="#{color}-{name}" x="{x}" y="{y}" '
            f'class="piece {color} {name}" data-square="{_square_name(square)}"/>'
        )
    for square in crossed:
        x, y = corner(square)
        out.append(
            f'<use href="#xx" xlink:href="#xx" x="{x}" y="{y}" class="xx" data-square="{_square_name(square)}"/>'
        )
    for tail, head, color in pairs:
        paint = palette.get(f"arrow {color}", color)
        out.append(_arrow(centre(tail), centre(head), paint))
    out.append("</svg>")
    return SvgWrapper("".join(out))


def _arrow(tail: Tuple[float, float], head: Tuple[float, float], color: str) -> str:
    """An arrow between two square centres: a shaft and a triangular head whose tip stops
    short of the head's centre; a ring when both are the same square."""
    if tail == head:
        return (
            f'<circle cx="{tail[0]}" cy="{tail[1]}" r="{SQUARE_SIZE * 0.45}" fill="none" '
            f'stroke-width="{SQUARE_SIZE * 0.1}" {_paint("stroke", color)} class="circle"/>'
        )
    dx, dy = head[0] - tail[0], head[1] - tail[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tip = (head[0] - ux * SQUARE_SIZE * 0.1, head[1] - uy * SQUARE_SIZE * 0.1)
    depth, half_width = SQUARE_SIZE * 0.75, SQUARE_SIZE * 0.375
    base = (tip[0] - ux * depth, tip[1] - uy * depth)
    left = (base[0] - uy * half_width, base[1] + ux * half_width)
    right = (base[0] + uy * half_width, base[1] - ux * half_width)
    points = " ".join(f"{x:.2f},{y:.2f}" for x, y in (tip, left, right))
    return (
        f'<line x1="{tail[0]}" y1="{tail[1]}" x2="{base[0]:.2f}" y2="{base[1]:.2f}" {_paint("stroke", color)} '
        f'stroke-width="{SQUARE_SIZE * 0.2}" stroke-linecap="butt" class="arrow"/>'
        f'<polygon points="{points}" {_paint("fill", color)} class="arrow"/>'
    )


def _repr_svg_(self: "BaseBoard") -> str:
    """A board as SVG for Jupyter: a ``Board`` with its last move and a check marked."""
    if isinstance(self, Board):
        return board(
            self,
            lastmove=self.peek() if self.move_stack else None,
            check=self.king(self.turn) if self.is_check() else None,
            size=390,
        )
    return board(self, size=390)


__all__ = ["Arrow", "SvgWrapper", "DEFAULT_COLORS", "SQUARE_SIZE", "MARGIN", "board", "piece"]
