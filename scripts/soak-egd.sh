#!/usr/bin/env bash
# Soak test (not part of `cargo test`): builds a multi-GB PGN by concatenating real.pgn,
# converts it with `scoresheet egd` (plain and .zst, one thread and --threads 2), and checks that
#   games in = games converted + games reported as errors, games in = copies x games per copy,
#   peak memory (max RSS) stays under 100 MB.
# Usage: scripts/soak-egd.sh [COPIES] [PGN]   (default 200 copies of real.pgn: about 1.06 GB)
set -euo pipefail
# The shared data and peer harness live beside the repository: ../shared from its root,
# resolved from this script's own directory (works from any working directory or worktree).
shared="$(cd "$(dirname "$0")/../.." && pwd)/shared"
cd "$(dirname "$0")/.."
copies="${1:-200}"
pgn="${2:-$shared/data/pgn/real.pgn}"
command -v zstd >/dev/null || apt-get install -y zstd >/dev/null
[ -x /usr/bin/time ] || apt-get install -y time >/dev/null
cargo build --quiet --release -p scoresheet-cli
bin=target/release/scoresheet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
per_copy=$(grep -c '^\[Event ' "$pgn")
for _ in $(seq "$copies"); do cat "$pgn"; printf '\n'; done > "$work/big.pgn"
zstd -q -1 -T2 "$work/big.pgn" -o "$work/big.pgn.zst"
echo "input: $(du -h "$work/big.pgn" | cut -f1) plain, $(du -h "$work/big.pgn.zst" | cut -f1) zstd; expecting $((per_copy * copies)) games"
status=0
for run in "big.pgn 1" "big.pgn.zst 1" "big.pgn 2" "big.pgn.zst 2"; do
  read -r name threads <<< "$run"
  input="$work/$name"
  /usr/bin/time -v "$bin" egd --threads "$threads" "$input" -o /dev/null 2> "$work/err" || true
  summary=$(grep '^egd: ' "$work/err" | tail -1)
  rss_kb=$(grep 'Maximum resident set size' "$work/err" | awk '{print $NF}')
  secs=$(grep 'Elapsed (wall clock)' "$work/err" | awk '{print $NF}')
  echo "$name, $threads thread(s): $summary; max RSS $((rss_kb / 1024)) MB; wall $secs"
  games_in=$(echo "$summary" | grep -o '[0-9]* games in' | cut -d' ' -f1)
  converted=$(echo "$summary" | grep -o '[0-9]* converted' | cut -d' ' -f1)
  errors=$(echo "$summary" | grep -o '[0-9]* reported' | cut -d' ' -f1)
  [ "$games_in" -eq $((per_copy * copies)) ] || { echo "FAIL: games in"; status=1; }
  [ "$games_in" -eq $((converted + errors)) ] || { echo "FAIL: games lost"; status=1; }
  [ "$rss_kb" -lt 102400 ] || { echo "FAIL: peak memory"; status=1; }
done
exit $status
