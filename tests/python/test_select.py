"""`scoresheet select --classify` against an independent classifier: python-chess over the same
lichess chess-openings table (crates/scoresheet-pgn/data/openings), positions compared as
lichess compares them (placement, side to move, castling rights; en passant aside), the last
named position within the first 40 plies winning.

Checks: every row of the table, played as a game, is named by its own row (or by the first row
reaching the same position); every legal game of the corpus gets the same ECO and name."""

import io
import re

import pytest

from conftest import ROOT, game_texts, run, stride

chess = pytest.importorskip("chess", reason="python-chess (tests/python/requirements.txt)")
import chess.pgn  # noqa: E402

TABLE = ROOT / "crates" / "scoresheet-pgn" / "data" / "openings"
SEARCH_PLIES = 40


def rows():
    for path in sorted(TABLE.glob("*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines()[1:]:
            eco, name, moves = line.split("\t")
            yield eco, name, moves


def key(board):
    """A position as lichess keys its openings: en passant aside."""
    return board.board_fen(), board.turn, board.castling_rights


@pytest.fixture(scope="module")
def names():
    """Position key -> (ECO, name), the first row in table order naming a position."""
    table = {}
    for eco, name, moves in rows():
        board = chess.pgn.read_game(io.StringIO(moves)).end().board()
        table.setdefault(key(board), (eco, name))
    return table


def classify(game, table):
    board = game.board()
    found = table.get(key(board))
    for ply, move in enumerate(game.mainline_moves()):
        if ply >= SEARCH_PLIES:
            break
        board.push(move)
        found = table.get(key(board), found)
    return found


def read_all(text):
    games = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    return games


def classified(pgn_text, tmp_path):
    """The (ECO, Opening) tags `select --classify` writes for each game of `pgn_text`."""
    path = tmp_path / "in.pgn"
    path.write_text(pgn_text, encoding="utf-8")
    out = run("select", "--classify", "-q", path).stdout
    return [(g.headers.get("ECO"), g.headers.get("Opening")) for g in read_all(out)]


def test_every_row_is_named_by_its_position(names, tmp_path):
    table_rows = list(rows())
    pgn = "".join(f'[Row "{i}"]\n\n{moves} *\n\n' for i, (_, _, moves) in enumerate(table_rows))
    got = classified(pgn, tmp_path)
    assert len(got) == len(table_rows) > 3000
    want = [classify(chess.pgn.read_game(io.StringIO(moves)), names) for _, _, moves in table_rows]
    wrong = [(row, g, w) for row, g, w in zip(table_rows, got, want) if g != w]
    assert not wrong, wrong[:10]


def test_corpus_games_agree(names, corpus, tmp_path):
    """Every 4th game of the corpus (every game with SCORESHEET_FULL_TESTS=1) that python-chess
    reads without an error."""
    with open(corpus, "rb") as f:
        offsets = [m.start() for m in re.finditer(rb"(?m)^\[Event ", f.read())]
    texts = (text for _, text in game_texts(corpus, offsets, stride(4)))
    legal = [g for g in map(chess.pgn.read_game, map(io.StringIO, texts)) if not g.errors]
    for game in legal:
        # Tags as written would stay on a game without a named position: drop them first.
        for tag in ("ECO", "Opening"):
            game.headers.pop(tag, None)
    pgn = "".join(str(g) + "\n\n" for g in legal)
    got = classified(pgn, tmp_path)
    assert len(got) == len(legal) > 1000 // stride(4)
    want = [classify(g, names) or (None, None) for g in legal]
    wrong = [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not wrong, wrong[:10]
