"""The *rich* reach valuation: how far a hand goes in the bidding as a richer linear model of its round score
than the formula's -- its meld in the trump, each rank's count in the trump and outside it, and its voids and
singletons outside the trump -- fitted by least squares on played-out random deals (:func:`fit_reach`).

Where the rule data says ``[advice] reach = "rich"``, the advice reads the other seats by it: the clue model's
soft clues (:mod:`analyzer.bidding.inference`), the call model's other seats (:mod:`analyzer.bidding.callmodel`)
and the clue fit (:mod:`analyzer.arena.cluefit`) all take :func:`reach_limits`: the formula bidder's limit, or this
valuation less the same safety margin. The formula bidder itself (the arena's ``formula``)
keeps the formula. Why: a bidder that values its hand by simulation (the arena's ``percentile``) bids within
17.5 points (standard deviation) of this valuation on 2,000 random Luxury Family hands, within 28.5 of the
formula's (``reports/arena/reach-check-luxury-family.md``, written by ``reports/arena/reach_check.py``).

The coefficients of a rule set with its default options are read from :data:`REACH_FIT_FILE`, written by
``python3 -m analyzer.bidding.reach fit --write RULES`` (never by hand); other options are fitted on first use
(20,000 deals of seed 0, some seconds) and cached on the rule set.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from analyzer.bidding.features import Features, features, rank_counts
from analyzer.bidding.features_kernel import reach_values as reach_kernel_values
from analyzer.bidding.formula import (
    bidding_limits,
    bidding_margin,
    declarer_round_scores,
    default_options,
    formula_values,
)
from analyzer.deal import random_deals
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import run_batches, spans

#: what :func:`design` puts in a hand's row for one trump, in order (``nranks`` entries for each ``*_by_rank``)
TERMS = ("meld", "trump_by_rank", "side_by_rank", "side_voids", "side_singletons")
#: deals of the fit
FIT_DEALS = 20_000
#: the stored fits (rule set id -> coefficients), for the rule sets' default options
REACH_FIT_FILE = Path(__file__).parent.parent / "rules" / "reach_fit.json"


def design(rules: RuleSet, meld: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """float64[n, 4, 2 * nranks + 3]: each hand's terms (:data:`TERMS`) with each suit as trump, from its meld per
    trump int64[n, 4] and :func:`rank_counts`."""
    n, _, nr = counts.shape
    length = counts.sum(axis=2)
    voids, singles = length == 0, length == 1
    x = np.empty((n, 4, 2 * nr + 3))
    total = counts.sum(axis=1)
    for t in range(4):
        x[:, t, 0] = meld[:, t]
        x[:, t, 1:1 + nr] = counts[:, t]
        x[:, t, 1 + nr:1 + 2 * nr] = total - counts[:, t]
        x[:, t, 1 + 2 * nr] = voids.sum(axis=1) - voids[:, t]
        x[:, t, 2 + 2 * nr] = singles.sum(axis=1) - singles[:, t]
    return x


def reach_values(rules: RuleSet, meld: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """float64[n, 4]: the valuation of each hand with each trump (the fitted round score): ``design @ w`` plus the
    intercept, summed in a kernel without building the design (the advice calls it on every sampled deal)."""
    return reach_kernel_values(np.ascontiguousarray(meld, dtype=np.int64),
                               np.ascontiguousarray(counts, dtype=np.int64), reach_params(rules))


def _stored() -> dict[str, list[float]]:
    try:
        return {k: v["coef"] for k, v in json.loads(REACH_FIT_FILE.read_text(encoding="utf-8")).items()}
    except FileNotFoundError:
        return {}


def reach_limits(rules: RuleSet, f: Features) -> tuple[np.ndarray, np.ndarray]:
    """(limit float64[n], trump int64[n]): how far each hand goes as the advice reads the other seats -- the
    formula bidder's limit (:func:`analyzer.bidding.formula.bidding_limits`), or where the rule data says
    ``[advice] reach = "rich"`` (``f`` then carries the rank counts) the rich valuation less the same margin."""
    if f.counts is None:
        return bidding_limits(rules, f)
    v = reach_values(rules, f.meld, f.counts)
    return v.max(axis=1) - bidding_margin(rules), v.argmax(axis=1)


def reach_params(rules: RuleSet) -> np.ndarray:
    """The fitted coefficients (intercept first, then :data:`TERMS`) for ``rules``: stored (default options), else
    fitted once and cached on the rule set."""
    w = rules.cache.get("reach_params")
    if w is None:
        stored = _stored().get(rules.id) if not rules.options or rules.options == default_options(rules) else None
        w = np.array(stored, dtype=np.float64) if stored is not None else fit_reach(rules, FIT_DEALS, seed=0)
        rules.cache["reach_params"] = w
    return w


def _fit_batch(task: tuple[RuleSet, int, int, int]) -> tuple[np.ndarray, ...]:
    """One batch's rows: seat 0's design [n, 4, K], its side's round score per trump [n, 4] as counted
    (:func:`analyzer.bidding.formula.declarer_round_scores`, the formula's fit's), and the trump its formula
    valuation names [n]."""
    rules, seed, start, n = task
    d = random_deals(rules, n, seed=seed, start=start, stock=False).hands
    meld, side = declarer_round_scores(rules, d, seed)
    named = formula_values(rules, features(rules, d[:, 0])).argmax(axis=1)
    return design(rules, meld[:, 0, :], rank_counts(rules, d[:, 0])), side.T, named


def fit_reach(rules: RuleSet, deals: int = FIT_DEALS, seed: int = 0, rounds: int = 4) -> np.ndarray:
    """Least-squares coefficients of the valuation: seat 0 declares on random deals (dealer ``seats - 1``, v1
    play, a contract above the opening), the target its side's meld + trick points as counted in one trump a
    deal: first the trump its formula valuation names, then in each later round the trump the last fit values
    best (the trump a bidder by this valuation would name). Deal ``k`` from ``(seed, k)``."""
    parts = run_batches(_fit_batch, [(rules, seed, sp.start, sp.n) for sp in spans(deals)], label="fitting the reach")
    x, y, choice = (np.concatenate([p[i] for p in parts]) for i in range(3))
    n = x.shape[0]
    w = np.zeros(x.shape[2] + 1)
    for _ in range(max(1, rounds)):
        xc = np.concatenate([np.ones((n, 1)), x[np.arange(n), choice]], axis=1)
        w, *_ = np.linalg.lstsq(xc, y[np.arange(n), choice], rcond=None)
        choice = (x @ w[1:] + w[0]).argmax(axis=1)
    return w


def write_fit(rules: RuleSet, w: np.ndarray, path: Path | None = None) -> Path:
    """Store ``rules``' coefficients in :data:`REACH_FIT_FILE`."""
    path = path or REACH_FIT_FILE
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[rules.id] = {"coef": [round(float(x), 6) for x in w], "terms": ["intercept", *TERMS],
                      "deals": FIT_DEALS, "seed": 0}
    path.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    """``fit RULES [--write]``: fit the valuation for a rule set's default options and print the coefficients
    (``--write``: and store them where the advice reads them)."""
    import argparse

    from analyzer.errors import UserError
    from analyzer.rules import load

    ap = argparse.ArgumentParser(prog="python3 -m analyzer.bidding.reach")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("rules")
    f.add_argument("--write", action="store_true", help="store the fit in the file the advice reads")
    a = ap.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        rs = load(a.rules)
        if not rs.has_bidding:
            raise UserError(f"{a.rules} has no bidding to read")
        w = fit_reach(rs, FIT_DEALS, seed=0)
    except UserError as e:
        print(f"pinochle: error: {e}", file=sys.stderr)
        return 2
    if a.write:
        write_fit(rs, w)
    print(json.dumps({"rules": rs.id, "coef": [round(float(x), 6) for x in w], "terms": ["intercept", *TERMS]}))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
