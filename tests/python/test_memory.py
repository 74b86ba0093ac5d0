"""Issue 38: `stream_tables`' peak memory is bounded by the game cap (`max_game_bytes`, 64 MiB)
and the batches in flight, not by the input, at one thread and at two, as the CLI's
(`crates/scoresheet-cli/tests/memory.rs`): a decompression bomb (a small zstd file holding one
game of 1 GiB, then a good game), a 100 MB comment, a 50 MB tag value. The game after each
oversized one is kept and every game is counted (games read plus rejected).

Each reading runs in a child `python -c` process that takes every batch and reports its own
peak resident memory (`VmHWM` of /proc/self/status, the kernel's high-water mark of the
process's memory since its `exec`): the whole process, the interpreter and pyarrow included.
Not `ru_maxrss`, which Linux carries over an `exec` from the memory the child shared with its
parent before it (Python starts children with `vfork`): a child of the test process, grown by
the suite before it, reported the test process's size. Not timed. Linux only (/proc). The
3 GiB bomb takes a minute: `SCORESHEET_FULL_TESTS=1` runs it."""

import json
import os
import subprocess
import sys

import pyarrow as pa
import pytest

from conftest import import_scoresheet

import_scoresheet()  # skips the module, saying why, when the package is not installed

MB = 1 << 20
BOMB_BUDGET = 160 * MB
TEXT_BUDGET = 300 * MB
CAP = 1 << 26  # the default max_game_bytes

# The game after the oversized one, which must be kept.
AFTER = b'\n\n[Event "after"]\n\n1. d4 d5 *\n'

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads VmHWM from /proc/self/status (Linux)")

# Reads the stream to its end, keeping only counts (a list of the 50 MB event would be
# memory of the test's own): games read, rejections, events "after", the longest event.
CHILD = """
import json, sys, warnings
import pyarrow.compute as pc
import scoresheet
path, threads = sys.argv[1], int(sys.argv[2])
after = longest = 0
with warnings.catch_warnings():
    warnings.simplefilter("ignore", scoresheet.RejectedGameWarning)
    with scoresheet.stream_tables(path, threads=threads) as stream:
        for games, moves in stream:
            event = games.column("event")
            after += pc.sum(pc.equal(event, "after")).as_py() or 0
            longest = max(longest, pc.max(pc.binary_length(event)).as_py() or 0)
        read = stream.games_read
        rejected = [r.message for r in stream.rejected]
with open("/proc/self/status") as status:
    peak = next(int(l.split()[1]) for l in status if l.startswith("VmHWM:")) * 1024
print(json.dumps(dict(read=read, rejected=rejected, after=after, longest=longest, peak=peak)))
"""


def stream(path, threads):
    """Runs the child over `path`; returns its report."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), str(threads)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def zstd_file(path, head: bytes, fill: bytes, length: int, tail: bytes):
    """Writes `head`, `fill` repeated to `length` bytes, then `tail`, as zstd (streamed)."""
    block = fill * (MB // len(fill))
    with pa.CompressedOutputStream(str(path), "zstd") as out:
        out.write(head)
        left = length
        while left > 0:
            n = min(left, len(block))
            out.write(block[:n])
            left -= n
        out.write(tail)
    return path


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    return tmp_path_factory.mktemp("memory")


def bomb(scratch, gib):
    return zstd_file(scratch / f"bomb-{gib}g.pgn.zst", b'[Event "bomb"]\n\n1. e4 ', b"x",
                     gib << 30, AFTER)


def check(path, threads, budget, games, rejected, longest=0):
    """With `threads`: within `budget`, `games` games in, `rejected` of them rejected (the
    cap's message), the others read, the game after the oversized one among them."""
    report = stream(path, threads)
    assert report["read"] + len(report["rejected"]) == games, report
    assert len(report["rejected"]) == rejected, report
    for message in report["rejected"]:
        assert f"expected a game of at most {CAP} bytes" in message, message
    assert report["after"] == 1, report
    assert report["longest"] >= longest, report
    assert report["peak"] <= budget, (
        f"{path.name}, {threads} threads: peak {report['peak'] // MB} MB, "
        f"budget {budget // MB} MB")


THREADS = pytest.mark.parametrize("threads", [1, 2])


# Measured 2026-11-29: 134 MB at 1 thread, 208 MB at 2, of which the interpreter with pyarrow
# and scoresheet imported is 77 MB. Since the parallel reader holds the oversized game's bytes
# once (it read large chunks in place), 133 and 136 MB for 1 GiB, 133 and 135 MB for 3 GiB.
BOMB_THREADS = THREADS


@pytest.fixture(scope="module")
def bomb_1g(scratch):
    return bomb(scratch, 1)


@BOMB_THREADS
def test_issue_38_bomb_of_1_gib_bounded(bomb_1g, threads):
    check(bomb_1g, threads, BOMB_BUDGET, 2, 1)


@pytest.mark.skipif(os.environ.get("SCORESHEET_FULL_TESTS") != "1",
                    reason="3 GiB take a minute: SCORESHEET_FULL_TESTS=1 runs it")
@BOMB_THREADS
def test_issue_38_bomb_of_3_gib_bounded(scratch, threads):
    path = scratch / "bomb-3g.pgn.zst"
    check(path if path.exists() else bomb(scratch, 3), threads, BOMB_BUDGET, 2, 1)


# Measured 2026-11-29: 133 and 208 MB.
@THREADS
def test_issue_38_long_comment_bounded(scratch, threads):
    path = scratch / "comment.pgn.zst"
    if not path.exists():
        zstd_file(path, b'[Event "c"]\n\n1. e4 {', b"y", 100 * MB, b"} e5 *" + AFTER)
    check(path, threads, TEXT_BUDGET, 2, 1)


# Measured 2026-11-29: 182 and 257 MB (no Parquet here: the export's encoder is not in the
# stream).
@THREADS
def test_issue_38_long_tag_bounded(scratch, threads):
    path = scratch / "tag.pgn.zst"
    if not path.exists():
        zstd_file(path, b'[Event "', b"z", 50 * MB, b'"]\n\n1. e4 e5 *' + AFTER)
    check(path, threads, TEXT_BUDGET, 2, 0, longest=50 * MB)
