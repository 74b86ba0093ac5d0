"""Shared fixtures: the scoresheet binary, the corpus, and one export of it.

The binary is $SCORESHEET_BIN, else target/debug/scoresheet (built by `cargo test --workspace`),
built with cargo when missing. The corpus is real.pgn from the shared data when present
(3,970 games), else the repository's real_clean.pgn (6,009 games)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED_REAL = ROOT.parent / "shared" / "data" / "pgn" / "real.pgn"
REPO_REAL = ROOT / "crates" / "scoresheet" / "tests" / "data" / "real_clean.pgn"


def binary():
    path = os.environ.get("SCORESHEET_BIN")
    if path:
        return path
    path = ROOT / "target" / "debug" / "scoresheet"
    if not path.exists():
        subprocess.run(["cargo", "build", "-p", "scoresheet-cli"], cwd=ROOT, check=True)
    return str(path)


def run(*args, check=True, **kwargs):
    """Runs scoresheet; returns the CompletedProcess (text)."""
    done = subprocess.run([binary(), *map(str, args)], capture_output=True, text=True, **kwargs)
    if check and done.returncode != 0:
        raise AssertionError(f"scoresheet {args} exited {done.returncode}: {done.stderr}")
    return done


FULL_TESTS = os.environ.get("SCORESHEET_FULL_TESTS") == "1"


def stride(every):
    """The stride of a long suite's sample: every case with SCORESHEET_FULL_TESTS=1 (README,
    "Tests"), else every `every`th."""
    return 1 if FULL_TESTS else every


def game_texts(path, offsets, every):
    """(index, text) of every `every`th game of the file at `path`, each cut from its byte offset
    (`offsets`, in file order) to the next game's, decoded as the tests read PGN."""
    data = pathlib.Path(path).read_bytes()
    ends = list(offsets[1:]) + [len(data)]
    for i in range(0, len(offsets), every):
        yield i, data[offsets[i]:ends[i]].decode("utf-8", "replace")


@pytest.fixture(scope="session")
def corpus():
    return SHARED_REAL if SHARED_REAL.exists() else REPO_REAL


@pytest.fixture(scope="session")
def dataset(tmp_path_factory, corpus):
    """The export of the corpus, with fen_after, in small parts (several files per table)."""
    out = tmp_path_factory.mktemp("export") / "ds"
    run("export", "--fen", "--games-per-file", "1000", "-q", "-o", out, corpus)
    return out


@pytest.fixture(scope="session")
def egd_games(corpus):
    """`scoresheet egd --extended` of the corpus, parsed."""
    done = run("egd", "--extended", "-q", corpus)
    return [json.loads(line) for line in done.stdout.splitlines()]


def import_scoresheet():
    """The installed `scoresheet` package (`pip install ./crates/scoresheet-py`). Without it the
    calling test module is skipped, saying why; under CI=true a missing package fails."""
    try:
        import scoresheet
    except ImportError as e:
        if os.environ.get("CI") == "true":
            raise AssertionError(
                f"CI=true but the scoresheet package is not installed: {e} "
                "(scripts/test.sh installs it into .venv/)") from e
        pytest.skip(f"the scoresheet Python package is not installed ({e}); "
                    "scripts/test.sh installs it into .venv/ and runs this suite there",
                    allow_module_level=True)
    return scoresheet


# Good games and one of each kind of rejection the replay layer has: an illegal move, a
# move that is no move, a bad FEN tag, an unsupported variant, a null move (kept by
# read_games, rejected by the tables), an unterminated comment (a read error).
MIXED_BAD = [
    '[Event "illegal"]\n\n1. e4 e5 2. Ke3 *\n\n',
    '[Event "syntax"]\n\n1. e4 Zz9 *\n\n',
    '[Event "fen"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n\n',
    '[Event "variant"]\n[Variant "Atomic"]\n\n1. e4 *\n\n',
    '[Event "ambiguous"]\n[FEN "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1"]\n\n1. Ne2 *\n\n',
]
MIXED_NULL = '[Event "null"]\n\n1. e4 -- 2. d4 *\n\n'


@pytest.fixture(scope="session")
def mixed_pgn(tmp_path_factory, corpus):
    """The first 300 games of the corpus with the bad games of MIXED_BAD and MIXED_NULL
    spread between them: (path, number of games in it)."""
    text = corpus.read_text(encoding="utf-8", errors="surrogateescape")
    games = ["[Event " + g for g in text.split("\n[Event ")[1:301]]
    bad = MIXED_BAD + [MIXED_NULL]
    out = []
    for i, game in enumerate(games):
        out.append(game.rstrip("\n") + "\n\n")
        if i % 50 == 7:
            out.append(bad[(i // 50) % len(bad)])
    out.append(bad[0])
    path = tmp_path_factory.mktemp("mixed") / "mixed.pgn"
    path.write_text("".join(out), encoding="utf-8", errors="surrogateescape")
    return path, len(out)


def plain_schema(schema):
    """A schema with each dictionary column as its values' type: the files' schema of version 2
    (the tables hold `san`, `uci`, squares and codes as dictionaries, the files as text)."""
    import pyarrow as pa

    return pa.schema([f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                      for f in schema])
