#!/usr/bin/env python3
"""Interleaved timings of `perft_peers` (benches/examples/perft_peers.rs): A B A B ...

On a shared, noisy machine a slow minute hits every library in turn instead of one of them,
and the median of each library's runs is compared.

Usage: python3 benches/interleave.py [--runs N] [--mode full|bulk] [--depth D]
                                     [--binary PATH] LIBRARY...
A LIBRARY is `chess-core`, `shakmaty` or `cozy-chess`, or `NAME=PATH:LIBRARY` to time another
build of the binary under its own name (for example the build before a change).
Build first: cargo build --release -p chess-benches --example perft_peers
Standard library only.
"""

import argparse
import statistics
import subprocess
from pathlib import Path

DEFAULT_BINARY = Path(__file__).resolve().parent.parent / "target/release/examples/perft_peers"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--mode", default="full")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--binary", default=str(DEFAULT_BINARY))
    parser.add_argument("--fen")
    parser.add_argument("libraries", nargs="+")
    args = parser.parse_args()

    entries = []
    for spec in args.libraries:
        if "=" in spec:
            name, rest = spec.split("=", 1)
            binary, library = rest.rsplit(":", 1)
        else:
            name, binary, library = spec, args.binary, spec
        entries.append((name, binary, library))

    times = {name: [] for name, _, _ in entries}
    nodes = {}
    for run in range(args.runs):
        for name, binary, library in entries:
            command = [binary, library, args.mode, str(args.depth)] + ([args.fen] if args.fen else [])
            out = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
            nodes.setdefault(name, out[3])
            times[name].append(float(out[4]))
        print(f"run {run + 1}: " + ", ".join(f"{name} {times[name][-1]:.3f} s" for name, _, _ in entries), flush=True)

    first = entries[0][0]
    print(f"\n{args.mode} perft depth {args.depth}, {args.runs} interleaved runs, medians:")
    for name, _, _ in entries:
        median = statistics.median(times[name])
        ratio = median / statistics.median(times[first])
        print(
            f"  {name:<20} {median:.3f} s (min {min(times[name]):.3f}, max {max(times[name]):.3f}), "
            f"{nodes[name]} nodes; {first} speed / its speed: {ratio:.2f}x"
        )


if __name__ == "__main__":
    main()
