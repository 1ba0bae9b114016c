#!/usr/bin/env python3
"""The table's own overhead in a practice game: from the engine's `bestmove` line (read by
the table) to the first sample of the VI player's announcement of that move in the audio
record (the opponent-move earcon, then the spoken move), over N demo games against
Stockfish (samples/table-practice.toml). Prints p50/p95 in milliseconds.

    python3 scripts/bench_practice.py [N] [path/to/annabella] [--loaded]

With --loaded the same N games are played twice in one run: first on the machine as it
is, then with one busy process per core beside them (the peer), and the ratio of the two
p95s is printed.
"""

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

args = [a for a in sys.argv[1:] if not a.startswith("--")]
loaded = "--loaded" in sys.argv[1:]
runs = int(args[0]) if len(args) > 0 else 10
binary = args[1] if len(args) > 1 else "target/release/annabella"


def games(n):
    """The latencies of n demo games: (first sample, spoken move), each a list of ms."""
    first, spoken = [], []
    for _ in range(n):
        with tempfile.TemporaryDirectory() as out:
            env = dict(os.environ, RUST_LOG="annabella::opponent=debug,warn")
            done = subprocess.run(
                [binary, "demo", "--typed", "--config", "samples/table-practice.toml",
                 "--out", out],
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
    return first, spoken


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def report(label, first, spoken):
    for name, xs in [("first sample (earcon)", first), ("spoken move", spoken)]:
        print(f"{label}{name}: n={len(xs)} p50={pct(xs, 50)} ms p95={pct(xs, 95)} ms "
              f"max={max(xs)} ms mean={statistics.mean(xs):.1f} ms")


quiet = games(runs)
report("", *quiet)
if loaded:
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(os.cpu_count() or 2)]
    try:
        under = games(runs)
    finally:
        for p in busy:
            p.kill()
            p.wait()
    report(f"loaded ({len(busy)} busy processes): ", *under)
    for name, q, u in [("first sample", quiet[0], under[0]), ("spoken move", quiet[1], under[1])]:
        print(f"ratio loaded/quiet, {name}: p50 {pct(u, 50) / max(pct(q, 50), 1):.2f}, "
              f"p95 {pct(u, 95) / max(pct(q, 95), 1):.2f}")
