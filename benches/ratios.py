#!/usr/bin/env python3
"""Turns the criterion results of `cargo bench -p chess-benches` into Markdown tables.

Reads, for every benchmark, `target/criterion/<group>/<function>/new/estimates.json` (the mean's
point estimate, in ns) and the `benchmark.json` beside it (the group and function names as
written in the bench, and the throughput: elements per iteration). Prints one table per group
with each library's time per iteration, its throughput (Mnodes/s for perft, items/s otherwise)
and how many times faster chess-core is than it, then a summary of those ratios.

A ratio above 1 means chess-core is faster than that peer; below 1, slower.

Usage: python3 benches/ratios.py [CRITERION_DIR]
The directory defaults to $CARGO_TARGET_DIR/criterion, else target/criterion of the workspace.
Standard library only.
"""

import json
import os
import sys
from pathlib import Path

OURS = "chess-core"
PEERS = ["shakmaty", "cozy-chess", "pgn-reader"]
LIBRARIES = [OURS] + PEERS
# The bench's groups, in the order it runs them; any others follow, sorted by name.
GROUP_ORDER = [
    "perft_bulk/startpos_d5",
    "perft_bulk/kiwipete_d4",
    "perft_full/startpos_d4",
    "fen/parse_write",
    "san/write",
    "san/parse",
    "pgn/read",
    "pgn/read_twic",
    "pgn/twic_mainline",
    "pgn/twic_headers",
    "pgn/twic_tree",
    "pgn/lichess_mainline",
    "pgn/lichess_headers",
    "pgn/lichess_tree",
]
# What one element of each kind of group is.
ITEM_NAMES = {"perft": "nodes", "fen": "FENs", "san": "moves", "pgn": "games"}
# Why a library is missing from a kind of group.
MISSING_WHY = {
    ("san", "cozy-chess"): "it has no SAN support",
    ("pgn", "shakmaty"): "its PGN reader is a separate crate, pgn-reader",
    ("pgn", "cozy-chess"): "it has no PGN support",
    ("perft", "pgn-reader"): "it reads PGN only",
    ("fen", "pgn-reader"): "it reads PGN only",
    ("san", "pgn-reader"): "it reads PGN only",
}


def criterion_dir() -> Path:
    if len(sys.argv) > 1:
        return Path(sys.argv[1])
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return Path(target) / "criterion"
    return Path(__file__).resolve().parent.parent / "target" / "criterion"


def load(root: Path) -> dict:
    """Returns {group: {function: {"mean_ns", "low_ns", "high_ns", "elements"}}}."""
    groups: dict = {}
    for estimates_file in sorted(root.glob("**/new/estimates.json")):
        new_dir = estimates_file.parent
        estimates = json.loads(estimates_file.read_text())
        mean = estimates["mean"]
        benchmark_file = new_dir / "benchmark.json"
        if benchmark_file.exists():
            benchmark = json.loads(benchmark_file.read_text())
            group = benchmark["group_id"]
            function = benchmark.get("function_id") or ""
            throughput = benchmark.get("throughput") or {}
            elements = throughput.get("Elements")
        else:
            # Fall back on the directory layout <group>/<function>/new.
            group = new_dir.parent.parent.relative_to(root).as_posix()
            function = new_dir.parent.name
            elements = None
        groups.setdefault(group, {})[function] = {
            "mean_ns": mean["point_estimate"],
            "low_ns": mean["confidence_interval"]["lower_bound"],
            "high_ns": mean["confidence_interval"]["upper_bound"],
            "elements": elements,
        }
    return groups


def three_digits(x: float) -> str:
    """Three significant digits, keeping trailing zeros (20.0, 9.90, 644)."""
    decimals = 2 if x < 10 else 1 if x < 100 else 0
    return f"{x:.{decimals}f}"


def fmt_time(ns: float) -> str:
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{three_digits(ns / scale)} {unit}"
    return f"{three_digits(ns)} ns"


def fmt_rate(per_second: float, unit: str) -> str:
    for prefix, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if per_second >= scale:
            return f"{three_digits(per_second / scale)} {prefix} {unit}"
    return f"{three_digits(per_second)} {unit}"


def kind_of(group: str) -> str:
    return group.split("/", 1)[0].split("_", 1)[0]


def throughput(group: str, result: dict) -> str:
    elements = result["elements"]
    if not elements:
        return "n/a"
    per_second = elements / (result["mean_ns"] * 1e-9)
    if kind_of(group) == "perft":
        return f"{per_second / 1e6:.1f} Mnodes/s"
    return fmt_rate(per_second, "items/s")


def speed_ratio(ours: dict, peer: dict) -> float:
    """chess-core's speed over the peer's: the peer's time over chess-core's."""
    return peer["mean_ns"] / ours["mean_ns"]


def ordered(groups: dict) -> list:
    known = [g for g in GROUP_ORDER if g in groups]
    return known + sorted(g for g in groups if g not in GROUP_ORDER)


def library_order(functions: dict) -> list:
    return [f for f in LIBRARIES if f in functions] + sorted(f for f in functions if f not in LIBRARIES)


def print_group(group: str, functions: dict) -> None:
    ours = functions.get(OURS)
    elements = next((r["elements"] for r in functions.values() if r["elements"]), None)
    item = ITEM_NAMES.get(kind_of(group), "items")
    per_iteration = f" ({elements:,} {item} per iteration)" if elements else ""
    print(f"### {group}{per_iteration}")
    print()
    print("| Library | Time per iteration (mean) | 95% CI of the mean | Throughput | chess-core speed / its speed |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in library_order(functions):
        result = functions[name]
        ci = f"{fmt_time(result['low_ns'])} – {fmt_time(result['high_ns'])}"
        if name == OURS:
            ratio = "—"
        elif ours:
            ratio = f"{speed_ratio(ours, result):.2f}×"
        else:
            ratio = "n/a"
        print(f"| {name} | {fmt_time(result['mean_ns'])} | {ci} | {throughput(group, result)} | {ratio} |")
    missing = [lib for lib in LIBRARIES if lib not in functions]
    if missing:
        print()
        reasons = [f"{lib} ({MISSING_WHY[kind_of(group), lib]})" if (kind_of(group), lib) in MISSING_WHY else lib
                   for lib in missing]
        print(f"Not measured here: {', '.join(reasons)}.")
    print()


def print_summary(groups: dict, names: list) -> None:
    print("### Summary: chess-core speed / peer speed (above 1: chess-core is faster)")
    print()
    print("| Benchmark | " + " | ".join(f"vs {peer}" for peer in PEERS) + " |")
    print("| --- |" + " ---: |" * len(PEERS))
    for group in names:
        functions = groups[group]
        ours = functions.get(OURS)
        cells = []
        for peer in PEERS:
            if ours and peer in functions:
                cells.append(f"{speed_ratio(ours, functions[peer]):.2f}×")
            else:
                cells.append("n/a")
        print(f"| {group} | " + " | ".join(cells) + " |")
    print()


def main() -> int:
    root = criterion_dir()
    if not root.is_dir():
        print(f"no criterion results in {root}: run `cargo bench -p chess-benches` first", file=sys.stderr)
        return 1
    groups = load(root)
    if not groups:
        print(f"no */new/estimates.json under {root}", file=sys.stderr)
        return 1
    names = ordered(groups)
    for group in names:
        print_group(group, groups[group])
    print_summary(groups, names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
