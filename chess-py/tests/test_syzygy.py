"""chess_core.syzygy against python-chess's chess.syzygy, on the tables and positions of
python-chess's source distribution (PYTHON_CHESS_SRC; skipped without it)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from typing import Dict, List, Tuple

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


def en_passant_fens(count: int, seed: int) -> List[str]:
    """Legal positions of the tables' materials with pawns on both sides, right after a double
    pawn step that the side to move may take en passant."""
    rng = random.Random(seed)
    names = sorted(n[:-5] for n in os.listdir(TABLES) if n.endswith(".rtbw"))
    names = [n for n in names if all("P" in side for side in n.split("v"))]
    fens: List[str] = []
    while len(fens) < count:
        white, black = rng.choice(names).split("v")
        if rng.random() < 0.5:
            white, black = black, white
        turn = rng.random() < 0.5
        # The pawn that stepped (the other side's) and the one that may take it, on rank 5 for
        # White to move, rank 4 for Black.
        rank = 4 if turn == chess.WHITE else 3
        file = rng.randrange(8)
        other = file + 1 if file == 0 or (file < 7 and rng.random() < 0.5) else file - 1
        board = chess.Board(None)
        board.set_piece_at(chess.square(file, rank), chess.Piece(chess.PAWN, not turn))
        board.set_piece_at(chess.square(other, rank), chess.Piece(chess.PAWN, turn))
        step = 1 if turn == chess.WHITE else -1
        passed, start = chess.square(file, rank + step), chess.square(file, rank + 2 * step)
        free = [sq for sq in chess.SQUARES if board.piece_at(sq) is None and sq not in (passed, start)]
        rng.shuffle(free)
        for color, side in ((chess.WHITE, white.replace("P", "", 1)), (chess.BLACK, black.replace("P", "", 1))):
            for letter in side:
                board.set_piece_at(free.pop(), chess.Piece(chess.PIECE_SYMBOLS.index(letter.lower()), color))
        board.turn = turn
        board.ep_square = passed
        if board.is_valid() and board.has_legal_en_passant():
            fens.append(board.fen())
    return fens


def table_path(board: chess.Board, extension: str) -> str:
    """The table file of the board's material (named White first, or Black first)."""
    white, black = chess.syzygy.calc_key(board), chess.syzygy.calc_key(board, mirror=True)
    path = os.path.join(TABLES, white + extension)
    return path if os.path.isfile(path) else os.path.join(TABLES, black + extension)


def test_single_files_and_dtz_without_en_passant_as_python_chess() -> None:
    """WdlTable, DtzTable, Tablebase.probe_dtz_table and probe_dtz_no_ep against python-chess's,
    on endgame.epd's positions, random ones and positions where en passant is possible."""
    need_tables()
    fens = epd_fens() + random_fens(300, 7) + en_passant_fens(100, 8)
    ours_files: Dict[str, Tuple[chess_core.syzygy.WdlTable, chess_core.syzygy.DtzTable]] = {}
    theirs_files: Dict[str, Tuple[chess.syzygy.WdlTable, chess.syzygy.DtzTable]] = {}
    with chess_core.syzygy.open_tablebase(TABLES) as ours, chess.syzygy.open_tablebase(TABLES) as theirs:
        for fen in fens:
            mine, ref = chess_core.Board(fen), chess.Board(fen)
            assert ours.probe_dtz_no_ep(mine) == theirs.probe_dtz_no_ep(ref), fen
            if ref.occupied == ref.kings:
                continue
            wdl_path, dtz_path = table_path(ref, ".rtbw"), table_path(ref, ".rtbz")
            if wdl_path not in ours_files:
                ours_files[wdl_path] = (chess_core.syzygy.WdlTable(wdl_path), chess_core.syzygy.DtzTable(dtz_path))
                theirs_files[wdl_path] = (chess.syzygy.WdlTable(wdl_path), chess.syzygy.DtzTable(dtz_path))
            (our_wdl, our_dtz), (their_wdl, their_dtz) = ours_files[wdl_path], theirs_files[wdl_path]
            stored = their_wdl.probe_wdl_table(ref)
            assert our_wdl.probe_wdl_table(mine) == stored, fen
            if stored:  # a drawn position's DTZ entry means nothing
                expected = their_dtz.probe_dtz_table(ref, stored)
                assert our_dtz.probe_dtz_table(mine, stored) == expected, fen
                assert ours.probe_dtz_table(mine, stored) == expected, fen
    for files in (ours_files, theirs_files):
        for wdl_table, dtz_table in files.values():
            wdl_table.close()
            dtz_table.close()
    assert len(ours_files) >= 30


def test_single_file_api() -> None:
    need_tables()
    kbnk = os.path.join(TABLES, "KBNvK.rtbw")
    lost = chess_core.Board("8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1")
    with chess_core.syzygy.WdlTable(kbnk) as table:
        assert table.path == kbnk
        table.init_table_wdl()
        assert table.probe_wdl_table(lost) == -2
        # Another material, castling rights.
        with pytest.raises(chess_core.syzygy.MissingTableError, match="KQvK"):
            table.probe_wdl_table(chess_core.Board("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1"))
        with pytest.raises(KeyError):
            table.probe_wdl_table(chess_core.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"))
    # Closed, the file is read again on the next probe.
    assert table.probe_wdl_table(lost) == -2
    table.close()
    dtz = chess_core.syzygy.DtzTable(os.path.join(TABLES, "KRvKN.rtbz"))
    dtz.init_table_dtz()
    assert dtz.probe_dtz_table(chess_core.Board("7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1"), -2) == (8, 1)
    assert dtz.probe_dtz_table(chess_core.Board("7n/6k1/4R3/4K3/8/8/8/8 w - - 0 1"), 2) == (0, -1)
    with pytest.raises(ValueError):
        dtz.probe_dtz_table(chess_core.Board("7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1"), 3)
    dtz.close()
    # A name that is no table's; a file that is not there.
    with pytest.raises(ValueError):
        chess_core.syzygy.WdlTable(os.path.join(SRC, "data", "endgame.epd"))
    with pytest.raises(OSError):
        chess_core.syzygy.DtzTable(os.path.join(TABLES, "KQQQvK.rtbz")).init_table_dtz()
    with pytest.raises(OSError):
        chess_core.syzygy.WdlTable(os.path.join(TABLES, "KQQQvK.rtbw")).probe_wdl_table(
            chess_core.Board("6k1/8/8/8/8/8/8/QQQ1K3 w - - 0 1")
        )


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
    """python-chess's SyzygyTestCase through the shim: the table-name, probing, single-file,
    en passant and endgame.epd tests pass; the variant tests and the two that need tables the
    sdist lacks (skipped by python-chess too) do not."""
    if not os.path.isfile(os.path.join(SRC, "test.py")):
        pytest.skip("python-chess's source distribution is not unpacked here (PYTHON_CHESS_SRC)")
    suite = os.path.join(os.path.dirname(__file__), "python_chess_suite.py")
    run = subprocess.run([sys.executable, suite, SRC, "--json", "SyzygyTestCase"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    passed = json.loads(run.stdout.splitlines()[-1])["SyzygyTestCase"]["passed"]
    for name in [
        "test_testsuite", "test_wdl_ep", "test_dtz_ep", "test_probe_wdl_tablebase", "test_tablenames",
        "test_dependencies", "test_probe_pawnless_wdl_table", "test_probe_wdl_table", "test_probe_dtz_table_piece",
        "test_probe_dtz_table_pawn",
    ]:
        assert f"SyzygyTestCase.{name}" in passed
    assert len(passed) >= 15
