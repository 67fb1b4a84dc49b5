"""Whole two-handed hands simulated per second: phase 1 by th-v1 (and by the naive baseline, for scale),
phase 2 exact (double-dummy solver) or heuristic (the play engine's v1), on one thread and on all
threads, dealing included. Prints a table; no assertions.

    python benchmarks/bench_twohand.py [--hands 20000] [--exact-hands 1000] [--repeat 3] [--option k=v ...]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numba

from analyzer.rules import load
from analyzer.rules.loader import parse_option_args
from analyzer.twohand.hands import deal_random, phase2_heuristic, play_hands, solve_phase2
from analyzer.twohand.policy import TH_VERSION


def best_time(fn, repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``fn`` (after one warm-up run that also compiles)."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def measure(rules, n: int, m: int, repeat: int) -> tuple[float, ...]:
    """Hands per second (naive + heuristic, th-v1 + heuristic, th-v1 phase 1 alone, th-v1 + exact) and the
    solver's wall milliseconds per phase-2 position, at the current thread count; dealing included."""

    def run(k: int, policy: str, phase2: str, seed: int = 1) -> None:
        hands, stock = deal_random(rules, k, seed)
        play_hands(rules, hands, stock, 0, policy, phase2, seed)

    t_naive = best_time(lambda: run(n, "naive", "heuristic"), repeat)
    t_heur = best_time(lambda: run(n, "th-v1", "heuristic"), repeat)
    hands, stock = deal_random(rules, n, 1)
    res = play_hands(rules, hands, stock, 0, "th-v1", "heuristic", 1)
    t_p2h = best_time(lambda: phase2_heuristic(rules, res.hands2, res.trump, res.leader2, 1), repeat)
    t_exact = best_time(lambda: run(m, "th-v1", "exact", seed=2), 1)
    t_solve = best_time(lambda: solve_phase2(rules, res.hands2[:m], res.trump[:m], res.leader2[:m]), 1)
    return n / t_naive, n / t_heur, n / max(t_heur - t_p2h, 1e-9), m / t_exact, 1000 * t_solve / m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000, help="hands per heuristic run")
    ap.add_argument("--exact-hands", type=int, default=1_000, help="hands per run with exact phase 2")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--option", action="append", default=[], help="rule option name=value (repeatable)")
    ap.add_argument("--markdown", help="write the README's table to this file "
                    "(python benchmarks/update_readme.py twohand F puts it there)")
    args = ap.parse_args()
    rules = load("two-handed", parse_option_args(args.option))
    nthreads = numba.config.NUMBA_NUM_THREADS
    print(f"two-handed {rules.option_text()}; phase 1 {TH_VERSION}; {nthreads} threads max; best of {args.repeat}")
    print(f"{'threads':>7s} {'naive+heur/s':>13s} {'th-v1+heur/s':>13s} {'th-v1 ph.1/s':>13s} "
          f"{'th-v1+exact/s':>14s} {'solve ms/pos':>13s}")
    rows = ["| threads | naive phase 1 + heuristic phase 2 | th-v1 + heuristic | th-v1 + exact phase 2 "
            "| solver ms per phase-2 position |", "| ---: | ---: | ---: | ---: | ---: |"]
    for threads in sorted({1, nthreads}):
        numba.set_num_threads(threads)
        naive, heur, p1, exact, solve = measure(rules, args.hands, args.exact_hands, args.repeat)
        print(f"{threads:7d} {naive:13,.0f} {heur:13,.0f} {p1:13,.0f} {exact:14,.0f} {solve:13.2f}")
        rows.append(f"| {threads} | {naive:,.0f} | {heur:,.0f} | {exact:,.0f} | {solve:.2f} |")
    numba.set_num_threads(nthreads)
    print("solve ms/pos: wall milliseconds per phase-2 position at that thread count")
    if args.markdown:
        rows += ["", f"Whole hands a second, dealing included; {rules.option_text()}; phase 1 {TH_VERSION}; "
                 f"best of {args.repeat} runs ({args.hands:,} hands, {args.exact_hands:,} with the exact phase 2)."]
        Path(args.markdown).write_text("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
