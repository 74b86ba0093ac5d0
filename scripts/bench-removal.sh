#!/usr/bin/env bash
# Removal benchmark (issue 28): what it costs `scoresheet load` to remove again the games it
# stored from a compressed input that fails its integrity check, against what storing them
# cost. The input is gzipped and cut at 99% (the archive's end, and so its check, is missing);
# it is loaded into a fresh SQLite file and into a fresh PostgreSQL database, and the load's
# own summary gives the figures: `stored N games ... in T s; R removed again in X s`, where T
# covers the whole load (storing, the removal, the index builds) and X the removal alone.
#
#   scripts/bench-removal.sh [FILE.pgn]     # default: ../shared/data/pgn/real.pgn
#   BIN=target/debug/scoresheet scripts/bench-removal.sh   # a binary already built
#
# Without BIN the `dist` profile is built, as for every benchmark. The PostgreSQL server is
# started (or reused) by .ci/postgres-setup (fsync=off: this measures work, not the disk).
# Each load runs RUNS times (default 3); the run with the least total time is shown. Prints,
# per database: games stored, store time (T - X), removal time (X), and removal / store.
set -euo pipefail
shared="$(cd "$(dirname "$0")/../.." && pwd)/shared"
cd "$(dirname "$0")/.."
root="$PWD"
pgn="$(realpath "${1:-$shared/data/pgn/real.pgn}")"
runs="${RUNS:-3}"
if [ -z "${BIN:-}" ]; then
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
  cargo build --profile dist -q -p scoresheet-cli
  BIN="$CARGO_TARGET_DIR/dist/scoresheet"
fi
# shellcheck source=/dev/null
source .ci/postgres-setup 2>/dev/null
base="${SCORESHEET_TEST_POSTGRES_URL%/*}"
work="$(mktemp -d /tmp/scoresheet-bench-removal.XXXXXX)"
trap 'rm -rf "$work"' EXIT

gzip -c "$pgn" >"$work/full.pgn.gz"
size="$(stat -c %s "$work/full.pgn.gz")"
head -c "$((size * 99 / 100))" "$work/full.pgn.gz" >"$work/cut.pgn.gz"

fresh_target() {
  case "$1" in
    sqlite)
      rm -f "$work"/bench.db*
      echo "sqlite:$work/bench.db"
      ;;
    postgres)
      PGOPTIONS='-c client_min_messages=warning' psql -X -q "$base/postgres" -c "DROP DATABASE IF EXISTS bench_removal WITH (FORCE)" \
        -c "CREATE DATABASE bench_removal TEMPLATE template0" >/dev/null
      echo "$base/bench_removal"
      ;;
  esac
}

# load_once DB: prints "stored total_s removal_s" from the summary of one load of the cut file
# (which must fail with the integrity error: exit 2, the removal reported).
load_once() {
  local target status=0 line
  target="$(fresh_target "$1")"
  "$BIN" load --db "$target" "$work/cut.pgn.gz" >/dev/null 2>"$work/err" || status=$?
  line="$(grep -m1 'removed again in' "$work/err" || true)"
  if [ "$status" != 2 ] || [ -z "$line" ]; then
    echo "bench-removal: expected exit 2 and a removal, got exit $status:" >&2
    cat "$work/err" >&2
    return 1
  fi
  sed -E 's/^stored ([0-9]+) games? .* in ([0-9.]+) s; ([0-9]+) removed again in ([0-9.]+) s.*/\1 \2 \4/' \
    <<<"$line"
}

echo "input: $pgn gzipped ($size bytes), cut at 99%; binary: $BIN; runs: $runs"
printf '%-10s %8s %9s %10s %9s\n' "" "games" "store s" "removal s" "ratio"
for db in sqlite postgres; do
  best="" best_total=""
  for ((i = 0; i < runs; i++)); do
    result="$(load_once "$db")"
    read -r stored total removal <<<"$result"
    if [ -z "$best" ] || (($(echo "$total < $best_total" | bc))); then
      best="$stored $total $removal" best_total="$total"
    fi
  done
  read -r stored total removal <<<"$best"
  store="$(echo "$total - $removal" | bc)"
  printf '%-10s %8d %9.2f %10.2f %9.2f\n' "$db" "$stored" "$store" "$removal" \
    "$(echo "scale=3; $removal / $store" | bc)"
done
