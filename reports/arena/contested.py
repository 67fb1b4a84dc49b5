"""Where the advisor's forecasts miss, by whether the other side bid: an arena run's contracts that the advisor
(agent A) declared, cut into the calibration page's ten deciles of its forecasts (equal groups), and each decile split
into contracts an opponent had bid for and contracts only my side bid for (or none: the dealer's held bid). A decile
within tolerance can hide two misses that cancel; this shows them::

    python3 reports/arena/contested.py data/double-deck-advisor-vs-percentile.part*.parquet
    python3 reports/arena/contested.py data/double-deck-advisor-vs-formula.part*.parquet --deciles 1

Reads the records only (no draw): seconds.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import polars as pl

from analyzer.analyses.calibration import equal_groups, forecasts
from analyzer.arena.cluefit import read_runs
from analyzer.bidding.auction import parse_calls, replay
from analyzer.errors import UserError
from analyzer.estimate import wilson
from analyzer.rules.model import RuleSet


def opponent_bid(rules: RuleSet, record: dict, me: int) -> bool:
    """Whether a seat of the other side (not ``me``, not my partners) made a bid in the record's auction."""
    a = replay(rules, record["dealer"], parse_calls(record["calls"], rules))
    mine = {me, *rules.partners(me)}
    return any(c.call.bid is not None and c.call.seat not in mine for c in a.contexts)


def split(paths: list[str]) -> pl.DataFrame:
    """Per contract agent A declared: its decile (0 = the lowest forecasts), forecast, outcome and whether an opponent
    bid."""
    rules, frames, _ = read_runs(paths)
    df = forecasts(pl.concat(frames), agent=0)
    if df.height == 0:
        raise UserError("agent A made no forecast in these files")
    rows = df.select("dealer", "calls", "declarer").to_dicts()
    contested = [opponent_bid(rules, r, int(r["declarer"])) for r in rows]
    p = df["p_make"].to_numpy()
    return pl.DataFrame({"decile": equal_groups(p, 10), "p_make": p, "made": df["made"].to_numpy().astype(bool),
                         "opponent_bid": contested})


def table(d: pl.DataFrame, deciles: int = 10) -> list[str]:
    """The lines printed: per decile (the lowest ``deciles``) and group, contracts, mean forecast, made (95%), gap."""
    out = [f"{'decile':>6} {'group':<16} {'contracts':>9} {'forecast':>8} {'made (95%)':>22} {'gap':>6}"]
    for k in range(deciles):
        sub = d.filter(pl.col("decile") == k)
        for name, sel in (("all", sub), ("opponent bid", sub.filter(pl.col("opponent_bid"))),
                          ("my side only", sub.filter(~pl.col("opponent_bid")))):
            if sel.height == 0:
                continue
            f = float(sel["p_make"].mean())
            w = wilson(int(sel["made"].sum()), sel.height)
            out.append(f"{k + 1:>6} {name:<16} {sel.height:>9,} {100 * f:>7.1f}% "
                       f"{100 * w.p:>6.1f}% ({100 * w.lo:4.1f}-{100 * w.hi:4.1f}) {100 * (w.p - f):>+6.1f}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 reports/arena/contested.py")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--deciles", type=int, default=10, choices=range(1, 11), metavar="K",
                    help="show the lowest K deciles (default all 10)")
    a = ap.parse_args(argv)
    try:
        d = split(a.files)
    except (UserError, OSError) as e:
        print(f"contested: {e}", file=sys.stderr)
        return 2
    print(f"{d.height:,} contracts declared by A; {100 * float(np.mean(d['opponent_bid'].to_numpy())):.1f}% "
          "with an opponent's bid")
    print("\n".join(table(d, a.deciles)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
