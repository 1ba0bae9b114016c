#!/usr/bin/env bash
# Fetches the small Vosk models annabella listens with into models/:
#   vosk-model-small-de-0.15     German (FIDE scheme)      ~45 MB
#   vosk-model-small-en-us-0.15  English                   ~40 MB
# from https://alphacephei.com/vosk/models, with a progress bar and a SHA-256 check
# against models/SHA256SUMS.
#
#   models/fetch.sh [de] [en] [--trust]
#
# Without network: download the .zip files on another machine, put them in models/,
# and run this script again; it verifies and unpacks them.
# A digest not yet in SHA256SUMS is printed and the archive refused, unless --trust is
# given: then it is recorded (trust on first use) and checked on every later fetch.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
base_url="https://alphacephei.com/vosk/models"
sums="$here/SHA256SUMS"
trust=0
langs=()
for a in "$@"; do
  case "$a" in
    --trust) trust=1 ;;
    de|en) langs+=("$a") ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "fetch.sh: unknown argument $a (expected de, en or --trust)" >&2; exit 2 ;;
  esac
done
[ ${#langs[@]} -gt 0 ] || langs=(de en)

say() { printf 'fetch.sh: %s\n' "$*" >&2; }

name_of() {
  case "$1" in
    de) echo vosk-model-small-de-0.15 ;;
    en) echo vosk-model-small-en-us-0.15 ;;
  esac
}

fetch_one() {
  local lang=$1 name; name=$(name_of "$1")
  local zip="$here/$name.zip" dest="$here/$name"
  if [ -f "$dest/.complete" ]; then say "$name: already there ($dest)"; return 0; fi
  if [ ! -s "$zip" ]; then
    say "$name: downloading $base_url/$name.zip"
    if ! curl --fail --location --progress-bar --connect-timeout 15 -o "$zip.part" "$base_url/$name.zip"; then
      rm -f "$zip.part"
      say "$name: cannot download from alphacephei.com (no network, or the host is blocked here)."
      say "  On a machine with internet: curl -LO $base_url/$name.zip"
      say "  then copy $name.zip into $here/ and run $0 again (it verifies and unpacks it)."
      return 1
    fi
    mv "$zip.part" "$zip"
  fi
  local digest pinned
  digest=$(sha256sum "$zip" | awk '{print $1}')
  pinned=$(awk -v f="$name.zip" '$2 == f {print $1}' "$sums" 2>/dev/null || true)
  if [ -z "$pinned" ]; then
    if [ "$trust" -eq 1 ]; then
      printf '%s  %s\n' "$digest" "$name.zip" >> "$sums"
      say "$name: recorded sha256 $digest in SHA256SUMS (trust on first use)"
    else
      say "$name: no pinned checksum in SHA256SUMS; the archive's sha256 is $digest."
      say "  Compare it with a trusted source, then run: $0 $lang --trust"
      return 1
    fi
  elif [ "$pinned" != "$digest" ]; then
    say "$name: CHECKSUM MISMATCH: expected $pinned, got $digest; $zip removed"
    rm -f "$zip"
    return 1
  else
    say "$name: sha256 ok"
  fi
  say "$name: unpacking"
  rm -rf "$dest.part"
  python3 - "$zip" "$dest.part" <<'PY'
import sys, zipfile
z, out = sys.argv[1:]
with zipfile.ZipFile(z) as f:
    f.extractall(out)
PY
  # The archives hold one top-level directory named like the model.
  if [ -d "$dest.part/$name" ]; then mv "$dest.part/$name" "$dest"; rm -rf "$dest.part"; else mv "$dest.part" "$dest"; fi
  python3 "$here/manifest.py" "$dest"
  touch "$dest/.complete"
  say "$name: ready in $dest (annabella listen --model $dest …)"
}

status=0
for l in "${langs[@]}"; do
  fetch_one "$l" || status=1
done
exit $status
