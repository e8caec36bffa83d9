"""python-chess's own core tests, run against chess_core (issue 26's acceptance suite).

The test command (scripts/test-all.sh) downloads python-chess's source distribution and
points PYTHON_CHESS_SRC at it; python_chess_suite.py runs its test classes through a shim
package named ``chess`` whose names are chess_core's alone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

SUITE = os.path.join(os.path.dirname(__file__), "python_chess_suite.py")
SRC = os.environ.get("PYTHON_CHESS_SRC", "")

# The number of the 125 core tests that pass today: the test fails below it. Raised as the
# drop-in grows; issue 26's target is all 113 but the variant tests named in chess-py/README.md,
# and every one of the 12 of PolyglotTestCase (issue 28) passes.
PASSING_AT_LEAST = 124


def test_python_chess_core_classes() -> None:
    if not os.path.isfile(os.path.join(SRC, "test.py")):
        pytest.skip(
            "python-chess's source distribution is not unpacked here: set PYTHON_CHESS_SRC to its "
            "chess-1.11.2 directory (scripts/test-all.sh downloads it)"
        )
    run = subprocess.run([sys.executable, SUITE, SRC, "--json"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout.splitlines()[-1])
    passed = sum(len(r["passed"]) for r in results.values())
    total = sum(len(r["passed"]) + len(r["failed"]) for r in results.values())
    for name, r in results.items():
        print(f"{name}: {len(r['passed'])}/{len(r['passed']) + len(r['failed'])}", *r["failed"])
    print(f"python-chess's core tests: {passed} of {total} pass")
    assert total == 125
    assert results["PolyglotTestCase"]["failed"] == []
    assert passed >= PASSING_AT_LEAST
