"""How closely the other seats' valuations track how the arena's bidders bid: on random hands, each bidder's
highest willing bid (``formula``: its bidding limit; ``trickster``: its target; ``percentile``: its maximum from
its own simulation) against the formula valuation's limit and the rich reach's (:mod:`analyzer.bidding.reach`),
as the mean and standard deviation of bid minus limit -- the shift and spread a clue model of that bidder would
need (the smaller the spread, the more a call says)::

    python3 reports/arena/reach_check.py --rules luxury-family --hands 2000

The hands are seat 1's of random deals (dealer 0) of seed 777.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys

import numpy as np

from analyzer.arena.percentile import percentile_bid
from analyzer.arena.trickster import trickster_target
from analyzer.bidding.features import features
from analyzer.bidding.reach import reach_limits
from analyzer.deal import random_deals
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.rules import load
from analyzer.runs.progress import progress_bar


def check(rules_id: str, n: int, seed: int = 777) -> dict[str, dict[str, dict[str, float]]]:
    rs = load(rules_id)
    if not rs.has_bidding:
        raise UserError(f"{rules_id} has no bidding")
    rich = dataclasses.replace(rs, advice=dataclasses.replace(rs.advice, reach="rich"), cache={})
    form = dataclasses.replace(rs, advice=dataclasses.replace(rs.advice, reach="formula"), cache={})
    hands = random_deals(rs, n, seed=seed, start=0, stock=False).hands[:, 1]
    lim_f = reach_limits(form, features(form, hands))[0]
    lim_r = reach_limits(rich, features(rich, hands))[0]
    pct = np.zeros(n)
    with progress_bar(True, n, "percentile's bids") as bar:
        for i in range(n):
            pct[i] = percentile_bid(rs, 1, 0, hands[i], seed_of(seed, i))[0]
            bar.advance(1)
    tri = np.array([float(trickster_target(rs, h)[0] or 0) for h in hands])
    out: dict[str, dict[str, dict[str, float]]] = {}
    for name, bid in (("formula", lim_f), ("trickster", tri), ("percentile", pct)):
        out[name] = {}
        for vname, v in (("formula", lim_f), ("rich", lim_r)):
            d = bid - v
            out[name][vname] = {"shift": float(d.mean()), "spread": float(d.std())}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 reports/arena/reach_check.py")
    ap.add_argument("--rules", default="luxury-family")
    ap.add_argument("--hands", type=int, default=2000)
    a = ap.parse_args(argv)
    try:
        res = check(a.rules, a.hands)
    except UserError as e:
        print(f"reach_check: {e}", file=sys.stderr)
        return 2
    print(f"Made by `python3 reports/arena/reach_check.py --rules {a.rules} --hands {a.hands}`.\n")
    print(f"{a.rules}, {a.hands:,} random hands: a bidder's highest willing bid less each valuation's limit")
    print("| bidder | formula limit: shift | spread | rich reach: shift | spread |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, r in res.items():
        print(f"| {name} | {r['formula']['shift']:+.1f} | {r['formula']['spread']:.1f} | {r['rich']['shift']:+.1f} | "
              f"{r['rich']['spread']:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
