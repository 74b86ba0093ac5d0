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
# python-chess writing the same per-move rows (on a sample, extrapolated: it is ~100x slower).
# Prints games/s, ratios and the dataset's size against the PGN's.
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${1:-1024}
FILE=${2:-../shared/data/pgn/real.pgn}
WORK=${BENCH_DIR:-/tmp/bench-export}
mkdir -p "$WORK"
BIN=target/release/scoresheet
cargo build --release -q -p scoresheet-cli

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

secs() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
rate() { printf '%.0f' "$(echo "$GAMES / $1" | bc -l)"; }
DS="$WORK/ds"
declare -A T
for form in "" ".zst"; do
  T[export1$form]=$(secs $BIN export -q --force -o "$DS" "$INPUT$form")
  if $BIN export -q --force --threads 2 -o "$DS.2" "$INPUT$form" 2>/dev/null; then
    T[export2$form]=$(secs $BIN export -q --force --threads 2 -o "$DS.2" "$INPUT$form")
  else
    T[export2$form]=""
  fi
  T[egd$form]=$(secs $BIN egd -q -o /dev/null "$INPUT$form")
  T[egd2$form]=$(secs $BIN egd -q --threads 2 -o /dev/null "$INPUT$form")
done
$BIN export -q --force -o "$DS" "$INPUT"
DS_BYTES=$(du -cb "$DS"/games/*.parquet "$DS"/moves/*.parquet | tail -1 | cut -f1)
$BIN export -q --force --fen -o "$DS.fen" "$INPUT"
FEN_BYTES=$(du -cb "$DS.fen"/games/*.parquet "$DS.fen"/moves/*.parquet | tail -1 | cut -f1)
SAMPLE=${PYCHESS_GAMES:-300}
read -r PYG PYS < <(python3 scripts/bench_export_pychess.py "$INPUT" "$SAMPLE")
PY_RATE=$(echo "$PYG / $PYS" | bc -l)

echo
printf '%-34s %10s %12s\n' "run" "seconds" "games/s"
for form in "" ".zst"; do
  for k in export1 export2 egd egd2; do
    t=${T[$k$form]}
    if [ -z "$t" ]; then printf '%-34s %10s\n' "$k ${form:-.pgn}" "refused"; continue; fi
    printf '%-34s %10.2f %12s\n' "$k ${form:-.pgn}" "$t" "$(rate "$t")"
  done
done
printf '%-34s %10s %12.0f   (%d games, extrapolated)\n' "python-chess rows + pyarrow" "-" "$PY_RATE" "$PYG"
echo
printf 'export (1 thread) / python-chess: %.0fx faster\n' "$(echo "$GAMES / ${T[export1]} / $PY_RATE" | bc -l)"
printf 'export / egd (1 thread, .pgn): %.2f of egd'"'"'s time\n' "$(echo "${T[export1]} / ${T[egd]}" | bc -l)"
printf 'dataset without --fen: %d MiB = %.2f of the PGN; with --fen: %d MiB = %.2f\n' \
  $((DS_BYTES >> 20)) "$(echo "$DS_BYTES / $PGN_BYTES" | bc -l)" $((FEN_BYTES >> 20)) "$(echo "$FEN_BYTES / $PGN_BYTES" | bc -l)"
