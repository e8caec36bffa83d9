"""A minimax player in the style of python-chess tutorials, written with bitboards.

It evaluates material with piece-square tables read through bitboards (``pieces_mask``,
``scan_forward``, ``square_mirror``), counts mobility and centre control with ``popcount``
and ``SquareSet``s, orders moves (captures and checks first) and searches with alpha-beta;
ties are broken by a seeded random choice, so a run depends on the order of ``legal_moves``.
The script is python-chess code: change the import below to ``import chess`` and it plays
the same game with python-chess.

    python examples/python/minimax.py [plies] [depth] [seed]
"""

from __future__ import annotations

import random
import sys
from typing import Any, List, Tuple

import chess_core as chess

VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}

# Bonus by square for White (a1 first); Black's are read through square_mirror().
# fmt: off
KNIGHT_TABLE = [
    -50, -40, -30, -30, -30, -30, -40, -50,
    -40, -20,   0,   5,   5,   0, -20, -40,
    -30,   5,  10,  15,  15,  10,   5, -30,
    -30,   0,  15,  20,  20,  15,   0, -30,
    -30,   5,  15,  20,  20,  15,   5, -30,
    -30,   0,  10,  15,  15,  10,   0, -30,
    -40, -20,   0,   0,   0,   0, -20, -40,
    -50, -40, -30, -30, -30, -30, -40, -50,
]
PAWN_TABLE = [
     0,   0,   0,   0,   0,   0,   0,   0,
     5,  10,  10, -20, -20,  10,  10,   5,
     5,  -5, -10,   0,   0, -10,  -5,   5,
     0,   0,   0,  20,  20,   0,   0,   0,
     5,   5,  10,  25,  25,  10,   5,   5,
    10,  10,  20,  30,  30,  20,  10,  10,
    50,  50,  50,  50,  50,  50,  50,  50,
     0,   0,   0,   0,   0,   0,   0,   0,
]
# fmt: on
TABLES = {chess.PAWN: PAWN_TABLE, chess.KNIGHT: KNIGHT_TABLE}


def evaluate(board: Any) -> int:
    """The position's value for the side to move, in centipawns."""
    if board.is_checkmate():
        return -100_000
    if board.is_stalemate() or board.is_insufficient_material():
        return 0
    score = 0
    for color in chess.COLORS:
        sign = 1 if color == board.turn else -1
        for piece_type, value in VALUES.items():
            mask = board.pieces_mask(piece_type, color)
            score += sign * value * chess.popcount(mask)
            table = TABLES.get(piece_type)
            if table is not None:
                for square in chess.scan_forward(mask):
                    score += sign * table[square if color == chess.WHITE else chess.square_mirror(square)]
        # Centre control: own pieces attacking the four centre squares.
        centre = chess.SquareSet(chess.BB_CENTER)
        score += sign * 5 * sum(len(board.attackers(color, square)) for square in centre)
    # Mobility of the side to move.
    score += 2 * board.legal_moves.count()
    return score


def ordered(board: Any) -> List[Any]:
    """The legal moves, captures and checks first (stable: otherwise python-chess's order)."""
    return sorted(board.legal_moves, key=lambda m: (not board.is_capture(m), not board.gives_check(m)))


def negamax(board: Any, depth: int, alpha: int, beta: int) -> int:
    if depth == 0 or board.is_game_over():
        return evaluate(board)
    for move in ordered(board):
        board.push(move)
        score = -negamax(board, depth - 1, -beta, -alpha)
        board.pop()
        if score >= beta:
            return beta
        alpha = max(alpha, score)
    return alpha


def choose(board: Any, depth: int, rng: random.Random) -> Tuple[Any, int]:
    """The best move (a seeded random one among equals) and its score."""
    best: List[Any] = []
    best_score = -1_000_000
    for move in ordered(board):
        board.push(move)
        score = -negamax(board, depth - 1, -1_000_000, 1_000_000)
        board.pop()
        if score > best_score:
            best, best_score = [move], score
        elif score == best_score:
            best.append(move)
    return rng.choice(best), best_score


def play(plies: int, depth: int, seed: int) -> List[str]:
    """A game of the player against itself, in SAN."""
    rng = random.Random(seed)
    board = chess.Board()
    sans: List[str] = []
    while len(sans) < plies and not board.is_game_over():
        move, _ = choose(board, depth, rng)
        sans.append(board.san(move))
        board.push(move)
    return sans


if __name__ == "__main__":
    args = [int(arg) for arg in sys.argv[1:4]]
    plies, depth, seed = args + [16, 2, 1][len(args):]
    print(" ".join(play(plies, depth, seed)))
