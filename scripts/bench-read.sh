#!/usr/bin/env bash
# Parse-only PGN read speed: scoresheet-pgn against pgn-reader 0.29 (the peer harness in
# ../shared/bench/peers beside the repository), in interleaved rounds so that both see the same machine load.
#
# Usage: scripts/bench-read.sh [FILE] [ROUNDS] [RUNS]
#   FILE    PGN corpus (default ../shared/data/pgn/real.pgn beside the repository)
#   ROUNDS  interleaved rounds (default 9); each round runs both programs once
#   RUNS    timed passes over FILE per program and round (default 11)
#
# Both programs read the file into memory first and time reading it from a byte slice, counting
# mainline moves and skipping variations. Ours is built with the `bench-peer` profile, which
# has the same code generation settings as the peer harness (fat LTO, one codegen unit, abort).
# Each program reports the median of its RUNS passes; the script prints the median of those
# medians per program and the speed ratio (pgn-reader time / scoresheet time: above 1 means
# scoresheet-pgn is faster).
#
# With BENCH_CRITERION=1 the Criterion bench `crates/scoresheet-pgn/benches/read.rs` runs
# afterwards as a cross-check (it is not interleaved).
#
# Environment: CARGO_TARGET_DIR (ours, default ./target), PEERS_TARGET_DIR (default
# /tmp/peers-target).
set -euo pipefail
# The shared data and peer harness live beside the repository: ../shared from its root,
# resolved from this script's own directory (works from any working directory or worktree).
shared="$(cd "$(dirname "$0")/../.." && pwd)/shared"

file=${1:-$shared/data/pgn/real.pgn}
rounds=${2:-9}
runs=${3:-11}
root=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
peers_target=${PEERS_TARGET_DIR:-/tmp/peers-target}

(cd "$root" && CARGO_TARGET_DIR=$target cargo build -q --profile bench-peer -p scoresheet-pgn --example parse)
CARGO_TARGET_DIR=$peers_target cargo build -q --release --manifest-path "$shared/bench/peers/Cargo.toml"
ours=$target/bench-peer/examples/parse
peer=$peers_target/release/peers

median_of() { sed -n 's/.*median=\([0-9.]*\)s.*/\1/p' | tail -n 1; }

ours_times=()
peer_times=()
for round in $(seq "$rounds"); do
    p=$("$peer" pgn parse "$file" "$runs" | median_of)
    o=$("$ours" "$file" "$runs" | median_of)
    peer_times+=("$p")
    ours_times+=("$o")
    printf 'round %2d: pgn-reader %ss  scoresheet-pgn %ss\n' "$round" "$p" "$o"
done

middle() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
p=$(middle "${peer_times[@]}")
o=$(middle "${ours_times[@]}")
echo "file: $file ($rounds rounds x $runs runs, load $(cut -d' ' -f1-3 /proc/loadavg))"
echo "median pgn-reader 0.29: ${p}s"
echo "median scoresheet-pgn:  ${o}s"
awk -v p="$p" -v o="$o" 'BEGIN { printf "ratio (pgn-reader / scoresheet-pgn): %.2fx\n", p / o }'

if [ "${BENCH_CRITERION:-0}" = 1 ]; then
    (cd "$root" && SCORESHEET_BENCH_PGN=$file CARGO_TARGET_DIR=$target cargo bench -p scoresheet-pgn --bench read)
fi
