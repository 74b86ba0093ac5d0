"""lichess Parquet as input (issue 24, item 5), read back by the command-line tool and the
Python package and compared with the PGN route on the same games.

The Parquet file has exactly the layout of lichess's games on Hugging Face
(`Lichess/standard-chess-games`): python-chess splits `real.pgn` into games and reads their
tags; the movetext column holds each game's movetext as the file writes it (lichess's with its
`[%clk]`/`[%eval]` comments); rows with bad movetext follow. The same games, written as PGN,
are the PGN route. Games whose tags the layout cannot hold (`FEN`, `SetUp`, a `Variant` other
than standard) are left out of the comparison, and counted."""

import datetime
import functools
import json
import re
import sqlite3

import chess.pgn
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import import_scoresheet, run

HF_SCHEMA = pa.schema([
    ("Event", pa.string()), ("Site", pa.string()), ("White", pa.string()),
    ("Black", pa.string()), ("Result", pa.string()), ("WhiteTitle", pa.string()),
    ("BlackTitle", pa.string()), ("WhiteElo", pa.int16()), ("BlackElo", pa.int16()),
    ("WhiteRatingDiff", pa.int16()), ("BlackRatingDiff", pa.int16()),
    ("UTCDate", pa.date32()), ("UTCTime", pa.time32("s")), ("ECO", pa.string()),
    ("Opening", pa.string()), ("Termination", pa.string()), ("TimeControl", pa.string()),
    ("movetext", pa.string()),
])
TEXT = ["Event", "Site", "White", "Black", "Result", "WhiteTitle", "BlackTitle", "ECO",
        "Opening", "Termination", "TimeControl"]
INT16 = ["WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff"]

# Rows of bad movetext (and one odd one), with the tags of a lichess game.
BAD = [
    "1. e4 e5 2. Ke3 *",                     # illegal move
    "1. e4 { [%clk 0:03:00] never closed *",  # unterminated comment
    "1. e4 Zz9 *",                            # not a move
    "1. e4 e5 1-0 2. Nf3 *",                  # text after the result: one game, an oddity
]
# In a PGN file the last would be two games: there it is written as the one game it is.
AS_PGN = {BAD[3]: "1. e4 e5 1-0"}


def split_games(path):
    """(tags, movetext) per game of the file: python-chess's game boundaries and tags, the
    movetext as the file writes it."""
    data = path.read_bytes()
    starts = []
    with open(path, encoding="utf-8", errors="replace", newline="") as f:
        while True:
            start = f.tell()
            headers = chess.pgn.read_headers(f)
            if headers is None:
                break
            starts.append((start, dict(headers)))
    games = []
    for i, (start, headers) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(data)
        lines = data[start:end].decode("utf-8", errors="replace").splitlines()
        while lines and (not lines[0].strip() or lines[0].lstrip().startswith("[")):
            lines.pop(0)
        games.append((headers, "\n".join(lines).strip()))
    return games


def int16(value):
    try:
        n = int(value)
    except (TypeError, ValueError):
        return None
    return n if -32768 <= n <= 32767 else None


def date(value):
    try:
        return datetime.datetime.strptime(value or "", "%Y.%m.%d").date()
    except ValueError:
        return None


def time(value):
    try:
        return datetime.datetime.strptime(value or "", "%H:%M:%S").time()
    except ValueError:
        return None


def row(headers, movetext):
    r = {name: headers.get(name) for name in TEXT}
    r.update({name: int16(headers.get(name)) for name in INT16})
    r["UTCDate"] = date(headers.get("UTCDate"))
    r["UTCTime"] = time(headers.get("UTCTime"))
    r["movetext"] = movetext
    return r


def representable(headers):
    return ("FEN" not in headers and "SetUp" not in headers
            and headers.get("Variant", "Standard") == "Standard")


@pytest.fixture(scope="module")
def routes(tmp_path_factory, corpus):
    """The Parquet file, the PGN file of the same games, and which games compare."""
    out = tmp_path_factory.mktemp("parquet_input")
    games = split_games(corpus)
    bad_tags = {"Event": "Rated Blitz game", "Site": "https://lichess.org/abcdefgh",
                "White": "a", "Black": "b", "Result": "*", "WhiteElo": "1500"}
    games += [(dict(bad_tags), movetext) for movetext in BAD]
    table = pa.Table.from_pylist([row(h, m) for h, m in games], schema=HF_SCHEMA)
    parquet = out / "games.bin"  # told by content, not by name
    pq.write_table(table, parquet, row_group_size=1000)
    pgn = out / "games.pgn"
    pgn.write_bytes(corpus.read_bytes() + "".join(
        "".join(f'[{k} "{v}"]\n' for k, v in h.items()) + f"\n{AS_PGN.get(m, m)}\n\n"
        for h, m in games[-len(BAD):]).encode())
    compared = [i for i, (h, _) in enumerate(games) if representable(h)]
    return parquet, pgn, table, compared, len(games)


REJECTED = re.compile(r"^error: .*?: (?:row (\d+): )?game (\d+) ", re.M)


@functools.lru_cache(maxsize=None)
def egd_route(path):
    """`egd --extended`: {game number: moves} of the games converted, and the rejected
    games' numbers (with the row each message names, if any). Run once per input: the tests
    read the result and change nothing in it."""
    done = run("egd", "--extended", "--threads", "2", path, check=False)
    assert done.returncode == 1, done.stderr
    rejected = [(int(g), r and int(r)) for r, g in REJECTED.findall(done.stderr)]
    numbers = [g for g, _ in rejected]
    records = [json.loads(line) for line in done.stdout.splitlines()]
    total = len(records) + len(rejected)
    accepted = [n for n in range(1, total + 1) if n not in set(numbers)]
    return dict(zip(accepted, records)), rejected, total


def test_egd_same_games_moves_rejections(routes):
    parquet, pgn, _, compared, rows = routes
    by_pgn, rejected_pgn, total_pgn = egd_route(pgn)
    by_rows, rejected_rows, total_rows = egd_route(parquet)
    assert total_pgn == total_rows == rows
    assert rows - len(compared) < 40, "few games the layout cannot hold"
    # Every message of the Parquet route names the row: game N is row N-1.
    assert all(r == g - 1 for g, r in rejected_rows), rejected_rows
    pgn_bad = {g for g, _ in rejected_pgn}
    row_bad = {g for g, _ in rejected_rows}
    clocks = 0
    for i in compared:
        n = i + 1
        assert (n in pgn_bad) == (n in row_bad), f"game {n}"
        if n not in pgn_bad:
            assert by_rows[n]["moves"] == by_pgn[n]["moves"], f"game {n}"
            assert by_rows[n]["game_tags"]["Result"] == by_pgn[n]["game_tags"]["Result"]
            clocks += json.dumps(by_pgn[n]["moves"]).count("clock_seconds")
    assert clocks > 10_000, "lichess's clocks compared"
    # The bad rows: rejected but the last, which keeps its first game (1. e4 e5).
    assert {rows - 3, rows - 2, rows - 1} <= row_bad
    assert [m["move"]["san"] for m in by_rows[rows]["moves"].values()] == ["e4", "e5"]


def export_route(path, out):
    """`export`: {game number: [(san, uci, clock, eval_cp, eval_mate), ...]} of the games
    exported (numbered as egd converted them, both in input order)."""
    accepted, _, _ = egd_route(path)
    done = run("export", "-q", "--threads", "2", "-o", out, path, check=False)
    assert done.returncode == 1, done.stderr
    games = pq.read_table(out / "games").sort_by("source_offset").column("game_id").to_pylist()
    assert len(games) == len(accepted)
    moves = {}
    for m in sorted(pq.read_table(out / "moves").to_pylist(), key=lambda m: (m["game_id"], m["ply"])):
        moves.setdefault(m["game_id"], []).append(
            (m["san"], m["uci"], m["clock_seconds"], m["eval_cp"], m["eval_mate"]))
    return {n: moves.get(g, []) for n, g in zip(sorted(accepted), games)}


def test_export_same_moves(routes, tmp_path):
    parquet, pgn, _, compared, _ = routes
    by_pgn = export_route(pgn, tmp_path / "pgn")
    by_rows = export_route(parquet, tmp_path / "rows")
    clocks = 0
    for i in compared:
        if i + 1 in by_pgn:
            assert by_rows[i + 1] == by_pgn[i + 1], f"game {i + 1}"
            clocks += sum(m[2] is not None for m in by_pgn[i + 1])
    assert clocks > 10_000, "lichess's clocks compared"


def test_load_reports_rows(routes, tmp_path):
    parquet, pgn, _, _, rows = routes
    stored = {}
    for name, path in [("pgn", pgn), ("rows", parquet)]:
        db = tmp_path / f"{name}.db"
        done = run("load", "--db", f"sqlite:{db}", path, check=False)
        assert done.returncode == 1, done.stderr
        with sqlite3.connect(db) as conn:
            stored[name] = conn.execute("select count(*) from games").fetchone()[0]
        if name == "rows":
            numbers = [(int(r), int(g)) for r, g in REJECTED.findall(done.stderr)]
            assert numbers and all(r == g - 1 for r, g in numbers), done.stderr
            assert (rows - 4, rows - 3) in numbers
    # Games with FEN or variants are rejected or replayed differently without their tags.
    assert abs(stored["pgn"] - stored["rows"]) < 40


def test_python_readers(routes):
    scoresheet = import_scoresheet()
    parquet, pgn, table, compared, rows = routes
    by_pgn, _, _ = egd_route(pgn)
    compared = set(compared)
    batch = table.to_batches()[0]
    for source in [str(parquet), table, batch, parquet.read_bytes()]:
        games = scoresheet.read_games(source)
        read = list(games)
        want = batch.num_rows if source is batch else rows
        assert len(read) + len(games.rejected) == want
        for g in read:
            i = g.number - 1
            if i in compared and g.number in by_pgn:
                want = [p["move"]["san"] for p in by_pgn[g.number]["moves"].values()]
                assert g.sans() == want, f"game {g.number}"
    tables = scoresheet.read_tables(table)
    assert tables.games.num_rows + len(tables.rejected) == rows
    records = list(scoresheet.egd(table, extended=True))
    cli = [json.loads(line) for line in run("egd", "--extended", "-q", parquet,
                                            check=False).stdout.splitlines()]
    assert records == cli
    column = scoresheet.read_games(table.column("movetext"))
    assert len(list(column)) + len(column.rejected) == rows


def cli_rejections(path):
    """The messages `egd` prints for the rejected games of `path`, after `error: NAME: `."""
    done = run("egd", "-q", path, check=False)
    prefix = f"error: {path}: "
    return [line[len(prefix):] for line in done.stderr.splitlines() if line.startswith(prefix)]


def test_python_rejections_name_the_row(tmp_path):
    """A table's rejected game is reported with its row by every reader of the package, in
    the command-line tool's words (`row N: game N+1 ...`, `Rejection.row`, `PgnError.row`);
    PGN text has no row."""
    scoresheet = import_scoresheet()
    movetext = ["1. e4 e5 *", BAD[0], "1. d4 d5 *", BAD[2]]
    table = pa.table({"White": ["a", "b", "c", "d"], "movetext": movetext})
    parquet = tmp_path / "rows.parquet"
    pq.write_table(table, parquet)
    cli = cli_rejections(parquet)
    assert [m.split(":")[0] for m in cli] == ["row 1", "row 3"], cli
    readers = {
        "read_tables": lambda src: scoresheet.read_tables(src, threads=2).rejected,
        "stream_tables": lambda src: _streamed_rejections(scoresheet.stream_tables(src)),
        "read_games": lambda src: _iterated_rejections(scoresheet.read_games(src)),
        "egd": lambda src: _iterated_rejections(scoresheet.egd(src)),
    }
    for name, rejections_of in readers.items():
        for source in [str(parquet), table, parquet.read_bytes()]:
            with pytest.warns(scoresheet.RejectedGameWarning):
                rejected = rejections_of(source)
            assert [r.message for r in rejected] == cli, (name, type(source))
            assert [(r.row, r.game) for r in rejected] == [(1, 2), (3, 4)], name
            assert all(r.reason in r.message and not r.reason.startswith("row") for r in rejected)
        with pytest.raises(scoresheet.PgnError) as raised:
            rejections_of_raise = {
                "read_tables": lambda: scoresheet.read_tables(table, errors="raise"),
                "stream_tables": lambda: list(scoresheet.stream_tables(table, errors="raise")),
                "read_games": lambda: list(scoresheet.read_games(table, errors="raise")),
                "egd": lambda: list(scoresheet.egd(table, errors="raise")),
            }[name]
            rejections_of_raise()
        assert (raised.value.row, raised.value.game, raised.value.message) == (1, 2, cli[0])
    # The same games as PGN text: no row, the message as the command-line tool's.
    pgn = tmp_path / "rows.pgn"
    pgn.write_text("".join(f'[White "{w}"]\n\n{m}\n\n' for w, m in zip("abcd", movetext)))
    with pytest.warns(scoresheet.RejectedGameWarning):
        rejected = scoresheet.read_tables(str(pgn)).rejected
    assert [r.message for r in rejected] == cli_rejections(pgn)
    assert [(r.row, r.message.startswith("game ")) for r in rejected] == [(None, True)] * 2


def _streamed_rejections(stream):
    with stream:
        for _ in stream:
            pass
    return stream.rejected


def _iterated_rejections(records):
    for _ in records:
        pass
    return records.rejected


def test_table_that_does_not_fit_is_a_value_error(tmp_path):
    """A table without the movetext column (or with a column that cannot be a tag) is the
    caller's mistake: `ValueError` naming the column, from every reader and every table
    source, before any row is read; the command-line tool refuses the file (exit 2)."""
    scoresheet = import_scoresheet()
    cases = [
        (pa.table({"moves": ["1. e4 *"]}), {}, 'no movetext column "movetext"'),
        (pa.table({"moves": ["1. e4 *"]}), {"movetext_column": "pgn"}, 'no movetext column "pgn"'),
        (pa.table({"movetext": [1]}), {}, 'the movetext column "movetext" is Int64, not text'),
        (pa.table({"bad name": ["x"], "movetext": ["1. e4 *"]}), {},
         'column "bad name" is not a PGN tag name'),
    ]
    readers = [
        lambda src, kw: scoresheet.read_tables(src, **kw),
        lambda src, kw: scoresheet.stream_tables(src, **kw),
        lambda src, kw: scoresheet.read_games(src, **kw),
        lambda src, kw: scoresheet.egd(src, **kw),
    ]
    for i, (table, kw, want) in enumerate(cases):
        parquet = tmp_path / f"case{i}.parquet"
        pq.write_table(table, parquet)
        for source in [table, table.to_batches()[0], str(parquet), parquet.read_bytes()]:
            for read in readers:
                with pytest.raises(ValueError, match=re.escape(want)) as raised:
                    read(source, kw)
                assert not isinstance(raised.value, scoresheet.PgnError)
        done = run("egd", parquet, *(["--movetext-column", kw["movetext_column"]] if kw else []),
                   check=False)
        assert done.returncode == 2 and want in done.stderr, done.stderr
