#!/usr/bin/env bash
# What each column of the export's tables costs, in instructions (callgrind, so the machine's
# load does not enter): the `tables` example (what Python's read_tables does, without Python)
# reads FILE on one thread with only `game_id` and `ply`, then with each column added alone,
# and prints the instructions per ply each column adds. Needs valgrind. Not a test.
# Usage: scripts/cost-per-column.sh [FILE.pgn] [COLUMN ...]
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/data/pgn/real.pgn}
shift || true
columns=("$@")
if [ ${#columns[@]} -eq 0 ]; then
  # One column per costly fact, then the costly columns that need no fact of their own.
  columns=(san uci position_key repetition opening_eco en_passant board castling
    clock_seconds eval_cp fen_after)
fi
command -v valgrind >/dev/null || { echo "cost-per-column: valgrind is needed" >&2; exit 2; }
cargo build --quiet --release -p scoresheet-export --example tables
bin=target/release/examples/tables

# Instructions of one run reading the columns $1 (comma-separated; `default`: the default
# columns), and its plies.
count() {
  local out
  if [ "$1" = default ]; then
    out=$(env -u COLUMNS valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$file" 1 2>&1)
  else
    out=$(COLUMNS=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$file" 1 2>&1)
  fi
  grep -oE 'refs: +[0-9,]+' <<<"$out" | grep -oE '[0-9,]+$' | tr -d ,
}

plies=$(COLUMNS=game_id,ply "$bin" "$file" 1 | grep -oE '[0-9]+ moves' | grep -oE '[0-9]+')
base=$(count game_id,ply)
echo "file: $file ($plies plies); game_id,ply alone: $base instructions ($((base / plies)) a ply)"
printf '| column added to game_id, ply | instructions | a ply |\n|---|---|---|\n'
for column in "${columns[@]}"; do
  n=$(count "game_id,ply,$column")
  printf '| `%s` | %s | %s |\n' "$column" "$((n - base))" "$(((n - base) / plies))"
done
default=$(count default)
printf '| the default columns | %s | %s |\n' "$((default - base))" "$(((default - base) / plies))"
