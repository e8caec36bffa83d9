"""Runs test classes of python-chess's own test suite against chess_core.

python-chess's `test.py` (from its source distribution, which the test command downloads:
never copied into this repository, it is GPL) imports `chess`; this script writes a shim
package named `chess` whose names are chess_core's alone (no fallback to python-chess),
puts it first on the import path, runs the chosen classes and prints, per class, how many
tests pass. A skipped test does not pass.

    python chess-py/tests/python_chess_suite.py PYTHON_CHESS_SRC [--json] [--tracebacks] [Class ...]

PYTHON_CHESS_SRC is the unpacked `chess-1.11.2` directory (the one holding `test.py`).
"""

from __future__ import annotations

import importlib
import io
import json
import os
import sys
import tempfile
import unittest
from typing import Any, Dict, List

# python-chess's core classes: the acceptance suite of the drop-in (issue 26).
CORE_CLASSES = [
    "SquareTestCase",
    "MoveTestCase",
    "PieceTestCase",
    "BoardTestCase",
    "LegalMoveGeneratorTestCase",
    "BaseBoardTestCase",
    "SquareSetTestCase",
]

# The submodules test.py imports. Those chess_core has re-export it; the others (variants and
# Gaviota tables, which chess_core does not have) answer every name with a fresh exception
# class, so that test.py imports and only the tests that use them fail.
PRESENT = ["engine", "pgn", "polyglot", "svg", "syzygy"]
ABSENT = ["gaviota", "variant"]

REEXPORT = """import chess_core{dot} as _m
globals().update({{k: getattr(_m, k) for k in dir(_m) if not k.startswith("__")}})
"""
MISSING = """def __getattr__(name):
    return type(name, (Exception,), {})
"""


def write_shim(root: str) -> None:
    package = os.path.join(root, "chess")
    os.makedirs(package, exist_ok=True)
    with open(os.path.join(package, "__init__.py"), "w") as f:
        f.write(REEXPORT.format(dot=""))
    for name in PRESENT:
        with open(os.path.join(package, name + ".py"), "w") as f:
            f.write(REEXPORT.format(dot="." + name))
    for name in ABSENT:
        with open(os.path.join(package, name + ".py"), "w") as f:
            f.write(MISSING)


def short_id(test: Any) -> str:
    """``Class.test_name`` of a test (its id without the module)."""
    return str(test.id()).split(".", 1)[1]


def run(src: str, classes: List[str], show_tracebacks: bool = False) -> Dict[str, Dict[str, List[str]]]:
    """Per class, the ids of the tests that passed and of those that did not."""
    shim = tempfile.mkdtemp(prefix="chess-shim-")
    write_shim(shim)
    sys.path[:0] = [shim, src]
    cwd = os.getcwd()
    os.chdir(src)  # test.py opens its data files relative to its directory
    try:
        import chess

        assert os.path.dirname(chess.__file__).startswith(shim), "the shim must be the chess imported"
        test = importlib.import_module("test")  # python-chess's test.py

        results: Dict[str, Dict[str, List[str]]] = {}
        for name in classes:
            suite = unittest.defaultTestLoader.loadTestsFromTestCase(getattr(test, name))
            ids = [short_id(t) for t in suite]
            result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
            problems = result.failures + result.errors + result.skipped
            failed = {short_id(t) for t, _ in problems}
            if show_tracebacks:
                for t, text in problems:
                    print(f"== {t.id()}\n{text}")
            failed |= {short_id(t) for t in result.unexpectedSuccesses}
            results[name] = {
                "passed": [i for i in ids if i not in failed],
                "failed": [i for i in ids if i in failed],
            }
        return results
    finally:
        os.chdir(cwd)


def main() -> None:
    args = sys.argv[1:]
    as_json, show_tracebacks = "--json" in args, "--tracebacks" in args
    args = [a for a in args if not a.startswith("--")]
    src, classes = os.path.abspath(args[0]), args[1:] or CORE_CLASSES
    results = run(src, classes, show_tracebacks)
    if as_json:
        print(json.dumps(results))
        return
    for name, r in results.items():
        print(f"{name}: {len(r['passed'])}/{len(r['passed']) + len(r['failed'])}")
        for test_id in r["failed"]:
            print("   failed:", test_id)
    passed = sum(len(r["passed"]) for r in results.values())
    total = sum(len(r["passed"]) + len(r["failed"]) for r in results.values())
    print(f"total: {passed}/{total}")


if __name__ == "__main__":
    main()
