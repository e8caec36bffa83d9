"""python-chess's Syzygy values for chess-core's differential test (chess-core/tests/syzygy.rs).

Usage: python syzygy_oracle.py TABLE_DIRECTORY FEN_FILE
Prints one line per FEN: "WDL DTZ", or "missing" when python-chess raises KeyError.
"""

import sys

import chess
import chess.syzygy


def main() -> None:
    directory, fens = sys.argv[1], sys.argv[2]
    with chess.syzygy.open_tablebase(directory) as tables, open(fens) as lines:
        out = []
        for line in lines:
            board = chess.Board(line.strip())
            try:
                out.append(f"{tables.probe_wdl(board)} {tables.probe_dtz(board)}")
            except KeyError:
                out.append("missing")
        print("\n".join(out))


if __name__ == "__main__":
    main()
