"""Schema version 2 of the tables (issue 24): the columns of `moves` whose values are a closed
set are dictionaries in the tables `read_tables` returns; DuckDB, Polars, pandas and pyarrow
read them as their strings, SQL compares them with strings, the values equal the files'
(version 1's text), and a `san`/`uci` key is the move's token id."""

import pyarrow as pa
import pyarrow.compute as pc
import pytest

from conftest import import_scoresheet, plain_schema

scoresheet = import_scoresheet()

DICTIONARIES = {
    "side": pa.uint8(), "san": pa.int16(), "uci": pa.int16(), "from_square": pa.uint8(),
    "to_square": pa.uint8(), "piece": pa.uint8(), "captured": pa.uint8(),
    "promotion": pa.uint8(), "move_type": pa.uint8(),
}


@pytest.fixture(scope="module")
def moves(corpus):
    return scoresheet.read_tables(str(corpus)).moves


def test_dictionary_columns_and_their_keys(moves):
    for name, index in DICTIONARIES.items():
        t = moves.schema.field(name).type
        assert pa.types.is_dictionary(t), name
        assert (t.index_type, t.value_type) == (index, pa.string()), name
    # Every other column keeps a plain type.
    others = [f for f in moves.schema if f.name not in DICTIONARIES]
    assert not any(pa.types.is_dictionary(f.type) for f in others)


def test_keys_are_token_ids(moves):
    chunk = moves.column("san").chunk(0)
    sans = chunk.dictionary.take(chunk.indices).to_pylist()[:5000]
    ids = scoresheet.tokenize(sans, "san+").tolist()
    assert chunk.indices.to_pylist()[:5000] == ids
    chunk = moves.column("uci").chunk(0)
    ucis = chunk.dictionary.take(chunk.indices).to_pylist()[:5000]
    assert chunk.indices.to_pylist()[:5000] == scoresheet.tokenize(ucis, "uci").tolist()
    squares = moves.column("to_square").chunk(0)
    assert squares.dictionary.to_pylist()[:9] == [
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2"]


def test_readers_compare_with_strings(moves):
    """The same counts from the dictionary table through DuckDB, Polars and pandas as from
    the same table with plain strings."""
    duckdb = pytest.importorskip("duckdb")
    pl = pytest.importorskip("polars")
    plain = moves.cast(plain_schema(moves.schema))
    want = {
        "e4": pc.sum(pc.equal(plain.column("san"), "e4")).as_py(),
        "O-O": pc.sum(pc.equal(plain.column("san"), "O-O")).as_py(),
        "e2e4": pc.sum(pc.equal(plain.column("uci"), "e2e4")).as_py(),
        "Q": pc.sum(pc.equal(plain.column("captured"), "Q")).as_py(),
    }
    assert min(want.values()) > 0, want
    con = duckdb.connect()
    con.register("m", moves)
    got = con.execute(
        "SELECT count(*) FILTER (WHERE san = 'e4'), count(*) FILTER (WHERE san = 'O-O'), "
        "count(*) FILTER (WHERE uci = 'e2e4'), count(*) FILTER (WHERE captured = 'Q') FROM m"
    ).fetchone()
    assert list(got) == list(want.values())
    square = con.execute(
        "SELECT count(*) FROM m WHERE to_square = 'e4' AND side = 'w'").fetchone()[0]
    want_square = pc.sum(pc.and_(pc.equal(plain.column("to_square"), "e4"),
                                 pc.equal(plain.column("side"), "w"))).as_py()
    assert square == want_square > 0
    frame = pl.from_arrow(moves)
    assert frame.filter(pl.col("san") == "e4").height == want["e4"]
    assert frame.filter(pl.col("uci") == "e2e4").height == want["e2e4"]
    assert frame.filter(pl.col("captured") == "Q").height == want["Q"]
    df = moves.to_pandas()
    assert int((df["san"] == "O-O").sum()) == want["O-O"]
    assert int((df["uci"] == "e2e4").sum()) == want["e2e4"]
    assert df["san"].dtype == "category"
    # Every value as text equals the plain table's.
    for name in DICTIONARIES:
        assert moves.column(name).cast(pa.string()).equals(plain.column(name)), name


def test_moves_table_size(moves, corpus):
    """What version 2 saves: the moves table's bytes against the PGN's (printed; the issue
    asks for at most 3x, which the numeric columns alone exceed on this corpus, see
    docs/benchmarks.md)."""
    pgn = corpus.stat().st_size
    plain = moves.cast(plain_schema(moves.schema))
    # Each batch references the one vocabulary; count its strings once.
    dictionaries = sum(moves.column(n).chunk(0).dictionary.nbytes for n in DICTIONARIES)
    chunks = moves.column("san").num_chunks
    v2 = moves.nbytes - (chunks - 1) * dictionaries
    print(f"moves: {v2 / pgn:.2f}x the PGN (version 1's strings: {plain.nbytes / pgn:.2f}x)")
    assert v2 < plain.nbytes * 0.75
