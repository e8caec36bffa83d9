"""chess_core.syzygy against python-chess's chess.syzygy, on the tables and positions of
python-chess's source distribution (PYTHON_CHESS_SRC; skipped without it)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from typing import List

import chess
import chess.syzygy
import pytest

import chess_core
import chess_core.syzygy

SRC = os.environ.get("PYTHON_CHESS_SRC", "")
TABLES = os.path.join(SRC, "data", "syzygy", "regular")


def need_tables() -> None:
    if not os.path.isfile(os.path.join(TABLES, "KQvK.rtbw")):
        pytest.skip("no Syzygy tables: set PYTHON_CHESS_SRC to python-chess's chess-1.11.2 directory")


def epd_fens() -> List[str]:
    with open(os.path.join(SRC, "data", "endgame.epd")) as f:
        return [" ".join(line.split()[:4]) + " 0 1" for line in f if line.strip()]


def random_fens(count: int, seed: int) -> List[str]:
    """Legal positions of the tables' materials."""
    rng = random.Random(seed)
    names = sorted(n[:-5] for n in os.listdir(TABLES) if n.endswith(".rtbw"))
    fens: List[str] = []
    while len(fens) < count:
        white, black = rng.choice(names).split("v")
        board = chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        for color, side in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in side:
                board.set_piece_at(squares.pop(), chess.Piece(chess.PIECE_SYMBOLS.index(letter.lower()), color))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            fens.append(board.fen())
    return fens


def test_same_values_as_python_chess() -> None:
    need_tables()
    fens = epd_fens() + random_fens(300, 28)
    with chess_core.syzygy.open_tablebase(TABLES) as ours, chess.syzygy.open_tablebase(TABLES) as theirs:
        for fen in fens:
            mine, ref = chess_core.Board(fen), chess.Board(fen)
            assert ours.probe_wdl(mine) == theirs.probe_wdl(ref), fen
            assert ours.probe_dtz(mine) == theirs.probe_dtz(ref), fen
            assert ours.probe_wdl_table(mine) == theirs.probe_wdl_table(ref), fen


def test_errors_and_defaults() -> None:
    need_tables()
    tables = chess_core.syzygy.Tablebase()
    assert tables.add_directory(TABLES) >= 70
    six = chess_core.Board("3kqr2/8/8/8/8/8/8/KQR5 w - - 0 1")
    with pytest.raises(chess_core.syzygy.MissingTableError, match="KQRvKQR"):
        tables.probe_wdl(six)
    assert issubclass(chess_core.syzygy.MissingTableError, KeyError)
    assert tables.get_wdl(six) is None and tables.get_dtz(six, 7) == 7
    # Castling rights and too many pieces are KeyErrors, as in python-chess.
    assert tables.get_wdl(chess_core.Board()) is None
    with pytest.raises(KeyError):
        tables.probe_dtz(chess_core.Board("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"))
    tables.close()
    with pytest.raises(chess_core.syzygy.MissingTableError):
        tables.probe_wdl(chess_core.Board("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1"))


def test_names_match_python_chess() -> None:
    board = chess_core.Board("8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1")
    assert chess_core.syzygy.calc_key(board) == "KBNvK"
    assert chess_core.syzygy.calc_key(board, mirror=True) == "KvKBN"
    assert set(chess_core.syzygy.tablenames()) == set(chess.syzygy.tablenames())
    for name in ["KBNvK", "KPvKP", "KRPvKB", "KNNvKBB", "KPPvKRR"]:
        assert chess_core.syzygy.normalize_tablename(name) == chess.syzygy.normalize_tablename(name)
        assert set(chess_core.syzygy.dependencies(name)) == set(chess.syzygy.dependencies(name))
    assert [chess_core.syzygy.dtz_before_zeroing(w) for w in range(-2, 3)] == [-1, -101, 0, 101, 1]


def test_threads_probe_one_tablebase() -> None:
    need_tables()
    fens = random_fens(200, 5)
    with chess_core.syzygy.open_tablebase(TABLES) as tables:
        expected = [(tables.probe_wdl(chess_core.Board(f)), tables.probe_dtz(chess_core.Board(f))) for f in fens]
        results: List[List[tuple[int, int]]] = []

        def work() -> None:
            boards = [chess_core.Board(f) for f in fens]
            results.append([(tables.probe_wdl(b), tables.probe_dtz(b)) for b in boards])

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert results == [expected] * 4


def test_python_chess_syzygy_test_case() -> None:
    """python-chess's SyzygyTestCase through the shim: the table-name, probing and endgame.epd
    tests pass; the single-file WdlTable/DtzTable classes, probe_dtz_no_ep, variants and the
    6-piece tables the sdist lacks do not."""
    if not os.path.isfile(os.path.join(SRC, "test.py")):
        pytest.skip("python-chess's source distribution is not unpacked here (PYTHON_CHESS_SRC)")
    suite = os.path.join(os.path.dirname(__file__), "python_chess_suite.py")
    run = subprocess.run([sys.executable, suite, SRC, "--json", "SyzygyTestCase"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    passed = json.loads(run.stdout.splitlines()[-1])["SyzygyTestCase"]["passed"]
    for name in ["test_testsuite", "test_wdl_ep", "test_probe_wdl_tablebase", "test_tablenames", "test_dependencies"]:
        assert f"SyzygyTestCase.{name}" in passed
    assert len(passed) >= 10
