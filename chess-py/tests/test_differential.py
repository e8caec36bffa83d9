"""chess_core against python-chess on seeded random games: legal moves, SAN, LAN, UCI, FEN,
check/mate/stalemate/material, outcome, repetition and Zobrist keys after every move."""

from __future__ import annotations

import random

import chess
import chess.polyglot
import pytest

import chess_core

FENS = [
    chess.STARTING_FEN,
    # Kiwipete: castling both sides, pins, en passant, promotions.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    # Promotions and under-promotions with checks.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    # En passant next to the king, discovered checks along the rank.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    # Few pieces: insufficient material and stalemates come up.
    "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
]

CHESS960_FENS = [
    # Chess960 start positions 0, 518 (standard), 959 and a king-between-rooks with rooks near.
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
]


def assert_same(ours: chess_core.Board, theirs: chess.Board) -> None:
    assert ours.fen() == theirs.fen()
    assert ours.board_fen() == theirs.board_fen()
    assert ours.turn == theirs.turn
    assert ours.castling_rights == theirs.castling_rights
    assert ours.halfmove_clock == theirs.halfmove_clock
    assert ours.fullmove_number == theirs.fullmove_number
    assert ours.ply() == theirs.ply()
    assert ours.is_check() == theirs.is_check()
    assert ours.is_checkmate() == theirs.is_checkmate()
    assert ours.is_stalemate() == theirs.is_stalemate()
    assert ours.is_insufficient_material() == theirs.is_insufficient_material()
    for color in (chess.WHITE, chess.BLACK):
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color)
    assert ours.is_repetition() == theirs.is_repetition()
    assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition()
    assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves()
    assert ours.is_fifty_moves() == theirs.is_fifty_moves()
    assert ours.result() == theirs.result()
    assert ours.is_game_over() == theirs.is_game_over()
    assert outcome_tuple(ours.outcome()) == outcome_tuple(theirs.outcome())
    assert chess_core.polyglot.zobrist_hash(ours) == chess.polyglot.zobrist_hash(theirs)
    assert str(ours) == str(theirs)
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]

    assert ours.checkers() == theirs.checkers()
    assert ours.was_into_check() == theirs.was_into_check()
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant()
    assert ours.has_pseudo_legal_en_passant() == theirs.has_pseudo_legal_en_passant()
    assert ours.mirror().fen() == theirs.mirror().fen()
    assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen")
    assert ours.ep_square == theirs.ep_square
    assert ours.piece_map() == {sq: chess_core.Piece(p.piece_type, p.color) for sq, p in theirs.piece_map().items()}
    for color in (chess.WHITE, chess.BLACK):
        assert ours.king(color) == theirs.king(color)
        assert ours.has_castling_rights(color) == theirs.has_castling_rights(color)
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color)
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color)
        for piece_type in chess.PIECE_TYPES:
            assert ours.pieces_mask(piece_type, color) == theirs.pieces_mask(piece_type, color)
        for square in (chess.E4, chess.D5, chess.F7, chess.C3, chess.E1, chess.E8):
            assert ours.attackers_mask(color, square) == theirs.attackers_mask(color, square)
            assert ours.is_attacked_by(color, square) == theirs.is_attacked_by(color, square)
        for square in chess.SQUARES:
            assert ours.pin_mask(color, square) == theirs.pin_mask(color, square)
            assert ours.is_pinned(color, square) == theirs.is_pinned(color, square)
    for square in chess.SQUARES:
        assert ours.attacks_mask(square) == theirs.attacks_mask(square)
    assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves()
    assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
    assert outcome_tuple(ours.outcome(claim_draw=True)) == outcome_tuple(theirs.outcome(claim_draw=True))
    # The same moves in the same order as python-chess, from every generator.
    pseudo = [m.uci() for m in ours.pseudo_legal_moves]
    assert pseudo == [m.uci() for m in theirs.pseudo_legal_moves]
    assert ours.pseudo_legal_moves.count() == len(pseudo)
    for theirs_m in theirs.pseudo_legal_moves:
        m = chess_core.Move.from_uci(theirs_m.uci())
        assert ours.is_pseudo_legal(m)
        assert ours.is_into_check(m) == theirs.is_into_check(theirs_m)
        assert ours.is_irreversible(m) == theirs.is_irreversible(theirs_m)
    masks = [(chess.BB_ALL, chess.BB_ALL), (chess.BB_RANK_1 | chess.BB_RANK_8, chess.BB_FILE_G),
             (chess.BB_FILE_E | chess.BB_RANK_2, chess.BB_ALL ^ chess.BB_FILE_H)]
    for generator in ("generate_legal_moves", "generate_pseudo_legal_moves", "generate_legal_captures",
                      "generate_pseudo_legal_captures", "generate_legal_ep", "generate_pseudo_legal_ep",
                      "generate_castling_moves"):
        for from_mask, to_mask in masks:
            expected = [m.uci() for m in getattr(theirs, generator)(from_mask, to_mask)]
            assert [m.uci() for m in getattr(ours, generator)(from_mask, to_mask)] == expected, generator
    legal = {m.uci(): m for m in theirs.legal_moves}
    our_moves = list(ours.legal_moves)
    assert [m.uci() for m in our_moves] == list(legal)
    assert ours.legal_moves.count() == len(legal)
    assert bool(ours.legal_moves) == bool(legal)
    for m in our_moves:
        theirs_m = legal[m.uci()]
        assert (m.from_square, m.to_square, m.promotion) == (
            theirs_m.from_square,
            theirs_m.to_square,
            theirs_m.promotion,
        )
        san = theirs.san(theirs_m)
        assert ours.san(m) == san
        assert ours.lan(m) == theirs.lan(theirs_m)
        assert ours.uci(m) == theirs.uci(theirs_m)
        assert ours.parse_san(san) == m
        assert ours.parse_uci(m.uci()) == m
        assert m in ours.legal_moves
        assert ours.is_legal(m)
        assert ours.is_capture(m) == theirs.is_capture(theirs_m)
        assert ours.is_en_passant(m) == theirs.is_en_passant(theirs_m)
        assert ours.is_castling(m) == theirs.is_castling(theirs_m)
        assert ours.is_zeroing(m) == theirs.is_zeroing(theirs_m)
        assert ours.gives_check(m) == theirs.gives_check(theirs_m)
        assert ours.is_kingside_castling(m) == theirs.is_kingside_castling(theirs_m)
        assert ours.is_queenside_castling(m) == theirs.is_queenside_castling(theirs_m)
        assert ours.find_move(m.from_square, m.to_square, m.promotion) == m


def outcome_tuple(outcome: object) -> object:
    if outcome is None:
        return None
    return (outcome.termination.name, outcome.termination.value, outcome.winner, outcome.result())  # type: ignore[attr-defined]


def play_random_game(fen: str, seed: int, chess960: bool, max_plies: int = 120) -> int:
    rng = random.Random(seed)
    ours = chess_core.Board(fen, chess960=chess960)
    theirs = chess.Board(fen, chess960=chess960)
    plies = 0
    assert_same(ours, theirs)
    # Like python-chess boards, play on past automatic draws (insufficient material, repetitions).
    while plies < max_plies and any(theirs.generate_legal_moves()):
        move = rng.choice(list(theirs.legal_moves))
        san = theirs.san(move)
        if rng.random() < 0.5:
            pushed = ours.push_san(san)
        else:
            pushed = chess_core.Move.from_uci(move.uci())
            ours.push(pushed)
        assert pushed.uci() == move.uci()
        theirs.push(move)
        plies += 1
        assert_same(ours, theirs)
    line = ours.move_stack[-6:]
    start_ours, start_theirs = ours.copy(), theirs.copy()
    for _ in line:
        start_ours.pop()
        start_theirs.pop()
    theirs_line = [chess.Move.from_uci(m.uci()) for m in line]
    assert start_ours.variation_san(line) == start_theirs.variation_san(theirs_line)
    assert ours.root().fen() == theirs.root().fen()
    # Taking every move back restores every position.
    while theirs.move_stack:
        assert ours.pop().uci() == theirs.pop().uci()
        assert ours.fen() == theirs.fen()
    return plies


@pytest.mark.parametrize("fen", FENS)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_agree(fen: str, seed: int) -> None:
    assert play_random_game(fen, seed, chess960=False) > 0


@pytest.mark.parametrize("fen", CHESS960_FENS)
@pytest.mark.parametrize("seed", range(4))
def test_random_chess960_games_agree(fen: str, seed: int) -> None:
    assert play_random_game(fen, 100 + seed, chess960=True) > 0


def test_shuffling_games_reach_repetition_claims_and_fivefold() -> None:
    ours, theirs = chess_core.Board(), chess.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 4:
        ours.push_san(san)
        theirs.push_san(san)
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
        assert ours.can_claim_draw() == theirs.can_claim_draw()
        assert outcome_tuple(ours.outcome(claim_draw=True)) == outcome_tuple(theirs.outcome(claim_draw=True))
        assert outcome_tuple(ours.outcome()) == outcome_tuple(theirs.outcome())
    assert ours.is_fivefold_repetition()
    assert outcome_tuple(ours.outcome()) == ("FIVEFOLD_REPETITION", 5, None, "1/2-1/2")


@pytest.mark.parametrize("seed", range(3))
def test_pushes_and_pops_count_repetitions_as_python_chess(seed: int) -> None:
    """A walk that takes moves back as often as a search does, among few pieces so that
    positions recur: every repetition query and outcome agrees after every step."""
    rng = random.Random(seed)
    fen = "n3k3/8/8/8/8/8/8/4K1N1 w - - 0 1"
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    for _ in range(400):
        if theirs.move_stack and (rng.random() < 0.4 or not any(theirs.generate_legal_moves())):
            assert ours.pop().uci() == theirs.pop().uci()
        else:
            # Pushed as a move of the list just given, as loops do, or as a new object.
            move = rng.choice(list(theirs.legal_moves))
            listed = {m.uci(): m for m in ours.legal_moves}
            ours.push(listed[move.uci()] if rng.random() < 0.5 else chess_core.Move.from_uci(move.uci()))
            theirs.push(move)
        assert ours.fen() == theirs.fen()
        for count in (2, 3, 4, 5):
            assert ours.is_repetition(count) == theirs.is_repetition(count), count
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
        assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition()
        assert outcome_tuple(ours.outcome()) == outcome_tuple(theirs.outcome())
        assert outcome_tuple(ours.outcome(claim_draw=True)) == outcome_tuple(theirs.outcome(claim_draw=True))


def test_fifty_move_claims_agree() -> None:
    fen = "8/8/4k3/8/8/3RK3/8/8 w - - 97 80"
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    for san in ["Rd1", "Kf5", "Rd2", "Ke5"]:
        assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves()
        assert outcome_tuple(ours.outcome(claim_draw=True)) == outcome_tuple(theirs.outcome(claim_draw=True))
        ours.push_san(san)
        theirs.push_san(san)
    assert ours.is_fifty_moves() and theirs.is_fifty_moves()
    assert outcome_tuple(ours.outcome(claim_draw=True)) == ("FIFTY_MOVES", 6, None, "1/2-1/2")


def python_perft(board: chess_core.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_perft(board, depth - 1)
        board.pop()
    return nodes


@pytest.mark.parametrize(
    ("fen", "depth", "nodes"),
    [
        (chess.STARTING_FEN, 3, 8_902),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2_039),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2_812),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2, 264),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2, 1_486),
    ],
)
def test_perft_from_python_loop(fen: str, depth: int, nodes: int) -> None:
    board = chess_core.Board(fen)
    assert python_perft(board, depth) == nodes
    assert board.perft(depth) == nodes
    assert board.fen() == fen


@pytest.mark.parametrize(
    ("fen", "nodes"),
    [
        # Chess960 position 0 and castling with the king between rooks near it; the counts are
        # python-chess's, checked here against its own loop.
        ("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", 9_006),
        ("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", 15_131),
    ],
)
def test_chess960_perft_from_python_loop(fen: str, nodes: int) -> None:
    board = chess_core.Board(fen, chess960=True)
    assert python_perft(board, 3) == nodes
    assert python_perft_reference(chess.Board(fen, chess960=True), 3) == nodes


def python_perft_reference(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += python_perft_reference(board, depth - 1)
        board.pop()
    return nodes


@pytest.mark.parametrize(
    "fen",
    [
        # Nine white pawns (too much material), accepted with a status flag.
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        # Castling rights without rooks and an en-passant square no pawn step left: dropped.
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        "r3k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1",
        # A check no last move could give (two rooks on one line).
        "4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
        # Three queens and eight pawns for White: more material than promotions give.
        "4k3/8/8/8/8/QQQ5/PPPPPPPP/4K3 w - - 0 1",
    ],
)
def test_impossible_positions_are_read_as_python_chess_reads_them(fen: str) -> None:
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    assert ours.fen() == theirs.fen()
    assert int(ours.status()) == int(theirs.status())
    assert ours.is_valid() == theirs.is_valid()
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    for move in list(theirs.legal_moves)[:5]:
        ours.push(chess_core.Move.from_uci(move.uci()))
        theirs.push(move)
        assert ours.fen() == theirs.fen()
        assert int(ours.status()) == int(theirs.status())
        assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
        ours.pop()
        theirs.pop()
        assert int(ours.status()) == int(theirs.status())


# Boards chess-core's Position refuses and python-chess plays on (chess-core's FreePosition).
FREE_FENS = [
    "4k3/8/8/8/8/8/8/8 w - - 0 1",  # no white king
    "8/8/8/8/8/8/8/K7 w - - 0 1",  # one king alone
    "Q3k3/8/8/8/8/8/8/4K3 w - - 0 1",  # the side not to move is in check
    "4k3/8/8/8/8/8/8/4K2P w - - 0 1",  # a pawn on the back rank
    "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",  # two white kings
    "r3k2r/pppppppp/8/8/8/8/8/R3K2R w KQkq - 0 1",  # legal, until a move into check is pushed
    "8/8/8/pP6/8/8/8/8 w - a6 0 1",  # en passant without kings
    "8/1P6/8/8/8/8/8/K7 w - - 0 1",  # a promotion beside a lone king
    "1r6/8/8/pP6/8/8/8/1K6 w - a6 0 1",  # en passant uncovering the lone king
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1",  # no white king, castling rights
    "k7/8/8/3q4/8/8/1K6/K7 w - - 0 1",  # two kings, the higher one in check
    "2r1r3/8/8/8/8/8/8/3K4 w - - 0 1",  # a lone king facing rooks
]


def assert_same_moves(ours: chess_core.Board, theirs: chess.Board) -> None:
    """Both boards give the same moves in the same order, the same SAN and the same checks."""
    assert ours.fen() == theirs.fen()
    assert ours.fen(en_passant="xfen") == theirs.fen(en_passant="xfen")
    assert ours.fen(shredder=True, en_passant="fen") == theirs.fen(shredder=True, en_passant="fen")
    assert ours.epd() == theirs.epd()
    assert ours.ply() == theirs.ply() and ours.was_into_check() == theirs.was_into_check()
    assert [m.uci() for m in ours.legal_moves] == [m.uci() for m in theirs.legal_moves]
    assert [m.uci() for m in ours.pseudo_legal_moves] == [m.uci() for m in theirs.pseudo_legal_moves]
    assert [ours.san(m) for m in ours.legal_moves] == [theirs.san(m) for m in theirs.legal_moves]
    assert ours.is_check() == theirs.is_check() and ours.checkers_mask() == theirs.checkers_mask()
    assert ours.is_checkmate() == theirs.is_checkmate() and ours.is_stalemate() == theirs.is_stalemate()
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant()
    assert int(ours.status()) == int(theirs.status())
    assert str(ours.outcome(claim_draw=True)) == str(theirs.outcome(claim_draw=True))
    assert ours.is_insufficient_material() == theirs.is_insufficient_material()
    assert ours.is_repetition(2) == theirs.is_repetition(2)
    if theirs.legal_moves:  # a finished game has nothing to claim (a departure, chess-py/README.md)
        assert ours.can_claim_draw() == theirs.can_claim_draw()
    assert [ours.lan(m) for m in ours.legal_moves] == [theirs.lan(m) for m in theirs.legal_moves]
    assert [ours.is_irreversible(m) for m in ours.pseudo_legal_moves] == [
        theirs.is_irreversible(m) for m in theirs.pseudo_legal_moves
    ]


@pytest.mark.parametrize("fen", FREE_FENS)
def test_boards_chess_core_positions_refuse_play_as_in_python_chess(fen: str) -> None:
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    assert ours.is_valid() == theirs.is_valid()
    assert str(ours) == str(theirs)
    assert ours.piece_map() == {sq: chess_core.Piece(p.piece_type, p.color) for sq, p in theirs.piece_map().items()}
    rng = random.Random(fen)
    for _ in range(3):
        for ply in range(24):
            assert_same_moves(ours, theirs)
            pseudo = list(theirs.pseudo_legal_moves)
            if not pseudo or rng.random() < 0.05:
                move = chess.Move.null()
            else:
                # Mostly legal moves, sometimes one into check (python-chess pushes it too).
                legal = list(theirs.legal_moves)
                move = rng.choice(legal if legal and rng.random() < 0.8 else pseudo)
            ours_move = chess_core.Move.from_uci(move.uci())
            assert ours.is_legal(ours_move) == theirs.is_legal(move)
            assert ours.is_pseudo_legal(ours_move) == theirs.is_pseudo_legal(move)
            if not move:
                pass
            elif theirs.is_legal(move):
                assert ours.san(ours_move) == theirs.san(move)
                assert ours.is_capture(ours_move) == theirs.is_capture(move)
                assert ours.gives_check(ours_move) == theirs.gives_check(move)
            else:
                assert ours.is_into_check(ours_move) == theirs.is_into_check(move)
            ours.push(ours_move)
            theirs.push(move)
        assert_same_moves(ours, theirs)
        while theirs.move_stack:
            assert ours.pop().uci() == theirs.pop().uci()
            assert ours.fen() == theirs.fen()
    # SAN and UCI read on these boards too, and find_move finds each move.
    for move in list(theirs.legal_moves)[:8]:
        assert ours.parse_san(theirs.san(move)).uci() == move.uci()
        assert ours.parse_uci(move.uci()).uci() == move.uci()
        found = theirs.find_move(move.from_square, move.to_square, move.promotion)
        assert ours.find_move(move.from_square, move.to_square, move.promotion).uci() == found.uci()
        if move.promotion:
            assert ours.find_move(move.from_square, move.to_square).uci() == theirs.find_move(
                move.from_square, move.to_square
            ).uci()


def test_what_needs_a_legal_position_still_says_so() -> None:
    # Reasons and descriptions (beyond python-chess) are chess-core's, for legal positions.
    board = chess_core.Board("4k3/8/8/8/8/8/8/8 b - - 0 1")
    assert board.legal_moves.count() == 5
    assert str(board.outcome()) == "Outcome(termination=<Termination.INSUFFICIENT_MATERIAL: 3>, winner=None)"
    with pytest.raises(chess_core.InvalidPositionError, match="is not a legal position: illegal position"):
        board.why_illegal(chess_core.Move.from_uci("e8e7"))


def test_pawn_and_knight_check_is_impossible_where_python_chess_sees_none() -> None:
    # A known difference: no last move gives check with a pawn and a knight at once; chess-core
    # flags it, python-chess's simpler test does not. Both boards still play the same moves.
    fen = "4k3/8/8/8/8/5n2/3p4/4K3 w - - 0 1"
    ours, theirs = chess_core.Board(fen), chess.Board(fen)
    assert ours.status() == chess_core.Status.IMPOSSIBLE_CHECK and theirs.status() == chess.STATUS_VALID
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)


def test_every_chess960_start_position_matches_python_chess() -> None:
    for scharnagl in range(960):
        ours = chess_core.Board.from_chess960_pos(scharnagl)
        theirs = chess.Board.from_chess960_pos(scharnagl)
        assert ours.fen() == theirs.fen(), scharnagl
        assert ours.chess960 and ours.legal_moves.count() == theirs.legal_moves.count()
    assert chess_core.Board.from_chess960_pos(518).fen() == chess.STARTING_FEN
    with pytest.raises(ValueError):
        chess_core.Board.from_chess960_pos(960)
