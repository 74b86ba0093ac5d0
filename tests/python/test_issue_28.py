"""Issue 28: every reader of the package and the command-line tool read the same games and
the same rejections on odd inputs (generated tag sections, binary bytes), whatever the thread
count; a file that cannot be opened raises its OSError subclass with errno and filename; PGN
text given as a str is not echoed whole."""

import contextlib
import errno
import json
import os
import random
import warnings

import pytest

from conftest import import_scoresheet, run

scoresheet = import_scoresheet()

LINES = [
    '[Event "e"]', '[Site "s"]', '[Round "1"]', ' [White "w"]', '\t[Black "b"]',
    '\ufeff[Date "d"]', '%escaped', '', '', '', '  ', '1. e4 e5 *', '1. d4', 'Nf3 1-0',
    '1. e4 Ke7 Ke3 *', '{ open comment', 'close }', '{ c } 1/2-1/2', '; line comment',
    '[pgn]', 'text between games', '[Event "x"] 1. c4 *',
]
BREAKS = ["\n", "\n", "\n", "\r\n", "\r"]


def odd_documents(count):
    rng = random.Random(28)
    for _ in range(count):
        lines = rng.randint(1, 60)
        yield "".join(rng.choice(LINES) + rng.choice(BREAKS) for _ in range(lines)).encode()


def by_read_games(data):
    games = scoresheet.read_games(data)
    sans = [tuple(g.sans()) for g in games]
    return sans, [r.message for r in games.rejected]


def by_read_tables(data, threads):
    with _quiet():
        tables = scoresheet.read_tables(data, threads=threads)
    plies = tables.games.column("ply_count").to_pylist()
    moves = tables.moves.column("san").to_pylist()
    sans, at = [], 0
    for n in plies:
        sans.append(tuple(moves[at:at + n]))
        at += n
    return sans, [r.message for r in tables.rejected]


def by_cli(path, threads):
    done = run("egd", "-q", "--threads", threads, path, check=False)
    assert done.returncode in (0, 1), done.stderr
    sans = []
    for line in done.stdout.splitlines():
        record = json.loads(line)
        sans.append(tuple(m["move"]["san"] for m in record["moves"].values() if "move" in m))
    prefix = f"error: {path}: "
    rejected = [l[len(prefix):] for l in done.stderr.splitlines() if l.startswith(prefix)]
    return sans, rejected


@contextlib.contextmanager
def _quiet():
    """Rejected games are warned about; these tests compare the lists instead."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_readers_and_cli_agree_on_odd_tag_sections(tmp_path):
    path = tmp_path / "odd.pgn"
    for data in odd_documents(60):
        path.write_bytes(data)
        with _quiet():
            want = by_read_games(data)
        for threads in (1, 2):
            assert by_read_tables(data, threads) == want, data
            assert by_cli(path, threads) == want, data


def test_issue_reproduction_one_game_per_section(tmp_path):
    data = b'[Event "f"]\n\n1. e4 *\n\n' * 1489 + b'\n\n [Event "A"]\n\n[Site "B"]\n\n1. d4 *\n'
    path = tmp_path / "r.pgn"
    path.write_bytes(data)
    with _quiet():
        assert len(by_read_games(data)[0]) == 1490
        for threads in (1, 2):
            assert len(by_read_tables(data, threads)[0]) == 1490
            assert len(by_cli(path, threads)[0]) == 1490


def test_binary_refused_by_every_reader(tmp_path):
    rng = random.Random(6)
    data = bytes(rng.randrange(256) for _ in range(50_000))
    nul = data.index(0)
    path = tmp_path / "random.bin"
    path.write_bytes(data)
    message = f"not a text PGN file: a NUL byte at byte {nul} "
    for read in (lambda: list(scoresheet.read_games(data)),
                 lambda: scoresheet.read_tables(data),
                 lambda: scoresheet.read_tables(data, threads=2),
                 lambda: list(scoresheet.egd(data))):
        with pytest.raises(scoresheet.PgnError, match=message):
            read()
    for threads in ("1", "2"):
        done = run("egd", "--threads", threads, path, check=False)
        assert done.returncode == 2 and message in done.stderr and done.stdout == ""


def test_missing_file_is_file_not_found(tmp_path):
    for read in (scoresheet.read_tables, lambda s: list(scoresheet.read_games(s)),
                 lambda s: list(scoresheet.egd(s))):
        with pytest.raises(FileNotFoundError) as caught:
            read("/nope.pgn")
        assert caught.value.errno == errno.ENOENT
        assert caught.value.filename == "/nope.pgn"
        with pytest.raises(IsADirectoryError) as caught:
            read(str(tmp_path))
        assert caught.value.errno == errno.EISDIR
        assert caught.value.filename == str(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_unreadable_file_is_permission_error(tmp_path):
    path = tmp_path / "locked.pgn"
    path.write_bytes(b"1. e4 *\n")
    path.chmod(0)
    with pytest.raises(PermissionError) as caught:
        scoresheet.read_tables(str(path))
    assert caught.value.errno == errno.EACCES and caught.value.filename == str(path)


def test_pgn_text_as_str_is_not_echoed_whole():
    text = '[Event "a"]\n[Site "b"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n' * 200
    with pytest.raises(OSError) as caught:
        scoresheet.read_tables(text)
    message = str(caught.value)
    assert len(message) < 400, message
    assert f"({len(text)} characters)" in message
    assert "bytes" in message
