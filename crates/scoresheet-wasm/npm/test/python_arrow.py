"""Arrow IPC streams of the npm package's readTables(..., {format: "arrow"}) against the Python
package's read_tables on the same PGN file: pyarrow reads each stream, and the two tables must be
equal (schema: names, types, nullability; values, nulls and dictionaries). Prints, as JSON, each
table's rows and whether it is equal, with the columns that differ: what test/arrow.test.mjs
checks.

Usage: python python_arrow.py FILE.pgn GAMES.arrows MOVES.arrows [COLUMN,COLUMN...]"""
import json
import sys

import pyarrow
import pyarrow.ipc
import scoresheet


def compare(ours: pyarrow.Table, theirs: pyarrow.Table) -> dict:
    differ = [
        name
        for name in theirs.column_names
        if name not in ours.column_names
        or not ours.schema.field(name).equals(theirs.schema.field(name))
        or not ours[name].combine_chunks().equals(theirs[name].combine_chunks())
    ]
    return {
        "rows": ours.num_rows,
        "names": ours.column_names,
        "equal": ours.equals(theirs),
        "differ": differ,
    }


def main() -> None:
    file, games_file, moves_file = sys.argv[1:4]
    columns = sys.argv[4].split(",") if len(sys.argv) > 4 else None
    games, moves = scoresheet.read_tables(file, threads=1, columns=columns)
    out = {}
    for name, path, theirs in [("games", games_file, games), ("moves", moves_file, moves)]:
        with pyarrow.ipc.open_stream(path) as reader:
            out[name] = compare(reader.read_all(), theirs)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
