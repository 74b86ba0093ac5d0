#!/usr/bin/env bash
# The npm package `scoresheet` (WebAssembly) in Node on the games of a PGN file (default
# ../shared/data/pgn/real.pgn): against chess.js, reading every game with its moves and SAN to
# UCI (bench/bench.mjs); against chessops, parsing and replaying every mainline, with
# readGames and readTables in interleaved rounds (bench/chessops.mjs). chessops is installed for the benchmark only, into
# bench/node_modules (bench/package.json), never a dependency of the package. Prints times,
# ratios and the package size. Needs an idle machine; not a test.
# Usage: scripts/bench-wasm.sh [FILE.pgn] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-wasm.sh
cd crates/scoresheet-wasm/npm
[ -d node_modules/chess.js ] || npm ci --no-audit --no-fund
[ -d bench/node_modules/chessops ] || npm install --prefix bench --no-audit --no-fund --loglevel=error
node bench/bench.mjs "$@"
node bench/chessops.mjs "$@"
