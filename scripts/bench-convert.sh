#!/usr/bin/env bash
# Runs the `convert` criterion benchmark (crates/scoresheet/benches/convert.rs) and prints the
# time of converting into and out of each notation of issue 13 as a ratio to SAN-to-SAN
# (target: within 2x). Usage: scripts/bench-convert.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench --quiet -p scoresheet --bench convert >/dev/null
dir=target/criterion/convert
mean() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["mean"]["point_estimate"])' "$1/new/estimates.json"; }
base=$(mean "$dir/san")
printf '%-14s %12s %12s %8s %8s\n' notation into_ms out_ms into/san out/san
printf '%-14s %12.3f %12.3f %8s %8s\n' san "$(awk -v b="$base" 'BEGIN{print b/1e6}')" "$(awk -v b="$base" 'BEGIN{print b/1e6}')" 1.00 1.00
for n in figurine san-de san-ru san-zh iccf smith descriptive; do
  into=$(mean "$dir/into_$n"); out=$(mean "$dir/out_$n")
  awk -v n="$n" -v i="$into" -v o="$out" -v b="$base" \
    'BEGIN {printf "%-14s %12.3f %12.3f %8.2f %8.2f\n", n, i/1e6, o/1e6, i/b, o/b}'
done
