#!/usr/bin/env python3
"""The table's own overhead in a practice game: from the engine's `bestmove` line (read by
the table) to the first sample of the VI player's announcement of that move in the audio
record (the opponent-move earcon, then the spoken move), over N demo games against
Stockfish (samples/table-practice.toml). Prints p50/p95 in milliseconds.

    python3 scripts/bench_practice.py [N] [path/to/annabella]
"""

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
binary = sys.argv[2] if len(sys.argv) > 2 else "target/release/annabella"
first, spoken = [], []
for i in range(runs):
    with tempfile.TemporaryDirectory() as out:
        env = dict(os.environ, RUST_LOG="annabella::opponent=debug,warn")
        done = subprocess.run(
            [binary, "demo", "--typed", "--config", "samples/table-practice.toml", "--out", out],
            capture_output=True, text=True, env=env, timeout=300)
        moves = [int(m) for m in re.findall(r"bestmove_ms=(\d+)", done.stderr)]
        index = [json.loads(l) for l in open(os.path.join(out, "announcements.jsonl"))]
        said = [e for e in index if e["listener"] == "vi_player"]
        for at in moves:
            after = [e for e in said if e["time_ms"] >= at]
            if after:
                first.append(after[0]["time_ms"] - at)
            words = [e for e in after if e["source"] == "announcement"]
            if words:
                spoken.append(words[0]["time_ms"] - at)


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


for name, xs in [("first sample (earcon)", first), ("spoken move", spoken)]:
    print(f"{name}: n={len(xs)} p50={pct(xs, 50)} ms p95={pct(xs, 95)} ms max={max(xs)} ms "
          f"mean={statistics.mean(xs):.1f} ms")
