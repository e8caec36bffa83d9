"""Drives the `uci` engine through python-chess, as Python programs and GUIs use it.

The engine is the `uci` program of the chess-uci package (examples/uci). Its path comes from
the CHESS_UCI_BIN environment variable (scripts/test-all.sh sets it after building the engine).
"""

import os
import time

import chess
import chess.engine
import pytest

MATE_IN_TWO = "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1"
CASTLING = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"


@pytest.fixture
def engine():
    path = os.environ.get("CHESS_UCI_BIN")
    if not path:
        pytest.fail("set CHESS_UCI_BIN to the uci engine (scripts/test-all.sh does)")
    engine = chess.engine.SimpleEngine.popen_uci([path])
    yield engine
    engine.quit()


def play_line(board, moves):
    """Plays `moves` on a copy of `board`, failing on an illegal one, and returns the copy."""
    board = board.copy()
    for move in moves:
        assert move in board.legal_moves, f"{move} is illegal in {board.fen()}"
        board.push(move)
    return board


def test_identifies_itself(engine):
    assert engine.id["name"] == "chess-core 0.1.0"
    assert engine.options["Hash"].default == 16
    assert engine.options["Level"].var == ["Beginner", "Normal", "Expert", "Master"]


def test_analyse_gives_a_score_and_a_legal_line(engine):
    board = chess.Board()
    board.push_uci("e2e4")
    board.push_uci("e7e5")
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    assert info["depth"] == 4
    assert isinstance(info["score"], chess.engine.PovScore)
    assert info["score"].turn == chess.WHITE
    assert len(info["pv"]) >= 2
    play_line(board, info["pv"])


def test_play_gives_a_legal_move(engine):
    board = chess.Board()
    for limit in [chess.engine.Limit(depth=3), chess.engine.Limit(time=0.1), chess.engine.Limit(nodes=5000)]:
        result = engine.play(board, limit)
        assert result.move in board.legal_moves
        board.push(result.move)
    clock = chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1)
    assert engine.play(board, clock).move in board.legal_moves


def test_finds_mate_in_two(engine):
    board = chess.Board(MATE_IN_TWO)
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    assert info["score"].relative == chess.engine.Mate(2)
    assert str(info["score"].white()) == "#+2"
    assert len(info["pv"]) == 3
    assert play_line(board, info["pv"]).is_checkmate()


def test_analysis_stops_promptly(engine):
    board = chess.Board()
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 3:
                break
        started = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        # Generous: only a hang fails.
        assert time.monotonic() - started < 10
    assert best.move in board.legal_moves


@pytest.mark.parametrize(
    ("option", "value", "depth"),
    [
        ("Level", "Beginner", 2),
        ("Skill Level", 5, 2),
        ("Skill Level", 8, 3),
        ("Level", "Expert", 4),
    ],
)
def test_levels_search_to_their_own_depth(engine, option, value, depth):
    engine.configure({option: value})
    # Without limits, `go` searches with the level's own.
    info = engine.analyse(chess.Board(), chess.engine.Limit())
    assert info["depth"] == depth
    assert engine.play(chess.Board(), chess.engine.Limit()).move in chess.Board().legal_moves


def test_multipv_gives_three_lines(engine):
    board = chess.Board()
    infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
    assert [info["multipv"] for info in infos] == [1, 2, 3]
    assert all(info["depth"] == 4 for info in infos)
    assert len({info["pv"][0] for info in infos}) == 3
    scores = [info["score"].relative for info in infos]
    assert scores == sorted(scores, reverse=True)
    for info in infos:
        play_line(board, info["pv"])


@pytest.mark.parametrize(("chess960", "castling"), [(False, "e1g1"), (True, "e1h1")])
def test_castling_follows_the_variant(engine, chess960, castling):
    board = chess.Board(CASTLING, chess960=chess960)
    castle = board.parse_uci(castling)
    assert board.is_kingside_castling(castle)
    result = engine.play(board, chess.engine.Limit(depth=2), root_moves=[castle])
    assert result.move == castle


def syzygy_dir():
    """python-chess's tables (PYTHON_CHESS_SRC/data/syzygy/regular), or a skip."""
    src = os.environ.get("PYTHON_CHESS_SRC")
    tables = os.path.join(src or "", "data", "syzygy", "regular")
    if not src or not os.path.isfile(os.path.join(tables, "KQvK.rtbw")):
        pytest.skip("PYTHON_CHESS_SRC has no Syzygy tables (python-chess's sdist holds them)")
    return tables


def test_syzygy_path_plays_dtz_optimal_moves_to_mate(engine):
    """With SyzygyPath, each move of a KRvK game keeps the win by the fastest way python-chess's
    chess.syzygy knows, and the game ends in mate within the starting DTZ."""
    import chess.syzygy

    tables = syzygy_dir()
    engine.configure({"SyzygyPath": tables})
    board = chess.Board("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
    with chess.syzygy.open_tablebase(tables) as oracle:
        start = oracle.probe_dtz(board)
        while not board.is_checkmate():
            result = engine.play(board, chess.engine.Limit(depth=1))
            if board.turn == chess.WHITE:
                best = min(
                    -oracle.probe_dtz(play_line(board, [move]))
                    for move in board.legal_moves
                    if not play_line(board, [move]).is_checkmate()
                    and oracle.probe_wdl(play_line(board, [move])) < 0
                )
                after = play_line(board, [result.move])
                assert after.is_checkmate() or -oracle.probe_dtz(after) == best, board.fen()
            board.push(result.move)
            assert board.ply() <= start + 1, board.fen()
