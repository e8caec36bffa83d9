"""Checks an installed chess_core wheel where there is no Rust: run with the interpreter of a
fresh virtual environment (cargo and rustc off PATH) and the README's path.

    python smoke_installed.py README.md

It imports chess_core from the environment (not from a checkout), runs the README's Python
quick start as written, and a perft."""

import importlib.metadata
import pathlib
import shutil
import sys

import chess_core

assert shutil.which("cargo") is None and shutil.which("rustc") is None, "Rust is on PATH"
installed = pathlib.Path(chess_core.__file__).resolve()
assert pathlib.Path(sys.prefix).resolve() in installed.parents, f"chess_core from {installed}"

readme = pathlib.Path(sys.argv[1]).read_text(encoding="utf-8")
start = readme.index("## Quick start (Python)")
section = readme[start : readme.index("\n## ", start + 1)]
blocks = [block.split("```", 1)[0] for block in section.split("```python\n")[1:]]
assert len(blocks) == 2, "the README's Python quick start has two blocks"
for code in blocks:
    exec(compile(code, sys.argv[1], "exec"), {"__name__": "readme"})
assert chess_core.Board().perft(3) == 8_902
version = importlib.metadata.version("chess-core")
print(f"chess-core {version}, installed in {installed.parent}: the README's quick start and perft ran")
