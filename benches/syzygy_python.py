"""python-chess's Syzygy probes per second on the positions of benches/benches/syzygy.rs.

Usage: python benches/syzygy_python.py PYTHON_CHESS_SRC
Prints WDL and DTZ probes per second over the 200 positions of data/endgame.epd, the tables
opened beforehand (best of five rounds).
"""

import sys
import time

import chess
import chess.syzygy


def main() -> None:
    src = sys.argv[1]
    with open(f"{src}/data/endgame.epd") as f:
        boards = [chess.Board(" ".join(line.split()[:4]) + " 0 1") for line in f if line.strip()]
    with chess.syzygy.open_tablebase(f"{src}/data/syzygy/regular") as tables:
        for board in boards:
            tables.probe_dtz(board)
        for name, probe in [("probe_wdl", tables.probe_wdl), ("probe_dtz", tables.probe_dtz)]:
            best = float("inf")
            for _ in range(5):
                start = time.perf_counter()
                for board in boards:
                    probe(board)
                best = min(best, time.perf_counter() - start)
            print(f"python-chess {name}: {len(boards) / best:,.0f} probes/s ({best * 1e6 / len(boards):.1f} µs each)")


if __name__ == "__main__":
    main()
