#!/usr/bin/env bash
# The main job of annabella: installs what is missing (scripts/setup.sh), builds the
# release binary and runs a fully simulated table. Extra arguments go to the program.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/setup.sh"
if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
cd "$root"
cargo build --release --locked --quiet
exec "$root/target/release/annabella" replay "$root/samples/opera-game.pgn" "$@"
