#!/usr/bin/env bash
# Builds the Debian package target/debian/annabella_<version>_<arch>.deb with cargo-deb
# (scripts/setup.sh installs it): /usr/bin/annabella, libvosk in /usr/lib/annabella,
# samples, the demo script, the hardware documents and models/fetch.sh in
# /usr/share/annabella, the systemd units annabella@.service and annabella@.socket.
#
#   scripts/package.sh                     release build, then the package
#   scripts/package.sh --binary FILE       package an already built binary (tests use
#                                          the test build: no second 6-minute build)
#
# The packaged binary's rpath is set to $ORIGIN/../lib/annabella:$ORIGIN only (patchelf),
# so the installed annabella never looks into this checkout. libvosk comes from
# VOSK_LIB_DIR, else .local/vosk (scripts/setup.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=${2:?--binary needs a FILE}; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "package.sh: unknown argument $1 (expected --binary FILE)" >&2; exit 2 ;;
  esac
done
say() { printf 'package.sh: %s\n' "$*" >&2; }
need() { command -v "$1" >/dev/null || { say "$1 is missing: run scripts/setup.sh"; exit 1; }; }
need cargo-deb
need patchelf
cd "$root"
if [ -z "$binary" ]; then
  say "building the release binary"
  cargo build --release --locked --bin annabella
  binary=target/release/annabella
fi
[ -x "$binary" ] || { say "$binary: no such binary"; exit 1; }
vosk=${VOSK_LIB_DIR:-$root/.local/vosk}
[ -s "$vosk/libvosk.so" ] || { say "$vosk/libvosk.so is missing: run scripts/setup.sh or set VOSK_LIB_DIR"; exit 1; }

stage=target/package-stage
rm -rf "$stage"
mkdir -p "$stage"
# Debug information stays out of the package (the test build's binary is ~200 MB).
objcopy --strip-debug "$binary" "$stage/annabella"
patchelf --set-rpath '$ORIGIN/../lib/annabella:$ORIGIN' "$stage/annabella"
cp "$vosk/libvosk.so" "$stage/libvosk.so"
chmod 644 "$stage/libvosk.so"

mkdir -p target/debian
say "packaging"
cargo deb --no-build --no-strip --fast --output target/debian/ >&2
ls -1t target/debian/annabella_*.deb | head -n1
