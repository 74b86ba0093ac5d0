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
