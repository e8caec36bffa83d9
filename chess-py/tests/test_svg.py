"""chess_core.svg: the picture's squares, pieces and marks parsed with xml.etree, compared with
python-chess's ``chess.svg`` for the same parameters (the same geometry and the same elements,
in our own drawing), the pieces compared with the web page's set, and one picture rendered to
PNG by a real SVG renderer (cairosvg)."""

from __future__ import annotations

import importlib
import io
import os
import re
import xml.etree.ElementTree as ET
from typing import Any, Callable, Dict, List, Optional, Tuple

import chess
import chess.svg
import pytest

import chess_core
import chess_core.svg

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
SIZE, MARGIN = chess_core.svg.SQUARE_SIZE, chess_core.svg.MARGIN
PIECES_SVG = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "web", "static", "pieces.svg")


def square_at(x: float, y: float, white_below: bool, offset: float = MARGIN) -> str:
    """The square a thing drawn at (x, y) stands on, read off the picture's geometry."""
    column, row = int((x - offset) // SIZE), int((y - offset) // SIZE)
    file, rank = (column, 7 - row) if white_below else (7 - column, row)
    return "abcdefgh"[file] + str(rank + 1)


def position(use: ET.Element) -> Tuple[float, float]:
    """Where a ``<use>`` is drawn: its x and y, or python-chess's ``translate(x, y)``."""
    moved = re.fullmatch(r"translate\(([-\d.]+), ([-\d.]+)\)", use.get("transform", ""))
    if moved:
        return float(moved.group(1)), float(moved.group(2))
    return float(use.get("x", 0)), float(use.get("y", 0))


def href(use: ET.Element) -> str:
    return use.get("href") or use.get(XLINK + "href") or ""


def pieces(svg: str, white_below: bool = True) -> Dict[str, str]:
    """Square name -> piece symbol, from the position of every piece in the picture."""
    found = {}
    for use in ET.fromstring(svg).iter(SVG + "use"):
        if href(use) == "#xx":
            continue
        color, name = href(use)[1:].split("-")
        square = square_at(*position(use), white_below)
        symbol = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k"}[name]
        found[square] = symbol.upper() if color == "white" else symbol
    return found


def expected(board: chess_core.BaseBoard) -> Dict[str, str]:
    return {chess_core.square_name(s): p.symbol() for s, p in board.piece_map().items()}


def classed(svg: str, tag: str, cls: str) -> List[Tuple[str, ET.Element]]:
    return [(e.attrib["class"], e) for e in ET.fromstring(svg).iter(SVG + tag) if cls in e.get("class", "").split()]


def test_pieces_stand_where_the_fen_says_for_both_orientations() -> None:
    board = chess_core.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
    white_view = chess_core.svg.board(board)
    assert pieces(white_view) == expected(board)
    for use in ET.fromstring(white_view).iter(SVG + "use"):
        assert use.attrib["data-square"] == square_at(*position(use), white_below=True)
    for black_view in (
        chess_core.svg.board(board, orientation=chess_core.BLACK),
        chess_core.svg.board(board, flipped=True),
    ):
        assert pieces(black_view, white_below=False) == expected(board)
        # Flipped: a1 is the top right square for Black.
        a1 = [e for _, e in classed(black_view, "rect", "a1")][0]
        assert (float(a1.attrib["x"]), float(a1.attrib["y"])) == (MARGIN + 7 * SIZE, MARGIN)
    # flipped turns the picture once more: Black's view flipped is White's.
    assert chess_core.svg.board(board, orientation=chess_core.BLACK, flipped=True) == white_view
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
        arrows=[
            chess_core.svg.Arrow(chess_core.D8, chess_core.H4),
            (chess_core.E2, chess_core.E4),
            (chess_core.A3, chess_core.A3),
        ],
        squares=chess_core.SquareSet([chess_core.F2, chess_core.G3]),
        size=400,
    )
    root = ET.fromstring(svg)
    assert (root.attrib["width"], root.attrib["height"]) == ("400", "400")
    assert sorted(cls.split()[-1] for cls, _ in classed(svg, "rect", "lastmove")) == ["d8", "h4"]
    [(_, check)] = classed(svg, "rect", "check")
    assert square_at(float(check.attrib["x"]), float(check.attrib["y"]), white_below=True) == "e1"
    assert len(classed(svg, "line", "arrow")) == 2 and len(classed(svg, "polygon", "arrow")) == 2
    [(_, ring)] = classed(svg, "circle", "circle")
    assert square_at(float(ring.attrib["cx"]), float(ring.attrib["cy"]), white_below=True) == "a3"
    assert sorted(e.attrib["data-square"] for _, e in classed(svg, "use", "xx")) == ["f2", "g3"]
    texts = sorted({t.text or "" for t in root.iter(SVG + "text")})
    assert texts == list("12345678abcdefgh")
    assert not list(ET.fromstring(chess_core.svg.board(board, coordinates=False)).iter(SVG + "text"))


def test_arrows_are_drawn_over_the_pieces_pointing_at_the_head() -> None:
    board = chess_core.Board()
    svg = chess_core.svg.board(board, arrows=[chess_core.svg.Arrow(chess_core.G1, chess_core.F3, color="blue")])
    tags = [e.tag[len(SVG):] for e in ET.fromstring(svg)]
    assert tags.index("line") > max(i for i, tag in enumerate(tags) if tag == "use")
    [(_, line)] = classed(svg, "line", "arrow")
    [(_, head)] = classed(svg, "polygon", "arrow")
    assert square_at(float(line.attrib["x1"]), float(line.attrib["y1"]), True) == "g1"
    tip_x, tip_y = (float(v) for v in head.attrib["points"].split()[0].split(","))
    assert square_at(tip_x, tip_y, white_below=True) == "f3"
    # Blue is the palette's "arrow blue", split into a colour and an opacity.
    blue = chess_core.svg.DEFAULT_COLORS["arrow blue"]
    color, alpha = blue[:7], int(blue[7:], 16)
    assert head.attrib["fill"] == color and float(head.attrib["opacity"]) == pytest.approx(alpha / 255, abs=1e-3)
    # Any other colour is used as it is.
    other = chess_core.svg.board(arrows=[chess_core.svg.Arrow(chess_core.A1, chess_core.A2, color="#123456")])
    assert classed(other, "polygon", "arrow")[0][1].attrib["fill"] == "#123456"


def test_fill_colors_style_and_borders() -> None:
    svg = chess_core.svg.board(
        fill={
            chess_core.C3: "#cc0000cc",
            chess_core.D4: "purple",
            chess_core.E5: "#f008",
            chess_core.F5: "#12345-67",
            chess_core.G5: 'x"/><b',
        },
        colors={"square light": "#ffffff", "margin": "#00000080"},
        style=".square.light { fill: red } /* <b> & */",
        borders=True,
    )
    root = ET.fromstring(svg)
    assert root.attrib["viewBox"] == "0 0 394 394"
    fills = {cls.split()[-1]: e.attrib for cls, e in classed(svg, "rect", "fill")}
    assert fills["c3"]["fill"] == "#cc0000" and float(fills["c3"]["opacity"]) == pytest.approx(0.8)
    assert fills["d4"]["fill"] == "purple" and "opacity" not in fills["d4"]
    assert fills["e5"]["fill"] == "#f00" and float(fills["e5"]["opacity"]) == pytest.approx(8 / 15, abs=1e-3)
    # What is no colour with transparency is written as it is, escaped.
    assert (fills["f5"]["fill"], fills["g5"]["fill"]) == ("#12345-67", 'x"/><b') and "opacity" not in fills["f5"]
    assert {e.attrib["fill"] for _, e in classed(svg, "rect", "light")} == {"#ffffff"}
    [(_, margin)] = classed(svg, "rect", "margin")
    assert margin.attrib["stroke"] == "#000000"
    assert float(margin.attrib["opacity"]) == pytest.approx(128 / 255, abs=1e-3)
    [style] = root.iter(SVG + "style")
    assert style.text == ".square.light { fill: red } /* <b> & */"
    assert len(classed(svg, "rect", "border")) == 2


def test_bad_arguments_raise_value_error() -> None:
    for kwargs in (
        {"check": 64},
        {"check": -1},
        {"arrows": [(0, 64)]},
        {"arrows": [chess_core.svg.Arrow(-1, 3)]},
        {"fill": {99: "red"}},
        {"size": 0},
        {"size": -5},
    ):
        with pytest.raises(ValueError):
            chess_core.svg.board(**kwargs)  # type: ignore[arg-type]
    with pytest.raises((ValueError, IndexError)):
        chess_core.svg.board(squares=[64])


def test_jupyter_pictures_of_every_board_type() -> None:
    board = chess_core.Board()
    assert pieces(board._repr_svg_()) == expected(board)  # type: ignore[attr-defined]
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    svg = board._repr_svg_()  # type: ignore[attr-defined]
    assert len(classed(svg, "rect", "check")) == 1 and len(classed(svg, "rect", "lastmove")) == 2
    assert ET.fromstring(svg).attrib["width"] == "390"
    base = chess_core.BaseBoard("4k3/8/8/8/8/8/8/4KB2")
    base_svg = base._repr_svg_()  # type: ignore[attr-defined]
    assert pieces(base_svg) == expected(base) and "white bishop" in base_svg and "black queen" not in base_svg
    assert not classed(base_svg, "rect", "lastmove")
    king = chess_core.Piece.from_symbol("k")._repr_svg_()  # type: ignore[attr-defined]
    assert 'id="black-king"' in king and ET.fromstring(king).attrib["width"] == "45"
    picture = chess_core.svg.board(board)
    assert isinstance(picture, chess_core.svg.SvgWrapper) and isinstance(picture, str)
    assert picture._repr_svg_() == picture._repr_html_() == picture


def test_arrow_pgn_as_python_chess() -> None:
    for tail in range(64):
        for head in (tail, 63 - tail, (tail * 7) % 64):
            for color in ("green", "red", "yellow", "blue", "#abc"):
                ours, theirs = chess_core.svg.Arrow(tail, head, color=color), chess.svg.Arrow(tail, head, color=color)
                assert ours.pgn() == theirs.pgn() == str(ours)
                assert repr(ours) == repr(theirs)
                back, their_back = chess_core.svg.Arrow.from_pgn(ours.pgn()), chess.svg.Arrow.from_pgn(theirs.pgn())
                assert (back.tail, back.head, back.color) == (their_back.tail, their_back.head, their_back.color)
    for text in ("e2e4", "Ye2", "Ba1h8", "ye2e4", "Xe2e4", "G", "", "Ge2e9", "Ge2e4x", "Gi2e4", "e2e", "R0000"):
        try:
            theirs = chess.svg.Arrow.from_pgn(text)
        except ValueError:
            with pytest.raises(ValueError):
                chess_core.svg.Arrow.from_pgn(text)
        else:
            ours = chess_core.svg.Arrow.from_pgn(text)
            assert (ours.tail, ours.head, ours.color) == (theirs.tail, theirs.head, theirs.color)


# Differential: python-chess's picture and ours for the same parameters hold the same things in
# the same places.


def outline(svg: str) -> Dict[str, Any]:
    """What a picture shows, independent of how it is drawn: its size, the squares (class and
    corner), the pieces and crosses (kind and corner), the check, the filled squares, the arrow
    shafts' starts, heads and rings (drawn on the board, not in a piece), the defined ids, the
    description and the style."""
    root = ET.fromstring(svg)
    rects = list(root.iter(SVG + "rect"))

    def is_square(e: ET.Element) -> bool:
        return "square" in e.get("class", "").split()

    squares = {e.attrib["class"]: (float(e.attrib["x"]), float(e.attrib["y"])) for e in rects if is_square(e)}
    corners = {(float(e.attrib["x"]), float(e.attrib["y"])) for e in rects if is_square(e)}
    filled = sorted(
        (float(e.attrib["x"]), float(e.attrib["y"]))
        for e in rects
        if not is_square(e) and e.get("class") != "check" and (float(e.get("x", -1)), float(e.get("y", -1))) in corners
    )
    [desc] = root.iter(SVG + "desc") if list(root.iter(SVG + "desc")) else [None]
    return {
        "size": (root.get("viewBox"), root.get("width"), root.get("height")),
        "squares": squares,
        "uses": sorted((href(e), position(e)) for e in root.iter(SVG + "use")),
        "check": sorted((float(e.attrib["x"]), float(e.attrib["y"])) for e in rects if e.get("class") == "check"),
        "filled": filled,
        "shafts": sorted((float(e.attrib["x1"]), float(e.attrib["y1"])) for e in root.findall(SVG + "line")),
        "heads": len(root.findall(SVG + "polygon")),
        "rings": sorted((float(e.attrib["cx"]), float(e.attrib["cy"])) for e in root.findall(SVG + "circle")),
        "ids": sorted(e.attrib["id"] for e in root.iter() if "id" in e.attrib),
        "desc": None if desc is None else "".join(desc.itertext()),
        "style": [e.text for e in root.iter(SVG + "style")],
    }


def on_both(fen: Optional[str], base: bool, **kwargs: Any) -> Tuple[str, str]:
    """Our picture and python-chess's of the same board with the same parameters; squares are
    numbers in both libraries, moves and arrows are made by each of its own kind."""

    def make(module: Any) -> str:
        board = None if fen is None else (module.BaseBoard(fen) if base else module.Board(fen))
        args = dict(kwargs)
        if "lastmove" in args:
            args["lastmove"] = module.Move.from_uci(args["lastmove"])
        if "arrows" in args:
            args["arrows"] = [module.svg.Arrow(*a[:2], color=a[2]) if len(a) == 3 else a for a in args["arrows"]]
        if "squares" in args:
            args["squares"] = module.SquareSet(args["squares"])
        picture: str = module.svg.board(board, **args)
        return picture

    return make(chess_core), make(chess)


SCHOLAR = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
KNIGHT = "8/8/8/8/4N3/8/8/8 w - - 0 1"
CASES: List[Tuple[Optional[str], bool, Dict[str, Any]]] = [
    (None, False, {}),
    (chess.STARTING_FEN, False, {}),
    ("4k3/8/8/8/8/8/8/4KB2", True, {}),
    (SCHOLAR, False, {"orientation": chess.BLACK}),
    (SCHOLAR, False, {"flipped": True, "coordinates": False}),
    (chess.STARTING_FEN, False, {"lastmove": "e2e4", "check": chess.E8, "size": 321}),
    (chess.STARTING_FEN, False, {"lastmove": "0000"}),
    (KNIGHT, False, {"fill": {chess.D6: "#cc0000cc", chess.F2: "#00ff00"}, "squares": [9, 17, 25]}),
    (chess.STARTING_FEN, False, {"arrows": [(chess.E2, chess.E4), (chess.G1, chess.F3, "red"), (chess.D1, chess.D1)]}),
    (chess.STARTING_FEN, False, {"arrows": [(chess.A1, chess.H8, "blue")], "orientation": False, "borders": True}),
    (chess.STARTING_FEN, False, {"borders": True, "coordinates": False, "style": "rect { opacity: 0.5 }"}),
    ("8/8/8/8/8/8/8/8 w - - 0 1", False, {"borders": True, "colors": {"square dark": "#00000080"}}),
]


@pytest.mark.parametrize("fen,base,kwargs", CASES)
def test_the_same_picture_as_python_chess(fen: Optional[str], base: bool, kwargs: Dict[str, Any]) -> None:
    ours, theirs = on_both(fen, base, **kwargs)
    assert isinstance(ours, chess_core.svg.SvgWrapper)
    mine, reference = outline(ours), outline(theirs)
    assert mine == reference
    if fen is not None:
        board = chess_core.BaseBoard(fen.split()[0])
        white_below = bool(kwargs.get("orientation", True)) != bool(kwargs.get("flipped", False))
        offset = {(False, False): 0, (False, True): 1, (True, False): MARGIN, (True, True): MARGIN + 2}[
            (kwargs.get("coordinates", True), kwargs.get("borders", False))
        ]
        shown = {}
        for use in ET.fromstring(ours).iter(SVG + "use"):
            if href(use) != "#xx":
                shown[square_at(*position(use), white_below, offset)] = href(use)[1:]
        assert shown == {
            chess_core.square_name(s): ("white-" if p.color else "black-") + chess_core.piece_name(p.piece_type)
            for s, p in board.piece_map().items()
        }


def test_the_same_piece_as_python_chess() -> None:
    for symbol in "PNBRQKpnbrqk":
        for size in (None, 60):
            ours = ET.fromstring(chess_core.svg.piece(chess_core.Piece.from_symbol(symbol), size=size))
            theirs = ET.fromstring(chess.svg.piece(chess.Piece.from_symbol(symbol), size=size))
            assert ours.attrib == theirs.attrib
            [(ours_group)], [(their_group)] = list(ours), list(theirs)
            assert (ours_group.get("id"), ours_group.get("class")) == (their_group.get("id"), their_group.get("class"))


def test_the_pieces_are_the_web_pages_set() -> None:
    if not os.path.isfile(PIECES_SVG):
        pytest.skip(f"the web page's piece set {PIECES_SVG} is not here (not a checkout of the repository)")
    symbols = {e.attrib["id"]: e for e in ET.parse(PIECES_SVG).getroot().iter(SVG + "symbol")}
    assert len(symbols) == 12

    def shape(group: ET.Element) -> List[Tuple[str, Dict[str, str]]]:
        return [(e.tag, dict(e.attrib)) for e in group.iter()]

    for symbol in "PNBRQKpnbrqk":
        ours = list(ET.fromstring(chess_core.svg.piece(chess_core.Piece.from_symbol(symbol))))[0]
        [web] = list(symbols[ours.attrib["id"]])
        our_attributes = {k: v for k, v in ours.attrib.items() if k not in ("id", "class")}
        assert our_attributes == web.attrib
        assert shape(ours)[1:] == shape(web)[1:]


def test_a_real_renderer_draws_the_picture() -> None:
    try:
        cairosvg = importlib.import_module("cairosvg")
        image_module = importlib.import_module("PIL.Image")
    except (ImportError, OSError) as error:  # OSError: the cairo system library is missing
        pytest.skip(f"render check skipped: cairosvg or its system library libcairo2 is missing ({error})")
    board = chess_core.Board()
    board.push_san("e4")
    svg = chess_core.svg.board(board, lastmove=board.peek(), arrows=[(chess_core.D2, chess_core.D4)], size=260)
    render: Callable[..., bytes] = cairosvg.svg2png
    image = image_module.open(io.BytesIO(render(bytestring=svg.encode()))).convert("RGB")
    assert image.size == (260, 260)
    colors = image.getcolors(maxcolors=1 << 16)
    assert colors is not None and len(colors) > 20  # squares, pieces, coordinates: not blank
    scale = 260 / 390

    def pixel(x: float, y: float) -> Tuple[int, int, int]:
        value: Tuple[int, int, int] = image.getpixel((int(x * scale), int(y * scale)))
        return value

    def near(a: Tuple[int, int, int], color: str) -> bool:
        b = tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))
        return all(abs(x - y) <= 3 for x, y in zip(a, b))

    palette = chess_core.svg.DEFAULT_COLORS
    # Corners of squares, away from the pieces: h1 light, a1 dark, e4 (the last move) light.
    assert near(pixel(MARGIN + 7 * SIZE + 2, MARGIN + 7 * SIZE + 2), palette["square light"])
    assert near(pixel(MARGIN + 2, MARGIN + 7 * SIZE + 2), palette["square dark"])
    assert near(pixel(MARGIN + 4 * SIZE + 2, MARGIN + 4 * SIZE + 2), palette["square light lastmove"])
    # The arrow's shaft starts over the pawn on d2: neither square nor pawn colour there.
    shaft = pixel(MARGIN + 3 * SIZE + SIZE / 2, MARGIN + 6 * SIZE + SIZE / 2 - 5)
    assert not near(shaft, palette["square dark"]) and not near(shaft, "#ffffff")
    # The margin is drawn in its colour.
    assert near(pixel(3, 195), palette["margin"])
