"""The computer player: levels, analysis, hints, per-depth info, stopping, and threads (Ctrl-C
and hostile positions: test_engine_limits.py)."""

from __future__ import annotations

import threading
import time
from typing import List, Optional

import pytest

import chess_core
from chess_core.engine import Engine, Level, SearchInfo, SearchResult, analysis, search

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
HANGING_QUEEN = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4"


def test_every_level_plays_a_legal_move() -> None:
    board = chess_core.Board()
    engine = Engine(hash_mb=1, seed=7)
    for level in (Level.BEGINNER, Level.NORMAL, Level.EXPERT, "beginner", "大师"):
        result = engine.play(board, level)
        assert result.move is not None and result.move in board.legal_moves
        assert result.pv[0] == result.move
        assert result.depth >= 1 and result.nodes > 0


def test_analyse_finds_the_mate_with_python_chess_names() -> None:
    board = chess_core.Board(MATE_IN_ONE)
    result = Engine().analyse(board, depth=3)
    assert result.move == chess_core.Move.from_uci("a1a8")
    assert board.san(result.move) == "Ra8#"
    assert result.score.relative.mate() == 1
    assert result.score.turn is chess_core.WHITE
    assert result.score.white().mate() == 1 and result.score.black().mate() == -1
    assert result.score.is_mate() and result.score.relative.score() is None
    assert result.score.relative.score(mate_score=100_000) == 99_999
    assert str(result.score.relative) == "#1" and repr(result.score.relative) == "Mate(+1)"
    assert result.ponder is None and result.pv == [result.move]


def test_analyse_from_blacks_side_and_multipv() -> None:
    board = chess_core.Board()
    board.push_san("e4")
    result = Engine().analyse(board, depth=3, multipv=3)
    assert result.score.turn is chess_core.BLACK
    assert result.score.white() == -result.score.relative
    assert len(result.lines) == 3
    scores = [line.score.relative for line in result.lines]
    assert scores == sorted(scores, reverse=True)
    assert len({line.pv[0] for line in result.lines}) == 3
    assert result.lines[0].pv[0] == result.move


def test_no_legal_move() -> None:
    board = chess_core.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    result = Engine().analyse(board, depth=2)
    assert result.move is None and result.pv == []
    assert result.score.relative.mate() == 0
    assert search(board, depth=2) is None
    assert Engine().hint(board) is None


def test_info_callback_reports_each_depth() -> None:
    infos: List[SearchInfo] = []
    result = Engine().analyse(chess_core.Board(), depth=4, info=infos.append)
    assert [info.depth for info in infos] == [1, 2, 3, 4]
    assert all(info.multipv == 1 and info.pv for info in infos)
    assert infos[-1].pv == result.pv and infos[-1].score == result.score
    assert [info.nodes for info in infos] == sorted(info.nodes for info in infos)
    # python-chess's InfoDict keys.
    assert infos[-1]["depth"] == 4 and infos[-1]["pv"] == result["pv"] and result["score"] == result.score
    with pytest.raises(KeyError):
        result["multipv"]
    with pytest.raises(KeyError):
        infos[0]["lines"]


def test_an_exception_in_the_callback_stops_the_search_and_is_raised() -> None:
    def fail(info: SearchInfo) -> None:
        raise KeyError(info.depth)

    with pytest.raises(KeyError, match="1"):
        Engine().analyse(chess_core.Board(), depth=20, info=fail)


def test_the_default_level_is_chess_cores_master() -> None:
    """Issue 24: one default level everywhere (chess-core's Level::default(), as the C library's
    new searchers and the UCI engine): a move without a level is Master's, a second long (a
    lower bound, which a busy machine cannot break), where Normal searches 3 plies."""
    board = chess_core.Board()
    engine = Engine(hash_mb=1)
    assert engine.play(board, Level.NORMAL).depth == 3
    assert engine.play(board).time >= 0.95


def test_hint_in_english_and_chinese() -> None:
    hint = Engine().hint(chess_core.Board(HANGING_QUEEN), Level.NORMAL)
    assert hint is not None
    assert hint.move == chess_core.Move.from_uci("f3h4") and hint.san == "Nxh4"
    assert hint.text == "White knight f3 takes queen h4; wins the queen on h4" == str(hint)
    assert hint.text_zh == "白方马从f3吃h4的后；得h4的后"


def test_one_shot_search_and_bad_arguments() -> None:
    board = chess_core.Board(MATE_IN_ONE)
    assert search(board, depth=2) == chess_core.Move.from_uci("a1a8")
    assert search(board, level=Level.EXPERT) == chess_core.Move.from_uci("a1a8")
    with pytest.raises(ValueError, match="not both"):
        search(board, level=Level.EXPERT, depth=2)
    with pytest.raises(ValueError, match="unknown level"):
        search(board, level="grandmaster")
    with pytest.raises(ValueError, match="invalid time"):
        Engine().analyse(board, time=-1.0)
    with pytest.raises(ValueError, match="multipv"):
        Engine().analyse(board, depth=1, multipv=0)


def test_stop_from_another_thread_ends_the_search_quickly() -> None:
    engine = Engine()
    started = threading.Event()
    results: List[SearchResult] = []
    ended: List[float] = []

    def think() -> None:
        results.append(engine.analyse(chess_core.Board(), time=60.0, info=lambda info: started.set()))
        ended.append(time.thread_time())

    thread = threading.Thread(target=think)
    thread.start()
    assert started.wait(30) and thread.ident is not None
    # The searching thread's CPU time from the stop to its answer (a busy machine that keeps
    # the thread waiting does not count).
    searching = time.pthread_getcpuclockid(thread.ident)
    engine.stop()
    stopped_at = time.clock_gettime(searching)
    thread.join(30)
    assert not thread.is_alive()
    took = ended[0] - stopped_at
    assert took < 0.5, took
    assert results[0].move is not None and results[0].move in chess_core.Board().legal_moves


def test_the_gil_is_released_while_searching() -> None:
    engine = Engine()
    started, done = threading.Event(), threading.Event()

    def think() -> None:
        engine.analyse(chess_core.Board(), time=10.0, info=lambda info: started.set())
        done.set()

    thread = threading.Thread(target=think)
    thread.start()
    assert started.wait(30)
    # Python code runs here while the search goes on: a search holding the GIL would let this
    # thread run again only after it ended.
    for _ in range(20):
        time.sleep(0.001)
    searching = not done.is_set()
    engine.stop()
    thread.join()
    assert searching


def test_one_engine_searches_one_board_at_a_time() -> None:
    engine = Engine()
    started = threading.Event()
    thread = threading.Thread(target=lambda: engine.analyse(chess_core.Board(), time=30.0, info=lambda i: started.set()))
    thread.start()
    assert started.wait(30)
    try:
        with pytest.raises(RuntimeError, match="already searching"):
            engine.analyse(chess_core.Board(), depth=1)
    finally:
        engine.stop()
        thread.join()


def self_play(seed: int, plies: int) -> List[str]:
    """A game of `plies` half-moves between a Beginner (White) and a Normal player."""
    white, black = Engine(hash_mb=1, seed=seed), Engine(hash_mb=1, seed=seed + 1)
    board = chess_core.Board()
    while len(board.move_stack) < plies and not board.is_game_over():
        engine, level = (white, Level.BEGINNER) if board.turn else (black, Level.NORMAL)
        move: Optional[chess_core.Move] = engine.play(board, level).move
        assert move is not None
        board.push(move)
    return [m.uci() for m in board.move_stack]


def test_two_engines_play_in_two_threads_at_once() -> None:
    expected = {seed: self_play(seed, 16) for seed in (1, 2)}
    games: dict[int, List[str]] = {}
    threads = [threading.Thread(target=lambda s=seed: games.__setitem__(s, self_play(s, 16))) for seed in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert games == expected
    assert all(len(game) == 16 for game in games.values())


def test_analysis_iterator_yields_each_depth_and_stops_when_left() -> None:
    engine = Engine()
    depths = [info.depth for info in analysis(engine, chess_core.Board(MATE_IN_ONE), depth=3)]
    assert depths == [1, 2, 3]
    started = time.perf_counter()
    for info in analysis(engine, chess_core.Board(), time=60.0):
        if info.depth == 3:
            break
    assert time.perf_counter() - started < 10  # leaving the loop stopped the 60-second search
    with pytest.raises(ValueError, match="multipv"):
        next(analysis(engine, chess_core.Board(), depth=1, multipv=0))
