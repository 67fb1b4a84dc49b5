"""Deal sampler and advisor speed: deals per second (one thread, all threads) per rule set, with and
without a constraint, and the wall time of one full ``advise`` call at the rule set's default sample count (or
``--samples``).

    python benchmarks/bench_deal.py [--deals 400000] [--repeat 3]

Compilation is excluded (a warm-up call runs first); the figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import time

import numba

from analyzer.advisor import ask
from analyzer.deal import table
from analyzer.rules import load

HANDS = {
    "auction": ("AH AH TH TH KH KH QH QH JH JH AS AD", None),
    "double-deck": ("AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS", None),
    "luxury-family": ("AH AH TH TH KH KH QH QH JH JH AS AD AC KS QS 7H", None),
    "two-handed": ("AS TS KS QS JS 9S AH TH KH QH JH 9H", "9C"),
}
CONSTRAINT = "left meld>=4"


def best_time(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--samples", type=int, default=None, help="deals of an advise call (default: the rule set's)")
    args = ap.parse_args()
    threads = numba.config.NUMBA_NUM_THREADS
    print(f"{'rule set':14} {'deals/s 1 thread':>17} {f'deals/s {threads} threads':>18} "
          f"{'constrained/s':>14} {'acceptance':>10}")
    for rid, (hand, upcard) in HANDS.items():
        rs = load(rid)
        tab = table(rs, 1, hand, stock_cards=upcard)
        con = table(rs, 1, hand, stock_cards=upcard, constraints=[CONSTRAINT])
        tab.sample(1000, 1)
        con.sample(1000, 1)
        rates = []
        for nt in (1, threads):
            numba.set_num_threads(nt)
            rates.append(args.deals / best_time(lambda: tab.sample(args.deals, 1), args.repeat))  # noqa: B023
        numba.set_num_threads(threads)
        nc = args.deals // 4
        d = con.sample(nc, 1)
        crate = nc / best_time(lambda: con.sample(nc, 1), args.repeat)  # noqa: B023
        print(f"{rid:14} {rates[0]:17,.0f} {rates[1]:18,.0f} {crate:14,.0f} {d.acceptance:10.1%}")
    print()
    print(f"advise ({threads} threads), wall time after compilation:")
    for rid, (hand, upcard) in HANDS.items():
        rs = load(rid)
        samples = args.samples or rs.advice.bid_samples
        ask(rs, hand, samples=200, seed=1, upcard=upcard)
        secs = best_time(lambda: ask(rs, hand, samples=samples, seed=1, upcard=upcard),  # noqa: B023
                         args.repeat)
        print(f"  {rid:14} {samples:6} samples {secs:6.2f} s")


if __name__ == "__main__":
    main()
