#!/usr/bin/env python3
"""The driver of scripts/bench-tables.sh: interleaved worker processes, medians, ratios.

usage: bench_tables_driver.py FILE ROUNDS OUR_PYTHON PEER_PYTHON
A worker (this file with `worker WHO THREADS FILE WARM`) makes one untimed warm-up call (unless
WARM is 0: then the timed call is the process's first) and one timed call, and prints the
seconds and the counts it got. Both kinds of worker import pyarrow before the timed call (the
peer is given its games as a pyarrow array, so its process has it loaded): a first call is
then the reading alone, and the imports' time is reported beside it. WHO is `peer`, `ours` (the default columns) or `ours-peer`
(read_tables with the columns that carry the peer's facts, PEER_COLUMNS).
"""

import json
import os
import statistics
import subprocess
import sys
import time


# The facts the peer gives, as our columns: what a like-for-like call reads.
PEER_COLUMNS = [
    "game_id", "ply", "side", "from_square", "to_square", "promotion", "clock_seconds",
    "eval_cp", "eval_mate", "halfmove_clock", "board", "castling", "en_passant",
]


def worker(who, threads, path, warm):
    # Both workers import pyarrow before the timed call (the peer needs it to be given its
    # games); `imports` is the time of importing the package and pyarrow, reported beside.
    started = time.perf_counter()
    if who.startswith("ours"):
        import pyarrow  # noqa: F401

        import scoresheet

        imports = time.perf_counter() - started

        columns = PEER_COLUMNS if who == "ours-peer" else None

        def call():
            games, moves = scoresheet.read_tables(path, threads=threads, columns=columns)
            # The memory the table holds: every buffer once (the batches share the `san` and
            # `uci` dictionaries, which `nbytes` counts again in every batch).
            return games.num_rows, moves.num_rows, moves.get_total_buffer_size()

    else:
        import re

        import pyarrow as pa
        import rust_pgn_reader_python_binding as peer

        imports = time.perf_counter() - started

        # Split outside the timing: the peer is given its games in memory.
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        games = pa.chunked_array([pa.array([g for g in re.split(r"\n\n(?=\[Event )", text) if g.strip()])])

        def call():
            parsed = peer.parse_games(games, num_threads=threads)
            return parsed.num_games, parsed.num_moves, 0

    if warm:
        call()
    started = time.perf_counter()
    counts = call()
    print(json.dumps({"seconds": time.perf_counter() - started, "counts": counts,
                      "imports": imports}))


def run(python, who, threads, path, warm):
    out = subprocess.run(
        [python, __file__, "worker", who, str(threads), path, "1" if warm else "0"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out)


def main():
    path, rounds, ours, peer = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    first_path = sys.argv[5] if len(sys.argv) > 5 else path
    python = {"ours": ours, "ours-peer": ours, "peer": peer}
    runs = {}
    counts = {}
    for _ in range(rounds):
        for threads in (1, 2):
            for who in ("ours-peer", "peer", "ours"):
                result = run(python[who], who, threads, path, True)
                runs.setdefault((who, threads), []).append(result["seconds"])
                counts[who] = result["counts"]
        for who in ("ours-peer", "peer", "ours"):
            result = run(python[who], who, 1, first_path, False)
            runs.setdefault((who, "first"), []).append(result["seconds"])
            runs.setdefault((who, "imports"), []).append(result["imports"])
    size = os.path.getsize(path)
    print(f"input: {path}, {size / 1e6:.1f} MB; first calls: {first_path}; {rounds} rounds; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"ours: {counts['ours'][0]} games, {counts['ours'][1]} plies; "
          f"peer: {counts['peer'][0]} games, {counts['peer'][1]} moves")
    for threads in (1, 2, "first"):
        b = statistics.median(runs[("peer", threads)])
        label = f"threads {threads}" if threads != "first" else "first call, 1 thread"
        for who, name in (("ours-peer", "read_tables(columns=peer's)"), ("ours", "read_tables")):
            a = statistics.median(runs[(who, threads)])
            print(f"{label}: {name} {a:.3f} s, peer parse_games {b:.3f} s, "
                  f"our speed / peer's {b / a:.2f}")
    imports = {who: statistics.median(runs[(who, "imports")]) for who in ("ours", "peer")}
    print(f"imports (the package and pyarrow, fresh process): ours {imports['ours']:.3f} s, "
          f"peer {imports['peer']:.3f} s; import + first call: ours "
          f"{imports['ours'] + statistics.median(runs[('ours', 'first')]):.3f} s, peer "
          f"{imports['peer'] + statistics.median(runs[('peer', 'first')]):.3f} s")
    moves_bytes = counts["ours"][2]
    print(f"moves table (default columns, 2 threads): {moves_bytes / 1e6:.1f} MB of buffers, "
          f"{moves_bytes / size:.2f}x the PGN")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "worker":
        worker(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5] == "1")
    else:
        main()
