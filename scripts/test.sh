#!/usr/bin/env bash
# The project's tests in one command: the one the README gives and .ci/run calls.
#
#   scripts/test.sh
#
# On a fresh machine (Rust and Python 3.9 or later with `venv`) it sets up what the tests need
# by itself, in a virtual environment of the checkout (`.venv/`, or $SCORESHEET_VENV):
#   - the pinned test dependencies of tests/python/requirements.txt (again when that file
#     changes);
#   - the Python package crates/scoresheet-py, built by maturin with the release profile
#     (again when a file it is built from is newer than the last build, or for another
#     profile). SCORESHEET_PY_PROFILE=dev builds it with the profile `cargo test` uses, which
#     then finds the dependencies built (CI does: one build of the dependency tree, not two).
# Then it runs `cargo test --workspace` and pytest over tests/python (with that environment's
# Python; the suite runs the debug binary `cargo test` has just built). Nothing is installed
# outside the checkout. Java 17 is needed only by the Spark test, which says so when it skips.
# `scripts/test.sh --requirements-only` sets up the virtual environment and its test
# dependencies, and stops there.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each part prints its wall and CPU time (and records it for .ci/run's table).
source scripts/steps.sh
venv=${SCORESHEET_VENV:-.venv}

if [ ! -x "$venv/bin/python" ]; then
  echo "== test set-up: a virtual environment in $venv"
  "${PYTHON:-python3}" -m venv "$venv"
fi
# Used as if activated: the package's build backend (maturin) runs from its bin/.
VIRTUAL_ENV="$(cd "$venv" && pwd)"
export VIRTUAL_ENV PATH="$VIRTUAL_ENV/bin:$PATH"
python="$VIRTUAL_ENV/bin/python"
install=("$python" -m pip install --quiet --disable-pip-version-check)

requirements=tests/python/requirements.txt
if ! cmp -s "$requirements" "$venv/.scoresheet-requirements"; then
  step "test set-up: $requirements into $venv" "${install[@]}" -r "$requirements"
  cp "$requirements" "$venv/.scoresheet-requirements"
fi
# `--requirements-only`: the set-up above only (.ci/run has it done while clippy runs).
if [ "${1:-}" = "--requirements-only" ]; then
  exit 0
fi

# The package is built from these crates (and the workspace's manifest and lock file), with
# this profile (the marker file holds it: a build of another profile is not up to date).
profile=${SCORESHEET_PY_PROFILE:-release}
built="$venv/.scoresheet-package"
sources=(Cargo.toml Cargo.lock crates/scoresheet crates/scoresheet-pgn crates/scoresheet-export
  crates/scoresheet-py)
if [ ! -e "$built" ] || [ "$(cat "$built")" != "$profile" ] ||
  [ -n "$(find "${sources[@]}" -newer "$built" -type f -not -name '*.pyc' -print -quit)" ]; then
  echo "$profile" >"$built.next"
  MATURIN_PEP517_ARGS="--profile $profile" \
    step "test set-up: the Python package (crates/scoresheet-py, maturin, $profile profile)" \
    "${install[@]}" --no-build-isolation --no-deps --force-reinstall ./crates/scoresheet-py
  mv "$built.next" "$built"
fi

# No module of a crate imports another that imports it back, directly or not (DESIGN.md,
# "Reading order").
step "import circles" python3 scripts/import-circles.py
step "cargo test --workspace" cargo test --workspace
# --durations: the slowest tests named in the output, where a long suite shows first.
step "pytest tests/python" "$python" -m pytest -q --durations=10 tests/python

# The npm package (WebAssembly) and its playground page in headless chromium; installs the
# wasm32 target, wasm-bindgen-cli, chromium and the package's dev dependencies when missing.
# Compares with the debug binary built above, so it runs last.
step "wasm package tests (scripts/test-wasm.sh)" bash scripts/test-wasm.sh
