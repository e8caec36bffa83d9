"""The tutorial-style minimax player (examples/python/minimax.py), python-chess code with
bitboards, plays the same game on chess_core as on python-chess with only its import changed."""

from __future__ import annotations

import os
import subprocess
import sys

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python", "minimax.py")
IMPORT = "import chess_core as chess\n"


def play(source: str, *args: str) -> str:
    run = subprocess.run([sys.executable, "-c", source, *args], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_the_same_game_with_only_the_import_changed() -> None:
    with open(EXAMPLE) as f:
        source = f.read()
    assert source.count(IMPORT) == 1
    for seed in ("1", "2"):
        ours = play(source, "12", "2", seed)
        theirs = play(source.replace(IMPORT, "import chess\n"), "12", "2", seed)
        assert len(ours.split()) == 12
        assert ours == theirs
