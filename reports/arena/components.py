"""Which part of the advisor's forecast misses: on a sample of an arena run's contracts that the advisor declared,
its forecast drawn again (the arena's own draw: the declarer's seed, forecast stream) and split into my side's meld,
my partner's meld and my side's trick points (the study's mean over its deals at the contract, the trump named),
each against what the hand held and took. A forecast of the side's points that misses on every decile shows here as
the component that misses::

    python3 reports/arena/components.py data/double-deck-advisor-vs-formula.part*.parquet --contracts 2000

``--groups`` splits my partner's meld by what his calls were (:func:`partner_calls`).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import polars as pl

from analyzer.advisor.advise import advise
from analyzer.arena.advisor import FORECAST_STREAM, Advisor
from analyzer.arena.cluefit import read_runs
from analyzer.arena.core import record_view
from analyzer.bidding.auction import parse_calls, replay
from analyzer.bidding.inference import passes_to_partner
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.estimate import mean_ci
from analyzer.rules.model import RuleSet


def partner_calls(rules: RuleSet, record: dict, me: int) -> str:
    """What my partner's calls were in a record's auction (``me``: the declarer): whether he bid (over my bid, over an
    opponent's) and whether his pass left me the contract (:func:`~analyzer.bidding.inference.passes_to_partner`)."""
    mate = rules.partners(me)[0]
    a = replay(rules, record["dealer"], parse_calls(record["calls"], rules))
    mine = [c for c in a.contexts if c.call.seat == mate]
    raised = any(c.call.bid is not None and c.high_seat_before == me for c in mine)
    over_opp = any(c.call.bid is not None and c.high_seat_before != me for c in mine)
    passed = [c for c in mine if c.call.bid is None]
    how = "pass leaving me the contract" if passed and passes_to_partner(rules, passed[-1]) else \
        "pass over an opponent" if passed else "no pass"
    bid = "raised me" if raised else "bid over an opponent" if over_opp else "no bid"
    return f"{bid}, {how}"


def components(paths: list[str], contracts: int, seed: int = 1) -> pl.DataFrame:
    """Per sampled contract the advisor declared (``contracts`` of them, drawn with ``seed``): the forecast's and
    the hand's meld of my side (``meld``), of my partner (``partner_meld``) and my side's trick points (``points``)."""
    rules, frames, sums = read_runs(paths)
    if not rules.has_partners:
        raise UserError(f"{rules.id} has no partners: the components are my side's")
    if len({s["seed"] for s in sums}) != 1:
        raise UserError("the files come from runs of different seeds")
    run_seed = sums[0]["seed"]
    df = pl.concat(frames).filter((pl.col("declarer") >= 0) & pl.col("p_make").is_not_null())
    df = df.sample(n=min(df.height, contracts), seed=seed)
    adv = Advisor()
    rows = []
    for r in df.iter_rows(named=True):
        me = int(r["declarer"])
        if r[f"agent_s{me}"] != 0:  # agent B declared
            continue
        mate = rules.partners(me)[0]
        view = record_view(rules, r, run_seed)
        sim = advise(adv.request(view, seed_of(view.seed, FORECAST_STREAM))).simulation
        if sim is None:
            continue
        cols = sim.arrays()
        bids = np.asarray(sim.bids)
        b = bids[bids <= r["contract"]].max() if (bids <= r["contract"]).any() else bids.min()
        at = (cols["scenario"] == "declare") & (cols["bid"] == b) & (cols["trump_code"] == "SHDC".index(r["trump"]))
        meld, pts = cols["meld"][at], cols["points"][at]
        rows.append({
            "deal": r["deal"], "copy": r["copy"],
            "meld_forecast": float((meld[:, me] + meld[:, mate]).mean()), "meld": r[f"meld_s{me}"] + r[f"meld_s{mate}"],
            "partner_meld_forecast": float(meld[:, mate].mean()), "partner_meld": r[f"meld_s{mate}"],
            "points_forecast": float((pts[:, me] + pts[:, mate]).mean()),
            "points": r[f"points_s{me}"] + r[f"points_s{mate}"],
            "partner_calls": partner_calls(rules, r, me),
        })
    return pl.DataFrame(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 reports/arena/components.py")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--contracts", type=int, default=400, help="contracts sampled from the run's (default 400)")
    ap.add_argument("--seed", type=int, default=1, help="the seed of that sample")
    ap.add_argument("--out", default=None, help="a Parquet file of the components")
    ap.add_argument("--groups", action="store_true", help="my partner's meld by what his calls were")
    a = ap.parse_args(argv)
    try:
        d = components(a.files, a.contracts, a.seed)
    except UserError as e:
        print(f"components: {e}", file=sys.stderr)
        return 2
    if a.out:
        d.write_parquet(a.out)
    print(f"{d.height:,} contracts; held or taken minus forecast, mean (95%):")
    for k in ("meld", "partner_meld", "points"):
        e = mean_ci((d[k] - d[f"{k}_forecast"]).to_numpy().astype(float))
        print(f"  {k:13s} {e.mean:+.2f} ({e.lo:+.2f} to {e.hi:+.2f})")
    if a.groups:
        print("my partner's meld, held minus forecast, by his calls:")
        for (g,), sub in sorted(d.group_by("partner_calls"), key=lambda t: -t[1].height):
            e = mean_ci((sub["partner_meld"] - sub["partner_meld_forecast"]).to_numpy().astype(float))
            print(f"  {g:50s} {sub.height:6,d}  {e.mean:+.2f} ({e.lo:+.2f} to {e.hi:+.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
