"""The Python package's readers: `read_tables` against `scoresheet export` read by pyarrow,
Polars and DuckDB; `read_games` against python-chess on every ply of the corpus; every
rejected game reported, with the library's message, and games in = games read + reported."""

import bz2
import gzip
import io
import re
import warnings

import chess
import chess.pgn
import duckdb
import pyarrow as pa
import pyarrow.dataset as pads
import pytest

from conftest import MIXED_NULL, game_texts, import_scoresheet, plain_schema, run, stride

scoresheet = import_scoresheet()


def exported(dataset, name):
    return pads.dataset(str(dataset / name), format="parquet").to_table()


@pytest.fixture(scope="session")
def tables(corpus):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the corpus has no rejected game
        return scoresheet.read_tables(str(corpus), fen=True)


def test_read_tables_equal_export(tables, dataset):
    for table, name in ((tables.games, "games"), (tables.moves, "moves")):
        want = exported(dataset, name)
        # Schema version 2: the same columns, the files' text as dictionaries in the tables.
        assert plain_schema(table.schema).remove_metadata() == want.schema.remove_metadata()
        assert table.num_rows == want.num_rows
        assert table.cast(plain_schema(table.schema)).equals(want.cast(plain_schema(table.schema))), name
    assert tables.rejected == []


def test_read_tables_threads_and_sources_agree(tables, corpus, tmp_path):
    raw = corpus.read_bytes()
    gz = tmp_path / "c.pgn.gz"
    gz.write_bytes(gzip.compress(raw))
    bz = tmp_path / "c.pgn.bz2"
    bz.write_bytes(bz2.compress(raw))
    same_source = [scoresheet.read_tables(corpus, threads=2, fen=True)]
    others = [
        scoresheet.read_tables(raw),
        scoresheet.read_tables(gz),
        scoresheet.read_tables(bz2.compress(raw)),
        scoresheet.read_tables(open(bz, "rb")),
        scoresheet.read_tables(io.BytesIO(gzip.compress(raw)), threads=2),
    ]
    for t in same_source:
        assert t.games.equals(tables.games) and t.moves.equals(tables.moves)
    moves = tables.moves.drop(["fen_after"])
    for t in others:
        assert t.moves.equals(moves)
        assert t.games.drop(["source_file"]).equals(tables.games.drop(["source_file"]))
    assert others[0].games.column("source_file")[0].as_py() == "<bytes>"
    assert others[3].games.column("source_file")[0].as_py() == str(bz)


def test_polars_and_duckdb_take_the_tables(tables):
    pl = pytest.importorskip("polars")
    games = pl.from_arrow(tables.games)
    moves = pl.from_arrow(tables.moves)
    assert games.height == tables.games.num_rows and moves.height == tables.moves.num_rows
    mates = moves.filter(pl.col("is_mate")).height
    games_t, moves_t = tables  # noqa: F841 (DuckDB finds the tables by their Python names)
    con = duckdb.connect()
    got = con.sql("SELECT count(*) FROM moves_t m JOIN games_t g USING (game_id) "
                  "WHERE m.is_mate").fetchall()[0][0]
    assert got == mates > 0
    pandas = tables.games.to_pandas()
    assert len(pandas) == tables.games.num_rows


def test_read_games_equal_python_chess_on_every_ply(corpus):
    """SAN, UCI and FEN (both en-passant rules) of every ply equal python-chess's reading of
    the same PGN, game by game: every 4th game (every game with SCORESHEET_FULL_TESTS=1), each
    cut from the file at its byte offset; and both read the same number of games."""
    ours = list(scoresheet.read_games(corpus))
    with open(corpus, encoding="utf-8", errors="replace") as f:
        theirs_count = sum(1 for _ in iter(lambda: chess.pgn.read_headers(f), None))
    assert len(ours) == theirs_count > 3000
    plies = 0
    for index, text in game_texts(corpus, [g.byte for g in ours], stride(4)):
        game, theirs = ours[index], chess.pgn.read_game(io.StringIO(text))
        assert theirs is not None and not theirs.errors, game
        board = theirs.board()
        assert game.start_fen == board.fen(en_passant="fen")
        fens, legal = game.fens(), game.fens(en_passant="legal")
        assert len(game) == len(list(theirs.mainline_moves())), game
        for i, (ply, move) in enumerate(zip(game.plies, theirs.mainline_moves())):
            assert ply.san == board.san(move), (game, i)
            assert ply.uci == move.uci(), (game, i)
            board.push(move)
            assert fens[i] == board.fen(en_passant="fen"), (game, i)
            assert legal[i] == board.fen(), (game, i)
            plies += 1
        assert game.result == theirs.headers.get("Result", "*")
    assert plies > 250_000 // stride(4)


def test_read_games_annotations_and_locations():
    pgn = ('[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n'
           '1. e4 {[%clk 0:03:00] [%eval 0.17] a move} e5 $1 {[%eval #-3]} 2. Qh5?! 0-1\n')
    (game,) = scoresheet.read_games(pgn.encode())
    assert game.tags == {"White": "A", "Black": "B", "Result": "0-1"}
    assert (game.number, game.line, game.byte, game.result) == (1, 1, 0, "0-1")
    e4, e5, qh5 = game.plies
    assert (e4.ply, e4.san, e4.uci, e4.clock, e4.eval_cp, e4.eval_mate, e4.comment) == (
        1, "e4", "e2e4", 180.0, 17, None, "a move")
    assert (e5.nags, e5.eval_mate, e5.eval_cp, e5.comment) == ([1], -3, None, None)
    movetext = pgn.splitlines()[4]
    assert (qh5.san, qh5.nags, qh5.line, qh5.column) == ("Qh5", [6], 5, movetext.index("Qh5") + 1)
    assert pgn.encode()[qh5.byte:].startswith(b"Qh5")


def reported(stderr, name):
    """The messages of the CLI's rejected-game reports, without `error: NAME: `."""
    prefix = f"error: {name}: "
    return [line[len(prefix):] for line in stderr.splitlines() if line.startswith(prefix)]


def test_every_rejected_game_reported(mixed_pgn, tmp_path):
    path, games_in = mixed_pgn
    done = run("export", "-o", tmp_path / "ds", path, check=False)
    cli = reported(done.stderr, path)
    assert done.returncode == 1 and len(cli) >= 6
    m = re.search(r"export: (\d+) games in: (\d+) exported", done.stderr)
    assert int(m.group(1)) == games_in

    with pytest.warns(scoresheet.RejectedGameWarning) as caught:
        tables = scoresheet.read_tables(path, threads=2)
    assert [r.message for r in tables.rejected] == cli
    assert [str(w.message) for w in caught] == [f"{path}: {m}" for m in cli]
    assert tables.games.num_rows + len(tables.rejected) == games_in
    assert tables.games.num_rows == int(m.group(2))

    with pytest.warns(scoresheet.RejectedGameWarning) as caught:
        it = scoresheet.read_games(path)
        read = sum(1 for _ in it)
    # A null move is kept by read_games (Game holds it), rejected by the tables.
    null = [r for r in tables.rejected if "null move" in r.reason]
    assert len(null) >= 1
    assert [r.message for r in it.rejected] == [r.message for r in tables.rejected
                                                if r not in null]
    assert len(caught) == len(it.rejected)
    assert read + len(it.rejected) == games_in == it.games_read + len(it.rejected)
    first = it.rejected[0]
    assert (first.source, first.game, first.line) == (str(path), 9, first.line)
    assert first.message.startswith(f"game 9 (from line {first.line - 2}), line {first.line}, "
                                    f"column {first.column}: ")
    assert first.message.endswith(first.reason)


def test_errors_raise_pgn_error_with_attributes(mixed_pgn):
    path, _ = mixed_pgn
    with pytest.raises(scoresheet.PgnError) as e:
        for _ in scoresheet.read_games(path, errors="raise"):
            pass
    err = e.value
    assert isinstance(err, scoresheet.ScoresheetError) and isinstance(err, ValueError)
    assert (err.game, err.source) == (9, str(path))
    assert err.reason.startswith('move "Ke3": illegal move')
    assert str(err) == f"{path}: game 9 (from line {err.line - 2}), line {err.line}, " \
                       f"column {err.column}: {err.reason}"
    with pytest.raises(scoresheet.PgnError) as e2:
        scoresheet.read_tables(path, errors="raise", threads=2)
    assert e2.value.message == err.message


def test_input_that_cannot_be_read_on_raises_from_every_reader(tmp_path):
    """An input the command-line tool stops on (exit 2) raises from each reader of the package,
    the games before the error still yielded: UTF-16 as PgnError, a damaged gzip member (two
    whole games, then junk) as OSError naming the file and the byte."""
    utf16 = tmp_path / "utf16.pgn"
    utf16.write_bytes('[Event "x"]\n\n1. e4 e5 *\n'.encode("utf-16"))
    damaged = tmp_path / "damaged.pgn.gz"
    two = '[Event "a"]\n\n1. e4 e5 1-0\n\n[Event "b"]\n\n1. d4 d5 0-1\n\n'
    damaged.write_bytes(gzip.compress(two.encode()) + b"\x1f\x8b\x08junk that is no gzip member")
    for path in (utf16, damaged):
        assert run("egd", "-q", path, check=False).returncode == 2, path
    readers = {
        "read_tables": lambda s: scoresheet.read_tables(s),
        "read_games": lambda s: scoresheet.read_games(s),
        "egd": lambda s: scoresheet.egd(s),
    }
    for name, read in readers.items():
        with pytest.raises(scoresheet.PgnError, match="UTF-16"):
            list(read(str(utf16)))
        if name == "read_tables":
            with pytest.raises(OSError, match=r"damaged\.pgn\.gz: i/o error after byte \d+"):
                read(str(damaged))
            continue
        it = iter(read(str(damaged)))
        assert next(it) is not None and next(it) is not None, name
        with pytest.raises(OSError, match=r"damaged\.pgn\.gz: i/o error after byte \d+"):
            next(it)
        assert list(it) == [], name


def test_null_move_kept_by_read_games():
    (game,) = scoresheet.read_games(MIXED_NULL.encode())
    assert game.sans() == ["e4", "--", "d4"] and game.ucis() == ["e2e4", "0000", "d2d4"]


def test_bad_arguments():
    with pytest.raises(TypeError, match="expected a path"):
        scoresheet.read_tables(12)
    with pytest.raises(ValueError, match="errors"):
        scoresheet.read_games(b"", errors="ignore")
    with pytest.raises(ValueError, match="threads"):
        scoresheet.read_tables(b"", threads=0)
    with pytest.raises(OSError, match="no-such.pgn"):
        scoresheet.read_tables("no-such.pgn")
    with pytest.raises(OSError, match="binary mode"):
        scoresheet.read_tables(io.StringIO("1. e4 *"))
    games, moves = scoresheet.read_tables(b"")
    assert games.num_rows == moves.num_rows == 0
    assert isinstance(games, pa.Table)
