"""chess_core on the repository's test data: the perft suites (standard, tricky, a random
sample, 960 Chess960 positions) counted by a Python loop of legal_moves + push + pop, and the
PGN games replayed move by move beside python-chess."""

from __future__ import annotations

import pathlib
from typing import Iterator, List, Tuple

import chess
import chess.pgn
import chess.polyglot
import pytest

import chess_core

DATA = pathlib.Path(__file__).resolve().parents[2] / "chess-core" / "tests" / "data"


def perft_cases(name: str) -> Iterator[Tuple[str, str, int, int]]:
    """(id, FEN, depth, nodes) for the deepest depth with at most 10,000 nodes of each line
    (the shallowest given when none is that small)."""
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ident, fen, counts = (field.strip() for field in line.split(";"))
        pairs = [tuple(int(x) for x in pair.split("=")) for pair in counts.split()]
        small = [(d, n) for d, n in pairs if n <= 10_000]
        depth, nodes = max(small) if small else min(pairs)
        yield ident, fen, depth, nodes


def perft_loop(board: chess_core.Board, depth: int) -> int:
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft_loop(board, depth - 1)
        board.pop()
    return nodes


@pytest.mark.parametrize("name", ["standard.perft", "tricky.perft", "random_sample.perft", "chess960.perft"])
def test_perft_suites_from_python(name: str) -> None:
    # tricky.perft is to be read in Chess960 castling mode (its header says), which a board
    # without chess960=True does not do (as python-chess's does not).
    chess960 = name in ("chess960.perft", "tricky.perft")
    cases = list(perft_cases(name))
    assert len(cases) >= 25
    for ident, fen, depth, nodes in cases:
        board = chess_core.Board(fen, chess960=chess960)
        assert perft_loop(board, depth) == nodes, (ident, fen, depth)
        assert board.perft(depth) == nodes, (ident, fen, depth)
        if chess960:
            assert board.fen(shredder=True) == chess.Board(fen, chess960=True).fen(shredder=True), ident


def pgn_games() -> List[chess.pgn.Game]:
    games = []
    for path in sorted((DATA / "pgn").glob("*.pgn")):
        with path.open(encoding="utf-8") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                games.append(game)
    return games


def test_pgn_games_replay_identically() -> None:
    games = pgn_games()
    assert len(games) >= 100
    plies = 0
    for game in games:
        theirs = game.board()
        ours = chess_core.Board(theirs.fen(), chess960=theirs.chess960)
        for move in game.mainline_moves():
            san = theirs.san(move)
            assert ours.san(chess_core.Move.from_uci(move.uci())) == san
            assert ours.push_san(san).uci() == move.uci()
            theirs.push(move)
            plies += 1
            assert ours.fen() == theirs.fen()
            assert chess_core.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs)
            assert ours.legal_moves.count() == theirs.legal_moves.count()
            assert ours.is_checkmate() == theirs.is_checkmate()
            assert ours.is_stalemate() == theirs.is_stalemate()
            assert ours.is_insufficient_material() == theirs.is_insufficient_material()
            assert ours.is_repetition() == theirs.is_repetition()
        assert ours.result() == theirs.result()
        assert ours.result(claim_draw=True) == theirs.result(claim_draw=True)
        assert ours.can_claim_draw() == theirs.can_claim_draw()
    assert plies > 5_000
