#!/usr/bin/env bash
# The project's tests: the Rust workspace, then the Python suite that reads `scoresheet export`
# output with real readers (pyarrow, DuckDB, python-chess; `pip install -r
# tests/python/requirements.txt` first). Used by .ci/run and given in the README.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
# The suite uses the debug binary that `cargo test` has just built.
python3 -m pytest -q tests/python

# The npm package (WebAssembly) and its playground page in headless chromium; installs the
# wasm32 target, wasm-bindgen-cli, chromium and the package's dev dependencies when missing.
# Compares with the debug binary built above, so it runs last.
bash scripts/test-wasm.sh
