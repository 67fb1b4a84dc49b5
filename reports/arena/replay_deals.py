"""Chosen deals of an arena run played again with the advisor under another ``[advice] relax_clues``: the advisor's
net per deal summed over them, its contracts and their forecasts. Used to compare the ways of relaxing the calls'
clues on the deals where they play differently (``analyzer/rules/auction.toml`` quotes it)::

    python3 reports/arena/replay_deals.py --rules auction --opponent trickster --relax partner --deals 1,56,61
    python3 reports/arena/replay_deals.py ... --deals-from OLD.parquet NEW.parquet   # the deals whose calls differ
"""

from __future__ import annotations

import argparse
import sys

import polars as pl

from analyzer.advisor.request import RELAX_CLUES
from analyzer.arena.advisor import Advisor
from analyzer.arena.core import run_arena
from analyzer.errors import UserError
from analyzer.rules import load


def differing(before: str, after: str) -> list[int]:
    """The deals whose auctions differ between two saved runs of the same deals."""
    a, b = pl.read_parquet(before), pl.read_parquet(after)
    j = a.join(b, on=["deal", "copy"], suffix="_b").filter(pl.col("calls") != pl.col("calls_b"))
    return sorted(set(j["deal"].to_list()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 reports/arena/replay_deals.py")
    ap.add_argument("--rules", required=True)
    ap.add_argument("--opponent", required=True)
    ap.add_argument("--relax", required=True, choices=RELAX_CLUES)
    ap.add_argument("--seed", type=int, default=1)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--deals", help="deal numbers, comma-separated")
    g.add_argument("--deals-from", nargs=2, metavar=("BEFORE", "AFTER"))
    a = ap.parse_args(argv)
    try:
        rules = load(a.rules)
        deals = differing(*a.deals_from) if a.deals_from else [int(x) for x in a.deals.split(",") if x.strip()]
        net, frames = 0.0, []
        for d in deals:
            r = run_arena(rules, Advisor(relax_clues=a.relax), a.opponent, 1, seed=a.seed, start=d)
            net += float(r.diff[0])
            frames.append(r.frame)
    except (UserError, ValueError) as e:
        print(f"pinochle: error: {e}", file=sys.stderr)
        return 2
    f = pl.concat(frames).filter(pl.col("declarer_agent") == 0)
    p = f["p_make"].to_numpy()
    print(f"{a.rules} against {a.opponent}, relax_clues {a.relax}: {len(deals)} deals, the advisor's net summed "
          f"{net:+.1f}; its contracts {f.height}, mean forecast {100 * p.mean():.1f}%, made "
          f"{100 * f['made'].mean():.1f}%, forecast under 50% {int((p < 0.5).sum())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
