#!/usr/bin/env bash
# Tests of the npm package `scoresheet` (WebAssembly) and its playground page: installs what
# they need from the registries only (wasm-bindgen-cli at the exact version of wasm-bindgen in
# Cargo.lock from crates.io, Debian's chromium, the package's dev dependencies from the npm
# registry), builds the package (scripts/build-wasm.sh, which adds the wasm32-unknown-unknown
# target through rustup), then runs `node --test`: the package's tests (compared with
# the debug command-line tool, which `cargo test --workspace` builds; run that first, and
# readTables with the Python package's read_tables, from the checkout's .venv/ that
# scripts/test.sh sets up) and the page in headless chromium. The page's screenshots are left in target/wasm/.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each part prints its wall and CPU time (and records it for .ci/run's table).
source scripts/steps.sh

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
install_bindgen() {
  # --locked first; without it when a locked dependency of the tool is not on the registry
  # (webpki-roots 1.0.11 for 0.2.130 on 2026-11-26): cargo then picks compatible versions.
  cargo install --quiet wasm-bindgen-cli --version "$want" --locked ||
    cargo install --quiet wasm-bindgen-cli --version "$want"
}
if [ "$have" != "$want" ]; then
  step "wasm: cargo install wasm-bindgen-cli $want" install_bindgen
fi
install_chromium() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
}
if ! command -v chromium >/dev/null; then
  step "wasm: apt-get install chromium" install_chromium
fi
node --version

step "wasm: package" bash scripts/build-wasm.sh

cd crates/scoresheet-wasm/npm
step "wasm: npm ci" npm ci --no-audit --no-fund --loglevel=error
step "wasm: node tests (package and page)" node --test test/

