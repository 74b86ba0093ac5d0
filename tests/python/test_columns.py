"""Columns on demand (`read_tables(columns=...)`, `stream_tables(columns=...)`): a selection holds
exactly the values of the default tables in the columns it names (the facts it leaves out are
not computed, so a wrong dependency between a column and its facts shows here as a wrong
value); the optional `board`, `castling` and `en_passant` columns equal python-chess's
position after every move; bad names are refused with the list of names.

The comparison with python-chess runs on a sample of the corpus (every 8th game) unless
SCORESHEET_FULL_TESTS=1, when it covers every game."""

import io
import os
import pathlib

import chess
import chess.pgn
import pytest

from conftest import import_scoresheet

scoresheet = import_scoresheet()

# The facts the GPL per-ply reader gives, as our columns (the benchmark's selection).
PEER_COLUMNS = [
    "game_id", "ply", "side", "from_square", "to_square", "promotion", "clock_seconds",
    "eval_cp", "eval_mate", "halfmove_clock", "board", "castling", "en_passant",
]


@pytest.fixture(scope="module")
def default_tables(corpus):
    return scoresheet.read_tables(corpus, threads=2)


@pytest.mark.parametrize("threads", [1, 2])
def test_selection_equals_the_default_tables(corpus, default_tables, threads):
    games, moves = default_tables
    chosen = scoresheet.read_tables(
        corpus, threads=threads, columns=["white_elo", "san", "opening_eco", *PEER_COLUMNS])
    g, m = chosen
    assert g.column_names == ["game_id", "white_elo", "opening_eco"]
    assert m.column_names == [
        "game_id", "ply", "side", "san", "from_square", "to_square", "promotion",
        "clock_seconds", "eval_cp", "eval_mate", "halfmove_clock", "castling", "en_passant",
        "board"]
    assert [x.message for x in chosen.rejected] == [x.message for x in default_tables.rejected]
    assert g.num_rows == games.num_rows and m.num_rows == moves.num_rows
    for name in g.column_names:
        assert g[name].to_pylist() == games[name].to_pylist(), name
    for name in m.column_names:
        if name in moves.column_names:
            assert m[name].to_pylist() == moves[name].to_pylist(), name


def test_each_column_alone_equals_the_default(corpus, default_tables):
    """Each default column read alone (with game_id): its facts are the ones it declares.
    On the corpus's first 400 games (one read a column)."""
    first = default_tables.games["source_offset"][400].as_py()
    head = pathlib.Path(corpus).read_bytes()[:first]
    games, moves = scoresheet.read_tables(head, threads=2)
    assert games.num_rows > 300
    for table, name in [("moves", n) for n in moves.column_names] + [
            ("games", n) for n in games.column_names]:
        alone = scoresheet.read_tables(head, threads=2, columns=[name])
        got = alone.moves if table == "moves" else alone.games
        want = moves if table == "moves" else games
        assert got[name].to_pylist() == want[name].to_pylist(), f"{table}.{name}"


def test_stream_tables_takes_columns(corpus):
    reader = scoresheet.stream_tables(corpus, table="moves", columns=["to_square"])
    assert reader.schema.names == ["game_id", "to_square"]
    rows = sum(batch.num_rows for batch in reader)
    assert rows == scoresheet.read_tables(corpus, columns=["ply"]).moves.num_rows


def test_bad_columns_are_refused():
    with pytest.raises(ValueError, match=r'no column "sna" in the games or moves table.*san'):
        scoresheet.read_tables(b"1. e4 *", columns=["ply", "sna"])
    with pytest.raises(TypeError, match="not one string"):
        scoresheet.read_tables(b"1. e4 *", columns="san")


def sample(corpus, games):
    """(game row, moves of the game, python-chess game) for every 8th game (every game with
    SCORESHEET_FULL_TESTS=1), each game's text cut from the input at its source_offset."""
    every = 1 if os.environ.get("SCORESHEET_FULL_TESTS") == "1" else 8
    data = pathlib.Path(corpus).read_bytes()
    offsets = [g["source_offset"] for g in games] + [len(data)]
    for i, g in enumerate(games):
        if i % every == 0:
            text = data[offsets[i]:offsets[i + 1]].decode("utf-8", "replace")
            yield g, chess.pgn.read_game(io.StringIO(text))


def piece_code(piece):
    """Our board code of a python-chess piece: 0 none, 1-6 White pawn to king, 7-12 Black's."""
    if piece is None:
        return 0
    return piece.piece_type + (0 if piece.color == chess.WHITE else 6)


def test_board_castling_en_passant_equal_python_chess(corpus):
    tables = scoresheet.read_tables(
        corpus, columns=["source_offset", "ply_count", "board", "castling", "en_passant"])
    games = tables.games.to_pylist()
    boards = tables.moves["board"].combine_chunks()
    # The documented route to NumPy: no copy, (plies, 64) uint8.
    codes = boards.flatten().to_numpy().reshape(-1, 64)
    assert codes.dtype.name == "uint8" and codes.shape == (tables.moves.num_rows, 64)
    castling = tables.moves["castling"].to_pylist()
    en_passant = tables.moves["en_passant"].to_pylist()
    first = {}
    row = 0
    for g in games:
        first[g["source_offset"]] = row
        row += g["ply_count"]
    checked = 0
    for g, game in sample(corpus, sorted(games, key=lambda g: g["source_offset"])):
        board = game.board()
        row = first[g["source_offset"]]
        nodes = list(game.mainline())
        assert len(nodes) == g["ply_count"]
        for node in nodes:
            board.push(node.move)
            want = [piece_code(board.piece_at(sq)) for sq in chess.SQUARES]
            assert codes[row].tolist() == want, (g["source_offset"], node.ply())
            assert castling[row] == board.fen().split()[2]
            ep = board.fen(en_passant="legal").split()[3]
            assert en_passant[row] == (None if ep == "-" else ep[0])
            row += 1
            checked += 1
    assert checked >= 10_000


def test_scan_tables_reads_only_what_the_query_uses(corpus, monkeypatch):
    """A Polars query over scan_tables asks the reader for the columns it uses and no
    other, and gives what read_tables gives."""
    pl = pytest.importorskip("polars")
    asked = []
    stream_tables = scoresheet.stream_tables

    def spy(*args, **kwargs):
        asked.append(kwargs.get("columns"))
        return stream_tables(*args, **kwargs)

    monkeypatch.setattr(scoresheet, "stream_tables", spy)
    lazy = scoresheet.scan_tables(corpus)
    assert asked == []  # nothing read before collect
    got = lazy.select("san").filter(pl.col("san") == "e4").collect()
    assert asked == [["san"]]
    moves = scoresheet.read_tables(corpus, columns=["san"]).moves
    want = sum(1 for s in moves["san"].to_pylist() if s == "e4")
    assert got.height == want > 0 and got.columns == ["san"]
    # A filter on a column not selected reads that column too; head stops early.
    asked.clear()
    first = lazy.filter(pl.col("ply") == 1).select("to_square").head(5).collect()
    assert [sorted(c) for c in asked] == [["ply", "to_square"]]
    assert first["to_square"].cast(pl.Utf8).to_list() == (
        pl.from_arrow(scoresheet.read_tables(corpus, columns=["ply", "to_square"]).moves)
        .filter(pl.col("ply") == 1)["to_square"].cast(pl.Utf8).head(5).to_list())
    games = scoresheet.scan_tables(corpus, table="games").select(pl.len()).collect()
    assert games.item() == scoresheet.read_tables(corpus, columns=["ply"]).games.num_rows


@pytest.mark.parametrize("tag,marker,want", [
    ("?", "1-0", "1-0"), ("*", "0-1", "0-1"), ("1-0", "*", "1-0"), ("?", "*", "*"),
    ("1/2-1/2", "1-0", "1/2-1/2"), (None, "1/2-1/2", "1/2-1/2"),
])
def test_one_result_rule_in_every_reader(tmp_path, tag, marker, want):
    """The documented rule (a decided Result tag, else a decided marker, else *) in every
    reader of the package."""
    tags = '[Event "e"]\n' + (f'[Result "{tag}"]\n' if tag is not None else "")
    pgn = (tags + f"\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {marker}\n\n").encode()
    games, _ = scoresheet.read_tables(pgn, columns=["result"])
    assert games["result"].to_pylist() == [want]
    assert [g.result for g in scoresheet.read_games(pgn)] == [want]
    records = list(scoresheet.egd(pgn))
    assert [r["game_tags"]["Result"] for r in records] == [want], records
