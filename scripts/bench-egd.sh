#!/usr/bin/env bash
# Times `scoresheet egd` against its peers on one PGN file, interleaved (A B C D A B C D ...),
# and prints the median wall time of each and the ratios. The machines are noisy and shared:
# only ratios of medians from one run of this script mean anything.
#
# usage: scripts/bench-egd.sh [FILE] [ROUNDS]
#   FILE    default ../shared/data/pgn/real.pgn (3,970 games)
#   ROUNDS  default 5; python-chess (about a minute per run) runs once, unless PYCHESS_RUNS=n
#
# Needs: `cargo build --profile dist -p scoresheet-cli` (done here; the `dist` profile of
# Cargo.toml, whole-program optimisation), the peers harness
# (CARGO_TARGET_DIR=/tmp/peers-target cargo build --release --manifest-path
# ../shared/bench/peers/Cargo.toml), `apt-get install -y pgn-extract`, `pip install
# chess==1.11.2`. A missing peer is skipped.
set -euo pipefail
# The shared data and peer harness live beside the repository: ../shared from its root,
# resolved from this script's own directory (works from any working directory or worktree).
shared="$(cd "$(dirname "$0")/../.." && pwd)/shared"
cd "$(dirname "$0")/.."
FILE=${1:-$shared/data/pgn/real.pgn}
ROUNDS=${2:-5}
PYCHESS_RUNS=${PYCHESS_RUNS:-1}
BIN=${CARGO_TARGET_DIR:-target}/dist/scoresheet
PEERS=/tmp/peers-target/release/peers
PE=$(command -v pgn-extract || echo /usr/games/pgn-extract)
cargo build --profile dist -q -p scoresheet-cli

declare -A CMDS=(
  [scoresheet_1t]="$BIN egd $FILE -o /dev/null --quiet"
  [scoresheet_2t]="$BIN egd $FILE -o /dev/null --quiet --threads 2"
  [shakmaty_egd]="$PEERS pgn egd $FILE 1"
  [pgn_extract_json]="$PE -s --json --fencomments -o /tmp/bench-egd-pe.json $FILE"
  [python_chess_egd]="python3 $shared/bench/py/bench_pychess.py egd $FILE 1"
)
ORDER=(scoresheet_1t scoresheet_2t shakmaty_egd pgn_extract_json)
[ -x "$PEERS" ] || { echo "skip shakmaty: $PEERS not built"; ORDER=(${ORDER[@]/shakmaty_egd}); }
[ -x "$PE" ] || { echo "skip pgn-extract: not installed"; ORDER=(${ORDER[@]/pgn_extract_json}); }
python3 -c 'import chess' 2>/dev/null || { echo "skip python-chess: not installed"; PYCHESS_RUNS=0; }

TIMES=$(mktemp)
time_it() { # name command...
  local name=$1; shift
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N)
  echo "$name $(echo "$t1 - $t0" | bc)" >> "$TIMES"
}
for ((r = 1; r <= ROUNDS; r++)); do
  for name in "${ORDER[@]}"; do
    # shellcheck disable=SC2086
    time_it "$name" ${CMDS[$name]}
  done
  if ((r <= PYCHESS_RUNS)); then
    # shellcheck disable=SC2086
    time_it python_chess_egd ${CMDS[python_chess_egd]}
  fi
done

echo "file=$FILE rounds=$ROUNDS (whole-process wall time, median of interleaved runs)"
python3 - "$TIMES" <<'PY'
import statistics, sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, t = line.split(); runs[name].append(float(t))
med = {n: statistics.median(t) for n, t in runs.items()}
for n, t in runs.items():
    print(f"{n:18} median={med[n]:.3f}s min={min(t):.3f}s runs={len(t)}")
base = med["scoresheet_1t"]
for n in med:
    if n != "scoresheet_1t":
        print(f"ratio {n} / scoresheet_1t = {med[n] / base:.2f}x")
if "scoresheet_2t" in med:
    print(f"speedup --threads 2 vs 1 = {base / med['scoresheet_2t']:.2f}x")
PY
rm -f "$TIMES" /tmp/bench-egd-pe.json
