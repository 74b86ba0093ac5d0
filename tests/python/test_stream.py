"""Issue 24 item 4: `stream_tables`, the export's tables as a stream of record batches, read by
real consumers (DuckDB, Polars, pyarrow.dataset, a training-style loop) as it streams, giving
the rows of `scoresheet export`; stopping early ends the reading thread; errors keep their
Python types mid-stream; any thread count gives the same rows; games in = games out + rejected
+ not selected."""

import _thread
import gzip
import io
import os
import re
import sys
import threading
import time
import warnings

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.dataset as pads
import pytest

from conftest import import_scoresheet, run

scoresheet = import_scoresheet()

# A game rejected by every reader: Ke3 is no legal move there.
ILLEGAL = b'[Event "illegal"]\n\n1. e4 e5 2. Ke3 *\n\n'


def games_in(pgn: bytes) -> int:
    return len(re.findall(rb"^\[Event ", pgn, flags=re.M))


def stream_threads() -> int:
    """Threads of a stream running: its pump thread is named `scoresheet-stream` and its
    workers inherit the name (Linux keeps 15 bytes of it)."""
    names = []
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/comm") as f:
                names.append(f.read().strip())
        except FileNotFoundError:  # the thread ended meanwhile
            pass
    return sum(name.startswith("scoresheet-str") for name in names)


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self/task"),
                                reason="counts threads through /proc/self/task (Linux)")


@pytest.fixture(scope="module")
def pgn(corpus):
    return corpus.read_bytes()


def plain(table):
    """The table with each dictionary column as its values: compared by value (two
    dictionary arrays of the same values may differ in dictionary and indices)."""
    schema = pa.schema([f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                        for f in table.schema])
    return table.cast(schema)


def collect(stream):
    """The stream's pairs as two Tables, checking each pair: the moves batch holds exactly
    the moves of the games batch's games, in order, and both have the declared schemas."""
    games, moves = [], []
    for g, m in stream:
        assert g.schema.equals(stream.games_schema, check_metadata=True)
        assert m.schema.equals(stream.moves_schema, check_metadata=True)
        per_game = [gid for gid, n in zip(g.column("game_id").to_pylist(),
                                          g.column("ply_count").to_pylist()) for _ in range(n)]
        assert m.column("game_id").to_pylist() == per_game
        games.append(g)
        moves.append(m)
    return (pa.Table.from_batches(games, stream.games_schema),
            pa.Table.from_batches(moves, stream.moves_schema))


def test_duckdb_reads_the_stream_as_the_export(corpus, dataset):
    """DuckDB scans each table's reader; the rows are the export's (`--fen`), in any order."""
    con = duckdb.connect()
    for table in ("games", "moves"):
        reader = scoresheet.stream_tables(corpus, table=table, fen=True, threads=2)
        assert isinstance(reader, pa.RecordBatchReader)
        con.register("streamed", reader)
        con.execute("create table s as select * from streamed")
        con.unregister("streamed")
        con.execute(f"create table e as select * from read_parquet('{dataset}/{table}/*.parquet')")
        (n_s,), (n_e,) = (con.execute(f"select count(*) from {t}").fetchone() for t in "se")
        assert n_s == n_e > 0, table
        for a, b in (("s", "e"), ("e", "s")):
            diff = con.execute(f"select count(*) from (select * from {a} except all "
                               f"select * from {b})").fetchone()[0]
            assert diff == 0, (table, a, b)
        con.execute("drop table s; drop table e")


def test_polars_and_pyarrow_dataset_read_the_stream(corpus, dataset, tmp_path):
    want = pl.read_parquet(f"{dataset}/games/*.parquet")
    got = pl.from_arrow(scoresheet.stream_tables(corpus, table="games", fen=True))
    assert got.shape == want.shape and got.equals(want)

    out = tmp_path / "moves"
    pads.write_dataset(scoresheet.stream_tables(corpus, table="moves", fen=True), out,
                       format="parquet")
    written = plain(pads.dataset(out, format="parquet").to_table())
    exported = pads.dataset(f"{dataset}/moves", format="parquet").to_table()
    key = [("game_id", "ascending"), ("ply", "ascending")]
    assert written.num_rows == exported.num_rows
    assert written.sort_by(key).equals(exported.cast(written.schema).sort_by(key))


def test_a_training_loop_takes_columns_batch_by_batch(pgn):
    """A PyTorch-style loop: NumPy columns from each batch as it comes."""
    plies = 0
    batches = 0
    for batch in scoresheet.stream_tables(pgn, table="moves", threads=2):
        ply = batch.column("ply").to_numpy()
        assert ply.dtype.kind == "i" and (ply >= 1).all()
        plies += len(ply)
        batches += 1
    games = scoresheet.read_tables(pgn, threads=1).games
    assert plies == pa.compute.sum(games.column("ply_count")).as_py()
    assert batches > 1  # the corpus is several chunks: a stream, not one table


def test_threads_give_the_same_rows_and_pairs_hold_the_same_games(pgn):
    one = collect(scoresheet.stream_tables(pgn, threads=1))
    two = collect(scoresheet.stream_tables(pgn, threads=2))
    assert one[0].num_rows == games_in(pgn) and one[1].num_rows > one[0].num_rows
    assert one[0].equals(two[0]) and one[1].equals(two[1])
    tables = scoresheet.read_tables(pgn, threads=2)
    assert tables.games.equals(one[0]) and tables.moves.equals(one[1])


def test_games_in_equal_games_out_plus_rejected_plus_not_selected(mixed_pgn, tmp_path):
    path, n = mixed_pgn
    with pytest.warns(scoresheet.RejectedGameWarning) as caught:
        stream = scoresheet.stream_tables(path, threads=2)
        games, _ = collect(stream)
    assert caught[0].filename == __file__  # warned as from the loop taking the batches
    assert games.num_rows == stream.games_read
    assert stream.games_read + len(stream.rejected) == n
    assert [str(w.message) for w in caught] == [f"{path}: {r.message}" for r in stream.rejected]
    cli = run("export", "-o", tmp_path / "ds", path, check=False).stderr
    assert int(re.search(r"(\d+) games in: (\d+) exported", cli).group(2)) == games.num_rows

    where = "WhiteElo >= 2000"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scoresheet.RejectedGameWarning)
        stream = scoresheet.stream_tables(path, where=where)
        selected, _ = collect(stream)
        tables = scoresheet.read_tables(path, where=where)
    assert 0 < stream.not_selected < n
    assert stream.games_read + len(stream.rejected) + stream.not_selected == n
    assert selected.equals(tables.games)

    # Chunks without a game selected give no empty batches.
    none = scoresheet.stream_tables(path, where='White = "nobody at all"', threads=2,
                                    table=None)
    assert list(none) == [] and none.not_selected == n


def test_errors_raise_pgn_error_at_the_batch_of_the_bad_game(pgn):
    data = pgn + ILLEGAL + pgn
    bad_game = games_in(pgn) + 1
    for table in (None, "moves"):
        stream = scoresheet.stream_tables(data, table=table, errors="raise", threads=2)
        taken = 0
        with pytest.raises(scoresheet.PgnError) as e:
            for _ in stream:
                taken += 1
        assert e.value.game == bad_game and e.value.reason.startswith('move "Ke3"')
        assert taken >= 1, table  # the batches before the bad game's came first
        if table is None:
            assert stream.games_read < bad_game
            assert list(stream) == []  # the stream ends at its error


def test_io_error_mid_stream_raises_os_error(pgn, tmp_path):
    damaged = tmp_path / "damaged.pgn.gz"
    damaged.write_bytes(gzip.compress(pgn) + b"\x1f\x8b\x08junk that is no gzip member")
    for table in (None, "moves"):
        stream = scoresheet.stream_tables(damaged, table=table, threads=2)
        taken = 0
        with pytest.raises(OSError, match=r"damaged\.pgn\.gz: i/o error after byte \d+"):
            for _ in stream:
                taken += 1
        assert taken >= 1, table
    with pytest.raises(FileNotFoundError) as e:
        scoresheet.stream_tables(tmp_path / "missing.pgn", table="moves")
    assert e.value.filename == str(tmp_path / "missing.pgn")
    with pytest.raises(ValueError, match="table"):
        scoresheet.stream_tables(pgn, table="plies")


class CountingFile(io.RawIOBase):
    """A binary file object over bytes, counting what was read; the first `slow` reads take
    50 ms each and return at most 4 KiB."""

    def __init__(self, data, slow=0):
        self.data = io.BytesIO(data)
        self.read_bytes = 0
        self.slow = slow

    def readable(self):
        return True

    def read(self, n=-1):
        if self.slow > 0:
            self.slow -= 1
            time.sleep(0.05)
            n = 4096 if n < 0 else min(n, 4096)
        out = self.data.read(n)
        self.read_bytes += len(out)
        return out


@needs_proc
def test_stopping_early_ends_the_thread_without_reading_on(pgn):
    big = pgn * 10
    unraisable = []
    old_hook, sys.unraisablehook = sys.unraisablehook, unraisable.append
    try:
        for stop in ("break", "close", "with", "with reader"):
            source = CountingFile(big)
            if stop == "break":
                reader = scoresheet.stream_tables(source, table="moves", threads=2)
                for batch in reader:
                    assert batch.num_rows > 0
                    assert stream_threads() == 3  # the pump and its two workers
                    break
                del reader, batch
            elif stop == "close":
                stream = scoresheet.stream_tables(source, threads=2)
                next(stream)
                stream.close()
                assert list(stream) == []
            elif stop == "with":
                with scoresheet.stream_tables(source, threads=2) as stream:
                    next(stream)
            else:
                with scoresheet.stream_tables(source, threads=2) as stream:
                    reader = stream.reader("moves")
                    assert reader.read_next_batch().num_rows > 0
                with pytest.raises(StopIteration):  # the reader ends with its stream
                    reader.read_next_batch()
            # Joined before `close` (or the drop) returned; the kernel may show an ended
            # thread for a moment longer.
            deadline = time.monotonic() + 2
            while stream_threads() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert stream_threads() == 0, stop
            # The pump stopped within its window of chunks, far from the input's end.
            assert source.read_bytes < len(big) // 2, (stop, source.read_bytes, len(big))
    finally:
        sys.unraisablehook = old_hook
    assert unraisable == []


def test_ctrl_c_interrupts_the_wait_and_the_stream_reads_on(pgn):
    """A slow source: the first batch is 2 s away; an interrupt at 0.2 s raises
    KeyboardInterrupt from the wait, and reading on gives every game."""
    for table in (None, "games"):
        stream = scoresheet.stream_tables(CountingFile(pgn, slow=40), table=table, threads=2)
        timer = threading.Timer(0.2, _thread.interrupt_main)
        timer.start()
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            next(iter(stream))
            time.sleep(30)  # not reached while the interrupt stops the wait
        assert time.monotonic() - started < 1.5
        timer.join()
        if table is None:
            rest = sum(g.num_rows for g, _ in stream)
        else:
            rest = stream.read_all().num_rows
        assert rest == games_in(pgn), table


def test_movetext_column_names_a_table_source(pgn):
    text = pgn.decode("utf-8", errors="replace")
    movetext = [m.strip() for m in re.split(r"\n\n(?=\[Event )", text)][:200]
    want = scoresheet.read_tables(pa.table({"movetext": movetext})).moves
    assert want.num_rows > 0
    renamed = pa.table({"pgn": movetext})
    got = scoresheet.read_tables(renamed, movetext_column="pgn").moves
    assert got.equals(want)
    as_array = scoresheet.stream_tables(pa.array(movetext), movetext_column="pgn", table="moves")
    assert as_array.read_all().equals(want)
    games = list(scoresheet.read_games(renamed, movetext_column="pgn"))
    records = list(scoresheet.egd(renamed, movetext_column="pgn"))
    assert len(games) == len(records) == scoresheet.read_tables(renamed, movetext_column="pgn")\
        .games.num_rows
    with pytest.raises(ValueError, match='no movetext column "movetext"'):
        scoresheet.read_tables(renamed)


def test_a_warning_made_an_error_ends_the_stream(pgn):
    """A warnings filter that makes RejectedGameWarning an error: raised at the bad game's
    batch, and the stream ends there (reading on would leave that batch's games out)."""
    stream = scoresheet.stream_tables(pgn + ILLEGAL + pgn, threads=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", scoresheet.RejectedGameWarning)
        with pytest.raises(scoresheet.RejectedGameWarning, match='move "Ke3"'):
            for _ in stream:
                pass
    assert list(stream) == []
    assert stream.games_read < games_in(pgn) + 1
