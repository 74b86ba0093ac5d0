"""Issue 28: every reader of the package and the command-line tool read the same games and
the same rejections on arbitrary inputs (the PGN fuzz corpora, generated odd tag sections,
random bytes), whatever the thread count; a file that cannot be opened raises its OSError
subclass with errno and filename; PGN text given as a str is not echoed whole.

An input's reading is compared as: the games accepted (where each starts, in bytes, and its
mainline in SAN) and the rejections (their messages, which name the game, line and column),
or the message of the error that refused the whole input. Where the input holds a lone `\\r`,
the line numbers of a parallel read may differ (fuzz-pgn/common/threads.rs says why), so the
messages are compared without their lines and columns there."""

import contextlib
import errno
import json
import os
import pathlib
import random
import re
import subprocess
import warnings

import pytest

from conftest import ROOT, binary, import_scoresheet, run

scoresheet = import_scoresheet()

CORPORA = ROOT / "fuzz-pgn" / "corpus"
# The reader refuses an input with 4 NUL bytes or more in its first 8 KiB (not a text PGN
# file; scan::binary_at in crates/scoresheet-pgn); fewer are odd bytes of a text.
BINARY_PROBE = 8192
BINARY_NULS = 4
REFUSED = "not a text PGN file|input is UTF-16"
SENTINEL = b'[Event "issue-28 sentinel"]\n\n1. a3 *\n'
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


def random_documents(count):
    """Random bytes without NUL (so read as PGN, not refused), some with PGN pieces mixed in."""
    rng = random.Random(2028)
    pieces = [b'[Event "r"]\n', b"\n\n", b"1. e4 e5 ", b"{", b"}", b"(", b")", b"*\n", b"[", b"]"]
    for i in range(count):
        parts = []
        for _ in range(rng.randint(1, 40)):
            if i % 2 and rng.random() < 0.5:
                parts.append(rng.choice(pieces))
            else:
                parts.append(bytes(rng.randrange(1, 256) for _ in range(rng.randint(1, 30))))
        yield b"".join(parts)


def corpus_documents():
    for name in ("threads", "egd", "read"):
        folder = CORPORA / name
        if folder.is_dir():
            for path in sorted(folder.iterdir()):
                yield path.read_bytes()


def is_binary(data):
    return data[:BINARY_PROBE].count(0) >= BINARY_NULS


def has_odd_line_breaks(data):
    return re.search(rb"\r(?!\n)", data) is not None


LOCATION = re.compile(r" \(from line \d+\), line \d+, column \d+")


def comparable(reading, data):
    """A reading with its messages' line numbers dropped when the input has a lone CR."""
    if not has_odd_line_breaks(data):
        return reading
    games, rejected = reading
    return games, [LOCATION.sub("", m) for m in rejected]


@contextlib.contextmanager
def _quiet():
    """Rejected games are warned about; these tests compare the lists instead."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def ending(read):
    """`read()`, or the message of the error that ended the input (PgnError, OSError)."""
    try:
        return read(), None
    except scoresheet.PgnError as e:
        return None, e.message
    except OSError as e:
        return None, str(e)


def by_read_games(data):
    """The reading by read_games, and the message of an error that ended the input."""
    games = scoresheet.read_games(data)
    accepted = []
    with _quiet():
        _, ended = ending(lambda: accepted.extend((g.number, g.byte, tuple(g.sans()))
                                                  for g in games))
    return (accepted, [r.message for r in games.rejected]), ended


NULL_MOVE = re.compile(r"game (\d+) .*: a null move cannot be written in the export$")


def without_null_move_games(reading, tables):
    """read_games's reading without the games that the tables (and EGD) reject for a null
    move (read_games keeps null moves: `Ply.san` is `--`), and without the game numbers."""
    games, rejected = reading
    nulls = {m.group(1) for m in map(NULL_MOVE.match, tables[1]) if m}
    games = [(byte, sans) for number, byte, sans in games if str(number) not in nulls]
    rejected = [r for r in rejected if r.split(" ", 2)[1] not in nulls]
    return games, rejected + [r for r in tables[1] if NULL_MOVE.match(r)]


def by_read_tables(data, threads):
    with _quiet():
        tables, ended = ending(lambda: scoresheet.read_tables(data, threads=threads))
    if ended is not None:
        return None, ended
    offsets = tables.games.column("source_offset").to_pylist()
    plies = tables.games.column("ply_count").to_pylist()
    moves = tables.moves.column("san").to_pylist()
    accepted, at = [], 0
    for offset, n in zip(offsets, plies):
        accepted.append((offset, tuple(moves[at:at + n])))
        at += n
    return (accepted, [r.message for r in tables.rejected]), None


def by_cli(paths, threads, sentinel):
    """`scoresheet egd` of all `paths` in one run, a sentinel file after each: the reading of
    each path (EGD has no byte offsets: a game is its mainline)."""
    args = []
    for path in paths:
        args += [path, sentinel]
    # Bytes, split at "\n" only: a message or a tag may hold a CR or U+2028.
    done = subprocess.run([binary(), "egd", "-q", "--threads", str(threads), *args],
                          capture_output=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    readings, games = [], []
    for line in done.stdout.decode().split("\n")[:-1]:
        record = json.loads(line)
        if record["game_tags"].get("Event") == "issue-28 sentinel":
            readings.append((games, []))
            games = []
            continue
        games.append(tuple(m["move"]["san"] for m in record["moves"].values() if "move" in m))
    assert len(readings) == len(paths) and not games, done.stdout[-2000:]
    index = {str(path): i for i, path in enumerate(paths)}
    for line in done.stderr.decode().split("\n")[:-1]:
        source, _, message = line.removeprefix("error: ").partition(": ")
        assert source in index, line
        # The one wording that names the output: a null move has no place in EGD, nor in
        # the export's tables.
        message = message.replace("cannot be written in EGD", "cannot be written in the export")
        readings[index[source]][1].append(message)
    return readings


def test_readers_and_cli_agree_on_arbitrary_input(tmp_path):
    texts = [d for d in corpus_documents() if not is_binary(d)]
    texts += list(odd_documents(150)) + list(random_documents(150))
    assert len(texts) > 1000, "the fuzz corpora are missing"
    read, ended = [], []
    for data in texts:
        reading, end = by_read_games(data)
        if end is None:
            tables, end = by_read_tables(data, 1)
            assert end is None, data
            tables = comparable(tables, data)
            by_games = comparable(without_null_move_games(reading, tables), data)
            assert (by_games[0], sorted(by_games[1])) == (tables[0], sorted(tables[1])), data
            read.append((data, tables))
        else:
            ended.append((data, end))
    for data, want in read:
        got, end = by_read_tables(data, 2)
        assert end is None and comparable(got, data) == want, data
    for threads in (1, 2):
        for data, want in ended:
            assert by_read_tables(data, threads) == (None, want), data
    # The command-line tool: the inputs read whole in one run, a sentinel game after each;
    # each input that ends early (exit 2, which stops the run) in a run of its own.
    paths = []
    for i, (data, _) in enumerate(read):
        paths.append(tmp_path / f"{i}.pgn")
        paths[-1].write_bytes(data)
    sentinel = tmp_path / "sentinel.pgn"
    sentinel.write_bytes(SENTINEL)
    for threads in (1, 2):
        for (data, want), got in zip(read, by_cli(paths, threads, sentinel)):
            want = [sans for _, sans in want[0]], want[1]
            assert comparable(got, data) == want, data
        for i, (data, want) in enumerate(ended):
            path = tmp_path / f"ended-{i}.pgn"
            path.write_bytes(data)
            done = run("egd", "-q", "--threads", threads, path, check=False)
            assert done.returncode == 2 and want in done.stderr, (data, done.stderr)


def test_binary_inputs_refused_alike(tmp_path):
    """Every corpus input with 4 NULs in its first 8 KiB is refused by every reader with the
    same message (UTF-16, when it starts with a byte order mark, else binary); the
    command-line tool says it too (exit 2), checked on a sample."""
    binary = [d for d in corpus_documents() if is_binary(d)]
    assert len(binary) > 100, "the fuzz corpora are missing"
    for i, data in enumerate(binary):
        messages = set()
        for read in (lambda: list(scoresheet.read_games(data)),
                     lambda: scoresheet.read_tables(data),
                     lambda: scoresheet.read_tables(data, threads=2),
                     lambda: list(scoresheet.egd(data))):
            with pytest.raises(scoresheet.PgnError, match=REFUSED) as caught:
                read()
            messages.add(caught.value.message)
        assert len(messages) == 1, messages
        if i % 50 == 0:
            path = tmp_path / f"{i}.bin"
            path.write_bytes(data)
            for threads in ("1", "2"):
                done = run("egd", "--threads", threads, path, check=False)
                assert done.returncode == 2 and done.stdout == "", done.stderr
                assert next(iter(messages)) in done.stderr, done.stderr


def test_issue_reproduction_one_game_per_section(tmp_path):
    data = b'[Event "f"]\n\n1. e4 *\n\n' * 1489 + b'\n\n [Event "A"]\n\n[Site "B"]\n\n1. d4 *\n'
    path = tmp_path / "r.pgn"
    path.write_bytes(data)
    sentinel = tmp_path / "sentinel.pgn"
    sentinel.write_bytes(SENTINEL)
    assert len(by_read_games(data)[0][0]) == 1490
    for threads in (1, 2):
        assert len(by_read_tables(data, threads)[0][0]) == 1490
        assert len(by_cli([path], threads, sentinel)[0][0]) == 1490


def test_random_bytes_refused_by_every_reader(tmp_path):
    rng = random.Random(6)
    data = bytes(rng.randrange(256) for _ in range(50_000))
    nul = data.index(0)
    path = tmp_path / "random.bin"
    path.write_bytes(data)
    message = f"not a text PGN file: a NUL byte at byte {nul}"
    for read in (lambda: list(scoresheet.read_games(data)),
                 lambda: scoresheet.read_tables(data),
                 lambda: scoresheet.read_tables(data, threads=2),
                 lambda: list(scoresheet.egd(data))):
        with pytest.raises(scoresheet.PgnError, match=message):
            read()
    for threads in ("1", "2"):
        done = run("egd", "--threads", threads, path, check=False)
        assert done.returncode == 2 and message in done.stderr and done.stdout == ""


READERS = {
    "read_tables": scoresheet.read_tables,
    "read_tables threads=2": lambda s: scoresheet.read_tables(s, threads=2),
    "read_games": lambda s: list(scoresheet.read_games(s)),
    "egd": lambda s: list(scoresheet.egd(s)),
}


@pytest.mark.parametrize("reader", READERS)
def test_missing_file_is_file_not_found(tmp_path, reader):
    read = READERS[reader]
    for path in ("/nope.pgn", pathlib.Path("/nope.pgn")):
        with pytest.raises(FileNotFoundError) as caught:
            read(path)
        assert caught.value.errno == errno.ENOENT
        assert caught.value.filename == "/nope.pgn"
        assert "No such file or directory" in str(caught.value)
    with pytest.raises(IsADirectoryError) as caught:
        read(str(tmp_path))
    assert caught.value.errno == errno.EISDIR
    assert caught.value.filename == str(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
@pytest.mark.parametrize("reader", READERS)
def test_unreadable_file_is_permission_error(tmp_path, reader):
    path = tmp_path / "locked.pgn"
    path.write_bytes(b"1. e4 *\n")
    path.chmod(0)
    with pytest.raises(PermissionError) as caught:
        READERS[reader](str(path))
    assert caught.value.errno == errno.EACCES and caught.value.filename == str(path)


@pytest.mark.parametrize("reader", READERS)
def test_pgn_text_as_str_is_not_echoed_whole(reader):
    for text in ['[Event "a"]\n[Site "b"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n' * 200,
                 '[Event "short"]\n\n1. e4 *\n']:
        with pytest.raises(OSError) as caught:
            READERS[reader](text)
        message = str(caught.value)
        assert len(message) < 400, message
        assert f"({len(text)} characters)" in message
        assert "text.encode()" in message
        assert caught.value.filename.endswith(f"... ({len(text)} characters)")
        assert len(caught.value.filename) < 200
