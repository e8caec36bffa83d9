"""Pictures of boards as SVG, in python-chess's ``chess.svg`` spirit (with our own drawing).

::

    import chess_core, chess_core.svg

    board = chess_core.Board()
    board.push_san("e4")
    text = chess_core.svg.board(board, lastmove=board.peek(), size=360)

In Jupyter a ``Board`` shows as this picture (``Board._repr_svg_``), with the last move and a
check marked. Every square is a ``<rect>`` with the classes ``square``, ``light``/``dark`` and
its name; every piece a ``<use>`` of ``#white-pawn`` ... ``#black-king`` with the class
``piece`` and ``data-square`` set to the square's name; the last move's squares carry the class
``lastmove``, the checked king's square a ``check`` circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, NamedTuple, Optional, Sequence, Tuple, Union

if TYPE_CHECKING:
    from ._chess_core import Board, Move

SQUARE_SIZE = 45
MARGIN = 20

COLORS = {
    "square light": "#f0d9b5",
    "square dark": "#b58863",
    "square light lastmove": "#cdd26a",
    "square dark lastmove": "#aaa23a",
    "margin": "#212121",
    "coord": "#e5e5e5",
    "arrow": "#15781b",
    "mark": "#882020",
}

_NAMES = {1: "pawn", 2: "knight", 3: "bishop", 4: "rook", 5: "queen", 6: "king"}

# Our own piece shapes on a 45x45 square: a base, then what tells each piece apart.
_BASE = '<path d="M11 38h23v-3l-3-3H14l-3 3z"/>'
_SHAPES = {
    "pawn": _BASE + '<path d="M16 32c1-5 4-8 4-11h5c0 3 3 6 4 11z"/><circle cx="22.5" cy="15.5" r="5"/>',
    "knight": _BASE + '<path d="M14 32c0-6 4-9 7-12-3 0-6 2-8 1l-1-3 8-8 3-3 1 3c6 1 10 7 9 22z"/>'
    '<circle cx="19" cy="14" r="1.2" class="eye"/>',
    "bishop": _BASE + '<path d="M15 32c2-3 3-6 3-8-3-2-3-7 4.5-13 7.5 6 7.5 11 4.5 13 0 2 1 5 3 8z"/>'
    '<circle cx="22.5" cy="8" r="2.5"/><path d="M21 19l4-4" class="cut"/>',
    "rook": _BASE + '<path d="M15 32l1-14h13l1 14z"/><path d="M12 18V10h4v3h4v-3h5v3h4v-3h4v8z"/>',
    "queen": _BASE + '<path d="M12 32l-3-19 7 8 2-11 4.5 10 4.5-10 2 11 7-8-3 19z"/>'
    '<circle cx="9" cy="12" r="2"/><circle cx="18" cy="9" r="2"/><circle cx="27" cy="9" r="2"/>'
    '<circle cx="36" cy="12" r="2"/>',
    "king": _BASE + '<path d="M12 32c-4-8 0-14 6-11l4.5 3 4.5-3c6-3 10 3 6 11z"/>'
    '<path d="M21 6h3v4h4v3h-4v8h-3v-8h-4v-3h4z"/>',
}


class Arrow(NamedTuple):
    """An arrow from ``tail`` to ``head`` (squares), as python-chess's ``chess.svg.Arrow``."""

    tail: int
    head: int
    color: str = "green"


def _piece_defs() -> str:
    defs = []
    for color, fill, stroke in (("white", "#ffffff", "#000000"), ("black", "#000000", "#ffffff")):
        for name, shape in _SHAPES.items():
            defs.append(
                f'<g id="{color}-{name}" fill="{fill}" stroke="{stroke}" stroke-width="1.5" '
                f'stroke-linejoin="round">{shape}</g>'
            )
    return "<defs>" + "".join(defs) + "</defs>"


def _mask(squares: Union[None, int, Iterable[int]]) -> int:
    if squares is None:
        return 0
    if isinstance(squares, int):
        return squares
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def board(
    board: Optional["Board"] = None,
    *,
    orientation: bool = True,
    lastmove: Optional["Move"] = None,
    check: Optional[int] = None,
    arrows: Sequence[Union[Arrow, Tuple[int, int]]] = (),
    squares: Union[None, int, Iterable[int]] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
) -> str:
    """The SVG picture of ``board`` (an empty board when ``None``), White at the bottom unless
    ``orientation`` is ``BLACK``. ``lastmove`` colours its two squares, ``check`` (a square)
    marks a king in check, ``arrows`` are ``Arrow``s or (tail, head) pairs, ``squares`` (a
    ``SquareSet``, mask or squares) are crossed out, ``size`` sets the width and height in
    pixels, ``coordinates`` writes the files and ranks in a margin."""
    margin = MARGIN if coordinates else 0
    full = 8 * SQUARE_SIZE + 2 * margin
    attrs = f'viewBox="0 0 {full} {full}"'
    if size is not None:
        if size <= 0:
            raise ValueError(f"size must be positive, not {size}")
        attrs += f' width="{size}" height="{size}"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" {attrs}>',
        _piece_defs(),
    ]
    if coordinates:
        out.append(f'<rect x="0" y="0" width="{full}" height="{full}" fill="{COLORS["margin"]}"/>')

    def xy(square: int) -> Tuple[int, int]:
        file, rank = square & 7, square >> 3
        if orientation:
            return margin + file * SQUARE_SIZE, margin + (7 - rank) * SQUARE_SIZE
        return margin + (7 - file) * SQUARE_SIZE, margin + rank * SQUARE_SIZE

    moved = set() if lastmove is None or not lastmove else {lastmove.from_square, lastmove.to_square}
    for square in range(64):
        x, y = xy(square)
        shade = "light" if (square & 7) % 2 != (square >> 3) % 2 else "dark"
        name = "abcdefgh"[square & 7] + str((square >> 3) + 1)
        cls = f"square {shade}" + (" lastmove" if square in moved else "")
        fill = COLORS[cls]
        out.append(
            f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" class="{cls} {name}" fill="{fill}"/>'
        )
    if check is not None:
        x, y = xy(check)
        out.append(
            f'<circle cx="{x + SQUARE_SIZE / 2}" cy="{y + SQUARE_SIZE / 2}" r="{SQUARE_SIZE / 2}" '
            'class="check" fill="#ff0000" fill-opacity="0.6"/>'
        )
    if coordinates:
        for i in range(8):
            file = "abcdefgh"[i if orientation else 7 - i]
            rank = str(8 - i if orientation else i + 1)
            cx = margin + i * SQUARE_SIZE + SQUARE_SIZE / 2
            for ty in (margin * 0.75, full - margin * 0.25):
                out.append(
                    f'<text x="{cx}" y="{ty}" font-size="14" text-anchor="middle" class="coord" '
                    f'fill="{COLORS["coord"]}">{file}</text>'
                )
            cy = margin + i * SQUARE_SIZE + SQUARE_SIZE / 2 + 5
            for tx in (margin / 2, full - margin / 2):
                out.append(
                    f'<text x="{tx}" y="{cy}" font-size="14" text-anchor="middle" class="coord" '
                    f'fill="{COLORS["coord"]}">{rank}</text>'
                )
    if board is not None:
        for square, piece in sorted(board.piece_map().items()):
            x, y = xy(square)
            color = "white" if piece.color else "black"
            name = "abcdefgh"[square & 7] + str((square >> 3) + 1)
            out.append(
                f'<use href="#{color}-{_NAMES[piece.piece_type]}" xlink:href="#{color}-{_NAMES[piece.piece_type]}" '
                f'x="{x}" y="{y}" class="piece {color} {_NAMES[piece.piece_type]}" data-square="{name}"/>'
            )
    marked = _mask(squares)
    for square in range(64):
        if marked >> square & 1:
            x, y = xy(square)
            out.append(
                f'<path d="M{x + 8} {y + 8}L{x + 37} {y + 37}M{x + 37} {y + 8}L{x + 8} {y + 37}" '
                f'stroke="{COLORS["mark"]}" stroke-width="4" class="mark"/>'
            )
    for arrow in arrows:
        tail, head = arrow[0], arrow[1]
        color = arrow.color if isinstance(arrow, Arrow) else "green"
        stroke = COLORS["arrow"] if color == "green" else color
        (tx, ty), (hx, hy) = xy(tail), xy(head)
        half = SQUARE_SIZE / 2
        out.append(
            f'<line x1="{tx + half}" y1="{ty + half}" x2="{hx + half}" y2="{hy + half}" stroke="{stroke}" '
            f'stroke-width="9" stroke-opacity="0.8" stroke-linecap="round" class="arrow"/>'
        )
        out.append(f'<circle cx="{hx + half}" cy="{hy + half}" r="9" fill="{stroke}" class="arrow-head"/>')
    out.append("</svg>")
    return "".join(out)


def _repr_svg_(self: "Board") -> str:
    """The board as SVG for Jupyter, with the last move and a check marked."""
    return board(
        self,
        lastmove=self.peek() if self.move_stack else None,
        check=self.king(self.turn) if self.is_check() else None,
        size=390,
    )


__all__ = ["Arrow", "board"]
