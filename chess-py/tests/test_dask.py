"""The Dask example (examples/python/analyse_games.py): games analysed by two worker processes
of a LocalCluster give exactly the single-process run's reports and totals."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import pytest

pytest.importorskip(
    "distributed", reason="dask[distributed] is not installed (pip install -r tests/python/requirements.txt)"
)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples" / "python"))  # the spawned workers inherit sys.path

# mypy finds the module when it also checks examples/python.
import analyse_games  # type: ignore[import-not-found,unused-ignore]  # noqa: E402

PGN_FILES = sorted(str(path) for path in (ROOT / "chess-core" / "tests" / "data" / "pgn").glob("*.pgn"))
MAX_GAMES = 4
NODES: Optional[int] = None  # the Expert level itself: depth 4, about 10 ms a move here


def test_the_repository_pgn_files_are_there() -> None:
    names = [Path(path).name for path in PGN_FILES]
    assert names == ["chessjs_benchmark.pgn", "chessjs_test_1.pgn", "chessjs_test_2.pgn", "chessjs_test_3.pgn"]


def test_two_workers_give_the_single_process_totals() -> None:
    alone = analyse_games.analyse(PGN_FILES, workers=0, max_games=MAX_GAMES, nodes=NODES)
    cluster = analyse_games.analyse(PGN_FILES, workers=2, max_games=MAX_GAMES, nodes=NODES)

    # The facts of the games themselves: 4 of the benchmark, Fischer-Spassky 1972 (81 plies,
    # 1-0), the fool's mate (4 plies, checkmate) and the 4-ply game from a FEN, unfinished.
    totals = alone["totals"]
    assert totals["games"] == 7
    # In the fool's mate Expert prefers 1. Nf3, 1... Nf6 and 2. Nc3, and finds 2... Qh4# too.
    fools_mate = [game for game in alone["games"] if game.path.endswith("chessjs_test_2.pgn")]
    assert fools_mate == [
        analyse_games.GameReport(
            path=PGN_FILES[2], number=0, result="0-1", termination="checkmate", plies=4,
            material_at_30=None, disagreements=3,
        )
    ]
    from_fen = [game for game in alone["games"] if game.path.endswith("chessjs_test_3.pgn")]
    assert [(game.result, game.termination, game.plies) for game in from_fen] == [("*", None, 4)]
    assert alone["files"][PGN_FILES[1]]["games"] == 1 and alone["files"][PGN_FILES[1]]["plies"] == 81
    # Lengths and the balance after ply 60 as python-chess counts them on the same games.
    benchmark = [game for game in alone["games"] if game.path == PGN_FILES[0]]
    assert [(game.plies, game.material_at_30) for game in benchmark] == [(25, None), (35, None), (21, None), (94, -1)]
    assert alone["files"][PGN_FILES[1]]["mean_material_at_30"] == 0.0
    assert totals["plies"] == 25 + 35 + 21 + 94 + 81 + 4 + 4
    assert totals["reached_move_30"] == 2 and totals["material_at_30"] == -1
    assert totals["results"] == {"1-0": 4, "0-1": 2, "*": 1}
    assert 0 < totals["disagreements"] < totals["plies"]

    # The cluster analysed the same games and found the same moves, game by game.
    assert cluster["workers"] == 2 and alone["workers"] == 0
    assert cluster["games"] == alone["games"]
    assert cluster["totals"] == alone["totals"]
    assert cluster["files"] == alone["files"]
    assert cluster["games_per_second"] > 0

    table = analyse_games.format_table(cluster)
    assert "chessjs_test_2.pgn" in table and "on 2 workers" in table


def test_an_existing_cluster_is_used_by_its_scheduler_address() -> None:
    from distributed import LocalCluster

    alone = analyse_games.analyse(PGN_FILES, workers=0, max_games=1, nodes=NODES)
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=":0")  # type: ignore[no-untyped-call]
    with cluster:
        address = cluster.scheduler_address
        remote = analyse_games.analyse(PGN_FILES, workers=0, max_games=1, nodes=NODES, scheduler=address)
    assert remote["workers"] == 1
    assert remote["games"] == alone["games"] and len(remote["games"]) == 4


def test_bad_arguments_are_a_value_error() -> None:
    with pytest.raises(ValueError, match="nodes at least 1"):
        analyse_games.analyse(PGN_FILES, workers=0, max_games=1, nodes=0)
    assert analyse_games.main(["--workers", "-1", PGN_FILES[2]]) == 2
