"""chess_core.svg: the picture's squares, pieces and marks parsed with xml.etree, and one
picture rendered to PNG by a real SVG renderer (cairosvg)."""

from __future__ import annotations

import importlib
import io
import xml.etree.ElementTree as ET
from typing import Dict, List, Tuple

import pytest

import chess_core
import chess_core.svg

SVG = "{http://www.w3.org/2000/svg}"
SIZE, MARGIN = chess_core.svg.SQUARE_SIZE, chess_core.svg.MARGIN


def square_at(x: float, y: float, white_below: bool) -> str:
    """The square a piece drawn at (x, y) stands on, read off the picture's geometry."""
    column, row = int((x - MARGIN) // SIZE), int((y - MARGIN) // SIZE)
    file, rank = (column, 7 - row) if white_below else (7 - column, row)
    return "abcdefgh"[file] + str(rank + 1)


def pieces(svg: str, white_below: bool = True) -> Dict[str, str]:
    """Square name -> piece symbol, from the position of every piece in the picture."""
    found = {}
    for use in ET.fromstring(svg).iter(SVG + "use"):
        color, name = use.attrib["href"][1:].split("-")
        square = square_at(float(use.attrib["x"]), float(use.attrib["y"]), white_below)
        assert use.attrib["data-square"] == square
        symbol = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k"}[name]
        found[square] = symbol.upper() if color == "white" else symbol
    return found


def expected(board: chess_core.Board) -> Dict[str, str]:
    return {chess_core.square_name(s): p.symbol() for s, p in board.piece_map().items()}


def classed(svg: str, tag: str, cls: str) -> List[Tuple[str, ET.Element]]:
    return [(e.attrib["class"], e) for e in ET.fromstring(svg).iter(SVG + tag) if cls in e.get("class", "").split()]


def test_pieces_stand_where_the_fen_says_for_both_orientations() -> None:
    board = chess_core.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
    white_view = chess_core.svg.board(board)
    assert pieces(white_view) == expected(board)
    black_view = chess_core.svg.board(board, orientation=chess_core.BLACK)
    assert pieces(black_view, white_below=False) == expected(board)
    # Flipped: a1 is the top right square for Black.
    a1 = [e for _, e in classed(black_view, "rect", "a1")][0]
    assert (float(a1.attrib["x"]), float(a1.attrib["y"])) == (MARGIN + 7 * SIZE, MARGIN)
    assert len(classed(white_view, "rect", "square")) == 64
    assert len(classed(white_view, "rect", "light")) == 32
    assert "light" in classed(white_view, "rect", "h1")[0][0] and "dark" in classed(white_view, "rect", "a1")[0][0]


def test_last_move_check_arrows_marks_and_size() -> None:
    board = chess_core.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    svg = chess_core.svg.board(
        board,
        lastmove=board.peek(),
        check=board.king(chess_core.WHITE),
        arrows=[chess_core.svg.Arrow(chess_core.D8, chess_core.H4), (chess_core.E2, chess_core.E4)],
        squares=chess_core.SquareSet([chess_core.F2, chess_core.G3]),
        size=400,
    )
    root = ET.fromstring(svg)
    assert (root.attrib["width"], root.attrib["height"]) == ("400", "400")
    assert sorted(cls.split()[-1] for cls, _ in classed(svg, "rect", "lastmove")) == ["d8", "h4"]
    [(_, check)] = classed(svg, "circle", "check")
    centre = (float(check.attrib["cx"]), float(check.attrib["cy"]))
    assert square_at(*centre, white_below=True) == "e1"
    assert len(classed(svg, "line", "arrow")) == 2 and len(classed(svg, "path", "mark")) == 2
    texts = sorted({t.text or "" for t in root.iter(SVG + "text")})
    assert texts == list("12345678abcdefgh")
    assert not list(ET.fromstring(chess_core.svg.board(board, coordinates=False)).iter(SVG + "text"))


def test_jupyter_picture() -> None:
    board = chess_core.Board()
    assert pieces(board._repr_svg_()) == expected(board)  # type: ignore[attr-defined]
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    svg = board._repr_svg_()  # type: ignore[attr-defined]
    assert len(classed(svg, "circle", "check")) == 1 and len(classed(svg, "rect", "lastmove")) == 2
    with pytest.raises(ValueError, match="size"):
        chess_core.svg.board(board, size=0)


def test_a_real_renderer_draws_the_picture() -> None:
    try:
        cairosvg = importlib.import_module("cairosvg")
        image_module = importlib.import_module("PIL.Image")
    except (ImportError, OSError) as error:  # OSError: the cairo system library is missing
        pytest.skip(f"render check skipped: cairosvg or its system library libcairo2 is missing ({error})")
    board = chess_core.Board()
    board.push_san("e4")
    png = cairosvg.svg2png(bytestring=chess_core.svg.board(board, lastmove=board.peek(), size=256).encode())
    image = image_module.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (256, 256)
    colors = image.getcolors(maxcolors=1 << 16)
    assert colors is not None and len(colors) > 20  # squares, pieces, coordinates: not blank
    # The light square h1 (bottom right, inside the margin) is drawn in its colour.
    assert image.getpixel((256 - 20, 256 - 20)) != image.getpixel((20 + 4, 256 - 20))
