"""Issue 25: the Python readers take the same `where` as the command-line tool's `--where` and
give the same games as the CLI on the same file (`select --where` counts, `egd --where`
records), with games in = games read + games rejected + games not selected."""

import json
import re

import pytest

from conftest import import_scoresheet, run

scoresheet = import_scoresheet()

EXPRESSIONS = [
    "WhiteElo >= 2500",
    "Date >= 2020.01 and Date < 2021",
    "White = DrDrunkenstein or Black = DrDrunkenstein",
    'ECO ~ "^B9"',
    "TimeControl = blitz and not Termination ~ \"(?i)time\"",
    "Annotator",
]


def players(tags):
    return (tags.get("White"), tags.get("Black"))


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_python_readers_select_as_the_cli(corpus, expr):
    chosen = run("select", "--where", expr, corpus).stderr
    selected, left_out = map(int, re.search(r"(\d+) selected, (\d+) not selected", chosen).groups())
    cli = [json.loads(line) for line in run("egd", "-q", "--where", expr, corpus).stdout.splitlines()]
    assert len(cli) == selected  # the corpus has no rejected game

    records = scoresheet.egd(str(corpus), where=expr)
    assert list(records) == cli
    assert records.not_selected == left_out

    games = scoresheet.read_games(str(corpus), where=expr)
    assert [players(g.tags) for g in games] == [players(r["game_tags"]) for r in cli]
    assert games.not_selected == left_out
    assert games.games_read + len(games.rejected) + games.not_selected == selected + left_out

    for threads in (1, 2):
        tables = scoresheet.read_tables(str(corpus), threads=threads, where=expr)
        got = list(zip(tables.games.column("white").to_pylist(), tables.games.column("black").to_pylist()))
        assert got == [players(r["game_tags"]) for r in cli]


def test_bad_where_raises_value_error_with_caret():
    for read in (scoresheet.read_games, scoresheet.egd, scoresheet.read_tables):
        with pytest.raises(ValueError) as raised:
            read(b"1. e4 *", where="WhiteElo >= (")
        message = str(raised.value)
        assert message.startswith("where: invalid expression at byte 12: "), message
        assert message.endswith("\n  WhiteElo >= (\n" + " " * 14 + "^"), message
