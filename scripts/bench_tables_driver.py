#!/usr/bin/env python3
"""The driver of scripts/bench-tables.sh: interleaved worker processes, medians, ratios.

usage: bench_tables_driver.py FILE ROUNDS OUR_PYTHON PEER_PYTHON
A worker (this file with `worker ours|peer THREADS FILE`) makes one untimed warm-up call and one
timed call, and prints the seconds and the counts it got.
"""

import json
import os
import statistics
import subprocess
import sys
import time


def worker(who, threads, path):
    if who == "ours":
        import scoresheet

        def call():
            games, moves = scoresheet.read_tables(path, threads=threads)
            # The memory the table holds: every buffer once (the batches share the `san` and
            # `uci` dictionaries, which `nbytes` counts again in every batch).
            return games.num_rows, moves.num_rows, moves.get_total_buffer_size()

    else:
        import re

        import pyarrow as pa
        import rust_pgn_reader_python_binding as peer

        # Split outside the timing: the peer is given its games in memory.
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        games = pa.chunked_array([pa.array([g for g in re.split(r"\n\n(?=\[Event )", text) if g.strip()])])

        def call():
            parsed = peer.parse_games(games, num_threads=threads)
            return parsed.num_games, parsed.num_moves, 0

    call()
    started = time.perf_counter()
    counts = call()
    print(json.dumps({"seconds": time.perf_counter() - started, "counts": counts}))


def main():
    path, rounds, ours, peer = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    runs = {}
    counts = {}
    for _ in range(rounds):
        for threads in (1, 2):
            for who, python in (("ours", ours), ("peer", peer)):
                out = subprocess.run(
                    [python, __file__, "worker", who, str(threads), path],
                    check=True, capture_output=True, text=True,
                ).stdout
                result = json.loads(out)
                runs.setdefault((who, threads), []).append(result["seconds"])
                counts[who] = result["counts"]
    size = os.path.getsize(path)
    print(f"input: {path}, {size / 1e6:.1f} MB; load average {os.getloadavg()[0]:.2f}")
    print(f"ours: {counts['ours'][0]} games, {counts['ours'][1]} plies; "
          f"peer: {counts['peer'][0]} games, {counts['peer'][1]} moves")
    for threads in (1, 2):
        a = statistics.median(runs[("ours", threads)])
        b = statistics.median(runs[("peer", threads)])
        print(f"threads {threads}: read_tables {a:.3f} s, peer parse_games {b:.3f} s, "
              f"ours/peer {a / b:.2f} (target <= 1.00)")
    moves_bytes = counts["ours"][2]
    print(f"moves table (2 threads): {moves_bytes / 1e6:.1f} MB of buffers, "
          f"{moves_bytes / size:.2f}x the PGN (target <= 3x)")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "worker":
        worker(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        main()
