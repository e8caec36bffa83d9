"""Analyses PGN files on several cores (or machines) with Dask and chess_core.

Usage::

    python examples/python/analyse_games.py GAMES.pgn [MORE.pgn ...]
        [--workers N] [--scheduler ADDRESS] [--max-games N] [--nodes N]

For every game: its result and termination (chess_core's outcome of the final position, or
the PGN ``Result`` and ``Termination`` tags when the position has none), its length in plies,
the material balance at move 30 (White's material minus Black's after ply 60; ``None`` for a
shorter game), and how often the engine's choice differs from the move played. Prints a table
per file, the totals and the games per second.

The games are read here (chess_core's native PGN reader), travel pickled to the workers as a
``dask.bag`` and are analysed there, each worker with one engine made once by a worker plugin.
By default a ``LocalCluster`` of ``--workers`` processes (one thread each) runs the work;
``--scheduler tcp://host:8786`` uses an existing cluster instead (its workers need chess_core
installed; the script sends itself to them); ``--workers 0`` analyses in this process without
Dask, the reference the test compares the cluster's totals with.

The engine's choice is the Expert level's move (``Engine.play(board, Level.EXPERT)``: depth 4,
no random noise) or, with ``--nodes N``, the full-strength search within N nodes
(``Engine.analyse(board, nodes=N)``) for a short run: ``play()`` takes no node limit. Each game
starts from a cleared engine (``new_game()``) with a fixed seed, so a game gets the same
answers whichever worker analyses it, and after which other games.

The module type-checks with ``mypy --strict``: dask and distributed ship their annotations,
but ``from_sequence``, ``Client`` and ``LocalCluster`` are not annotated, so those calls carry
``# type: ignore[no-untyped-call]``.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import math
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, TypedDict

import dask.bag
from distributed import Client, LocalCluster, WorkerPlugin, get_worker
from distributed.worker import Worker

import chess_core
import chess_core.pgn
from chess_core.engine import Engine, Level

SEED = 2026
"""The engines' seed (only the weaker levels draw random numbers; fixed for repeatable runs)."""

HASH_MB = 16
"""Each engine's transposition table, in MiB."""

PLY_OF_MOVE_30 = 60
"""The material balance "at move 30" is taken after this many plies."""

PLUGIN_NAME = "chess_core-engine"
"""The name the engine plugin is registered under on every worker."""


class GameReport(NamedTuple):
    """What is learnt from one game (a tuple, so reports compare equal across processes)."""

    path: str
    number: int
    result: str
    termination: Optional[str]
    plies: int
    material_at_30: Optional[int]
    disagreements: int


class FileSummary(TypedDict):
    """One row of the table: the games of one PGN file."""

    games: int
    plies: int
    mean_length: float
    results: Dict[str, int]
    mean_disagreement: Optional[float]
    mean_material_at_30: Optional[float]


class Totals(TypedDict):
    """The totals over every file: sums and counts, equal for every run of the same games
    (``material_at_30`` sums the balances of the ``reached_move_30`` games that reached it)."""

    games: int
    plies: int
    results: Dict[str, int]
    terminations: Dict[str, int]
    disagreements: int
    reached_move_30: int
    material_at_30: int


class Analysis(TypedDict):
    """What ``analyse`` returns."""

    reference: str
    workers: int
    files: Dict[str, FileSummary]
    totals: Totals
    games: List[GameReport]
    seconds: float
    games_per_second: float


class GameItem(NamedTuple):
    """One game sent to a worker: where it comes from and the game itself."""

    path: str
    number: int
    game: chess_core.pgn.Game


def new_engine() -> Engine:
    """The engine every worker (or the single process) analyses with."""
    return Engine(hash_mb=HASH_MB, seed=SEED)


def reference_name(nodes: Optional[int]) -> str:
    """Says which search the played moves are compared with."""
    return "Expert level (depth 4)" if nodes is None else f"full strength within {nodes} nodes"


def engine_move(engine: Engine, board: chess_core.Board, nodes: Optional[int]) -> Optional[chess_core.Move]:
    """The engine's choice in ``board``: Expert's move, or the best within ``nodes`` nodes."""
    if nodes is None:
        return engine.play(board, Level.EXPERT).move
    return engine.analyse(board, nodes=nodes).move


def analyse_game(engine: Engine, item: GameItem, nodes: Optional[int]) -> GameReport:
    """Replays one game, asking the engine about every move played."""
    game = item.game
    engine.new_game()
    board = game.board()
    material_at_30: Optional[int] = None
    disagreements = 0
    moves = list(game.mainline_moves())
    for ply, move in enumerate(moves, start=1):
        if engine_move(engine, board, nodes) != move:
            disagreements += 1
        board.push(move)
        if ply == PLY_OF_MOVE_30:
            material_at_30 = board.material_balance()
    outcome = board.outcome()
    termination: Optional[str]
    if outcome is not None:
        result, termination = outcome.result(), outcome.termination.name.lower()
    else:
        result, termination = game.headers.get("Result", "*"), game.headers.get("Termination")
    return GameReport(
        path=item.path,
        number=item.number,
        result=result,
        termination=termination,
        plies=len(moves),
        material_at_30=material_at_30,
        disagreements=disagreements,
    )


class EnginePlugin(WorkerPlugin):
    """Gives each worker process one engine, made when the worker starts (or joins)."""

    name = PLUGIN_NAME

    def __init__(self) -> None:
        self.engine: Optional[Engine] = None

    def setup(self, worker: Worker) -> None:
        """Makes the worker's engine."""
        self.engine = new_engine()

    @staticmethod
    def worker_engine() -> Engine:
        """The engine of the worker running the current task."""
        plugin = get_worker().plugins[PLUGIN_NAME]
        assert isinstance(plugin, EnginePlugin) and plugin.engine is not None, "the engine plugin is not set up"
        return plugin.engine


def analyse_partition(items: Iterable[GameItem], nodes: Optional[int]) -> List[GameReport]:
    """Analyses a partition of the bag on a worker, with the worker's engine."""
    engine = EnginePlugin.worker_engine()
    return [analyse_game(engine, item, nodes) for item in items]


def read_items(paths: Sequence[str], max_games: Optional[int]) -> List[GameItem]:
    """The games of every file, at most ``max_games`` from each, in file order."""
    items: List[GameItem] = []
    for path in paths:
        for number, game in enumerate(chess_core.pgn.read_games(path)):
            if max_games is not None and number >= max_games:
                break
            items.append(GameItem(path, number, game))
    return items


def run_on_cluster(client: Client, items: List[GameItem], nodes: Optional[int], workers: int) -> List[GameReport]:
    """Analyses ``items`` as a bag on the cluster behind ``client``, in their order."""
    if __name__ != "__main__":
        # Imported (as by the test), the functions travel by name: the scheduler and the workers
        # get this file to import them from (not loaded now: a scheduler in this process would
        # reload the module from its copy). Run as a script, they travel by value.
        client.upload_file(__file__, load=False)
    client.register_plugin(EnginePlugin(), name=PLUGIN_NAME)
    # Many small partitions per worker, so that long games do not leave a worker idle at the end.
    partitions = max(1, min(len(items), 16 * max(1, workers)))
    bag = dask.bag.from_sequence(items, npartitions=partitions)  # type: ignore[no-untyped-call]
    reports: List[GameReport] = bag.map_partitions(analyse_partition, nodes).compute(scheduler=client)
    return reports


def summarise(reports: Sequence[GameReport], paths: Sequence[str]) -> Tuple[Dict[str, FileSummary], Totals]:
    """The table's rows (one per file, in the order given) and the totals."""
    files: Dict[str, FileSummary] = {}
    for path in paths:
        own = [report for report in reports if report.path == path]
        fractions = [report.disagreements / report.plies for report in own if report.plies]
        balances = [report.material_at_30 for report in own if report.material_at_30 is not None]
        plies = sum(report.plies for report in own)
        files[path] = FileSummary(
            games=len(own),
            plies=plies,
            mean_length=plies / len(own) if own else 0.0,
            results=dict(Counter(report.result for report in own)),
            mean_disagreement=sum(fractions) / len(fractions) if fractions else None,
            mean_material_at_30=sum(balances) / len(balances) if balances else None,
        )
    totals = Totals(
        games=len(reports),
        plies=sum(report.plies for report in reports),
        results=dict(Counter(report.result for report in reports)),
        terminations=dict(Counter(report.termination or "none" for report in reports)),
        disagreements=sum(report.disagreements for report in reports),
        reached_move_30=sum(report.material_at_30 is not None for report in reports),
        material_at_30=sum(report.material_at_30 or 0 for report in reports),
    )
    return files, totals


def analyse(
    paths: Sequence[str],
    *,
    workers: int,
    max_games: Optional[int],
    nodes: Optional[int],
    scheduler: Optional[str] = None,
) -> Analysis:
    """Analyses the games of ``paths`` (at most ``max_games`` per file) on a ``LocalCluster``
    of ``workers`` processes, on the cluster at ``scheduler`` when given, or in this process
    without Dask when ``workers`` is 0 and no scheduler is given. ``nodes`` limits the engine's
    search (``None``: the Expert level). The result's ``workers`` is the cluster's count of
    workers; the time and the rate count reading and analysing, not starting the cluster."""
    if workers < 0 or (nodes is not None and nodes < 1) or (max_games is not None and max_games < 0):
        raise ValueError("workers and max_games must be at least 0, nodes at least 1")
    if scheduler is None and workers == 0:
        start = time.perf_counter()
        engine = new_engine()
        reports = [analyse_game(engine, item, nodes) for item in read_items(paths, max_games)]
        seconds = time.perf_counter() - start
    else:
        with _client(workers, scheduler) as client:
            workers = len(client.scheduler_info()["workers"])
            start = time.perf_counter()
            reports = run_on_cluster(client, read_items(paths, max_games), nodes, workers)
            seconds = time.perf_counter() - start
    files, totals = summarise(reports, paths)
    return Analysis(
        reference=reference_name(nodes),
        workers=workers,
        files=files,
        totals=totals,
        games=list(reports),
        seconds=seconds,
        games_per_second=len(reports) / seconds if seconds > 0 else math.inf,
    )


@contextlib.contextmanager
def _client(workers: int, scheduler: Optional[str]) -> Iterator[Client]:
    """A client of the cluster at ``scheduler``, or of a new local cluster of ``workers``
    single-threaded processes, closed with the client."""
    if scheduler is not None:
        with Client(scheduler, set_as_default=False) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # any free port: several clusters may run on one machine
        silence_logs=logging.ERROR,
    )
    with cluster, Client(cluster, set_as_default=False) as client:  # type: ignore[no-untyped-call]
        yield client


def format_results(results: Dict[str, int]) -> str:
    """``1-0 3, 0-1 2, 1/2-1/2 1``: the results, most common first."""
    return ", ".join(f"{result} {count}" for result, count in Counter(results).most_common())


def _format(value: Optional[float], spec: str) -> str:
    """``value`` formatted by ``spec``, or ``-`` for no value."""
    return "-" if value is None else format(value, spec)


def format_table(analysis: Analysis) -> str:
    """The table printed by the script: one row per file, the totals and the rate."""
    rows = [("file", "games", "mean plies", "mean disagreement", "material at 30", "results")]
    for path, summary in analysis["files"].items():
        rows.append(
            (
                Path(path).name,
                str(summary["games"]),
                f"{summary['mean_length']:.1f}",
                _format(summary["mean_disagreement"], ".1%"),
                _format(summary["mean_material_at_30"], "+.2f"),
                format_results(summary["results"]),
            )
        )
    totals = analysis["totals"]
    reached = totals["reached_move_30"]
    rows.append(
        (
            "total",
            str(totals["games"]),
            _format(totals["plies"] / totals["games"] if totals["games"] else None, ".1f"),
            _format(totals["disagreements"] / totals["plies"] if totals["plies"] else None, ".1%"),
            _format(totals["material_at_30"] / reached if reached else None, "+.2f"),
            format_results(totals["results"]),
        )
    )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    lines.insert(len(lines) - 1, lines[1])
    count = analysis["workers"]
    where = "in one process, without Dask" if count == 0 else f"on {count} worker{'' if count == 1 else 's'}"
    lines += [
        "",
        f"compared with: {analysis['reference']}; total disagreements {totals['disagreements']}"
        f" of {totals['plies']} moves",
        "terminations: " + format_results(totals["terminations"]),
        f"{totals['games']} games in {analysis['seconds']:.1f} s {where}:"
        f" {analysis['games_per_second']:.2f} games per second",
    ]
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line: parses the options, analyses and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("paths", nargs="+", metavar="PGN", help="PGN files to analyse")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes (0: no Dask); default 2")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="use the Dask cluster at this scheduler address")
    parser.add_argument("--max-games", type=int, metavar="N", help="analyse at most N games of each file")
    parser.add_argument("--nodes", type=int, metavar="N", help="search N nodes a move instead of the Expert level")
    args = parser.parse_args(argv)
    try:
        analysis = analyse(
            args.paths,
            workers=args.workers,
            max_games=args.max_games,
            nodes=args.nodes,
            scheduler=args.scheduler,
        )
    except (OSError, ValueError) as error:
        print(f"analyse_games: {error}", file=sys.stderr)
        return 2
    print(format_table(analysis))
    return 0


if __name__ == "__main__":
    sys.exit(main())
