#!/usr/bin/env bash
# Regenerates the gallery docs/screens/*.png that the README shows: the pages' screenshot
# tests run in headless Chromium (the same pixel checks as in CI) and, with
# ANNABELLA_SCREENS set, write a few of their screenshots into docs/screens/; the
# scoresheet tests render page 1 of the demo's printed scoresheet and a sheet with long
# names and 60 moves there with pdftoppm.
# Nothing in docs/screens/ is made by hand. Needs chromium, chromium-driver, mosquitto
# and poppler-utils (scripts/setup.sh installs them).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
export ANNABELLA_SCREENS="$root/docs/screens"
rm -rf "$ANNABELLA_SCREENS"
mkdir -p "$ANNABELLA_SCREENS"
cargo test --locked -p annabella-console --test screens
cargo test --locked --test hall_screens
if [ -f tests/scoresheet.rs ]; then cargo test --locked --test scoresheet; fi
cargo test --locked -p annabella-records --test scoresheet_pdf no_text_leaves_its_cell
ls -l "$ANNABELLA_SCREENS"
