"""chess_core.pgn's game tree against python-chess's: random trees built through both APIs
(moves, variations, comments, NAGs, annotations, edits) must read, walk and write the same,
and a python-chess script that annotates a PGN file runs with only its import switched."""

from __future__ import annotations

import io
import os
import pickle
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, List, Tuple

import chess
import chess.engine
import chess.pgn
import pytest

import chess_core
import chess_core.engine
import chess_core.pgn

OPTIONS: List[Dict[str, Any]] = [
    {},
    {"columns": None},
    {"columns": 20},
    {"headers": False},
    {"comments": False},
    {"variations": False},
    {"columns": 40, "comments": False, "variations": False},
]


def build(module: Any, pgn: Any, seed: int) -> Tuple[Any, List[str]]:
    """A random game tree made through ``module``'s API (python-chess or chess_core), and the
    log of what was done, so that both libraries make the same tree."""
    rng = random.Random(seed)
    game = pgn.Game()
    game.headers["White"] = f"W{seed}"
    game.headers["Annotator"] = "tree test"
    nodes = [game]
    log: List[str] = []
    for _ in range(rng.randrange(5, 60)):
        node = rng.choice(nodes)
        board = node.board()
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if not moves:
            continue
        move = rng.choice(moves)
        if move in node:
            continue
        kind = rng.random()
        if kind < 0.15:
            child = node.add_main_variation(move, comment=rng.choice(["", "main", "a b"]))
        else:
            child = node.add_variation(move, starting_comment=rng.choice(["", "", "start"]), nags=rng.sample([1, 2, 3, 14, 146], rng.randrange(3)))
        if rng.random() < 0.3:
            child.comment = rng.choice(["", "good", "{braces}", "two  spaces", "line\nbreak", "[%clk 0:01:00]"])
        if rng.random() < 0.2:
            child.set_clock(rng.choice([59.5, 3600.25, 0]))
        if rng.random() < 0.2:
            child.set_eval(module.engine.PovScore(module.engine.Cp(rng.randrange(-300, 300)), rng.random() < 0.5), rng.choice([None, 12]))
        if rng.random() < 0.1:
            child.set_arrows([(module.E2, module.E4), (module.A1, module.A1)])
        nodes.append(child)
        log.append(f"{node.ply()} {move.uci()}")
    for _ in range(rng.randrange(4)):
        node = rng.choice(nodes)
        if node.variations:
            target = rng.choice(node.variations)
            action = rng.choice(["promote", "demote", "promote_to_main"])
            getattr(node, action)(target.move)
            log.append(f"{action} {target.move.uci()}")
    game.comment = rng.choice(["", "game comment"])
    game.headers["Result"] = rng.choice(["*", "1-0"])
    return game, log


@pytest.mark.parametrize("seed", range(40))
def test_random_trees_write_as_python_chess_writes_them(seed: int) -> None:
    theirs, their_log = build(chess, chess.pgn, seed)
    mine, my_log = build(chess_core, chess_core.pgn, seed)
    assert my_log == their_log
    assert str(mine) == str(theirs)
    for options in OPTIONS:
        assert mine.accept(chess_core.pgn.StringExporter(**options)) == theirs.accept(chess.pgn.StringExporter(**options)), options
        mine_file, theirs_file = io.StringIO(), io.StringIO()
        written = mine.accept(chess_core.pgn.FileExporter(mine_file, **options))
        assert written == theirs.accept(chess.pgn.FileExporter(theirs_file, **options))
        assert mine_file.getvalue() == theirs_file.getvalue()
    # Read back by each: the same tree again (not always the tree written: a starting comment
    # of a main-line move reads back as the comment of the move before it).
    text = str(theirs)
    again = chess_core.pgn.read_game(io.StringIO(text))
    assert again is not None and again.errors == []
    assert str(again) == str(chess.pgn.read_game(io.StringIO(text)))
    # Node by node: the same moves, comments, NAGs, annotations, plies and boards.
    stack: List[Tuple[Any, Any]] = [(again, chess.pgn.read_game(io.StringIO(text)))]
    while stack:
        a, b = stack.pop()
        assert (a.comment, a.starting_comment if a.parent else "", set(a.nags)) == (b.comment, b.starting_comment if b.parent else "", set(b.nags))
        assert (a.clock(), a.emt(), a.eval_depth(), a.ply(), a.turn()) == (b.clock(), b.emt(), b.eval_depth(), b.ply(), b.turn())
        assert [(x.tail, x.head, x.color) for x in a.arrows()] == [(x.tail, x.head, x.color) for x in b.arrows()]
        assert a.board().fen() == b.board().fen() and a.is_mainline() == b.is_mainline()
        assert [v.uci() for v in a.variations] == [v.uci() for v in b.variations]
        stack.extend(zip(a.variations, b.variations))


def test_nodes_are_the_same_objects_and_edits_show_everywhere() -> None:
    game = chess_core.pgn.read_game(io.StringIO("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *"))
    assert game is not None
    e4 = game.next()
    assert e4 is game.next() is game[0] is game.variation(chess_core.Move.from_uci("e2e4"))
    assert e4.parent is game and e4.game() is game and e4.root() is game
    c5 = e4[1]
    assert c5.starts_variation() and not c5.is_mainline() and c5.end().san() == "Nf3"
    c5.nags.add(chess_core.pgn.NAG_GOOD_MOVE)
    c5.nags.update([chess_core.pgn.NAG_NOVELTY])
    assert c5.nags == {1, 146} and 146 in e4[1].nags
    e4.promote_to_main(c5)
    assert e4.next() is c5 and str(game) == "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 c5 $1 $146 ( 1... e5 2. Nf3 ) 2. Nf3 *"
    e4.remove_variation(1)
    assert [v.san() for v in e4.variations] == ["c5"]
    with pytest.raises(chess_core.IllegalMoveError):
        game.add_variation(chess_core.Move.from_uci("e2e5"))
    # A custom attribute stays on its node.
    c5.seen = True  # type: ignore[attr-defined]
    assert game.next().next().seen  # type: ignore[union-attr]


def test_headers_set_the_start_position() -> None:
    game = chess_core.pgn.Game()
    game.setup("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    node = game.add_variation(chess_core.Move.from_uci("e1g1"))
    assert node.san() == "O-O" and game.headers["SetUp"] == "1" and node.board().fen().startswith("4k3/8/8/8/8/8/8/5RK1 b")
    game.headers["FEN"] = chess_core.STARTING_FEN
    assert game.board() == chess_core.Board()


def test_edited_trees_pickle() -> None:
    game = chess_core.pgn.read_game(io.StringIO("{start} 1. e4 {x} (1. d4 $2) e5 (1... c5) 2. Nf3 *"))
    assert game is not None
    game.next().remove_variation(1)  # type: ignore[union-attr]
    game.headers["Event"] = "Pickled"
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.headers["Event"] == "Pickled"


def counter(pgn: Any) -> Any:
    """A visitor class of ``pgn`` (either library's) that lists moves and variations, and
    skips the variations that start after its third entry."""

    class Counter(pgn.BaseVisitor):  # type: ignore[misc,name-defined]
        def begin_game(self) -> None:
            self.seen: List[str] = []

        def visit_move(self, board: Any, move: Any) -> None:
            self.seen.append(board.san(move))

        def begin_variation(self) -> Any:
            self.seen.append("(")
            return pgn.SKIP if len(self.seen) > 3 else None

        def end_variation(self) -> None:
            self.seen.append(")")

        def result(self) -> List[str]:
            return self.seen

    return Counter


def test_custom_visitors_are_told_what_python_chess_tells_them() -> None:
    text = "1. e4 (1. d4 d5 (1... Nf6)) (1. c4) e5 2. Nf3 *"
    mine, theirs = counter(chess_core.pgn), counter(chess.pgn)
    seen = chess_core.pgn.read_game(io.StringIO(text), Visitor=mine)
    assert seen == chess.pgn.read_game(io.StringIO(text), Visitor=theirs) == ["e4", "(", "d4", "d5", "(", ")", ")", "(", ")", "e5", "Nf3"]
    game = chess_core.pgn.read_game(io.StringIO(text))
    their_game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and their_game is not None
    assert game.accept(mine()) == their_game.accept(theirs())


def recorder(pgn: Any, methods: List[str]) -> Any:
    """A visitor class of ``pgn`` that defines only ``methods``, each noting its call (boards
    as FENs, moves in UCI)."""

    def note(name: str) -> Any:
        def method(self: Any, *args: Any) -> Any:
            self.calls.append((name, *[a.fen() if hasattr(a, "fen") else a.uci() if hasattr(a, "uci") else a for a in args]))
            return args[0].parse_san(args[1]) if name == "parse_san" else None

        return method

    def begin_game(self: Any) -> None:
        self.calls = []

    namespace = {name: note(name) for name in methods}
    namespace.update(begin_game=begin_game, result=lambda self: self.calls)
    return type("Recorder", (pgn.BaseVisitor,), namespace)


@pytest.mark.parametrize(
    "methods",
    [["visit_comment", "visit_nag"], ["visit_move"], ["visit_board", "end_variation"], ["begin_parse_san", "parse_san", "begin_variation"], []],
)
def test_visitors_are_told_only_what_they_define_as_python_chess_tells_it(methods: List[str]) -> None:
    text = "{start} 1. e4 $1 {good} ({alt} 1. d4 d5 $2 (1... Nf6 {deep})) 1... e5 {reply} 2. Nf3 $14 *"
    mine = chess_core.pgn.read_game(io.StringIO(text), Visitor=recorder(chess_core.pgn, methods))
    assert mine == chess.pgn.read_game(io.StringIO(text), Visitor=recorder(chess.pgn, methods))
    assert len(mine) >= 3 * len(methods)


ANNOTATE = textwrap.dedent(
    """
    import sys
    IMPORT
    import chess.engine as uci  # python-chess's engine client, driving the project's engine

    engine = uci.SimpleEngine.popen_uci(sys.argv[1])
    with open(sys.argv[2]) as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for node in game.mainline():
                board.push(node.move)
                info = engine.analyse(board, uci.Limit(nodes=300))
                node.set_eval(info["score"], info.get("depth"))
            print(game, end="\\n\\n")
    engine.quit()
    """
)


def test_a_python_chess_annotation_script_runs_with_the_import_switched(tmp_path: Path) -> None:
    engine = os.environ.get("CHESS_UCI_BIN", "")
    if not os.access(engine, os.X_OK):
        pytest.skip("CHESS_UCI_BIN does not name the uci engine (examples/uci; scripts/test-all.sh builds it)")
    games = tmp_path / "games.pgn"
    games.write_text('[White "A"]\n\n1. e4 {opening} e5 2. Nf3 (2. f4 exf4) Nc6 *\n\n[White "B"]\n\n1. d4 d5 2. c4 $1 *\n')
    outputs = []
    for header in ("import chess, chess.pgn", "import chess_core as chess\nimport chess_core.pgn"):
        script = tmp_path / "annotate.py"
        script.write_text(ANNOTATE.replace("IMPORT", header))
        run = subprocess.run([sys.executable, str(script), engine, str(games)], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]
    assert outputs[1].count("[%eval ") == 7  # every main-line move of both games
