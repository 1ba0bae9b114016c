#!/usr/bin/env python3
"""Writes the manifest of a speech model directory: one line per file with its size in
bytes, its SHA-256 and its path relative to the directory, sorted by path.

    python3 models/manifest.py DIR

annabella checks every file's size against it before libvosk loads the model (a file
truncated by an interrupted download or copy would crash libvosk), and `annabella doctor`
checks the SHA-256 too. models/fetch.sh and scripts/setup.sh write it after unpacking.
"""
import hashlib
import os
import sys

NAME = "annabella-manifest.txt"
HEADER = "# annabella model manifest 1: size sha256 path\n"


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: manifest.py MODEL_DIR", file=sys.stderr)
        return 2
    root = argv[1]
    lines = []
    for base, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(base, name)
            rel = os.path.relpath(path, root)
            if rel in (NAME, NAME + ".part", ".complete"):
                continue
            digest = hashlib.sha256()
            with open(path, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    digest.update(block)
            lines.append(f"{os.path.getsize(path)} {digest.hexdigest()} {rel}\n")
    lines.sort(key=lambda line: line.split(" ", 2)[2])
    part = os.path.join(root, NAME + ".part")
    with open(part, "w", encoding="utf-8") as f:
        f.write(HEADER)
        f.writelines(lines)
    os.replace(part, os.path.join(root, NAME))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
