#!/usr/bin/env python3
"""Runs every test binary of the workspace, several at once.

`cargo test` runs its test binaries one after another, and most of annabella's tests wait
(serial round trips over pseudo-terminals, the table's timers, speech-dispatcher, Chromium,
Mosquitto) rather than compute: two cores stay mostly idle. This script builds the test
binaries with `cargo test --no-run`, then runs them in a pool of `--jobs` processes, each
started as cargo starts it (working directory = its package, the `CARGO_*` variables
cargo sets), together with the doc tests (`cargo test --doc`). Each binary's output is
printed whole when it ends, so outputs never interleave; a summary follows. The exit
status is 1 when any test failed or any binary did not end cleanly.

Usage: python3 scripts/run_tests.py [--jobs N] [cargo options ...] [-- test options ...]
e.g.   python3 scripts/run_tests.py --jobs 3 --locked -- --test-threads=4
"""

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

RESULT = re.compile(
    r"test result: (\w+)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured"
)


def split_args(argv):
    """(jobs, cargo options, test options) from the command line."""
    jobs, cargo, tests = 3, [], []
    rest = list(argv)
    if "--" in rest:
        at = rest.index("--")
        rest, tests = rest[:at], rest[at + 1 :]
    i = 0
    while i < len(rest):
        if rest[i] == "--jobs" and i + 1 < len(rest):
            jobs = int(rest[i + 1])
            i += 2
            continue
        cargo.append(rest[i])
        i += 1
    return max(1, jobs), cargo, tests


def build(cargo_opts):
    """Builds every test binary; returns them as (label, executable, package dir, package)."""
    cmd = ["cargo", "test", "--workspace", "--no-run", "--message-format=json-render-diagnostics"]
    proc = subprocess.run(cmd + cargo_opts, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit(proc.returncode)
    binaries = []
    for line in proc.stdout.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") != "compiler-artifact" or not msg.get("executable"):
            continue
        if not msg["profile"]["test"]:
            continue
        pkg_dir = os.path.dirname(msg["manifest_path"])
        target = msg["target"]
        src = os.path.relpath(target["src_path"], pkg_dir)
        kind = "unittests " if target["kind"] != ["test"] else ""
        package = msg["package_id"]
        binaries.append((f"{kind}{src} ({os.path.relpath(pkg_dir)})", msg["executable"], pkg_dir, package))
    return binaries


def package_env(pkg_dir):
    """The variables cargo sets for a test it runs."""
    env = dict(os.environ)
    env["CARGO_MANIFEST_DIR"] = pkg_dir
    env["CARGO_MANIFEST_PATH"] = os.path.join(pkg_dir, "Cargo.toml")
    env["CARGO"] = shutil.which("cargo") or "cargo"
    return env


# The binaries that take longest (seconds on a busy 2-core machine, from a full run), so
# that they start first and no long one starts last, when the pool has nothing to run
# beside it. A binary not listed counts as short; a wrong figure only costs time.
LONG = {
    "tests/hall_screens.rs (.)": 200,
    "tests/unwinnability.rs (crates/rules)": 90,
    "tests/screens.rs (crates/console)": 70,
    "tests/hall.rs (.)": 55,
    "tests/firmware.rs (.)": 40,
    "tests/journal_faults.rs (.)": 40,
    "tests/tts.rs (crates/voice)": 38,
    "tests/club_table.rs (.)": 37,
    "tests/speechd.rs (crates/voice)": 33,
    "tests/out_of_step.rs (.)": 30,
    "tests/package.rs (.)": 29,
}


def order(binaries):
    """The long binaries first (longest first), then the other integration tests, unit
    tests last, to keep the pool's tail short."""
    return sorted(
        binaries,
        key=lambda b: (-LONG.get(b[0], 0), b[0].startswith("unittests"), b[0]),
    )


class Tally:
    """The counts over all binaries, and the ones that failed."""

    def __init__(self):
        self.lock = threading.Lock()
        self.passed = self.failed = self.ignored = 0
        self.bad = []

    def add(self, label, code, output, seconds):
        with self.lock:
            print(f"\n== {label} ({seconds:.1f} s)", flush=False)
            print(output, end="" if output.endswith("\n") else "\n", flush=True)
            found = False
            for m in RESULT.finditer(output):
                found = True
                self.passed += int(m.group(2))
                self.failed += int(m.group(3))
                self.ignored += int(m.group(4))
            if code != 0 or not found:
                reason = f"exit status {code}" if code != 0 else "no test result line"
                self.bad.append(f"{label}: {reason}")


def run_one(binary, test_opts, tally):
    label, exe, pkg_dir, _ = binary
    start = time.monotonic()
    proc = subprocess.run(
        [exe] + test_opts,
        cwd=pkg_dir,
        env=package_env(pkg_dir),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    output = proc.stdout.decode("utf-8", "replace")
    tally.add(label, proc.returncode, output, time.monotonic() - start)


def run_doc_tests(cargo_opts, test_opts, tally):
    start = time.monotonic()
    cmd = ["cargo", "test", "--workspace", "--doc"] + cargo_opts + ["--"] + test_opts
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    output = proc.stdout.decode("utf-8", "replace")
    tally.add("doc tests (cargo test --doc)", proc.returncode, output, time.monotonic() - start)


def main():
    jobs, cargo_opts, test_opts = split_args(sys.argv[1:])
    binaries = order(build(cargo_opts))
    tally = Tally()
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_doc_tests, cargo_opts, test_opts, tally)]
        futures += [pool.submit(run_one, b, test_opts, tally) for b in binaries]
        for f in futures:
            f.result()
    seconds = time.monotonic() - start
    print(
        f"\n== {len(binaries)} test binaries and the doc tests in {seconds:.0f} s, {jobs} at once: "
        f"{tally.passed} passed, {tally.failed} failed, {tally.ignored} ignored"
    )
    for line in tally.bad:
        print(f"FAILED {line}")
    sys.exit(1 if tally.bad or tally.failed else 0)


if __name__ == "__main__":
    main()
