"""Time to the first answer of each command: cold (an empty numba cache, as on a fresh machine) and warm.

Each command runs as its own process (``python -m analyzer ...``, what the ``pinochle`` script runs). Cold:
``NUMBA_CACHE_DIR`` points at a new empty folder, so every kernel the command needs is compiled; warm: the
same command again with the cache the cold run filled (and the solver compiled: a first ``bid`` without
``--play`` answers without its double-dummy check and leaves the solver compiling in the background, so
before the warm run this waits for the solver to be cached). The README command is the first row; the
solver's share of a warm answer shows as the difference between ``bid`` (which checks 100 deals
double-dummy) and ``bid --play heuristic``.

    python benchmarks/bench_startup.py                 # every command, once each
    python benchmarks/bench_startup.py --only bid-readme bid-heuristic --repeat 3
    python benchmarks/bench_startup.py --markdown /tmp/startup.md   # the README's table
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"
COMMANDS: dict[str, list[str]] = {
    "bid-readme": ["bid", "--rules", "auction", "--hand", HAND, "--seed", "7"],
    "bid-heuristic": ["bid", "--rules", "auction", "--hand", HAND, "--seed", "7", "--play", "heuristic"],
    "version": ["--version"],
    "rules": ["rules", "auction"],
    "meld": ["meld", "--rules", "auction", "--hand", "AS TS KS QS JS 9S QS JD JD 9H AH AD"],
    "stats": ["stats", "--rules", "auction", "--samples", "4000"],
    "compare": ["compare", "--rules", "auction", "--option", "head=never,always", "--samples", "4000"],
    "two-hand": ["two-hand", "--hand", "AH AH TH KH QH JH 9H AS KS QS JD QC", "--upcard", "KH", "--samples", "100",
                 "--play", "heuristic"],
    "solve": ["solve", "--trump", "H", "--hands", "AS TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC"],
}


def run(args: list[str], cache: str) -> float:
    """Seconds to run ``pinochle ARGS`` to completion with the numba cache in ``cache``."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "analyzer", *args], env=env, capture_output=True, text=True)
    secs = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"pinochle {' '.join(args)} failed: {r.stderr.strip()}")
    return secs


def settle(cache: str) -> None:
    """Make sure the solver is compiled into ``cache`` (a background compile may still be running)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    subprocess.run([sys.executable, "-m", "analyzer.runs.warmup"], env=env, capture_output=True, check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", choices=list(COMMANDS), help="commands to time (default: all)")
    ap.add_argument("--repeat", type=int, default=1, help="cold/warm pairs per command (the median is shown)")
    ap.add_argument("--markdown", default="", help="also write the table as Markdown to this file")
    a = ap.parse_args()
    names = a.only or list(COMMANDS)
    print(f"{'command':<12} {'cold s':>8} {'warm s':>8}   pinochle ...   ({os.cpu_count()} cores)")
    rows = ["| command | cold s | warm s |", "| --- | ---: | ---: |"]
    for name in names:
        cold, warm = [], []
        for _ in range(a.repeat):
            cache = tempfile.mkdtemp(prefix="pinochle-numba-")
            try:
                cold.append(run(COMMANDS[name], cache))
                settle(cache)
                warm.append(run(COMMANDS[name], cache))
            finally:
                shutil.rmtree(cache, ignore_errors=True)
        c, w = statistics.median(cold), statistics.median(warm)
        print(f"{name:<12} {c:8.1f} {w:8.1f}   {' '.join(COMMANDS[name])}", flush=True)
        rows.append(f"| `pinochle {' '.join(COMMANDS[name])}` | {c:.1f} | {w:.1f} |")
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("\n".join(rows) + f"\n\n{os.cpu_count()} cores; median of {a.repeat} cold/warm pair(s); "
                    "cold: an empty kernel cache.\n")


if __name__ == "__main__":
    main()
