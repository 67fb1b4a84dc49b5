"""Where the card-play advice's solver pays: the sampling player's decisions of duplicate deals (the declaring side,
as in ``reports/cardplay``), each valued with the solver tried at every trick (``[advice] play_dd_tricks_left = 0``),
and per tricks left the share of deals the solver finished within the rule set's ``play_max_nodes`` and the seconds a
decision took. ``play_dd_tricks_left`` is set from it: the most tricks left where the solver finishes about half
of the deals or more (before that a decision spends its first chunk's budget for nothing).

    python benchmarks/bench_play_horizon.py --rules double-deck --deals 2
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from dataclasses import replace

import analyzer.cardplay.duplicate as duplicate
from analyzer.rules import load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="double-deck")
    ap.add_argument("--deals", type=int, default=2, help="duplicate deals (even numbers: the declaring side plays)")
    ap.add_argument("--samples", type=int, default=40)
    a = ap.parse_args()
    rules = load(a.rules)
    rules = replace(rules, advice=replace(rules.advice, play_dd_tricks_left=0))
    by: dict[int, list[tuple[int, int, float]]] = defaultdict(list)
    advise = duplicate.advise_card

    def timed(req, *args, **kw):  # the decision's tricks left, deals solved, deals tried, seconds
        t = time.perf_counter()
        adv = advise(req, *args, **kw)
        left = rules.hand_size - len(req.record.plays) // rules.seats
        by[left].append((int(adv.values.solved.sum()), int(adv.values.tried), time.perf_counter() - t))
        return adv

    duplicate.advise_card = timed
    for k in range(a.deals):
        duplicate.duplicate_rows(rules, 2 * k, 1, seed=1, samples=a.samples)
    print(f"{a.rules}: {a.deals} deals, {a.samples} samples a decision, {rules.advice.play_max_nodes:,} nodes a deal's "
          "solve, the solver tried at every trick")
    print("| tricks left | decisions | deals solved / tried | solved share of the deals | s a decision |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for left in sorted(by, reverse=True):
        rows = by[left]
        s, t = sum(r[0] for r in rows), sum(r[1] for r in rows)
        print(f"| {left} | {len(rows)} | {s} / {t} | {100 * s / max(1, len(rows) * a.samples):.0f} % | "
              f"{sum(r[2] for r in rows) / len(rows):.2f} |")


if __name__ == "__main__":
    main()
