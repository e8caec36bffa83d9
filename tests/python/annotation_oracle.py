"""python-chess's side of chess-core/tests/pgn_annotation.rs.

Reads JSON lines (a comment, values to set, a TimeControl tag) from the file named by the
first argument and writes one JSON line per case: what python-chess 1.11.2 reads from the
comment, the comment after each set and remove, and the parsed time control. Floats and
ints travel as text (repr), failures as "error".
"""

import json
import sys

import chess
import chess.engine
import chess.pgn
import chess.svg


def attempt(function):
    try:
        return function()
    except (ValueError, OverflowError):
        return "error"


def number(value):
    return None if value is None else repr(value)


def edited(comment, edit):
    def run():
        node = chess.pgn.Game()
        node.comment = comment
        edit(node)
        return node.comment

    return attempt(run)


def score(value):
    kind, number_text = value
    score = chess.engine.Cp(int(number_text)) if kind == "cp" else chess.engine.Mate(int(number_text))
    return chess.engine.PovScore(score, chess.WHITE)


def read_eval(node):
    pov = node.eval()
    if pov is None:
        return None
    white = pov.white()
    if white.is_mate():
        return ["mate", repr(white.mate())]
    return ["cp", repr(white.score())]


def time_control(text):
    control = chess.pgn.parse_time_control(text)
    parts = [[repr(p.moves), repr(p.time), repr(float(p.increment)), repr(float(p.delay))] for p in control.parts]
    return [control.type.name, parts]


def main():
    with open(sys.argv[1], encoding="utf-8") as cases:
        for line in cases:
            case = json.loads(line)
            comment = case["comment"]
            node = chess.pgn.Game()
            node.comment = comment
            arrows = [
                chess.svg.Arrow(chess.parse_square(tail), chess.parse_square(head), color=color)
                for tail, head, color in case["arrows"]
            ]
            depth = case["depth"]
            out = {
                "clock": attempt(lambda: number(node.clock())),
                "emt": attempt(lambda: number(node.emt())),
                "eval": attempt(lambda: read_eval(node)),
                "depth": attempt(lambda: number(node.eval_depth())),
                "arrows": [[chess.SQUARE_NAMES[a.tail], chess.SQUARE_NAMES[a.head], a.color] for a in node.arrows()],
                "set_clock": edited(comment, lambda n: n.set_clock(float(case["seconds"]))),
                "remove_clock": edited(comment, lambda n: n.set_clock(None)),
                "set_emt": edited(comment, lambda n: n.set_emt(float(case["seconds"]))),
                "remove_emt": edited(comment, lambda n: n.set_emt(None)),
                "set_eval": edited(comment, lambda n: n.set_eval(score(case["score"]), depth)),
                "remove_eval": edited(comment, lambda n: n.set_eval(None)),
                "set_arrows": edited(comment, lambda n: n.set_arrows(arrows)),
                "remove_arrows": edited(comment, lambda n: n.set_arrows([])),
                "time_control": attempt(lambda: time_control(case["time_control"])),
            }
            print(json.dumps(out))


main()
