#!/usr/bin/env bash
# The npm package `scoresheet` (WebAssembly) against chess.js in Node on the games of a PGN
# file (default ../shared/data/pgn/real.pgn): reading every game with its moves, and SAN to
# UCI. Prints times, ratios and the package size. Needs an idle machine; not a test.
# Usage: scripts/bench-wasm.sh [FILE.pgn] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-wasm.sh
cd crates/scoresheet-wasm/npm
[ -d node_modules/chess.js ] || npm ci --no-audit --no-fund
node bench/bench.mjs "$@"
