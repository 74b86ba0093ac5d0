"""The Python package's read_tables on one PGN file, column by column, as JSON on standard
output: what test/tables.test.mjs compares the npm package's readTables with. Numbers travel as
the base64 of their little-endian bytes (nulls as 0), so the comparison is exact; text as
strings (null for null); each column's `valid` (a byte a row) when some row is null.

Usage: python python_tables.py FILE.pgn [COLUMN,COLUMN... [WHERE]] (an empty COLUMN list: the
default columns; WHERE: read_tables' `where` expression)"""
import base64
import json
import sys

import numpy
import pyarrow
import scoresheet


def raw(values: numpy.ndarray) -> str:
    return base64.b64encode(numpy.ascontiguousarray(values).tobytes()).decode()


def column(array: pyarrow.Array) -> dict:
    kind = array.type
    out = {}
    if array.null_count:
        out["valid"] = raw(array.is_valid().to_numpy(zero_copy_only=False).astype(numpy.uint8))
    if pyarrow.types.is_dictionary(kind):
        keys = array.indices.fill_null(0).to_numpy(zero_copy_only=False)
        out.update(type="dictionary", values=raw(keys), dictionary=array.dictionary.to_pylist())
    elif pyarrow.types.is_string(kind):
        out.update(type="utf8", values=array.to_pylist())
    elif pyarrow.types.is_map(kind):
        rows = [[list(entry) for entry in row] for row in array.to_pylist()]
        out.update(type="map", values=rows)
    elif pyarrow.types.is_fixed_size_list(kind):
        out.update(type="list", values=raw(array.flatten().to_numpy()))
    elif pyarrow.types.is_boolean(kind):
        bits = array.fill_null(False).to_numpy(zero_copy_only=False).astype(numpy.uint8)
        out.update(type="bool", values=raw(bits))
    elif pyarrow.types.is_timestamp(kind):
        micros = array.cast(pyarrow.int64()).fill_null(0).to_numpy()
        out.update(type="timestamp", values=raw(micros))
    else:
        out.update(type=str(kind), values=raw(array.fill_null(0).to_numpy()))
    return out


def table(t: pyarrow.Table) -> dict:
    columns = {name: column(t[name].combine_chunks()) for name in t.column_names}
    return {"numRows": t.num_rows, "names": t.column_names, "columns": columns}


def main() -> None:
    columns = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] else None
    where = sys.argv[3] if len(sys.argv) > 3 else None
    games, moves = scoresheet.read_tables(sys.argv[1], threads=1, columns=columns, where=where)
    json.dump({"games": table(games), "moves": table(moves)}, sys.stdout)


if __name__ == "__main__":
    main()
