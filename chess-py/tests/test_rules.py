"""House rules, game events, reasons and descriptions on Board (issue 12): chess-core's Game
judges them; these tests pin the exact terminations, winners and messages."""

from __future__ import annotations

import dataclasses
import pickle

import chess
import pytest

import chess_core
from chess_core import Board, Move, Outcome, Rules, Termination
from chess_core._chess_core import _termination_values


def test_rules_presets_and_keywords() -> None:
    assert Rules() == Rules.fide()
    casual = Rules.casual()
    assert (casual.no_progress_plies, casual.perpetual_checks, casual.check_limit) == (60, 10, 30)
    assert (casual.resign_after_moves, casual.draw_offers_per_player, casual.fifty_move_plies) == (15, 3, None)
    house = dataclasses.replace(casual, check_limit=20)
    assert repr(house).startswith("Rules(fifty_move_plies=None, seventy_five_move_plies=None, no_progress_plies=60")
    board = Board(rules=house)
    assert board.rules == house
    board.rules = "fide"
    assert board.rules == Rules.fide()
    with pytest.raises(ValueError, match="rules must be 'fide', 'casual' or a Rules object"):
        Board(rules="blitz")
    with pytest.raises(AttributeError):
        Board(rules=42)  # type: ignore[arg-type]


def test_no_progress_under_casual_rules() -> None:
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 59 80"
    for rules, expected in [("casual", Termination.NO_PROGRESS), ("fide", None)]:
        board = Board(fen, rules=rules)
        board.push_san("Ra2")
        outcome = board.outcome()
        assert (outcome.termination if outcome else None) == expected
    board = Board(fen, rules="casual")
    board.push_san("Ra2")
    assert board.result() == "1/2-1/2" and board.is_game_over()
    board.pop()
    assert board.outcome() is None


def test_consecutive_checks_and_the_check_limit_as_house_rules() -> None:
    line = ["Ra8+", "Ke7", "Ra7+", "Kd6", "Ra6+", "Kc5"]
    board = Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", rules=Rules(perpetual_checks=3))
    for san in line[:4]:
        board.push_san(san)
    assert board.consecutive_checks() == 0  # Black just moved
    assert board.checks_received(chess.BLACK) == 2 and board.outcome() is None
    board.push_san(line[4])
    assert board.consecutive_checks() == 3
    outcome = board.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (Termination.PERPETUAL_CHECK, None)
    board = Board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", rules=Rules(check_limit=2))
    for san in line[:3]:
        board.push_san(san)
    outcome = board.outcome()
    assert outcome is not None and outcome.termination == Termination.CHECK_LIMIT


def test_events_follow_the_rules_and_pop_takes_them_back() -> None:
    board = Board(rules="casual")
    board.push_san("e4")
    with pytest.raises(chess_core.EventNotAllowedError, match="black may resign only after 15 moves, and has made 0"):
        board.resign(chess.BLACK)
    with pytest.raises(chess_core.EventNotAllowedError, match="may offer a draw only after 15 moves"):
        board.offer_draw(chess.WHITE)
    board.timeout(chess.BLACK)
    outcome = board.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (Termination.ABORTED, None)
    assert board.events == [(1, "timeout", False)]
    with pytest.raises(chess_core.EventNotAllowedError, match="the game is over"):
        board.resign(chess.WHITE)
    board.pop()
    assert board.events == [] and board.outcome() is None

    board = Board()  # FIDE: events at any time
    board.push_san("e4")
    board.offer_draw(chess.WHITE)
    with pytest.raises(chess_core.EventNotAllowedError, match="white has already offered a draw"):
        board.offer_draw(chess.WHITE)
    board.decline_draw()
    board.offer_draw(chess.WHITE)
    board.accept_draw()
    outcome = board.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (Termination.DRAW_AGREEMENT, None)
    with pytest.raises(chess_core.EventNotAllowedError, match="no draw offer"):
        Board().accept_draw()
    board = Board()
    board.resign(chess.WHITE)
    outcome = board.outcome()
    assert outcome is not None and (outcome.termination, outcome.winner) == (Termination.RESIGNATION, chess.BLACK)
    assert board.result() == "0-1"


def test_a_fourth_draw_offer_is_refused() -> None:
    board = Board(rules=Rules(draw_offers_per_player=3))
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6"]:
        board.push_san(san)
        if board.turn == chess.BLACK:
            board.offer_draw(chess.WHITE)
            board.decline_draw()
    assert [name for _, name, _ in board.events] == ["offer_draw", "decline_draw"] * 3
    with pytest.raises(chess_core.EventNotAllowedError, match="white has already made the 3 draw offers allowed"):
        board.offer_draw(chess.WHITE)
    board.offer_draw(chess.BLACK)


def test_captured_pieces_and_material() -> None:
    board = Board()
    for san in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qxg2"]:
        board.push_san(san)
    assert board.captured(chess.WHITE) == [chess.PAWN]
    assert board.captured(chess.BLACK) == [chess.PAWN, chess.PAWN]
    assert board.material_balance() == -1


def test_why_illegal_names_the_reason_in_two_languages() -> None:
    board = Board("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
    reason = board.why_illegal(Move.from_uci("e2c3"))
    assert reason is not None and reason.kind == "pinned"
    assert reason.message == "the knight on e2 is pinned by the rook on e7"
    assert reason.message_zh and reason.message_zh != reason.message
    assert str(reason) == reason.message and "pinned" in repr(reason)
    assert board.why_illegal(Move.from_uci("e1d1")) is None
    castling = Board("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
    through = castling.why_illegal(Move.from_uci("e1g1"))
    assert through is not None and through.kind == "castling_through_check"
    empty = Board().why_illegal(Move.from_uci("e3e4"))
    assert empty is not None and empty.kind == "no_piece"
    king = Board().why_illegal(Move(chess.E2, chess.E4, chess.KING))
    assert king is not None and king.kind == "promotion_not_allowed"


def test_describe_and_book_notation() -> None:
    board = Board()
    assert board.describe(Move.from_uci("g1f3")) == "White knight g1 to f3"
    assert board.describe(Move.from_uci("g1f3"), lang="zh") != board.describe(Move.from_uci("g1f3"))
    with pytest.raises(ValueError, match="lang must be 'en' or 'zh'"):
        board.describe(Move.from_uci("g1f3"), lang="fr")
    board = Board("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    assert board.san(Move.from_uci("e1g1"), style="book") == "0-0"
    assert board.san(Move.from_uci("e5d6"), style="book") == "exd6 e.p."
    assert board.san(Move.from_uci("e5d6")) == "exd6"
    with pytest.raises(ValueError, match="style must be"):
        board.san(Move.from_uci("e5d6"), style="fancy")


def test_rules_and_events_survive_pickling_and_copies() -> None:
    board = Board(rules="casual")
    board.push_san("e4")
    board.timeout(chess.WHITE)
    for clone in (pickle.loads(pickle.dumps(board)), board.copy()):
        assert clone.rules == Rules.casual()
        assert clone.events == [(1, "timeout", True)]
        outcome = clone.outcome()
        assert outcome is not None and outcome.termination == Termination.ABORTED
    # The event happened in the current position, which a copy without the stack keeps.
    assert board.copy(stack=False).events == [(0, "timeout", True)]


EVENT_NAMES = ["resign", "offer_draw", "accept_draw", "decline_draw", "claim_draw", "timeout", "forfeit"]


def test_every_event_name_reads_back_and_an_unknown_one_is_refused() -> None:
    """Issue 24: the event names are chess-core's (EventKind::name, read back by from_name), and
    a name it does not know raises a ValueError instead of standing for another event. Issue 26:
    unpickling checks the events against the rules, as a save does."""
    fifty_moves = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"
    for name in EVENT_NAMES:
        for white in (True, False):
            board = Board(fifty_moves if name == "claim_draw" else chess.STARTING_FEN)
            if name in ("accept_draw", "decline_draw"):
                board.offer_draw(not white)
                getattr(board, name)()
            else:
                getattr(board, name)(white)
            events = board.events
            assert events[-1] == (0, name, white)
            assert pickle.loads(pickle.dumps(board)).events == events
    state = Board().__getstate__()
    board = Board()
    for name in ["shake_hands", "Resign", "", "unknown"]:
        with pytest.raises(ValueError, match="unknown game event .*: '" + name + "'"):
            board.__setstate__((*state[:3], [(0, name, True)]))
    with pytest.raises(ValueError, match="no draw offer"):
        board.__setstate__((*state[:3], [(0, "accept_draw", True)]))


def test_termination_values_map_chess_cores_codes_as_documented() -> None:
    """Issue 24: chess-core's Termination codes (the C library's CHESS_TERMINATION_* numbers)
    differ from python-chess's values, which Termination keeps; its docstring's table is the
    mapping a Board uses, for every termination chess-core has."""
    documented = {}
    for line in (Termination.__doc__ or "").splitlines():
        words = line.split()
        if len(words) == 4 and words[1].isdigit() and words[2].isdigit():
            _, code, value, member = words
            assert Termination[member].value == int(value), line
            documented[int(code)] = int(value)
    assert documented == dict(_termination_values())
    assert sorted(documented) == list(range(1, 16))
    assert documented[4] == Termination.FIFTY_MOVES.value == chess.Termination.FIFTY_MOVES.value == 6
    for name in ["CHECKMATE", "STALEMATE", "INSUFFICIENT_MATERIAL", "SEVENTYFIVE_MOVES", "FIVEFOLD_REPETITION",
                 "FIFTY_MOVES", "THREEFOLD_REPETITION"]:
        assert Termination[name].value == chess.Termination[name].value


def test_house_rules_judge_edited_stacks_and_null_moves() -> None:
    """Issue 26: the board is one chess-core game, so house rules judge any stack (an edit, a
    null move) where the replay into a second game used to raise."""
    board = Board(rules="casual")
    board.push_san("e4")
    board.halfmove_clock = 59  # an edit: the casual rules draw at 60 plies without progress
    assert board.outcome() is None
    board.push_san("Nf6")
    assert board.outcome() == Outcome(Termination.NO_PROGRESS, None)
    board.pop()
    board.push(Move.null())
    assert board.outcome() == Outcome(Termination.NO_PROGRESS, None)
    assert board.checks_received(True) == 0
    with pytest.raises(chess_core.EventNotAllowedError):
        board.resign(True)


def test_the_engine_plays_by_the_board_rules() -> None:
    # Queen and pawn against king, 58 plies without progress: under the casual rules a quiet
    # move lets a quiet reply reach the 60-ply draw, so only a pawn move keeps the win.
    from chess_core import engine

    fen = "4k3/8/8/8/8/8/7P/3QK3 w - - 58 80"
    casual, fide = Board(fen, rules="casual"), Board(fen)
    casual_move = engine.Engine(hash_mb=4).play(casual, engine.Level.EXPERT).move
    fide_move = engine.Engine(hash_mb=4).play(fide, engine.Level.EXPERT).move
    assert casual_move is not None and fide_move is not None
    assert (casual.san(casual_move), fide.san(fide_move)) == ("h4", "Qd6")


def test_planes_match_the_piece_map() -> None:
    board = Board("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1")
    planes = board.planes()
    flat = bytes(planes.tobytes() if hasattr(planes, "tobytes") else planes)
    assert len(flat) == 18 * 64
    if hasattr(planes, "shape"):
        assert planes.shape == (18, 8, 8)

    def at(plane: int, square: int) -> int:
        return flat[plane * 64 + square]

    for square in chess.SQUARES:
        piece = board.piece_at(square)
        expected = {(0 if piece.color else 6) + piece.piece_type - 1} if piece else set()
        assert {plane for plane in range(12) if at(plane, square)} == expected
    assert all(at(12, square) == 1 for square in chess.SQUARES)  # White to move
    assert [at(plane, chess.A1) for plane in (13, 14, 15, 16)] == [1, 0, 0, 1]  # K and q
    assert [square for square in chess.SQUARES if at(17, square)] == [chess.D6]
    assert sum(flat[12 * 64:13 * 64]) == 64
