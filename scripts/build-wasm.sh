#!/usr/bin/env bash
# Builds the npm package `scoresheet` (WebAssembly) into crates/scoresheet-wasm/npm/gen/:
# the crate for wasm32-unknown-unknown (the `wasm` profile: `dist`'s fat LTO and one codegen
# unit, optimised for size; the release profile's parallel code generation gave 499 KB gzipped
# instead of about 320 KB), then wasm-bindgen's ES module (`--target web`: index.js initialises
# it with fetch in browsers, node.js with the file's bytes in Node), without the name and
# producers sections (function names for debuggers: 27 KB gzipped). No wasm-opt: Debian's
# binaryen (108) breaks wasm-bindgen's externref table, and its -O3 output was larger (351 KB
# gzipped, not 320 KB). Prints the .wasm's size, plain and gzipped, against the 450 KB budget
# (issue 39: the package with readTables).
#
# Needs: wasm-bindgen-cli at the version of wasm-bindgen in Cargo.lock (scripts/test-wasm.sh
# installs it from crates.io). Adds the wasm32-unknown-unknown target through rustup when
# missing (the one place the scripts add it: .ci/run and scripts/test-wasm.sh build through
# this script).
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
gen=crates/scoresheet-wasm/npm/gen
# `--compile-only`: the crate only (no wasm-bindgen needed): .ci/run compiles it ahead, in the
# background, and the package build then finds it up to date.
compile() {
  cargo build -p scoresheet-wasm --target wasm32-unknown-unknown --profile wasm --quiet
}
if [ "${1:-}" = "--compile-only" ]; then
  compile
  exit
fi
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "build-wasm: wasm-bindgen-cli $want is needed (found '${have:-none}'): cargo install wasm-bindgen-cli --version $want" >&2
  exit 2
fi
compile
rm -rf "$gen"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$gen" \
  target/wasm32-unknown-unknown/wasm/scoresheet_wasm.wasm
wasm="$gen/scoresheet_wasm_bg.wasm"
plain=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "build-wasm: $wasm: $plain bytes, $gz gzipped (budget 460800 gzipped)"
if [ "$gz" -gt 460800 ]; then
  echo "build-wasm: over the 450 KB budget" >&2
  exit 1
fi
