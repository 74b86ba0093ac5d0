"""Issue 25: the computed opening columns (`opening_eco`, `opening_name`) of every front end
equal what `scoresheet select --classify` writes, game for game, on the corpus: the export read
by pyarrow, the SQLite database of `scoresheet load`, and the package's `read_tables`.

Where no named position is reached the columns are NULL and `select --classify` leaves the
`ECO` and `Opening` tags as written (the `eco` and `opening` columns)."""

import re
import sqlite3

import pyarrow.parquet as pq
import pytest

from conftest import import_scoresheet, run

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
