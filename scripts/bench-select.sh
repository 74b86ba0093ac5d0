#!/usr/bin/env bash
# `scoresheet select` against pgn-extract on one PGN file: first the same selection by both
# for eight criteria (a player, a rating threshold, a date range, an ECO range, a position, a
# material signature, duplicates, checkmates), compared game by game; then the wall time of
# tag-only and position selection, interleaved (A B A B ...), as medians and ratios, with
# scoresheet on its default threads (the cores) and on one (pgn-extract has one). The
# machines are noisy and shared: only ratios of medians from one run mean anything.
#
# usage: scripts/bench-select.sh [FILE] [ROUNDS]
#   FILE    default ../shared/data/pgn/real.pgn (3,970 games)
#   ROUNDS  default 5 (0: agreement only)
#   BIN     the scoresheet binary (default target/release/scoresheet, built here)
#
# Needs: `apt-get install -y pgn-extract`. Games are matched by their tags (White, Black, Date,
# Round, Site, Link, UTCTime, StartTime), since pgn-extract rewrites the games it writes.
set -euo pipefail
shared="$(cd "$(dirname "$0")/../.." && pwd)/shared"
cd "$(dirname "$0")/.."
FILE=${1:-$shared/data/pgn/real.pgn}
ROUNDS=${2:-5}
if [ -z "${BIN:-}" ]; then
  cargo build --release -q -p scoresheet-cli
  BIN=${CARGO_TARGET_DIR:-target}/release/scoresheet
fi
PE=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$PE" ] || { echo "pgn-extract not installed (apt-get install -y pgn-extract)"; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

PLAYER=DrDrunkenstein
OPEN_FEN='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
printf 'WhiteElo >= "2500"\n' > "$TMP/elo.tags"
printf 'Date >= "2017.01.01"\nDate <= "2017.12.31"\n' > "$TMP/date.tags"
# pgn-extract matches ECO by prefix (its `>=`/`<=` on ECO matched only B90 and B99 exactly).
printf 'ECO "B9"\n' > "$TMP/eco.tags"
printf 'e4 e5 Nf3 Nc6\n' > "$TMP/open.var"
# `1`: the balance need last one position (pgn-extract's default is 2 half-moves).
printf '1 rp r\n' > "$TMP/krp_kr.mat"

declare -A SS=(
  [player]="--where 'White = $PLAYER or Black = $PLAYER'"
  [rating]="--where 'WhiteElo >= 2500'"
  [date]="--where 'Date >= 2017.01.01 and Date <= 2017.12.31'"
  [eco]="--where 'ECO >= B90 and ECO <= B99'"
  [position]="--position '$OPEN_FEN'"
  [material]="--material 'KRP vs KR'"
  [duplicates]="--unique"
  [checkmate]="--checkmate"
)
declare -A PX=(
  [player]="-Tp$PLAYER"
  [rating]="-t $TMP/elo.tags"
  [date]="-t $TMP/date.tags"
  [eco]="-t $TMP/eco.tags"
  [position]="-x $TMP/open.var"
  [material]="-z $TMP/krp_kr.mat"
  [duplicates]="-D"
  [checkmate]="-M"
)
ORDER=(player rating date eco position material duplicates checkmate)

echo "file=$FILE"
echo "criterion scoresheet pgn-extract only_scoresheet only_pgn-extract"
for name in "${ORDER[@]}"; do
  eval "$BIN select -q ${SS[$name]} -o $TMP/ss.pgn $FILE" 2>/dev/null || true
  eval "$PE -s ${PX[$name]} -o $TMP/pe.pgn $FILE" 2>/dev/null || true
  python3 - "$name" "$TMP/ss.pgn" "$TMP/pe.pgn" <<'PY'
import collections, re, sys
KEYS = ("White", "Black", "Date", "Round", "Site", "Link", "UTCTime", "StartTime")
def games(path):
    found, tags = collections.Counter(), {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m:
            tags[m.group(1)] = m.group(2)
        elif tags and line.strip():
            found[tuple(tags.get(k) for k in KEYS)] += 1
            tags = {}
    return found
ss, pe = games(sys.argv[2]), games(sys.argv[3])
print(sys.argv[1], sum(ss.values()), sum(pe.values()), sum((ss - pe).values()), sum((pe - ss).values()))
PY
done

((ROUNDS > 0)) || exit 0
declare -A CMDS=(
  [ss_tags]="$BIN select -q --where 'White = $PLAYER or Black = $PLAYER' -o /dev/null $FILE"
  [pe_tags]="$PE -s -Tp$PLAYER -o /dev/null $FILE"
  [ss_position]="$BIN select -q --position '$OPEN_FEN' -o /dev/null $FILE"
  [ss1_tags]="$BIN select -q --threads 1 --where 'White = $PLAYER or Black = $PLAYER' -o /dev/null $FILE"
  [ss1_position]="$BIN select -q --threads 1 --position '$OPEN_FEN' -o /dev/null $FILE"
  [pe_position]="$PE -s -x $TMP/open.var -o /dev/null $FILE"
)
TIMES="$TMP/times"
for ((r = 1; r <= ROUNDS; r++)); do
  for name in ss_tags ss1_tags pe_tags ss_position ss1_position pe_position; do
    t0=$(date +%s.%N); eval "${CMDS[$name]}" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
    echo "$name $(echo "$t1 - $t0" | bc)" >> "$TIMES"
  done
done
echo "rounds=$ROUNDS (whole-process wall time, median of interleaved runs)"
python3 - "$TIMES" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, t = line.split()
    runs[name].append(float(t))
med = {k: statistics.median(v) for k, v in runs.items()}
for k in sorted(med):
    print(f"{k:12} {med[k]:.3f} s")
for what in ("tags", "position"):
    print(f"{what}: pgn-extract / scoresheet = {med['pe_' + what] / med['ss_' + what]:.1f}x"
          f" (one thread: {med['pe_' + what] / med['ss1_' + what]:.1f}x)")
PY
