"""Two arena runs of the same deals compared deal by deal: the paired difference of agent A's net per deal, the
share of deals that played differently, and each run's forecasts by equal-size decile (A's contracts).

    python3 reports/arena/compare_runs.py --before OLD.part*.parquet --after NEW.part*.parquet
    python3 reports/arena/compare_runs.py --common --before OLD.part0.parquet --after NEW.part*.parquet

``--common`` compares the deals both runs played (runs in parts of other sizes); without it the deals must agree.

Used for settings that change the advisor on few deals (``[advice] relax_clues`` in
``analyzer/rules/auction.toml``): the run before the change is in git history, e.g.
``git show 5112b48:reports/arena/data/auction-advisor-vs-formula.part0.parquet > /tmp/old0.parquet``.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import polars as pl

from analyzer.analyses.calibration import calibration_table, forecasts
from analyzer.arena.core import per_deal_diff, read_hands
from analyzer.estimate import mean_ci
from analyzer.rules import load


def _read(paths: list[str]) -> tuple[pl.DataFrame, dict]:
    got = [read_hands(p) for p in paths]
    return pl.concat([f for f, _ in got]).sort(["deal", "copy"]), got[0][1]


def describe(frame: pl.DataFrame, rules) -> tuple[np.ndarray, str]:
    """A's net per deal, and a line: its mean, contracts, forecasts under 50 % and the decile gaps."""
    d = per_deal_diff(rules, frame)
    f = forecasts(frame, 0)
    p, made = f["p_make"].to_numpy(), f["made"].to_numpy().astype(bool)
    gaps = [f"{100 * (b.gap or 0.0):+.1f}" for b in calibration_table(p, made, "count", tolerance=0.03) if b.n]
    low = p < 0.5
    under = (f"{int(low.sum())} forecast under 50% (mean forecast {100 * p[low].mean():.0f}%, made "
             f"{100 * made[low].mean():.0f}%)" if low.any() else "none forecast under 50%")
    e = mean_ci(d)
    return d, (f"net per deal {e.mean:+.2f} (95% {e.lo:+.2f} to {e.hi:+.2f}); {p.size:,} contracts, {under}; "
               f"decile gaps (points) {' '.join(gaps)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 reports/arena/compare_runs.py")
    ap.add_argument("--before", nargs="+", required=True)
    ap.add_argument("--after", nargs="+", required=True)
    ap.add_argument("--common", action="store_true", help="only the deals both runs played")
    a = ap.parse_args(argv)
    (fb, sb), (fa, sa) = _read(a.before), _read(a.after)
    if a.common:
        both = set(fb["deal"].to_list()) & set(fa["deal"].to_list())
        fb, fa = (f.filter(pl.col("deal").is_in(sorted(both))) for f in (fb, fa))
    same = (sb.get("rules"), sb.get("seed")) == (sa.get("rules"), sa.get("seed"))
    if not same or fb["deal"].to_list() != fa["deal"].to_list():
        print("pinochle: error: the runs are not of the same deals (their rules, seed and deal numbers must agree)",
              file=sys.stderr)
        return 2
    rules = load(sb["rules"], sb.get("options") or {})
    db, lb = describe(fb, rules)
    da, la = describe(fa, rules)
    x = da - db
    e = mean_ci(x)
    print(f"before: {lb}\nafter:  {la}\npaired after - before: {e.mean:+.3f} a deal (95% {e.lo:+.3f} to {e.hi:+.3f}); "
          f"{100 * (x != 0).mean():.1f}% of {x.size:,} deals differ")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
