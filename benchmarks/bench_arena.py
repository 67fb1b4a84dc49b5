"""Arena speed per rule set: deals per second and where the advisor's time goes. Prints a table; no assertions.

    python benchmarks/bench_arena.py [--deals 60] [--rules auction,double-deck,luxury-family] [--ew formula]

Each row plays ``--deals`` duplicate deals of ``advisor`` against ``--ew`` in this process on one numba
thread (the arena's workers run one thread each, so ``--workers 2`` on 2 free cores about halves the
time), after a warm-up of 2 deals that compiles or loads the kernels. The advisor's counters say how many
studies it drew (sampled deals played out: the calls decided on sampled deals, the trumps named and the
forecast draws), how many calls it decided and how many deals the sampler dealt per call to keep the ones
consistent with the auction.
"""

from __future__ import annotations

import argparse
import time

import numba

from analyzer.arena import run_arena
from analyzer.arena.advisor import Advisor
from analyzer.rules import load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--rules", default="auction,double-deck,luxury-family")
    ap.add_argument("--ew", default="formula")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    numba.set_num_threads(1)
    print(f"{args.deals} duplicate deals per row, advisor against {args.ew}, 1 numba thread")
    print(f"{'rule set':14s} {'samples':>7s} {'ms/deal':>8s} {'10k deals, 1 core':>18s} {'calls':>6s} "
          f"{'analysed':>8s} {'studies':>8s} {'ms/study':>9s} {'dealt/call':>11s}")
    for rid in args.rules.split(","):
        rules = load(rid)
        run_arena(rules, Advisor(), args.ew, 2, seed=args.seed + 1000)  # warm-up: compile or load kernels
        adv = Advisor()
        t = time.perf_counter()
        run_arena(rules, adv, args.ew, args.deals, seed=args.seed)
        dt = time.perf_counter() - t
        st = adv.stats
        studies = st.analysed + st.trumps + st.forecasts
        print(f"{rid:14s} {rules.advice.arena_samples:7d} {1000 * dt / args.deals:8.0f} "
              f"{dt / args.deals * 10_000 / 60:15.0f} min {st.decisions:6d} {st.analysed:8d} {studies:8d} "
              f"{1000 * dt / max(studies, 1):9.1f} {st.tried / max(st.analysed, 1):11,.0f}")


if __name__ == "__main__":
    main()
