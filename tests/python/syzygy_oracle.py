"""python-chess's Syzygy values for chess-core's differential test (chess-core/tests/syzygy.rs).

Usage: python syzygy_oracle.py TABLE_DIRECTORY FEN_FILE
Prints one line per FEN: "WDL DTZ DTZ_NO_EP WDL_TABLE DTZ_TABLE" (the last two the values the
single files store, DTZ_TABLE for the WDL_TABLE, "-" for a draw or the side to move the file
does not store), or "missing" when python-chess raises KeyError.
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
                stored = tables.probe_wdl_table(board)
                dtz_stored = "-"
                if stored != 0:
                    value, success = tables.probe_dtz_table(board, stored)
                    dtz_stored = str(value) if success > 0 else "-"
                values = [tables.probe_wdl(board), tables.probe_dtz(board), tables.probe_dtz_no_ep(board), stored]
                out.append(" ".join(map(str, values)) + f" {dtz_stored}")
            except KeyError:
                out.append("missing")
        print("\n".join(out))


if __name__ == "__main__":
    main()
