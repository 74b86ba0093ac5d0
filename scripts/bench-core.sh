#!/usr/bin/env bash
# Compares resolving + playing SAN mainlines (scoresheet `replay` example) with shakmaty +
# pgn-reader (`peers pgn play`) on the same file, interleaved A B A B, medians of medians.
# Usage: scripts/bench-core.sh [FILE] [ROUNDS]   (default: real_clean.pgn, 5 rounds)
set -euo pipefail
# The shared data and peer harness live beside the repository: ../shared from its root,
# resolved from this script's own directory (works from any working directory or worktree).
shared="$(cd "$(dirname "$0")/../.." && pwd)/shared"
cd "$(dirname "$0")/.."
file="${1:-crates/scoresheet/tests/data/real_clean.pgn}"
rounds="${2:-5}"
peers_manifest="$shared/bench/peers/Cargo.toml"
CARGO_TARGET_DIR=/tmp/peers-target cargo build --quiet --release --manifest-path "$peers_manifest"
cargo build --quiet --profile dist -p scoresheet --example replay
ours=(); theirs=()
for _ in $(seq "$rounds"); do
  theirs+=("$(/tmp/peers-target/release/peers pgn play "$file" 5 | grep -o 'median=[0-9.]*' | tail -1 | cut -d= -f2)")
  ours+=("$(target/dist/examples/replay "$file" 5 | grep -o 'median=[0-9.]*' | cut -d= -f2)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
m_ours=$(median "${ours[@]}"); m_theirs=$(median "${theirs[@]}")
echo "shakmaty+pgn-reader play: ${m_theirs}s   scoresheet replay: ${m_ours}s"
awk -v a="$m_theirs" -v b="$m_ours" 'BEGIN {printf "scoresheet speed / shakmaty speed = %.2f\n", a / b}'
