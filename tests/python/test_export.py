"""`scoresheet export` read back by real readers (pyarrow, DuckDB), never by our own code.

Checks: every game and move equals `scoresheet egd --extended` field for field; clocks and
evaluations equal the comments as python-chess reads them; `position_key` equals
python-chess's Polyglot key; a rejected game is absent from both tables; no temporary file is
left or read; a killed export leaves only complete files; the shipped DuckDB queries run and
agree with their SQLite twins."""

import io
import os
import pathlib
import re
import shutil
import signal
import subprocess
import time

import chess
import chess.pgn
import chess.polyglot
import duckdb
import pyarrow.dataset as pads
import pyarrow.parquet as pq
import pytest

from conftest import ROOT, binary, run

ROSTER = {"Event": "event", "Site": "site", "Date": "date", "Round": "round",
          "White": "white", "Black": "black"}
MASK = (1 << 64) - 1


def table(dataset, name):
    """A table read with pyarrow's dataset API (hidden and `_` files skipped by default)."""
    return pads.dataset(str(dataset / name), format="parquet").to_table()


def rows(dataset, name):
    return table(dataset, name).to_pylist()


def moves_by_game(dataset):
    by_game = {}
    for m in rows(dataset, "moves"):
        by_game.setdefault(m["game_id"], []).append(m)
    for ms in by_game.values():
        ms.sort(key=lambda m: m["ply"])
    return by_game


def test_games_equal_egd(dataset, egd_games):
    games = sorted(rows(dataset, "games"), key=lambda g: g["source_offset"])
    assert len(games) == len(egd_games)
    for g, e in zip(games, egd_games):
        tags = dict(e["game_tags"])
        assert g["result"] == tags.pop("Result")
        for tag, column in ROSTER.items():
            assert g[column] == tags.pop(tag, None)
        assert dict(g["tags"]) == tags
        assert list(dict(g["tags"])) == list(tags)  # file order
        assert g["eco"] == tags.get("ECO")
        assert g["time_control"] == tags.get("TimeControl")
        assert g["ply_count"] == len(e["moves"])
        if e["moves"]:
            first = next(iter(e["moves"].values()))
            assert g["start_fen"] == first["start_position"]["fen"]
        elo = tags.get("WhiteElo")
        assert g["white_elo"] == (int(elo) if elo and elo.isdigit() else None)


def test_moves_equal_egd(dataset, egd_games):
    games = sorted(rows(dataset, "games"), key=lambda g: g["source_offset"])
    by_game = moves_by_game(dataset)
    assert sum(len(e["moves"]) for e in egd_games) == sum(len(ms) for ms in by_game.values())
    for g, e in zip(games, egd_games):
        ms = by_game.get(g["game_id"], [])
        assert len(ms) == len(e["moves"])
        for ply, (m, (key, rec)) in enumerate(zip(ms, e["moves"].items()), start=1):
            mv, end = rec["move"], rec["end_position"]
            features, meta = end["features"], mv.get("meta", {})
            assert m["ply"] == ply
            assert f'{m["move_number"]}{m["side"]}' == key
            assert m["san"] == mv["san"]
            assert m["from_square"] == mv["from_square"]
            assert m["to_square"] == mv["to_square"]
            assert m["piece"] == mv["piece"]
            assert m["captured"] == mv.get("captured_piece")
            assert m["promotion"] == mv.get("promotion")
            assert m["move_type"] == mv["move_type"]
            assert m["is_check"] == features.get("check", False)
            assert m["is_mate"] == features.get("checkmate", False)
            assert m["halfmove_clock"] == features["halfmove_clock"]
            assert m["repetition"] == features["repetition"]
            assert m["fen_after"] == end["fen"]
            assert m["clock_seconds"] == meta.get("clock_seconds")
            assert m["emt_seconds"] == meta.get("emt_seconds")
            assert m["eval_cp"] == meta.get("eval_cp")
            assert m["eval_mate"] == meta.get("eval_mate")


def test_duckdb_reads_one_table(dataset, egd_games):
    con = duckdb.connect()
    games = f"read_parquet('{dataset}/games/*.parquet')"
    moves = f"read_parquet('{dataset}/moves/*.parquet')"
    assert len(list((dataset / "moves").glob("part-*.parquet"))) > 1
    n_games, plies = con.sql(f"SELECT count(*), sum(ply_count) FROM {games}").fetchall()[0]
    assert n_games == len(egd_games)
    n_moves, n_ids = con.sql(f"SELECT count(*), count(DISTINCT game_id) FROM {moves}").fetchall()[0]
    assert n_moves == plies == sum(len(e["moves"]) for e in egd_games)
    orphans = con.sql(f"SELECT count(*) FROM {moves} m ANTI JOIN {games} g USING (game_id)")
    assert orphans.fetchall()[0][0] == 0
    version = con.sql(
        f"SELECT DISTINCT decode(value) FROM parquet_kv_metadata('{dataset}/moves/*.parquet') "
        "WHERE decode(key) = 'scoresheet.schema_version'").fetchall()
    assert version == [("4",)]


def sampled_games(corpus, games):
    """(row of games, python-chess game) for the first 150 games (more than 10,000 positions)
    and every game whose text holds a comment command, each game's text cut from the input
    at its source_offset."""
    data = pathlib.Path(corpus).read_bytes()
    offsets = [g["source_offset"] for g in games] + [len(data)]
    for i, g in enumerate(games):
        text = data[offsets[i]:offsets[i + 1]]
        if i < 150 or b"[%" in text:
            yield g, chess.pgn.read_game(io.StringIO(text.decode("utf-8", "replace")))


def test_clocks_evals_and_keys_equal_python_chess(dataset, corpus):
    """Clocks and evals as python-chess reads the comments; Polyglot keys as python-chess
    computes them, on every position of the games sampled (at least 10,000)."""
    games = sorted(rows(dataset, "games"), key=lambda g: g["source_offset"])
    by_game = moves_by_game(dataset)
    keys_checked = commands_checked = 0
    for g, game in sampled_games(corpus, games):
        assert not game.errors, game.errors
        ms = by_game[g["game_id"]]
        board = game.board()
        nodes = list(game.mainline())
        assert len(nodes) == len(ms)
        for node, m in zip(nodes, ms):
            assert m["uci"] == board.uci(node.move)
            board.push(node.move)
            assert m["position_key"] & MASK == chess.polyglot.zobrist_hash(board)
            keys_checked += 1
            clock, score = node.clock(), node.eval()
            assert m["clock_seconds"] == clock
            if score is None:
                assert (m["eval_cp"], m["eval_mate"]) == (None, None)
            else:
                assert (m["eval_cp"], m["eval_mate"]) == (score.white().score(), score.white().mate())
            commands_checked += clock is not None or score is not None
    assert keys_checked >= 10_000
    # Every move with a [%clk] or [%eval] was compared (real.pgn has some; real_clean.pgn none).
    assert commands_checked > 0 or b"[%" not in pathlib.Path(corpus).read_bytes()


BAD = """[Event "good 1"]

1. e4 e5 2. Nf3 {[%clk 0:01:00]} Nc6 1-0

[Event "bad"]

1. e4 e5 2. Ke3 Nc6 0-1

[Event "good 2"]

1. d4 d5 *
"""


def test_rejected_game_absent_from_both_tables(tmp_path):
    pgn = tmp_path / "mixed.pgn"
    pgn.write_text(BAD)
    out = tmp_path / "ds"
    done = run("export", "-o", out, pgn, check=False)
    assert done.returncode == 1
    assert f"error: {pgn}: game 2 " in done.stderr
    assert '"Ke3"' in done.stderr
    assert "export: 3 games in: 2 exported, 1 reported as errors; 6 plies;" in done.stderr
    events = [g["event"] for g in rows(out, "games")]
    assert sorted(events) == ["good 1", "good 2"]
    con = duckdb.connect()
    sans = con.sql(f"SELECT string_agg(san, ' ' ORDER BY game_id, ply) FROM "
                   f"read_parquet('{out}/moves/*.parquet') m JOIN read_parquet('{out}/games/*.parquet') g "
                   "USING (game_id) WHERE g.event = 'good 1'").fetchall()[0][0]
    assert sans == "e4 e5 Nf3 Nc6"
    assert con.sql(f"SELECT count(*) FROM read_parquet('{out}/moves/*.parquet')").fetchall()[0][0] == 6


def hidden(folder):
    return [p.name for p in pathlib.Path(folder).rglob("*") if p.name.startswith(".")]


def test_no_temporary_file_left_and_temporaries_skipped(dataset, tmp_path):
    assert hidden(dataset) == []
    copy = tmp_path / "ds"
    shutil.copytree(dataset, copy)
    moves = copy / "moves"
    count = f"SELECT count(*) FROM read_parquet('{moves}/*.parquet')"
    before = duckdb.sql(count).fetchall()[0][0]
    # A complete Parquet file under a temporary name, and a truncated one: neither is read.
    shutil.copy(moves / "part-00000.parquet", moves / ".part-00099.parquet.tmp")
    (moves / ".part-00100.parquet.tmp").write_bytes((moves / "part-00001.parquet").read_bytes()[:1000])
    assert duckdb.sql(count).fetchall()[0][0] == before
    assert table(copy, "moves").num_rows == before


def test_existing_dataset_refused_unless_force(tmp_path):
    pgn = tmp_path / "g.pgn"
    pgn.write_text("1. e4 e5 *\n")
    out = tmp_path / "ds"
    run("export", "-q", "-o", out, pgn)
    done = run("export", "-q", "-o", out, pgn, check=False)
    assert done.returncode == 2
    assert "already holds a dataset" in done.stderr and "--force" in done.stderr
    run("export", "-q", "--force", "-o", out, pgn)
    assert table(out, "games").num_rows == 1


@pytest.mark.parametrize("threads", [1, 2])
def test_killed_export_leaves_only_complete_files(tmp_path, corpus, threads):
    """Feeds the corpus slowly through stdin, kills the export once some parts are complete,
    and reads what is left: only complete files, every one readable. With several threads the
    workers convert chunks of 8 MB of input (PARQUET_CHUNK_BYTES), a chunk written once it is
    read whole and converted (about 10 MB in): the corpus (5.3 MB) is fed five times."""
    out = tmp_path / "ds"
    proc = subprocess.Popen([binary(), "export", "-q", "--threads", str(threads), "--games-per-file", "200",
                             "-o", str(out), "-"],
                            stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
    data = pathlib.Path(corpus).read_bytes() * (1 if threads == 1 else 5)
    deadline = time.time() + 60
    step = 64 << 10
    def done():
        return len(list((out / "moves").glob("part-*.parquet"))) >= 2 or time.time() > deadline

    for at in range(0, len(data), step):
        proc.stdin.write(data[at:at + step])
        proc.stdin.flush()
        if done():
            break
        time.sleep(0.05)
    # The input stays open (the export is still reading) while the last chunks are converted.
    while not done():
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    parts = sorted((out / "moves").glob("part-*.parquet"))
    assert len(parts) >= 2
    for part in parts:
        pq.read_table(part)  # complete: the footer is there
    n = duckdb.sql(f"SELECT count(DISTINCT game_id) FROM read_parquet('{out}/moves/*.parquet')").fetchall()[0][0]
    assert n > 0


def test_csv_format(tmp_path, corpus, dataset):
    out = tmp_path / "csv"
    run("export", "-q", "--format", "csv", "-o", out, corpus)
    con = duckdb.connect()
    n = con.sql(f"SELECT count(*), sum(ply_count) FROM read_csv('{out}/games/*.csv')").fetchall()[0]
    m = con.sql(f"SELECT count(*) FROM read_csv('{out}/moves/*.csv')").fetchall()[0][0]
    assert n[0] == table(dataset, "games").num_rows
    assert n[1] == m == table(dataset, "moves").num_rows


# The shipped DuckDB queries, run on the export; the ones with a SQLite twin
# (crates/scoresheet-db/queries/NAME.sql, run by `scoresheet query`) must give the same answer.
QUERIES = ROOT / "examples" / "queries" / "duckdb"


def duckdb_query(dataset, name, player=None):
    con = duckdb.connect()
    con.execute(f"SET VARIABLE dataset = '{dataset}'")
    con.execute("SET VARIABLE player = $1", [player])
    return con.sql((QUERIES / f"{name}.sql").read_text()).fetchall()


@pytest.fixture(scope="session")
def sqlite_db(tmp_path_factory, corpus):
    db = tmp_path_factory.mktemp("db") / "games.db"
    run("load", "--db", f"sqlite:{db}", corpus, "-q")
    return db


def sqlite_query(db, name, player=None):
    import csv
    import io
    args = ["query", name, "--db", f"sqlite:{db}", "--format", "csv"]
    if player:
        args += ["--player", player]
    text = run(*args).stdout
    return list(csv.reader(io.StringIO(text)))[1:]


def same(duck_rows, sqlite_rows):
    def norm(v):
        if v is None or v == "":
            return ""
        try:
            return float(v)
        except (TypeError, ValueError):
            return str(v)
    return [[norm(v) for v in r] for r in duck_rows] == [[norm(v) for v in r] for r in sqlite_rows]


@pytest.mark.parametrize("name", ["openings", "queen-trades"])
@pytest.mark.parametrize("player", [None, "MagnusCarlsen"])
def test_duckdb_query_equals_sqlite_twin(dataset, sqlite_db, name, player):
    duck = duckdb_query(dataset, name, player)
    assert duck, name
    assert same(duck, sqlite_query(sqlite_db, name, player))


def test_losing_positions_equal_sqlite_twin(dataset, sqlite_db):
    """Positions by Polyglot key here, by FEN there. The key ignores an en-passant square no
    pawn can take, the FEN does not, so a key may stand for several FENs: every position whose
    key stands for one FEN without an en-passant square has the same counts in both."""
    import sqlite3
    duck = duckdb_query(dataset, "losing-positions")
    assert len(duck) == 20
    fens = {}
    for key, fen in duckdb.connect().sql(
            f"SELECT DISTINCT position_key, array_to_string(string_split(fen_after, ' ')[1:4], ' ') "
            f"FROM read_parquet('{dataset}/moves/*.parquet')").fetchall():
        fens.setdefault(key, set()).add(fen)
    sql = (ROOT / "crates" / "scoresheet-db" / "queries" / "losing-positions.sql").read_text()
    sql = sql.replace("$1", "NULL").replace("LIMIT 20", "")
    lite = {f: (n, p) for f, n, p in sqlite3.connect(sqlite_db).execute(sql)}
    compared = 0
    for key, n, p, _ in duck:
        if len(fens[key]) == 1 and next(iter(fens[key])).endswith(" -"):
            assert lite[next(iter(fens[key]))] == (n, p)
            compared += 1
    assert compared >= 10


@pytest.mark.parametrize("name", sorted(p.stem for p in QUERIES.glob("*.sql")))
def test_duckdb_query_runs(dataset, name):
    assert isinstance(duckdb_query(dataset, name), list)


def parts(dataset, name):
    return sorted((dataset / name).glob("*.parquet"))


def test_threads_give_the_same_dataset(dataset, corpus, tmp_path):
    """--threads 2 writes the same files as one thread: the same parts, each equal row for row
    (source_offset included), and the same manifest."""
    out = tmp_path / "ds2"
    run("export", "--fen", "--games-per-file", "1000", "--threads", "2", "-q", "-o", out,
        corpus)
    for name in ("games", "moves"):
        one, two = parts(dataset, name), parts(out, name)
        assert [p.name for p in one] == [p.name for p in two]
        for a, b in zip(one, two):
            assert pq.read_table(a).equals(pq.read_table(b)), f"{name}/{a.name}"
    assert (dataset / "_scoresheet.json").read_text() == (out / "_scoresheet.json").read_text()


def test_threads_report_the_same_rejections(tmp_path):
    """A mixed file: the same rejections, messages and exit code with 1 and 2 threads."""
    game = '[Event "ok"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n'
    bad = '[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n'
    pgn = tmp_path / "mixed.pgn"
    pgn.write_text((game * 300 + bad + game * 200 + bad) * 120)  # 2.2 MB: 3 chunks
    assert pgn.stat().st_size > 2 << 20
    done = [run("export", "--threads", str(n), "-o", tmp_path / f"ds{n}", pgn, check=False)
            for n in (1, 2)]
    assert [d.returncode for d in done] == [1, 1]
    errors = [[line for line in d.stderr.splitlines() if line.startswith("error:")]
              for d in done]
    assert len(errors[0]) == 240
    assert errors[0] == errors[1]
    summaries = [d.stderr.splitlines()[-1].rsplit(";", 1)[0] for d in done]
    assert summaries[0] == summaries[1]
    assert "60240 games in: 60000 exported, 240 reported as errors" in summaries[0]
    for name in ("games", "moves"):
        assert pq.read_table(tmp_path / "ds1" / name).equals(
            pq.read_table(tmp_path / "ds2" / name))
