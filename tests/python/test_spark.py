"""examples/spark/convert_shards.py in Spark local mode with 2 workers, over the corpus cut
into 4 shards at game boundaries, against `scoresheet export` of the whole corpus: the same
rows in both tables, order aside. Read back with pyarrow, never our own reader.

`source_file` names the shard and `source_offset` is the byte in it, so they are compared
with the shard's start added. Needs pyspark, Java and the scoresheet package: skipped with
the reason where one is missing, failed instead under CI=true."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pyarrow.dataset as pads
import pytest

from conftest import ROOT, run

JOB = ROOT / "examples" / "spark" / "convert_shards.py"


def missing():
    """Why the job cannot run here, or None."""
    for module in ("pyspark", "scoresheet"):
        try:
            __import__(module)
        except ImportError:
            return f"the {module} package is not installed"
    if shutil.which("java") is None:
        return "no java on PATH (Spark needs Java 17)"
    return None


def require():
    why = missing()
    if why is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and {why}")
    pytest.skip(why)


def job(args, timeout):
    """Runs the job with this interpreter. Its environment is the test's, but for a virtual
    environment's python its bin/ is taken off PATH, as when that python is run by its path
    without activating the environment: Spark's workers then find scoresheet only through the
    job's own PYSPARK_PYTHON default (sys.executable when unset; `python3` from PATH, another
    Python, gave ModuleNotFoundError in every task)."""
    env = dict(os.environ)
    if sys.prefix != sys.base_prefix:
        bin_dir = os.path.join(sys.prefix, "bin")
        env["PATH"] = os.pathsep.join(
            d for d in env.get("PATH", "").split(os.pathsep)
            if os.path.realpath(d) != os.path.realpath(bin_dir))
    return subprocess.run([sys.executable, str(JOB), "--master", "local[2]", *args],
                          capture_output=True, text=True, timeout=timeout, env=env)


def cut(corpus, parts):
    """The corpus in `parts` shards cut before an `[Event ` line: (bytes, start) each."""
    data = corpus.read_bytes()
    starts = [m.start() + 1 for m in re.finditer(rb"\n\[Event ", data)]
    cuts = [0] + [starts[len(starts) * i // parts] for i in range(1, parts)] + [len(data)]
    return [(data[a:b], a) for a, b in zip(cuts, cuts[1:])]


def table_of(directory):
    return pads.dataset(str(directory), format="parquet").to_table()


def sorted_rows(t):
    """The rows as comparable tuples, sorted (a map's entries sorted too)."""
    def norm(v):
        return tuple(sorted(map(tuple, v))) if isinstance(v, list) else v
    return sorted((tuple(norm(v) for v in r.values()) for r in t.to_pylist()), key=repr)


def test_spark_job_equals_export(tmp_path, corpus):
    require()
    shards = []
    for i, (data, start) in enumerate(cut(corpus, 4)):
        path = tmp_path / f"shard-{i}.pgn"
        path.write_bytes(data)
        shards.append((str(path), start))
    out = tmp_path / "spark"
    done = job(["-o", str(out), *[p for p, _ in shards]], timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert re.search(r"(\d+) games in: \1 exported, 0 reported as errors", done.stderr)

    ref = tmp_path / "export"
    run("export", "-q", "-o", ref, corpus)
    starts = {p: s for p, s in shards}

    games, ref_games = table_of(out / "games"), table_of(ref / "games")
    assert games.num_rows == ref_games.num_rows
    # source_file/source_offset: the shard and its byte; placed in the corpus, they agree.
    files = games.column("source_file").to_pylist()
    offsets = games.column("source_offset").to_pylist()
    placed = sorted(starts[f] + o for f, o in zip(files, offsets))
    assert placed == sorted(ref_games.column("source_offset").to_pylist())
    keep = [c for c in ref_games.column_names if c not in ("source_file", "source_offset")]
    assert games.select(keep).schema.names == keep
    assert sorted_rows(games.select(keep)) == sorted_rows(ref_games.select(keep))

    moves, ref_moves = table_of(out / "moves"), table_of(ref / "moves")
    assert moves.schema.names == ref_moves.schema.names
    assert moves.num_rows == ref_moves.num_rows
    for name in ref_moves.column_names:
        assert moves.column(name).type == ref_moves.column(name).type, name
    assert sorted_rows(moves) == sorted_rows(ref_moves)


def test_spark_job_reports_rejected_games(tmp_path):
    require()
    good = '[Event "ok"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n'
    bad = '[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n'
    shards = []
    for i in range(2):
        path = tmp_path / f"s{i}.pgn"
        path.write_text(good * 3 + bad + good)
        shards.append(str(path))
    done = job(["-o", str(tmp_path / "out"), *shards], timeout=600)
    assert done.returncode == 1, done.stderr[-3000:]
    errors = [l for l in done.stderr.splitlines() if l.startswith("error: ")]
    assert len(errors) == 2
    assert all("game 4" in e and "Ke3" in e for e in errors), errors
    assert "10 games in: 8 exported, 2 reported as errors" in done.stderr
    assert table_of(tmp_path / "out" / "games").num_rows == 8
    assert table_of(tmp_path / "out" / "moves").num_rows == 32


def test_spark_job_reads_lichess_parquet(tmp_path, corpus):
    """lichess's Hugging Face layout as shards (issue 24): the games of the corpus in that
    schema, in 4 Parquet files (the last with rows of bad movetext), converted by the job with
    2 local workers and by `scoresheet export` of the same files: the same rows in both tables
    (source columns aside), the same games in, exported and reported."""
    require()
    import pyarrow as pa
    import pyarrow.parquet as pq
    from test_parquet_input import BAD, HF_SCHEMA, row, split_games

    lichess = {"Event": "Rated Blitz game", "Site": "https://lichess.org/abcdefgh",
               "White": "a", "Black": "b", "Result": "*", "WhiteElo": "1500"}
    games = split_games(corpus) + [(dict(lichess), movetext) for movetext in BAD]
    table = pa.Table.from_pylist([row(h, m) for h, m in games], schema=HF_SCHEMA)
    cuts = [table.num_rows * i // 4 for i in range(5)]
    shards = []
    for i in range(4):
        path = tmp_path / f"train-{i:05d}-of-00004.parquet"
        pq.write_table(table.slice(cuts[i], cuts[i + 1] - cuts[i]), path, row_group_size=500)
        shards.append(str(path))

    out = tmp_path / "spark"
    done = job(["-o", str(out), *shards], timeout=900)
    ref = tmp_path / "export"
    exported = run("export", "-o", ref, *shards, check=False)
    assert exported.returncode == 1, exported.stderr[-3000:]  # the bad rows: exit 1 in both
    assert done.returncode == 1, done.stderr[-3000:]
    counts = re.search(r"(\d+) games in: (\d+) exported, (\d+) reported as errors", done.stderr)
    assert counts, done.stderr[-3000:]
    ref_counts = re.search(r"(\d+) games in: (\d+) exported, (\d+) reported", exported.stderr)
    assert ref_counts, exported.stderr[-3000:]
    assert counts.groups() == ref_counts.groups()
    assert int(counts.group(1)) == table.num_rows
    assert int(counts.group(3)) >= 3  # the illegal move, the open comment, the non-move

    games_t, ref_games = table_of(out / "games"), table_of(ref / "games")
    keep = [c for c in ref_games.column_names if c not in ("source_file", "source_offset")]
    assert games_t.num_rows == ref_games.num_rows == int(counts.group(2))
    assert sorted_rows(games_t.select(keep)) == sorted_rows(ref_games.select(keep))
    moves, ref_moves = table_of(out / "moves"), table_of(ref / "moves")
    assert moves.num_rows == ref_moves.num_rows
    for name in ref_moves.column_names:
        assert moves.column(name).type == ref_moves.column(name).type, name
    assert sorted_rows(moves) == sorted_rows(ref_moves)
