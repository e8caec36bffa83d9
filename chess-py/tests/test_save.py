"""Boards saved as chess-core's save format in JSON (issue 25 §6): the safe way to exchange a
game with its rules and events, where a pickle from a stranger could run any code."""

from __future__ import annotations

import dataclasses
import json

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chess_core
from chess_core import Board, InvalidSaveError, Move, Rules


def test_a_board_reads_back_from_its_json() -> None:
    house = dataclasses.replace(Rules.fide(), check_limit=20)
    board = Board(rules=house)
    for san in ["e4", "e5", "Nf3", "Nc6"]:
        board.push_san(san)
    board.offer_draw(chess.WHITE)
    text = board.to_json()
    save = json.loads(text)
    assert save["moves"] == ["e2e4", "e7e5", "g1f3", "b8c6"]
    copy = Board.from_json(text)
    assert copy == board and copy.fen() == board.fen()
    assert copy.move_stack == board.move_stack
    assert copy.rules == house
    assert copy.events == board.events == [(4, "offer_draw", True)]
    # The stack works as the original's: pop() takes the draw offer back with its move.
    copy.pop()
    assert copy.events == [] and copy.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"


def test_a_chess960_game_and_a_set_up_start_read_back() -> None:
    board = Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
    board.push_uci("e1h1")
    copy = Board.from_json(board.to_json())
    assert copy.chess960 and copy.move_stack == [Move.from_uci("e1h1")]
    assert copy.root().fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert copy.fen() == board.fen()


def test_text_that_is_no_save_raises_invalid_save_error() -> None:
    start = {"fen": chess_core.STARTING_FEN, "chess960": False}
    for text in [
        "",
        "null",
        "{",
        '{"moves": 3}',
        json.dumps({"start": start, "moves": ["e2e5"]}),  # not a legal move
        json.dumps({"start": {"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "chess960": False}, "moves": []}),
        "[" * 100_000 + "]" * 100_000,  # nested past any parser's stack
    ]:
        with pytest.raises(InvalidSaveError, match="invalid saved game"):
            Board.from_json(text)
    assert issubclass(InvalidSaveError, ValueError)


def test_a_stack_that_is_no_game_is_refused() -> None:
    board = Board()
    board.push_san("e4")
    board.halfmove_clock = 30  # an edit: the stack no longer replays to this position
    with pytest.raises(ValueError, match="needs a stack of legal moves"):
        board.to_json()


SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text() | st.sampled_from(
    [chess_core.STARTING_FEN, "e2e4", "e7e5", "offer_draw", "white", "record"]
)
KEYS = st.sampled_from(["start", "fen", "chess960", "moves", "rules", "events", "judging", "ply", "event", "color"])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.one_of(st.text(), st.builds(json.dumps, st.recursive(SCALARS, lambda inner: st.lists(inner) | st.dictionaries(KEYS, inner)))))
def test_any_text_reads_or_raises_invalid_save_error(text: str) -> None:
    try:
        board = Board.from_json(text)
    except InvalidSaveError:
        return
    assert Board.from_json(board.to_json()) == board
