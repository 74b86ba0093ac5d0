"""Issue 25: the computed opening columns (`opening_eco`, `opening_name`) of every front end
equal what `scoresheet select --classify` writes, game for game, on the corpus: the export read
by pyarrow, the SQLite database of `scoresheet load`, and the package's `read_tables`; and
`read_tables(openings=...)` names them with a user's table (issue 24).

Where no named position is reached the columns are NULL and `select --classify` leaves the
`ECO` and `Opening` tags as written (the `eco` and `opening` columns)."""

import os
import re
import sqlite3

import pyarrow.parquet as pq
import pytest

from conftest import ROOT, SHARED_REAL, import_scoresheet, run

PGN_DATA = ROOT / "crates" / "scoresheet-pgn" / "tests" / "data"
# lichess chess-openings at 2025-04-13, the table lichess named real.pgn's games of 2025 with.
DAY_TABLE = PGN_DATA / "openings-2025-04-13"

TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')


def select_classify(corpus):
    """(ECO, Opening) as `select --classify` writes them, per game in input order."""
    out = run("select", "--classify", "-q", corpus, check=False).stdout
    games, current, in_tags = [], None, False
    for line in out.splitlines():
        match = TAG.match(line)
        if match:
            if not in_tags:
                current = {}
                games.append(current)
                in_tags = True
            name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
            current.setdefault(name, value)
        elif line.strip():
            in_tags = False
    return [(g.get("ECO"), g.get("Opening")) for g in games]


def expected(rows):
    """What select writes for rows of (opening_eco, opening_name, eco, opening)."""
    return [(c_eco, c_name) if c_eco is not None else (eco, name)
            for c_eco, c_name, eco, name in rows]


def games_rows(table):
    """(source_offset, (opening_eco, opening_name, eco, opening)) sorted by offset."""
    cols = [table.column(n).to_pylist()
            for n in ("source_offset", "opening_eco", "opening_name", "eco", "opening")]
    return sorted((offset, rest) for offset, *rest in zip(*cols)
                  for rest in [tuple(rest)])


@pytest.fixture(scope="module")
def export_rows(dataset):
    return games_rows(pq.read_table(dataset / "games"))


@pytest.fixture(scope="module")
def written(corpus):
    return select_classify(corpus)


def test_export_columns_equal_select_classify(export_rows, written):
    assert len(written) == len(export_rows) > 100
    assert expected(r for _, r in export_rows) == written
    named = sum(r[0] is not None for _, r in export_rows)
    assert named > len(export_rows) * 0.9, named


def test_sqlite_columns_equal_select_classify(tmp_path, corpus, export_rows):
    db = tmp_path / "games.db"
    run("load", "--db", f"sqlite:{db}", corpus, "-q")
    con = sqlite3.connect(db)
    stored = con.execute(
        "SELECT source_offset, opening_eco, opening_name, tags ->> 'ECO', tags ->> 'Opening' "
        "FROM games").fetchall()
    by_offset = dict(export_rows)
    # The database keeps one of equal games (content hash): each stored one is compared.
    assert len(stored) > len(by_offset) * 0.9
    for offset, *row in stored:
        assert tuple(row) == by_offset[offset], offset


def test_read_tables_columns_equal_select_classify(corpus, export_rows):
    scoresheet = import_scoresheet()
    games, _ = scoresheet.read_tables(str(corpus))
    assert games_rows(games) == export_rows


def lichess_since_2020(games):
    """game id (of `Site`) to ((opening_eco, opening_name), (ECO, Opening) tags) for the
    lichess games played since 2020 (`UTCDate`), as `lichess_openings.tsv` picks them."""
    picked = {}
    cols = [games.column(n).to_pylist()
            for n in ("site", "tags", "opening_eco", "opening_name", "eco", "opening")]
    for site, tags, c_eco, c_name, eco, name in zip(*cols):
        if "lichess.org/" in (site or "") and dict(tags).get("UTCDate", "") >= "2020":
            picked[site.rsplit("/", 1)[1]] = ((c_eco, c_name), (eco, name))
    return picked


@pytest.mark.skipif(not SHARED_REAL.exists(), reason="needs real.pgn from the shared data")
def test_read_tables_openings_names_every_lichess_game_as_lichess():
    """With the table of the games' day every lichess game since 2020 is named as its `ECO`
    and `Opening` tags say (the Rust agreement test of issue 25, through Python); without
    `openings` the shipped table names them, which differs on exactly the games of
    `lichess_openings_exceptions.tsv`, as they say."""
    scoresheet = import_scoresheet()
    games, _ = scoresheet.read_tables(str(SHARED_REAL), openings=DAY_TABLE)
    picked = lichess_since_2020(games)
    assert len(picked) == 433
    assert {g: ours for g, (ours, tags) in picked.items() if ours != tags} == {}

    shipped, _ = scoresheet.read_tables(SHARED_REAL)
    exceptions = (PGN_DATA / "lichess_openings_exceptions.tsv").read_text().splitlines()[1:]
    listed = {game: (eco, name) for game, eco, name, _ in (r.split("\t") for r in exceptions)}
    picked = lichess_since_2020(shipped)
    assert len(picked) == 433
    assert {g: ours for g, (ours, tags) in picked.items() if ours != tags} == listed


def test_openings_paths_files_or_directory_and_stream():
    """A directory, its files as a list (`os.PathLike` or `str`), and `stream_tables` name
    the games alike; an empty list is the shipped table."""
    scoresheet = import_scoresheet()
    # The first game's name is the row of its moves in the table's c.tsv.
    pgn = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n1. h4 *\n\n"
    files = sorted(DAY_TABLE.glob("*.tsv"))
    by_dir = scoresheet.read_tables(pgn, openings=DAY_TABLE).games
    by_files = scoresheet.read_tables(pgn, openings=files).games
    by_names = scoresheet.read_tables(pgn, openings=[os.fspath(f) for f in files]).games
    columns = ["opening_eco", "opening_name"]
    names = by_dir.select(columns).to_pylist()
    assert names[0] == {"opening_eco": "C70", "opening_name": "Ruy Lopez: Morphy Defense"}
    assert by_files.select(columns).to_pylist() == names
    assert by_names.select(columns).to_pylist() == names
    streamed = scoresheet.stream_tables(pgn, table="games", openings=DAY_TABLE).read_all()
    assert streamed.select(columns).to_pylist() == names
    shipped = scoresheet.read_tables(pgn).games.select(columns).to_pylist()
    assert scoresheet.read_tables(pgn, openings=[]).games.select(columns).to_pylist() == shipped


def test_openings_bad_table_raises_with_file_line_and_byte(tmp_path):
    scoresheet = import_scoresheet()
    bad = tmp_path / "bad.tsv"
    row = "C20\tKing's Pawn Game: Bongcloud\t1. e4 e5 2. Ke3"
    bad.write_text(f"eco\tname\tpgn\nB00\tKing's Pawn\t1. e4\n{row}\n")
    want = (f"openings: openings table {bad}, line 3, byte {row.index('Ke3')}: "
            'expected a legal move, found "Ke3"')
    for call in (scoresheet.read_tables, scoresheet.stream_tables):
        with pytest.raises(ValueError) as raised:
            call(b"1. e4 *\n", openings=bad)
        assert str(raised.value).startswith(want), str(raised.value)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="expected a directory holding"):
        scoresheet.read_tables(b"1. e4 *\n", openings=[DAY_TABLE, empty])


def test_openings_missing_path_raises_file_not_found(tmp_path):
    scoresheet = import_scoresheet()
    missing = tmp_path / "no-such-table.tsv"
    for call in (scoresheet.read_tables, scoresheet.stream_tables):
        with pytest.raises(FileNotFoundError) as raised:
            call(b"1. e4 *\n", openings=[DAY_TABLE, missing])
        assert raised.value.filename == str(missing)
