#!/usr/bin/env bash
# `scoresheet.read_tables` against the fastest per-ply reader we know in Python, in one run.
#
# Usage: scripts/bench-tables.sh [FILE] [ROUNDS] [FIRST_FILE]
#   FILE        default ../shared/data/pgn/real.pgn (3,970 games, 332,315 plies); the issue's
#               figures use it ten times over (cat it into target/real-x10.pgn)
#   ROUNDS      default 7 (interleaved: ours with the peer's columns, the peer, ours with the
#               default columns; 1 thread, then 2; then a first call of each)
#   FIRST_FILE  the input of the first calls (one call in a fresh process), default FILE
#
# The peer is rust-pgn-reader-python-binding (GPL: pgn-reader and shakmaty through PyO3), which
# turns a pyarrow array of game strings into per-ply NumPy arrays (boards, squares, clocks,
# evals). It is given its games already split and in memory (the split is not timed); ours
# reads the file. It is a benchmark peer only, never a dependency: the script installs it into
# a virtual environment of its own (BENCH_VENV, default target/bench-tables-venv) from the
# Python package registry, and runs our package from the tests' environment (.venv/, made by
# scripts/test.sh), rebuilt here with the `dist` profile as every benchmark.
#
# Each timing is one call inside a fresh worker process, after one untimed warm-up call in the
# same process; the figures are the medians of the interleaved rounds and their ratios. Also
# printed: the Arrow `moves` table's size against the PGN's (the target is at most 3x), as the
# memory its buffers hold, each once (`get_total_buffer_size`: the batches share the `san` and
# `uci` dictionaries, which pyarrow's `nbytes` would count once per batch).
set -euo pipefail
cd "$(dirname "$0")/.."
FILE=$(realpath "${1:-../shared/data/pgn/real.pgn}")
ROUNDS=${2:-7}
PEER_VENV=${BENCH_VENV:-target/bench-tables-venv}
OURS=${SCORESHEET_VENV:-.venv}

if [ ! -x "$PEER_VENV/bin/python" ]; then
  python3 -m venv "$PEER_VENV"
  "$PEER_VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    rust-pgn-reader-python-binding==4.1.0 pyarrow numpy
fi
if [ ! -x "$OURS/bin/python" ]; then
  echo "no $OURS: run scripts/test.sh once (it makes the tests' environment)" >&2
  exit 2
fi
if [ "${BENCH_NO_BUILD:-}" != 1 ]; then
  MATURIN_PEP517_ARGS="--profile dist" "$OURS/bin/python" -m pip install --quiet \
    --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps ./crates/scoresheet-py
fi

"$OURS/bin/python" scripts/bench_tables_driver.py "$FILE" "$ROUNDS" \
  "$OURS/bin/python" "$PEER_VENV/bin/python" "$(realpath "${3:-$FILE}")"
