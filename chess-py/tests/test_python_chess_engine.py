"""python-chess's engine client (``chess.engine``) driving a UCI engine with a ``chess_core.Board``
unchanged, as python-chess programs do: ``SimpleEngine.popen_uci``, ``play``, ``analyse`` and
``analysis``, and the principal variation pushed onto the board.

The engine is the project's own (the ``uci`` program of examples/uci); its path comes from the
CHESS_UCI_BIN environment variable, which scripts/test-all.sh sets after the cargo tests built
it. The same commands are sent for a python-chess ``Board`` to a second engine process: both
must answer the same (a search to a fixed depth from a fresh engine is deterministic).
"""

from __future__ import annotations

import os
from typing import Any, Iterator, List, Tuple

import chess
import chess.engine
import pytest

import chess_core

LIMIT = chess.engine.Limit(depth=2)
CASTLING = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
# Two SimpleEngines, typed loosely: python-chess annotates its methods with chess.Board, and a
# chess_core.Board is what this test gives them.
Engines = Tuple[Any, Any]


def engine_path() -> str:
    path = os.environ.get("CHESS_UCI_BIN", "")
    if not os.path.isfile(path):
        pytest.skip(
            "skipped: CHESS_UCI_BIN does not name the uci engine (examples/uci; scripts/test-all.sh "
            f"sets it to <target>/test-release/uci after building it): {path!r}"
        )
    return path


@pytest.fixture
def engines() -> Iterator[Engines]:
    """Two fresh engine processes: one for chess_core's boards, one for python-chess's."""
    path = engine_path()
    ours, theirs = chess.engine.SimpleEngine.popen_uci([path]), chess.engine.SimpleEngine.popen_uci([path])
    try:
        yield ours, theirs
    finally:
        ours.quit()
        theirs.quit()


def boards(fen: str, sans: List[str], chess960: bool = False) -> Tuple[chess_core.Board, chess.Board]:
    ours, theirs = chess_core.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
    for san in sans:
        ours.push_san(san)
        theirs.push_san(san)
    return ours, theirs


def uci(moves: Any) -> List[str]:
    return [move.uci() for move in moves]


@pytest.mark.parametrize(
    "fen,sans,chess960",
    [
        (chess.STARTING_FEN, [], False),
        (chess.STARTING_FEN, ["e4", "e5", "Nf3", "Nc6", "Bb5"], False),
        (CASTLING, ["h4"], False),
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", ["Nf3"], True),
    ],
)
def test_play_and_analyse_a_chess_core_board(
    engines: Engines, fen: str, sans: List[str], chess960: bool
) -> None:
    ours, theirs = engines
    board, reference = boards(fen, sans, chess960)
    before = board.fen()

    played, their_played = ours.play(board, LIMIT), theirs.play(reference, LIMIT)
    assert isinstance(played.move, chess_core.Move) and played.move in board.legal_moves
    assert played.move.uci() == their_played.move.uci()
    assert board.fen() == before and len(board.move_stack) == len(sans)  # play() leaves the board as it was

    info, their_info = ours.analyse(board, LIMIT), theirs.analyse(reference, LIMIT)
    assert info["depth"] == 2 and info["score"] == their_info["score"]
    assert info["score"].turn == board.turn
    pv = info["pv"]
    assert pv and uci(pv) == uci(their_info["pv"])
    for move in pv:
        assert move in board.legal_moves
        board.push(move)
    assert board.move_stack[len(sans) :] == pv
    assert [board.pop() for _ in pv][::-1] == pv and board.fen() == before

    lines = ours.analyse(board, LIMIT, multipv=3)
    their_lines = theirs.analyse(reference, LIMIT, multipv=3)
    assert [uci(line["pv"])[0] for line in lines] == [uci(line["pv"])[0] for line in their_lines]
    assert len({line["pv"][0] for line in lines}) == 3


def test_analysis_stream_and_game_end(engines: Engines) -> None:
    ours, _ = engines
    board = chess_core.Board()
    with ours.analysis(board, chess.engine.Limit(depth=3)) as analysis:
        depths = [info["depth"] for info in analysis if "depth" in info]
        best = analysis.wait()
    assert depths and max(depths) == 3 and best.move in board.legal_moves

    # A game played out by the engine against itself on a chess_core board.
    for _ in range(6):
        board.push(ours.play(board, chess.engine.Limit(depth=1)).move)
    assert len(board.move_stack) == 6 and board.is_valid()

    mated = chess_core.Board()
    for san in ("f3", "e5", "g4"):
        mated.push_san(san)
    assert ours.play(mated, LIMIT).move == chess_core.Move.from_uci("d8h4")
    mated.push_san("Qh4#")
    info = ours.analyse(mated, LIMIT)
    assert info["score"].is_mate() and info["score"].relative.mate() == 0
