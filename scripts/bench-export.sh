#!/usr/bin/env bash
# Speed and size of `scoresheet export`, with ratios measured in one run.
#
# Usage: scripts/bench-export.sh [MB] [FILE]
#   MB      size of the generated input, default 1024 (a quick run: 100)
#   FILE    the games it is made from, default ../shared/data/pgn/real.pgn
#
# Builds MB of PGN from FILE with varied tags (each copy gets its own Event, Site, Round,
# dates and ratings, so no two games are equal), and its .zst; then times, on both forms,
# `export` (threads 1 and 2), `egd` (the JSON conversion, same reader and replay), and
# python-chess writing the same per-move rows (on the first PYCHESS_GAMES games, default 300,
# extrapolated per game: it is ~100x slower). Prints games/s, the ratios (2 threads against 1,
# against egd and python-chess), issue 24's targets (export --threads 2 at 60,000 games/s or
# more, export at least as fast as egd at each thread count, the dataset no larger than
# before) and the dataset's size against the PGN's. Inputs and datasets go to BENCH_DIR
# (default /tmp/bench-export).
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${1:-1024}
FILE=${2:-../shared/data/pgn/real.pgn}
WORK=${BENCH_DIR:-/tmp/bench-export}
mkdir -p "$WORK"
# The `dist` profile of Cargo.toml (whole-program optimisation), as every benchmark.
BIN=target/dist/scoresheet
cargo build --profile dist -q -p scoresheet-cli

INPUT="$WORK/input-${MB}mb.pgn"
if [ ! -s "$INPUT" ]; then
  python3 - "$FILE" "$INPUT" "$MB" <<'PY'
import re, sys
src, dst, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(src, "rb").read()
games = re.split(rb"\n\n(?=\[Event )", text)
target, written, copy = mb << 20, 0, 0
with open(dst, "wb") as out:
    while written < target:
        for i, g in enumerate(games):
            g = g.replace(b'[Event "', b'[Event "c%d ' % copy, 1)
            g = g.replace(b'[Round "', b'[Round "%d.' % copy, 1)
            g = re.sub(rb'\[(White|Black)Elo "(\d+)"\]', lambda m: b'[%sElo "%d"]' % (m.group(1), int(m.group(2)) + copy % 50), g)
            g = g.replace(b'[Date "20', b'[Date "%d' % (19 + copy % 2), 1)
            blob = g.rstrip(b"\n") + b"\n\n"
            out.write(blob)
            written += len(blob)
            if written >= target:
                break
        copy += 1
PY
  zstd -q -3 -T0 -f "$INPUT" -o "$INPUT.zst"
fi
GAMES=$(grep -c '^\[Event ' "$INPUT")
PGN_BYTES=$(stat -c %s "$INPUT")
echo "input: $INPUT, $GAMES games, $((PGN_BYTES >> 20)) MiB (.zst $(( $(stat -c %s "$INPUT.zst") >> 20 )) MiB)"

# Wall seconds of a run; its CPU seconds (user + system) go to $WORK/cpu, read by `cpu`. On a
# shared machine the wall time depends on the others' load, the CPU time much less: games per
# CPU second times the threads is what the run gives on cores of its own (an upper bound for
# several threads: it assumes they never wait for each other).
secs() {
  /usr/bin/time -f '%e %U %S %M' -o "$WORK/time" "$@" >/dev/null 2>&1 || true
  # The last line: a failed command adds one before it.
  read -r wall user sys kb < <(tail -1 "$WORK/time")
  echo "$user + $sys" | bc -l > "$WORK/cpu"
  echo "$((kb >> 10))" > "$WORK/mem"
  echo "$wall"
}
cpu() { cat "$WORK/cpu"; }
rate() { printf '%.0f' "$(echo "$GAMES / $1" | bc -l)"; }
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
DS="$WORK/ds"
declare -A T C M
run() { # key threads command...
  local key=$1 threads=$2; shift 2
  T[$key]=$(secs "$@")
  C[$key]=$(cpu)
  M[$key]=$(cat "$WORK/mem")
  C[$key.threads]=$threads
}
for form in "" ".zst"; do
  # One thread said explicitly: every command's default is the cores available.
  run "export1$form" 1 $BIN export -q --force --threads 1 -o "$DS" "$INPUT$form"
  run "export2$form" 2 $BIN export -q --force --threads 2 -o "$DS.2" "$INPUT$form"
  run "egd$form" 1 $BIN egd -q --threads 1 -o /dev/null "$INPUT$form"
  run "egd2$form" 2 $BIN egd -q --threads 2 -o /dev/null "$INPUT$form"
done
# The last timed runs wrote the dataset (the same rows from either form).
DS_BYTES=$(du -cb "$DS"/games/*.parquet "$DS"/moves/*.parquet | tail -1 | cut -f1)
$BIN export -q --force --threads 2 --fen -o "$DS.fen" "$INPUT"
FEN_BYTES=$(du -cb "$DS.fen"/games/*.parquet "$DS.fen"/moves/*.parquet | tail -1 | cut -f1)
SAMPLE=${PYCHESS_GAMES:-300}
# python-chess from the tests' environment (scripts/test.sh makes it) when there is one.
PYTHON=${PYTHON:-$( [ -x .venv/bin/python ] && echo .venv/bin/python || echo python3 )}
read -r PYG PYS < <("$PYTHON" scripts/bench_export_pychess.py "$INPUT" "$SAMPLE")
PY_RATE=$(echo "$PYG / $PYS" | bc -l)

echo
echo "load average before: $LOAD"
printf '%-28s %9s %10s %9s %14s %8s\n' "run" "wall s" "games/s" "CPU s" "games/s on own cores" "peak MB"
for form in "" ".zst"; do
  for k in export1 export2 egd egd2; do
    t=${T[$k$form]} c=${C[$k$form]} n=${C[$k$form.threads]}
    printf '%-28s %9.2f %10s %9.2f %14.0f %8s\n' "$k ${form:-.pgn}" "$t" "$(rate "$t")" "$c" \
      "$(echo "$GAMES * $n / $c" | bc -l)" "${M[$k$form]}"
  done
done
printf '%-34s %10s %12.0f   (the first %d games, extrapolated per game)\n' "python-chess rows + pyarrow" "-" "$PY_RATE" "$PYG"
echo
ratio() { echo "$1 / $2" | bc -l; }
printf 'export --threads 2 / --threads 1: %.2fx (.pgn), %.2fx (.zst)\n' \
  "$(ratio "${T[export1]}" "${T[export2]}")" "$(ratio "${T[export1.zst]}" "${T[export2.zst]}")"
printf 'export --threads 2: %s games/s (.pgn), %s (.zst); target 60000 or more\n' \
  "$(rate "${T[export2]}")" "$(rate "${T[export2.zst]}")"
printf 'egd --threads 2 / --threads 1: %.2fx (.pgn)\n' "$(ratio "${T[egd]}" "${T[egd2]}")"
printf 'export / egd time: %.2f (1 thread), %.2f (2 threads), .pgn; target 1.00 or less\n' \
  "$(ratio "${T[export1]}" "${T[egd]}")" "$(ratio "${T[export2]}" "${T[egd2]}")"
printf 'export (1 thread) / python-chess: %.0fx faster; --threads 2: %.0fx\n' \
  "$(echo "$GAMES / ${T[export1]} / $PY_RATE" | bc -l)" "$(echo "$GAMES / ${T[export2]} / $PY_RATE" | bc -l)"
printf 'dataset without --fen: %d MiB = %.2f of the PGN; with --fen: %d MiB = %.2f\n' \
  $((DS_BYTES >> 20)) "$(echo "$DS_BYTES / $PGN_BYTES" | bc -l)" $((FEN_BYTES >> 20)) "$(echo "$FEN_BYTES / $PGN_BYTES" | bc -l)"
