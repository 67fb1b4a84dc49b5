"""Playouts per second per rule set and policy, on one thread and on all threads, beside the cost of
dealing alone (shuffle + deal in a numba kernel). Prints a table; no assertions.

    python benchmarks/bench_playout.py [--deals 200000] [--repeat 3] [--markdown F]

``--markdown F`` writes the README's table (``python benchmarks/update_readme.py playout F`` puts it there).
"""

from __future__ import annotations

import argparse
import time

import numba

from analyzer.deal import random_deals
from analyzer.play import POLICY_VERSION, play_deals
from analyzer.rules import load


def rate(x: float) -> str:
    """A rate in the README's style: 3.78 M, 657 k."""
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.0f} k"

GAMES = [
    ("auction", {}),
    ("double-deck", {}),
    ("luxury-family", {}),
    ("two-handed", {}),
    ("bridge", {}),
]


def best_time(fn, repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``fn`` (after one warm-up run that also compiles)."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", help="write the README's table to this file")
    args = ap.parse_args()
    n = args.deals
    nthreads = numba.config.NUMBA_NUM_THREADS
    print(f"{n} deals per run, best of {args.repeat}; policy v1 = {POLICY_VERSION}; {nthreads} threads max")
    print(f"{'rule set':15s} {'threads':>7s} {'deal only/s':>12s} {'random/s':>12s} {'v1/s':>12s} "
          f"{'v1 net/s':>12s}")
    rows: dict[str, list[tuple[float, float, float]]] = {}
    for rid, opts in GAMES:
        rules = load(rid, opts)
        for threads in sorted({1, nthreads}):
            numba.set_num_threads(threads)
            deals = random_deals(rules, n, seed=1, stock=False).hands
            t_deal = best_time(lambda r=rules: random_deals(r, n, seed=2, stock=False).hands, args.repeat)
            t_rand = best_time(lambda r=rules, d=deals: play_deals(r, d, 0, 0, 0, "random", seed=3), args.repeat)
            t_v1 = best_time(lambda r=rules, d=deals: play_deals(r, d, 0, 0, 0, "v1", seed=3), args.repeat)
            # "net": playouts per second when each deal is dealt first (dealing + v1 playout)
            print(f"{rid:15s} {threads:7d} {n / t_deal:12,.0f} {n / t_rand:12,.0f} {n / t_v1:12,.0f} "
                  f"{n / (t_v1 + t_deal):12,.0f}")
            rows.setdefault(rid, []).append((n / t_deal, n / t_rand, n / t_v1))
    numba.set_num_threads(nthreads)
    if args.markdown:
        heads = " / ".join(str(k) for k in sorted({1, nthreads}))
        lines = ["| rule set | threads | dealing only | random policy | v1 policy |",
                 "| --- | ---: | ---: | ---: | ---: |"]
        for rid, rs in rows.items():
            cells = [" / ".join(rate(r[i]) for r in rs) for i in range(3)]
            lines.append(f"| {rid} | {heads} | {cells[0]} | {cells[1]} | {cells[2]} |")
        lines += ["", f"{n:,} deals a run (the policies' figures: play alone, on deals dealt beforehand), "
                  f"best of {args.repeat} runs; policy v1 = {POLICY_VERSION}."]
        with open(args.markdown, "w") as fh:
            fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
