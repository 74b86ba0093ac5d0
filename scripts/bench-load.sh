#!/usr/bin/env bash
# Load benchmark: `scoresheet load` into SQLite and PostgreSQL versus python-chess 1.11.2 with
# sqlite3 / psycopg 3 (scripts/load_baseline.py: same denormalization, same schema,
# executemany), and the share of `load` spent outside the PGN pipeline (`scoresheet egd`).
#
#   scripts/bench-load.sh [FILE.pgn]      # default: ../shared/data/pgn/real.pgn
#
# Needs: pip install chess==1.11.2 'psycopg[binary]'; a PostgreSQL server is started with
# .ci/postgres-setup (fsync=off: this measures CPU work, not the disk). Runs each scoresheet
# command RUNS times (default 3) and each Python one PY_RUNS times (default 1), keeps the best
# wall time (PY_RUNS=0 skips Python), and reports CPU seconds too: the client's user+sys, plus for PostgreSQL the
# server's (its processes' time, including ended backends, read from /proc). On a shared
# machine CPU time is the steadier number. BASE=BINARY also measures another build's loads;
# FLOOR=1 measures what SQLite and PostgreSQL themselves take to store the same rows (see
# below; needs the sqlite3 shell).
set -euo pipefail
# The shared data and peer harness live beside the repository: ../shared from its root,
# resolved from this script's own directory (works from any working directory or worktree).
shared="$(cd "$(dirname "$0")/../.." && pwd)/shared"
cd "$(dirname "$0")/.."
root="$PWD"
pgn="$(realpath "${1:-$shared/data/pgn/real.pgn}")"
runs="${RUNS:-3}"
py_runs="${PY_RUNS:-1}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
# The `dist` profile of Cargo.toml (whole-program optimisation), as every benchmark.
[ -n "${SKIP_BUILD:-}" ] || cargo build --profile dist -q -p scoresheet-cli
bin="$CARGO_TARGET_DIR/dist/scoresheet"
# shellcheck source=/dev/null
source .ci/postgres-setup 2>/dev/null
base="${SCORESHEET_TEST_POSTGRES_URL%/*}"
work="$(mktemp -d /tmp/scoresheet-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

pg_cpu() {
  local pm tck
  pm="$(head -1 "$(cat /tmp/scoresheet-postgres-dir)/postmaster.pid")"
  tck="$(getconf CLK_TCK)"
  { awk '{print $14+$15+$16+$17}' "/proc/$pm/stat"
    for p in $(pgrep -P "$pm"); do awk '{print $14+$15}' "/proc/$p/stat" 2>/dev/null || true; done
  } | awk -v t="$tck" '{s+=$1} END {printf "%.2f\n", s/t}'
}

fresh_pg() {
  psql -X -q "$base/postgres" -c "DROP DATABASE IF EXISTS bench WITH (FORCE)" \
    -c "CREATE DATABASE bench TEMPLATE template0" >/dev/null
  echo "$base/bench"
}

# measure NAME RUNS PG(0/1) -- COMMAND...: prints "NAME best_wall cpu" (cpu of the best run).
measure() {
  local name="$1" n="$2" pg="$3"
  shift 4
  local best="" best_cpu="" i
  for ((i = 0; i < n; i++)); do
    rm -f "$work"/*.db* 2>/dev/null || true
    local target="" before=0 after=0
    [ "$pg" = 1 ] && target="$(fresh_pg)" && before="$(pg_cpu)"
    local cmd=("${@//@PG@/$target}")
    cmd=("${cmd[@]//@DB@/$work/bench.db}")
    /usr/bin/time -f "%e %U %S" -o "$work/time" "${cmd[@]}" >/dev/null 2>"$work/err" \
      || { cat "$work/err" >&2; return 1; }
    # The backend's time reaches the postmaster's counters when it has exited and been reaped.
    [ "$pg" = 1 ] && sleep 0.5 && after="$(pg_cpu)"
    read -r wall user sys <"$work/time"
    local cpu
    cpu="$(echo "$user + $sys + $after - $before" | bc)"
    if [ -z "$best" ] || (($(echo "$wall < $best" | bc))); then best="$wall" best_cpu="$cpu"; fi
  done
  printf '%-28s %8.2f %8.2f\n' "$name" "$best" "$best_cpu" | tee -a "$work/results"
}

echo "input: $pgn ($(grep -c '^\[Event ' "$pgn") games); runs: $runs, python runs: $py_runs"
printf '%-28s %8s %8s\n' "" "wall s" "cpu s"
have_egd=0
if "$bin" egd --help >/dev/null 2>&1; then
  have_egd=1
  # Into a file (writing costs as much as it does for a user). Builds before 754dd23 renamed
  # a temporary file onto `-o /dev/null` and replaced the device: never give them /dev/null.
  measure "scoresheet egd" "$runs" 0 -- "$bin" egd "$pgn" -o "$work/out.egd"
  measure "scoresheet egd --extended" "$runs" 0 -- "$bin" egd --extended "$pgn" -o "$work/out.egd"
fi
measure "scoresheet load sqlite" "$runs" 0 -- "$bin" load --quiet --db "sqlite:@DB@" "$pgn"
measure "scoresheet load postgres" "$runs" 1 -- "$bin" load --quiet --db "@PG@" "$pgn"
# BASE=BINARY: the same two loads by another build (an older commit's release binary), in
# this run, for the "N times faster than build X" ratios.
if [ -n "${BASE:-}" ]; then
  measure "base load sqlite" "$runs" 0 -- "$BASE" load --quiet --db "sqlite:@DB@" "$pgn"
  measure "base load postgres" "$runs" 1 -- "$BASE" load --quiet --db "@PG@" "$pgn"
fi
if [ "$py_runs" -gt 0 ]; then
  measure "python-chess + sqlite3" "$py_runs" 0 -- python3 scripts/load_baseline.py sqlite "@DB@" "$pgn"
  measure "python-chess + psycopg" "$py_runs" 1 -- python3 scripts/load_baseline.py postgres "@PG@" "$pgn"
fi

get() {
  awk -v n="$1" -v c="$2" '{ name = substr($0, 1, 28); sub(/ +$/, "", name) }
    name == n { split(substr($0, 29), f, " "); print f[c] }' "$work/results"
}
ratio() { echo "scale=2; $1 / $2" | bc; }
echo
for db in sqlite postgres; do
  [ "$py_runs" -gt 0 ] || break
  py="python-chess + $([ $db = sqlite ] && echo sqlite3 || echo psycopg)"
  echo "python/scoresheet, $db: wall $(ratio "$(get "$py" 1)" "$(get "scoresheet load $db" 1)")x," \
    "cpu $(ratio "$(get "$py" 2)" "$(get "scoresheet load $db" 2)")x"
done
if [ "$have_egd" = 1 ]; then
  for db in sqlite postgres; do
    l="$(get "scoresheet load $db" 1)" e="$(get "scoresheet egd --extended" 1)"
    lc="$(get "scoresheet load $db" 2)" ec="$(get "scoresheet egd --extended" 2)"
    echo "load $db / egd --extended alone: wall $(ratio "$l" "$e")x, cpu $(ratio "$lc" "$ec")x;" \
      "share of load cpu outside the PGN pipeline: $(echo "scale=0; 100 * ($lc - $ec) / $lc" | bc)%"
  done
else
  echo "(no \`scoresheet egd\` command in this build: no pipeline share)"
fi
if [ -n "${BASE:-}" ]; then
  for db in sqlite postgres; do
    echo "load $db, base build / this build: wall" \
      "$(ratio "$(get "base load $db" 1)" "$(get "scoresheet load $db" 1)")x," \
      "cpu $(ratio "$(get "base load $db" 2)" "$(get "scoresheet load $db" 2)")x"
  done
fi

# The engines' own share (FLOOR=1): the rows of moves that a load stored, written again by the
# database itself, with no PGN reading, replay or client in the way; then the two indexes of
# moves that a bulk load builds at its end. Best wall of RUNS each.
#   SQLite (sqlite3 shell): INSERT ... SELECT from the loaded file into an empty table of the
#   same definition, with the bulk load's settings (rollback journal, synchronous=OFF, 16 MiB
#   cache; 1 MiB and one helper thread for the index builds). The WHERE clause keeps SQLite
#   from copying the stored records as they are (its transfer optimization): every row is
#   decoded from the source, then encoded and inserted, so this overstates the insert alone.
#   PostgreSQL: one backend COPYs a binary file of the rows (written beforehand by COPY TO)
#   into an empty table without indexes, then builds the primary key and the position index.
if [ -n "${FLOOR:-}" ]; then
  command -v sqlite3 >/dev/null || { echo "FLOOR=1 needs the sqlite3 shell" >&2; exit 1; }
  echo
  best_of() { # NAME SECONDS...: prints the smallest
    local name="$1"
    shift
    printf '%-28s %8.2f\n' "$name" "$(printf '%s\n' "$@" | sort -n | head -1)" | tee -a "$work/results"
  }
  rm -f "$work"/*.db*
  "$bin" load --quiet --db "$work/src.db" "$pgn"
  table_sql="$(sqlite3 "$work/src.db" "SELECT sql FROM sqlite_master WHERE name = 'moves'")"
  ins=() idx=()
  for ((i = 0; i < runs; i++)); do
    rm -f "$work/floor.db"*
    sqlite3 "$work/floor.db" "PRAGMA journal_mode=DELETE; $table_sql" >/dev/null
    out="$(sqlite3 "$work/floor.db" <<EOF
PRAGMA synchronous=OFF; PRAGMA cache_size=-16384;
ATTACH '$work/src.db' AS src;
.timer on
INSERT INTO main.moves SELECT * FROM src.moves WHERE 1;
PRAGMA cache_size=-1024; PRAGMA threads=1;
CREATE UNIQUE INDEX main.moves_pkey ON moves (game_id, ply);
CREATE INDEX main.moves_position_key ON moves (position_key);
EOF
)"
    # Timed: the insert first, the two index builds last.
    mapfile -t t < <(echo "$out" | awk '/^Run Time/ {print $4}')
    ins+=("${t[0]}")
    idx+=("$(echo "${t[-2]} + ${t[-1]}" | bc)")
  done
  best_of "sqlite3: insert moves" "${ins[@]}"
  best_of "sqlite3: build 2 indexes" "${idx[@]}"
  fresh_pg >/dev/null
  "$bin" load --quiet --db "$base/bench" "$pgn"
  rows="$work/moves.bin"
  chmod 755 "$work"
  psql -X -q "$base/bench" -c "\\copy moves TO '$rows' (FORMAT binary)"
  chmod 644 "$rows"
  copy=() pidx=()
  for ((i = 0; i < runs; i++)); do
    out="$(psql -X -q "$base/bench" <<EOF
DROP TABLE IF EXISTS moves_floor;
CREATE TABLE moves_floor (LIKE moves);
SET synchronous_commit = off;
\timing on
COPY moves_floor FROM '$rows' (FORMAT binary);
ALTER TABLE moves_floor ADD PRIMARY KEY (game_id, ply);
CREATE INDEX ON moves_floor (position_key);
EOF
)"
    mapfile -t t < <(echo "$out" | awk '/^Time:/ {printf "%.3f\n", $2 / 1000}')
    copy+=("${t[0]}")
    pidx+=("$(echo "${t[1]} + ${t[2]}" | bc)")
  done
  best_of "postgres: COPY moves" "${copy[@]}"
  best_of "postgres: build 2 indexes" "${pidx[@]}"
  echo "sqlite3 insert + indexes: $(echo "$(get "sqlite3: insert moves" 1) + $(get "sqlite3: build 2 indexes" 1)" | bc) s;" \
    "postgres COPY + indexes: $(echo "$(get "postgres: COPY moves" 1) + $(get "postgres: build 2 indexes" 1)" | bc) s"
fi

# Growth and memory (GROWTH=1): the input repeated 38 times with the Event tag varied per copy
# (game_id is a content hash: identical copies would be duplicates), loaded into an empty SQLite
# file, against its first 10,000 games alone; games/s of each and peak RSS (/usr/bin/time -v).
# MEMORY=1 adds the input repeated 200 times (about 1 GB from real.pgn; the database takes
# about 20 GB of /tmp while it runs): peak RSS must stay under 100 MB.
copies() {
  local i
  for i in $(seq 1 "$1"); do sed "s/^\[Event \"/[Event \"copy $i /" "$pgn"; done
}
if [ -n "${GROWTH:-}${MEMORY:-}" ]; then
  inputs=()
  if [ -n "${GROWTH:-}" ]; then
    big="$work/x38.pgn" small="$work/first-10k.pgn"
    copies 38 >"$big"
    awk '/^\[Event /{n++} n>10000{exit} {print}' "$big" >"$small"
    inputs+=("$small" "$big")
  fi
  if [ -n "${MEMORY:-}" ]; then
    copies 200 >"$work/x200.pgn"
    inputs+=("$work/x200.pgn")
  fi
  for input in "${inputs[@]}"; do
    rm -f "$work"/*.db*
    games="$(grep -c '^\[Event ' "$input")"
    /usr/bin/time -v -o "$work/timev" "$bin" load --quiet --db "$work/bench.db" "$input"
    wall="$(awk -F': ' '/Elapsed/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$work/timev")"
    cpu="$(awk -F': ' '/User time|System time/ {s+=$2} END {print s}' "$work/timev")"
    rss="$(awk -F': ' '/Maximum resident/ {print $2}' "$work/timev")"
    echo "growth: $games games, $(du -h "$input" | cut -f1) input: wall $wall s ($(echo "$games / $wall" | bc) games/s)," \
      "cpu $cpu s ($(echo "$games / $cpu" | bc) games/s), peak RSS $((rss / 1024)) MB"
  done
fi
