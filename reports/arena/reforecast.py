"""The advisor's forecasts of an arena run drawn again, on the same contracts (the same calls, trump and play), with
another sample count or another soft-clue model: where a forecast decile misses, whether the gap is the forecast's
sampling noise (more samples) or how the calls are read (another model). The contracts are those the advisor
declared, with the first forecast between ``--low`` and ``--high``; the draw is the arena's own (the seed of the
declarer's hand, forecast stream), so with the run's sample count and model it gives the run's forecasts again::

    python3 reports/arena/reforecast.py data/luxury-family-advisor-vs-percentile.part*.parquet --high 0.88
    python3 reports/arena/reforecast.py ... --samples 800            # the same draw, four times the deals
    python3 reports/arena/reforecast.py ... --clue-model 33.4,27.2   # opponents' calls: shift 33.4, spread 27.2
    python3 reports/arena/reforecast.py ... --partner=-12,14.4       # the partner's calls: shift -12 (situations kept)
    python3 reports/arena/reforecast.py ... --fit fit.json   # the model of a fit (cluefit fit ... > fit.json)
    python3 reports/arena/reforecast.py ... --draw 1 --out f.parquet   # an independent draw of the same size
    python3 reports/arena/reforecast.py ... --reach rich --clue-model 29.492,34.707   # hands valued by the rich reach
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

import polars as pl

import analyzer.bidding.cluemodel as inf
from analyzer.arena.advisor import Advisor
from analyzer.arena.cluefit import read_runs
from analyzer.arena.core import record_view
from analyzer.errors import UserError
from analyzer.estimate import proportion


def reforecast(paths: list[str], samples: int | None, low: float, high: float, clue_model: tuple[float, float] | None,
               limit: int | None = None, reach: str | None = None,
               partner: tuple[float, float] | None = None, fit: str | None = None, draw: int = 0) -> pl.DataFrame:
    """Per contract the advisor declared with a first forecast in ``[low, high]``: the run's forecast ``p_old``,
    the new draw's ``p_new`` and whether it was made. ``draw`` K > 0: the new draw's deals come from another stream
    (K) of the same seed, independent of the run's."""
    rules, frames, sums = read_runs(paths)
    if reach is not None:  # the other seats valued by another reach (analyzer.bidding.reach)
        rules = dataclasses.replace(rules, advice=dataclasses.replace(rules.advice, reach=reach), cache={})
    for p, s in zip(paths, sums, strict=True):
        if s.get("agents", {}).get("A", "").split(":")[0] != "advisor":
            raise UserError(f"{p}: agent A is not the advisor")
    seeds = {s["seed"] for s in sums}
    if len(seeds) != 1:
        raise UserError("the files come from runs of different seeds")
    if fit is not None:  # a fit's whole model (analyzer.arena.cluefit fit)
        inf.CLUE_FIT[rules.id] = inf.ClueModel.from_dict(json.loads(Path(fit).read_text(encoding="utf-8"))["fitted"])
    if clue_model is not None or partner is not None:  # the relation's model replaced, the rest (situations) as fitted
        was = inf.clue_model(rules)
        opp = clue_model if clue_model is not None else (was.shift, was.sigma)
        mate = partner if partner is not None else was.partner
        inf.CLUE_FIT[rules.id] = dataclasses.replace(was, shift=opp[0], sigma=opp[1], source="fitted", partner=mate)
    seed = seeds.pop()
    df = pl.concat(frames).filter((pl.col("declarer") >= 0) & pl.col("p_make").is_not_null())
    df = df.filter(pl.col("p_make").is_between(low, high))
    adv = Advisor(samples=samples)
    rows = []
    for r in df.iter_rows(named=True):
        d = int(r["declarer"])
        if r[f"agent_s{d}"] != 0:  # agent B declared
            continue
        view = record_view(rules, r, seed, *((draw,) if draw else ()))
        fc = adv.draw_forecast(view, "SHDC".index(r["trump"]))
        rows.append({"deal": r["deal"], "copy": r["copy"], "p_old": r["p_make"],
                     "p_new": None if fc is None else fc.p_make, "made": r["made"]})
        if limit and len(rows) >= limit:
            break
    return pl.DataFrame(rows, schema={"deal": pl.Int64, "copy": pl.Int64, "p_old": pl.Float64, "p_new": pl.Float64,
                                      "made": pl.Boolean})


def _pair(option: str, text: str | None) -> tuple[float, float] | None:
    """SHIFT,SPREAD of an option (None: not given)."""
    if not text:
        return None
    try:
        cm = tuple(float(x) for x in text.split(","))
    except ValueError:
        cm = ()
    if len(cm) != 2 or cm[1] <= 0:
        raise UserError(f"{option} is SHIFT,SPREAD with a positive spread (30,32), not {text!r}")
    return cm[0], cm[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 reports/arena/reforecast.py")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--samples", type=int, default=None, help="deals of the new draw (default: the rule set's "
                                                              "arena_samples, the run's)")
    ap.add_argument("--low", type=float, default=0.0)
    ap.add_argument("--high", type=float, default=1.0)
    ap.add_argument("--clue-model", default=None,
                    help="SHIFT,SPREAD: the opponents' soft clues' model of the new draw "
                                                 "(negative: --clue-model=-0.3,2.1)")
    ap.add_argument("--partner", default=None,
                    help="SHIFT,SPREAD: the partner's soft clues' model of the new draw (default: as fitted)")
    ap.add_argument("--fit", default=None, help="the model of a fit's JSON (python3 -m analyzer.arena.cluefit fit)")
    ap.add_argument("--draw", type=int, default=0, help="K > 0: the new draw from stream K (independent of the run's)")
    ap.add_argument("--limit", type=int, default=None, help="at most this many contracts")
    ap.add_argument("--reach", choices=("formula", "rich"), default=None,
                    help="how the other seats' hands are valued (default: the rule set's [advice] reach)")
    ap.add_argument("--out", default=None, help="a Parquet file of the forecasts")
    a = ap.parse_args(argv)
    try:
        cm, pm = _pair("--clue-model", a.clue_model), _pair("--partner", a.partner)
        d = reforecast(a.files, a.samples, a.low, a.high, cm, a.limit, a.reach, pm, a.fit, a.draw)
    except UserError as e:
        print(f"reforecast: {e}", file=sys.stderr)
        return 2
    if a.out:
        d.write_parquet(a.out)
    made = d["made"].to_numpy().astype(bool)
    obs = proportion(made) if len(made) else None
    new = d["p_new"].drop_nulls()
    print(f"{d.height:,} contracts: forecast {d['p_old'].mean():.1%} in the run, {new.mean():.1%} drawn again"
          + (f"; made {obs.p:.1%} (95% {obs.lo:.1%} to {obs.hi:.1%})" if obs else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
