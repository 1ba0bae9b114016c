#!/usr/bin/env bash
# Runs every test of annabella: installs what is missing (scripts/setup.sh), then
# the firmware build and its simulator checks (make -C hardware check), rustfmt, clippy
# with warnings as errors, and the whole workspace's tests.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
cd "$root"
rustup component add clippy rustfmt >/dev/null 2>&1 || true
echo "== make -C hardware check"
make -C hardware check
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo test"
# Most tests wait (serial round trips, the table's timers, demo scripts played in real
# time, speech-dispatcher, Chromium) rather than compute: `cargo test` alone, one binary
# after another, keeps about a fifth of two cores busy. scripts/run_tests.py builds the
# same test binaries and runs ANNABELLA_TEST_JOBS of them at once (default 3), each with
# four test threads, plus the doc tests; ANNABELLA_TEST_JOBS=1 runs them one by one.
python3 scripts/run_tests.py --jobs "${ANNABELLA_TEST_JOBS:-3}" --locked -- --test-threads=4
