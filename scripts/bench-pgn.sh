#!/usr/bin/env bash
# PGN reading against python-chess in one run: a generated 50 MB PGN of comment-heavy games
# (and one game with a million comments after one move), read by `annabella replay` and by
# python-chess's `chess.pgn.read_game`; prints comments per second and peak RSS of each.
# Usage: scripts/bench-pgn.sh   (builds the release binary; needs `pip install chess`)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
python3 - <<'PY'
import os, subprocess, sys, tempfile, time
import chess, chess.pgn

def run(cmd):
    """Wall time and peak RSS (MB) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024

PEER = """
import sys, chess.pgn
with open(sys.argv[1]) as f:
    while chess.pgn.read_game(f) is not None:
        pass
"""

with tempfile.TemporaryDirectory() as d:
    big = os.path.join(d, "big.pgn")
    game = ("[Event \"big\"]\n\n1. e4 " + "{a remark} " * 2000 + "e5 (1... c5 {x}) 2. Nf3 $1 Nc6 *\n\n")
    comments_per_game = 2001
    with open(big, "w") as f:
        n = 0
        while f.tell() < 50 << 20:
            f.write(game); n += 1
    million = os.path.join(d, "million.pgn")
    with open(million, "w") as f:
        f.write("1. e4 " + "{c} " * 1_000_000 + "e5 *\n")
    size = os.path.getsize(big) / (1 << 20)
    print(f"{size:.0f} MB, {n} games, {n * comments_per_game:,} comments; then 1 game with 1,000,000 comments")
    print("| reader | file | time | comments/s | peak RSS |")
    print("|---|---|---|---|---|")
    for name, cmd in [("annabella replay", ["target/release/annabella", "replay", "--json"]),
                      ("python-chess read_game", [sys.executable, "-c", PEER])]:
        for label, path, comments in [("50 MB", big, n * comments_per_game), ("1 M comments", million, 1_000_000)]:
            wall, rss = run(cmd + [path])
            print(f"| {name} | {label} | {wall:.2f} s | {comments / wall / 1e6:.2f} M | {rss:.0f} MB |")
PY
