"""chess_core.polyglot (chess-core's book reader) against python-chess's chess.polyglot on
python-chess's two sample books: the same entries (keys, raw moves, weights, learn values,
moves, order) for every position of every game of the shared PGN files, the same whole-book
iteration, the same random choices from the same random sources, and damaged books refused.

The books come with python-chess's source distribution, which the test command downloads
($PYTHON_CHESS_SRC); the PGN games are the shared corpus ($CHESS_DATA_PGN, else
../shared/data/pgn beside the repository). Each test skips and says why without them.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any, Iterator, List, Tuple

import chess
import chess.pgn
import chess.polyglot
import pytest

import chess_core
import chess_core.polyglot

SRC = Path(os.environ.get("PYTHON_CHESS_SRC", "/nonexistent"))
BOOKS = [SRC / "data" / "polyglot" / name for name in ("performance.bin", "lasker-trap.bin")]
DATA = Path(os.environ.get("CHESS_DATA_PGN", Path(__file__).resolve().parents[3] / "shared" / "data" / "pgn"))

needs_books = pytest.mark.skipif(
    not all(book.is_file() for book in BOOKS),
    reason=f"python-chess's sample books are not at {SRC}/data/polyglot: set PYTHON_CHESS_SRC "
    "(scripts/test-all.sh downloads the sdist)",
)
needs_games = pytest.mark.skipif(not DATA.is_dir(), reason=f"no PGN data directory at {DATA}")


def fields(entries: Iterator[Any]) -> List[Tuple[int, int, int, int, str]]:
    return [(e.key, e.raw_move, e.weight, e.learn, e.move.uci()) for e in entries]


def positions() -> Iterator[Tuple[chess.Board, chess_core.Board]]:
    """Every position of every game of the shared PGN files, as both libraries' boards."""
    for path in sorted(DATA.glob("*.pgn")):
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                board = game.board()
                ours = chess_core.Board(board.fen(), chess960=board.chess960)
                yield board, ours
                for move in game.mainline_moves():
                    board.push(move)
                    ours.push(chess_core.Move.from_uci(move.uci()))
                    yield board, ours


@needs_books
@needs_games
def test_every_position_of_the_shared_games_has_the_same_entries() -> None:
    theirs = [chess.polyglot.open_reader(book) for book in BOOKS]
    ours = [chess_core.polyglot.open_reader(book) for book in BOOKS]
    compared = in_book = 0
    for board, our_board in positions():
        assert chess_core.polyglot.zobrist_hash(our_board) == chess.polyglot.zobrist_hash(board), board.fen()
        for their_book, our_book in zip(theirs, ours):
            expected = fields(their_book.find_all(board, minimum_weight=0))
            assert fields(our_book.find_all(our_board, minimum_weight=0)) == expected, board.fen()
            compared += 1
            in_book += bool(expected)
    print(f"{compared} lookups compared, {in_book} in a book")
    assert compared > 100_000 and in_book > 1_000


@needs_books
def test_every_entry_and_every_key() -> None:
    for book in BOOKS:
        with chess.polyglot.open_reader(book) as theirs, chess_core.polyglot.open_reader(book) as ours:
            assert len(ours) == len(theirs)
            assert fields(iter(ours)) == fields(iter(theirs))
            assert ours[-1] == ours[len(ours) - 1]
            for key in sorted({entry.key for entry in theirs})[::50]:
                assert fields(ours.find_all(key)) == fields(theirs.find_all(key))
                assert fields(ours.find_all(key, minimum_weight=5)) == fields(theirs.find_all(key, minimum_weight=5))
            with pytest.raises(IndexError):
                ours[len(ours)]
            with pytest.raises(IndexError):
                ours[-len(ours) - 1]


@needs_books
def test_random_choices_follow_the_same_random_source() -> None:
    with chess.polyglot.open_reader(BOOKS[0]) as theirs, chess_core.polyglot.open_reader(BOOKS[0]) as ours:
        board = chess.Board()
        our_board = chess_core.Board()
        for seed in range(200):
            if not any(theirs.find_all(board)):
                board, our_board = chess.Board(), chess_core.Board()
            expected = theirs.weighted_choice(board, random=random.Random(seed))
            chosen = ours.weighted_choice(our_board, random=random.Random(seed))
            assert fields(iter([chosen])) == fields(iter([expected]))
            uniform = ours.choice(our_board, random=random.Random(seed))
            assert fields(iter([uniform])) == fields(iter([theirs.choice(board, random=random.Random(seed))]))
            excluded = [chess_core.Move.from_uci(expected.move.uci())]
            if len(list(theirs.find_all(board))) > 1:
                other = ours.weighted_choice(our_board, exclude_moves=excluded, random=random.Random(seed))
                assert other.move not in excluded
            board.push(expected.move)
            our_board.push(chosen.move)


def test_damaged_books_are_refused(tmp_path: Path) -> None:
    entry = bytes.fromhex("463b96181691fc9c 031c 0001 00000000".replace(" ", ""))
    truncated = tmp_path / "truncated.bin"
    truncated.write_bytes(entry * 2 + entry[:7])
    with pytest.raises(OSError, match="16-byte entries"):
        chess_core.polyglot.open_reader(truncated)
    unsorted = tmp_path / "unsorted.bin"
    unsorted.write_bytes(entry + bytes(16))
    with pytest.raises(OSError, match="sorted"):
        chess_core.polyglot.open_reader(unsorted)
    with pytest.raises(FileNotFoundError):
        chess_core.polyglot.open_reader(tmp_path / "missing.bin")
    good = tmp_path / "good.bin"
    good.write_bytes(entry)
    reader = chess_core.polyglot.open_reader(good)
    assert reader.find(chess_core.Board()).move == chess_core.Move.from_uci("e2e4")
    reader.close()
    with pytest.raises(ValueError, match="closed"):
        len(reader)


def test_zobrist_hasher_and_the_random_array() -> None:
    assert chess_core.polyglot.POLYGLOT_RANDOM_ARRAY == chess.polyglot.POLYGLOT_RANDOM_ARRAY
    other = [random.Random(5).getrandbits(64) for _ in range(781)]
    ours_default = chess_core.polyglot.ZobristHasher(chess_core.polyglot.POLYGLOT_RANDOM_ARRAY)
    ours_other, theirs_other = chess_core.polyglot.ZobristHasher(other), chess.polyglot.ZobristHasher(other)
    fens = [
        chess.STARTING_FEN,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # a pawn beside: counted
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3",
        "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b Qk a3 0 1",  # no pawn beside: not counted
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]
    for fen in fens:
        board, ours = chess.Board(fen), chess_core.Board(fen)
        assert ours_default(ours) == chess_core.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(board), fen
        assert ours_other(ours) == theirs_other(board), fen
    with pytest.raises(ValueError):
        chess_core.polyglot.ZobristHasher([1, 2, 3])
