#!/usr/bin/env bash
# Peak memory and speed of a Python loop over `scoresheet.stream_tables(..., table="moves")`.
#
# Usage: scripts/bench-stream-memory.sh [MB] [THREADS]
#   MB       size of the input, default 1024 (the input of scripts/bench-export.sh; a quick
#            run: 200)
#   THREADS  the stream's threads, default 2
#
# The input is BENCH_DIR/input-MBmb.pgn (BENCH_DIR default /tmp/bench-export), made when
# missing by scripts/bench-export.sh's own generator (the Python between its `<<'PY'` and
# `PY` lines, run as there, from ../shared/data/pgn/real.pgn or SOURCE_PGN), with its .zst as
# that script makes it, so that either script reuses the other's input.
#
# The loop counts the `moves` rows batch by batch and keeps nothing. It runs under
# `/usr/bin/time -v`: printed are the peak resident set size ("Maximum resident set size") of
# the loop, of the interpreter with scoresheet and pyarrow imported and nothing read (the
# floor), and games/s (games counted in the input, wall time of the loop). The goal (issue
# 24): a peak under 500 MB on the 1 GB input.
#
# Our package runs from SCORESHEET_VENV (default .venv, made by scripts/test.sh), rebuilt
# here with the `dist` profile as every benchmark; BENCH_NO_BUILD=1 uses it as installed.
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${1:-1024}
THREADS=${2:-2}
FILE=${SOURCE_PGN:-../shared/data/pgn/real.pgn}
WORK=${BENCH_DIR:-/tmp/bench-export}
OURS=${SCORESHEET_VENV:-.venv}
mkdir -p "$WORK"

if [ ! -x "$OURS/bin/python" ]; then
  echo "no $OURS: run scripts/test.sh once (it makes the tests' environment)" >&2
  exit 2
fi
if [ "${BENCH_NO_BUILD:-}" != 1 ]; then
  MATURIN_PEP517_ARGS="--profile dist" "$OURS/bin/python" -m pip install --quiet \
    --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps ./crates/scoresheet-py
fi

INPUT="$WORK/input-${MB}mb.pgn"
if [ ! -s "$INPUT" ]; then
  GENERATOR="$WORK/make-input.py"
  awk "/<<'PY'\$/ { on = 1; next } /^PY\$/ { on = 0 } on" scripts/bench-export.sh > "$GENERATOR"
  if ! grep -q "sys.argv" "$GENERATOR"; then
    echo "cannot find the input generator in scripts/bench-export.sh" >&2
    exit 2
  fi
  python3 "$GENERATOR" "$FILE" "$INPUT" "$MB"
  zstd -q -3 -T0 -f "$INPUT" -o "$INPUT.zst"
fi
GAMES=$(grep -c '^\[Event ' "$INPUT")
echo "input: $INPUT, $GAMES games, $(( $(stat -c %s "$INPUT") >> 20 )) MiB; threads $THREADS"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (on a shared machine the wall time" \
  "depends on the others' load; the peak memory does not)"

# Peak RSS in MB and wall seconds of a Python program, from /usr/bin/time -v.
measure() { # program args...
  local log="$WORK/stream-memory.time"
  /usr/bin/time -v -o "$log" "$OURS/bin/python" -c "$@" > "$WORK/stream-memory.out"
  PEAK_MB=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log")
  WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$log" \
    | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
}

measure 'import pyarrow, scoresheet'
FLOOR=$PEAK_MB

LOOP='
import sys, scoresheet
rows = batches = 0
for batch in scoresheet.stream_tables(sys.argv[1], table="moves", threads=int(sys.argv[2])):
    rows += batch.num_rows
    batches += 1
print(rows, batches)'
measure "$LOOP" "$INPUT" "$THREADS"
read -r ROWS BATCHES < "$WORK/stream-memory.out"
RATE=$(echo "$GAMES / $WALL" | bc -l)
printf 'stream_tables(table="moves"): %d rows in %d batches, %.1f s, %.0f games/s\n' \
  "$ROWS" "$BATCHES" "$WALL" "$RATE"
printf 'peak RSS: %d MB (interpreter with pyarrow and scoresheet imported: %d MB); goal < 500 MB: %s\n' \
  "$PEAK_MB" "$FLOOR" "$([ "$PEAK_MB" -lt 500 ] && echo met || echo NOT met)"
