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
# time) rather than compute: a run keeps about a fifth of two cores busy. Four test
# threads per binary overlap those waits.
cargo test --workspace --locked -- --test-threads=4
