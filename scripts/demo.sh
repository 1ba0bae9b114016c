#!/usr/bin/env bash
# The main job of annabella: installs what is missing (scripts/setup.sh), builds the
# release binary and runs a fully simulated table (`annabella demo`: simulated peg board,
# DGT board and tactile clock on pseudo-terminals, the VI player's words from
# samples/demo-script.txt); journal, PGN, Braille and audio go to demo-output/.
# Extra arguments go to the program (e.g. --script FILE, --verbose, --json, --text).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
cd "$root"
cargo build --release --locked --quiet
exec "$root/target/release/annabella" demo --out "$root/demo-output" "$@"
