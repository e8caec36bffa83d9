"""chess_core.pgn: reading and writing games with python-chess's names, checked against
python-chess on the repository's PGN files."""

from __future__ import annotations

import array
import copy
import io
import os
import pickle
from pathlib import Path
from typing import Any, Callable, List, Optional

import chess
import chess.pgn
import pytest

import chess_core
import chess_core.pgn

DATA = Path(os.environ.get("CHESS_DATA_PGN", Path(__file__).resolve().parents[3] / "shared" / "data" / "pgn"))
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"no PGN data directory at {DATA}")

TWO_GAMES = """[Event "Casual"]
[White "Anna"]
[Black "Ben"]
[Result "0-1"]

1. f3 e5 2. g4?? {a blunder} (2. e4) 2... Qh4# 0-1

[Event "Casual"]

1. e4 Nf6 2. Qh5 Nxh5 3. Kf7 *
"""

# python-chess's layout: `str(game)` is the movetext on one line, without a final newline.
FIRST_WRITTEN = """[Event "Casual"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Anna"]
[Black "Ben"]
[Result "0-1"]

1. f3 e5 2. g4 $4 { a blunder } ( 2. e4 ) 2... Qh4# 0-1"""


def test_a_game_with_comments_nags_and_variations() -> None:
    game = chess_core.pgn.read_game(TWO_GAMES)
    assert game is not None and game.errors == []
    assert game.headers == {
        "Event": "Casual", "Site": "?", "Date": "????.??.??", "Round": "?",
        "White": "Anna", "Black": "Ben", "Result": "0-1",
    }
    assert [m.uci() for m in game.mainline_moves()] == ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert game.mainline_comments() == [None, None, "a blunder", None]
    assert game.mainline_nags() == [[], [], [4], []]
    assert game.variation_counts() == [0, 0, 1, 0]
    assert game.board().fen() == chess_core.STARTING_FEN
    end = game.end()
    assert end.board().is_checkmate() and end.ply() == 4 and end.move == chess_core.Move.from_uci("d8h4")
    assert end.board().move_stack == list(game.mainline_moves())
    assert game.fens()[0] == chess_core.STARTING_FEN and game.fens()[-1] == end.board().fen()
    assert str(game) == FIRST_WRITTEN == str(chess.pgn.read_game(io.StringIO(TWO_GAMES)))
    assert repr(game).endswith("('Anna' vs. 'Ben', '????.??.??' at '?')>")


def test_an_illegal_move_ends_the_game_with_an_error_and_reading_goes_on() -> None:
    games = list(chess_core.pgn.read_games(io.StringIO(TWO_GAMES + TWO_GAMES)))
    assert len(games) == 4
    bad = games[1]
    assert [str(error) for error in bad.errors] == [
        "illegal move Kf7 in this position: a king does not move from e1 to f7 at game 2, line 10, column 26"
    ]
    assert [m.uci() for m in bad.mainline_moves()] == ["e2e4", "g8f6", "d1h5", "f6h5"]
    assert games[2].errors == [] and str(games[2]) == FIRST_WRITTEN


def test_edited_headers_are_written() -> None:
    game = chess_core.pgn.read_game(TWO_GAMES)
    assert game is not None
    game.headers["White"] = "Anne"
    game.headers["Annotator"] = "Carl"
    game.headers["Result"] = "1/2-1/2"
    text = str(game)
    assert '[White "Anne"]' in text and '[Annotator "Carl"]\n' in text
    assert '[Result "1/2-1/2"]' in text and text.endswith("Qh4# 1/2-1/2")


def test_write_game_and_from_board() -> None:
    board = chess_core.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    assert chess_core.pgn.write_game(board, headers={"White": "A", "Black": "B"}) == (
        '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n'
        '[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1'
    )
    game = chess_core.pgn.Game.from_board(board)
    assert game.headers["Result"] == "0-1" and list(game.mainline_moves()) == board.move_stack


def test_chess960_and_set_up_positions_round_trip() -> None:
    board = chess_core.Board("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", chess960=True)
    board.push_san("O-O")
    board.push_san("O-O-O")
    assert [m.uci() for m in board.move_stack] == ["e1g1", "e8b8"]
    text = chess_core.pgn.write_game(board)
    assert '[Variant "Chess960"]' in text and '[SetUp "1"]' in text and "1. O-O O-O-O *" in text
    again = chess_core.pgn.read_game(text)
    assert again is not None and again.errors == []
    assert again.end().board().fen() == board.fen()
    assert again.board().chess960 and list(again.mainline_moves()) == board.move_stack


def test_games_pickle_and_copy() -> None:
    game = list(chess_core.pgn.read_games(io.StringIO(TWO_GAMES)))[1]
    game.headers["Site"] = "Home"
    for other in (pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game)):
        assert isinstance(other, chess_core.pgn.Game)
        assert str(other) == str(game) and [str(e) for e in other.errors] == [str(e) for e in game.errors]
        assert other.headers["Site"] == "Home"
        assert list(other.mainline_moves()) == list(game.mainline_moves())


def test_tag_values_with_quotes_and_backslashes_read_back() -> None:
    # Written as python-chess writes them, but for a quote before "]", which the reader
    # would take for the value's end, escaped.
    game = chess_core.pgn.Game()
    game.headers["Site"] = 'C:\\games "x"] y'
    text = str(game)
    assert '[Site "C:\\games "x\\"] y"]' in text
    again = chess_core.pgn.read_game(io.StringIO(text))
    assert again is not None and again.headers["Site"] == 'C:\\games "x"] y' and str(again) == text


def test_variations_can_be_skipped_and_headers_read_alone() -> None:
    [game, _] = chess_core.pgn.read_games(io.BytesIO(TWO_GAMES.encode()), variations=False)
    assert game.variation_counts() == [0, 0, 0, 0] and "(" not in str(game)
    headers = list(chess_core.pgn.read_games(io.StringIO(TWO_GAMES), headers_only=True))
    assert headers[0]["White"] == "Anna" and headers[1]["Result"] == "*" and headers[1]["White"] == "?"
    # read_headers() gives the tags as written, as python-chess's does (no roster defaults).
    theirs = chess.pgn.read_headers(io.StringIO(TWO_GAMES))
    mine = chess_core.pgn.read_headers(io.StringIO(TWO_GAMES))
    assert mine is not None and theirs is not None and list(mine.items()) == list(theirs.items())
    assert {k: v for k, v in headers[0].items() if k in mine} == dict(mine)


def test_read_game_from_a_handle_reads_one_game_at_a_time() -> None:
    handle = io.StringIO(TWO_GAMES)
    first = chess_core.pgn.read_game(handle)
    second = chess_core.pgn.read_game(handle)
    assert first is not None and second is not None
    assert first.headers["White"] == "Anna" and len(list(second.mainline_moves())) == 4
    assert chess_core.pgn.read_game(handle) is None


def test_a_handle_splits_games_where_python_chess_does_across_comments() -> None:
    # A comment over a blank line, a `{` in a `;` comment and in a `{}` comment, an escape
    # line: the games end where python-chess ends them, and none is lost (the `;` comment's
    # `{` once made the rest of the file one game).
    text = (
        '[Event "A"]\n\n1. e4 {one\n\nstill one { and } e5 ; a { here\n% an { escape\n2. Nf3 *\n\n'
        '[Event "B"]\n\n1. d4 ; {\n\n[Event "C"]\n\n1. c4 *\n'
    )
    events = []
    handle = io.StringIO(text)
    while (theirs := chess.pgn.read_headers(handle)) is not None:
        events.append(theirs["Event"])
    assert events == ["A", "B", "C"]
    handle = io.StringIO(text)
    assert [chess_core.pgn.read_headers(handle)["Event"] for _ in events] == events  # type: ignore[index]
    assert chess_core.pgn.read_headers(handle) is None
    handle = io.StringIO(text)
    first = chess_core.pgn.read_game(handle)
    assert first is not None and [m.uci() for m in first.mainline_moves()] == ["e2e4", "e7e5", "g1f3"]


def test_errors_for_files_and_empty_text() -> None:
    with pytest.raises(OSError, match="no-such-file.pgn"):
        chess_core.pgn.read_games("/no-such-dir/no-such-file.pgn")
    assert chess_core.pgn.read_game("") is None
    assert list(chess_core.pgn.read_games(io.StringIO("\n\n"))) == []


def python_chess_games(path: Path, limit: int) -> List[chess.pgn.Game]:
    games: List[chess.pgn.Game] = []
    with open(path, encoding="utf-8-sig") as handle:
        while len(games) < limit:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            games.append(game)
    return games


@needs_data
@pytest.mark.parametrize("path", sorted(DATA.glob("*.pgn")) if DATA.is_dir() else [], ids=lambda p: p.name)
def test_every_repository_file_reads_as_python_chess_reads_it(path: Path) -> None:
    limit = 60  # python-chess needs about 2 ms a game; the large files are checked in part
    expected = python_chess_games(path, limit)
    ours = list(chess_core.pgn.read_games(path))
    assert len(ours) >= len(expected)
    headers = list(chess_core.pgn.read_games(path, headers_only=True))
    assert len(headers) == len(ours)
    by_handle: List[chess_core.pgn.Game] = []
    with open(path, encoding="utf-8-sig") as handle:
        while len(by_handle) < 5:
            game = chess_core.pgn.read_game(handle)
            if game is None:
                break
            by_handle.append(game)
    for index, (theirs, mine) in enumerate(zip(expected, ours)):
        if theirs.errors:
            continue  # python-chess's lenient recovery differs; our errors name the place
        assert mine.errors == [], (index, mine.errors)
        assert [m.uci() for m in mine.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()], index
        for name, value in theirs.headers.items():
            if name not in ("FEN", "SetUp"):
                assert mine.headers.get(name) == value, (index, name)
        assert headers[index] == {k: v for k, v in mine.headers.items() if k in headers[index]}
        assert mine.end().board().fen() == theirs.end().board().fen()
        if index < len(by_handle):
            assert str(by_handle[index]) == str(mine)
        # The same tree (comments, NAGs, variations), written in the same layout.
        assert str(mine) == str(theirs), index


@needs_data
@pytest.mark.parametrize("path", sorted(DATA.glob("*.pgn")) if DATA.is_dir() else [], ids=lambda p: p.name)
def test_a_handle_reads_game_by_game_as_python_chess_reads_it(path: Path) -> None:
    """``read_game`` and ``read_headers`` in a loop over a file: each game's headers (asked
    before its moves, which are read only then), moves and result, the tags ``read_headers``
    gives, and where each leaves the file, against python-chess's."""
    handles = [open(path, encoding="utf-8-sig") for _ in range(4)]
    try:
        theirs_games, mine_games, theirs_tags, mine_tags = handles
        for _ in range(25):
            theirs = chess.pgn.read_game(theirs_games)
            mine = chess_core.pgn.read_game(mine_games)
            assert (mine is None) == (theirs is None) and mine_games.tell() == theirs_games.tell()
            if theirs is None or mine is None:
                break
            assert list(mine.headers.items()) == list(theirs.headers.items())
            if not theirs.errors:
                assert [m.uci() for m in mine.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
                assert mine.errors == []
            theirs_headers = chess.pgn.read_headers(theirs_tags)
            mine_headers = chess_core.pgn.read_headers(mine_tags)
            assert theirs_headers is not None and mine_headers is not None
            assert list(mine_headers.items()) == list(theirs_headers.items())
            assert mine_tags.tell() == theirs_tags.tell()
    finally:
        for handle in handles:
            handle.close()


def test_a_game_read_from_a_handle_is_what_python_chess_reads() -> None:
    # Comment lines and blank lines before a game; a `Result` tag of `*` taken from the
    # movetext (by read_game, not by read_headers); a tag python-chess's reader passes over.
    text = '% escape\n\n; comment\n\n\n[_bad "x"]\n[Result "*"]\n[White "A"]\n\n1. e4 {c} 1-0\n\n\n1. d4 *\n'

    def read_all(read: Callable[[Any], Any]) -> List[Any]:
        handle = io.StringIO(text)
        items = [read(handle) for _ in range(3)]
        assert items[2] is None and handle.tell() == len(text)
        return [(list(item.headers.items()), str(item)) if hasattr(item, "headers") else list(item.items()) for item in items[:2]]

    assert read_all(chess_core.pgn.read_game) == read_all(chess.pgn.read_game)
    assert read_all(chess_core.pgn.read_headers) == read_all(chess.pgn.read_headers)
    game = chess_core.pgn.read_game(io.StringIO(text))
    assert game is not None and game.headers["Result"] == "1-0" and "_bad" not in game.headers


@needs_data
def test_the_largest_file_reads_whole() -> None:
    path = max(DATA.glob("*.pgn"), key=lambda p: p.stat().st_size)
    text = path.read_text(encoding="utf-8-sig")
    games = list(chess_core.pgn.read_games(path))
    assert len(games) == text.count("\n[Event ") + text.startswith("[Event ")
    assert sum(len(game.errors) for game in games) == 0
    assert sum(1 for _ in chess_core.pgn.read_games(path, headers_only=True)) == len(games)


def test_a_failing_file_object_raises_its_own_exception_once() -> None:
    class Broken(io.StringIO):
        def read(self, size: Optional[int] = -1) -> str:
            if self.tell() > 0:
                raise PermissionError("no more for you")
            return super().read(size)

    reader = chess_core.pgn.read_games(Broken(TWO_GAMES * 2000))
    with pytest.raises(PermissionError, match="no more for you"):
        for _ in reader:
            pass
    assert list(reader) == []

    class NotText:
        def read(self, size: int) -> int:
            return 42

    with pytest.raises(TypeError):
        list(chess_core.pgn.read_games(NotText()))  # type: ignore[arg-type]


def test_a_file_object_may_give_any_bytes_like_object() -> None:
    class Chunks(io.BytesIO):
        """A binary handle whose read() and readline() give another bytes-like type."""

        def __init__(self, data: bytes, kind: Callable[[bytes], Any]) -> None:
            super().__init__(data)
            self.kind = kind

        def read(self, size: Optional[int] = -1) -> Any:
            return self.kind(super().read(size))

        def readline(self, size: Optional[int] = -1) -> Any:
            return self.kind(super().readline(size))

    expected = [str(game) for game in chess_core.pgn.read_games(io.StringIO(TWO_GAMES))]
    kinds: List[Callable[[bytes], Any]] = [bytearray, memoryview, lambda data: array.array("B", data)]
    for kind in kinds:
        assert [str(game) for game in chess_core.pgn.read_games(Chunks(TWO_GAMES.encode(), kind))] == expected
        handle = Chunks(TWO_GAMES.encode(), kind)
        assert [str(chess_core.pgn.read_game(handle)), str(chess_core.pgn.read_game(handle))] == expected
