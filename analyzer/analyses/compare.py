"""Rule-option comparisons: the same sampled deals dealt, scored and played under several settings.

A *setting* is a rule set with some options switched (``head=always``) or a house-rule file. A grid of
settings comes from option lists (``head=never,always`` x ``counting=classic,aces-tens``) and house
files (:func:`settings_grid`); the first setting is the baseline.

:func:`compare` deals ``samples`` random deals once per seed (:func:`analyzer.montecarlo.columns.iter_columns`):
settings that share the pack, the seats and the hand size get the very same deals, so every figure is
compared **paired** (deal by deal), which removes the deal-to-deal spread from the difference. Where a
setting changes the deck (two-handed ``deck=24``) the deals cannot be shared: its figures are compared
**unpaired** (independent samples), and the result says so.

Per setting, seat 0 declares its best-meld trump (two-handed: the upcard names trump) and the deals are
played out by the heuristic policy; the figures are seat 0's meld, its side's meld as the rules count it,
the side's trick points, the share of its points that comes from meld, and the side's make rate at its
*typical bid* (the highest bid level not above the hand's worth under the setting's fitted model, see
:mod:`analyzer.analyses.stats`), with 95% intervals; differences against the baseline carry their own 95%
intervals. For given hands the advisor's recommendation under each setting is added
(:func:`analyzer.advisor.advise.advise`, on the same seed).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyzer.analyses.stats import FIT_DEALS, MODEL_KEYS, WorthModel, made_at, side_outcome, typical_bids
from analyzer.errors import UserError, field_name
from analyzer.estimate import Estimate, Histogram, Moments, estimate
from analyzer.montecarlo.columns import iter_columns
from analyzer.rules import RuleSet, load
from analyzer.rules.loader import parse_option_args
from analyzer.runs.parquet import sink

#: why an option may change nothing a comparison of single hands measures
NOT_MODELLED = {
    "bidding-rounds": "the bidding is not played out here (seat 0 declares), so the number of rounds changes nothing",
    "target": "the game target changes no single hand's meld, play or score",
    "meld-notes": "two-handed phase 1 (melding between tricks) is not modelled; the static meld is the same",
    "head": "the heuristic policy (v1) played the very same cards under both heading rules",
}
METRICS = {
    "meld": "seat 0's meld in the trump played: its best-meld trump (two-handed: the upcard's suit)",
    "side_meld": "seat 0's side's meld as the rules count it (no trick, no meld)",
    "trick_points": "seat 0's side's trick points (heuristic play)",
    "total": "side meld + trick points",
    "meld_share": "share of the side's points that comes from meld (ratio of means)",
    "make_rate": "share of the hands bidding their typical bid that make it (ratio of means)",
    "bid_share": "share of hands worth at least the opening bid",
}


@dataclass(frozen=True)
class Setting:
    """One column of a comparison: a label and the rule set it stands for."""

    label: str
    rules: RuleSet

    @property
    def deal_key(self) -> tuple[Any, ...]:
        """Settings with equal keys are dealt the very same deals."""
        return (self.rules.deck.ranks, self.rules.deck.copies, self.rules.seats, self.rules.hand_size)


def parse_grid_options(items: Sequence[str] | None) -> dict[str, list[str]]:
    """``["head=never,always", "counting=classic"]`` -> ``{"head": ["never", "always"], "counting": [...]}``."""
    out: dict[str, list[str]] = {}
    for name, value in parse_option_args(list(items or [])).items():
        values = [v.strip() for v in value.split(",") if v.strip()]
        if not values:
            raise UserError(f"option {name} has no value: write {field_name('options')} {name}=a,b")
        if len(set(values)) != len(values):
            raise UserError(f"option {name} lists a value twice: {value}")
        out[name] = values
    return out


def settings_grid(rules: str, options: Sequence[str] | None = None, vs: Sequence[str] | None = None) -> list[Setting]:
    """Every combination of the listed option values, for ``rules`` and each house file in ``vs``.

    The first value of each option and ``rules`` itself make the baseline. Unknown options or values
    and house files that fail to load raise UserError (from :func:`analyzer.rules.load`).
    """
    grid = parse_grid_options(options)
    bases = [rules, *list(vs or [])]
    varying = [k for k, v in grid.items() if len(v) > 1]
    out: list[Setting] = []
    for base in bases:
        for combo in product(*grid.values()):
            opts = dict(zip(grid, combo, strict=True))
            rs = load(base, opts)
            parts = [f"{k}={opts[k]}" for k in varying]
            if len(bases) > 1:
                parts.insert(0, rs.id)
            out.append(Setting(", ".join(parts) or rs.id, rs))
    if len(out) < 2:
        raise UserError(f"compare needs at least two settings: give {field_name('options')} NAME=A,B or "
                        f"{field_name('vs')} house.toml")
    labels = [s.label for s in out]
    if len(set(labels)) != len(labels):
        raise UserError(f"two settings share a label ({', '.join(labels)}): give the house files distinct names")
    return out


# ---- estimates of differences -----------------------------------------------------------------------------
def difference(a: Estimate, b: Estimate, lin_a: np.ndarray | None, lin_b: np.ndarray | None,
               paired: bool) -> Estimate:
    """``a - b``: paired (the linearised per-deal values of both on the same deals) or unpaired."""
    if paired and lin_a is not None and lin_b is not None:
        d = lin_a - lin_b
        se = float(d.std(ddof=1) / math.sqrt(d.size)) if d.size > 1 else 0.0
        return estimate(a.mean - b.mean, se, d.size)
    return estimate(a.mean - b.mean, math.hypot(a.se, b.se), min(a.n, b.n))


# ---- per-setting figures ----------------------------------------------------------------------------------
#: the per-deal values of one setting that the figures are built on (one block of the run's moment vector)
VALUES = ("meld", "side_meld", "trick_points", "total", "made", "bids")


@dataclass
class Figures:
    """One setting's estimates (:data:`METRICS`) and, for each, the coefficients of its linearised
    per-deal value over the run's moment vector (what paired differences are built on)."""

    setting: Setting
    paired: bool
    estimates: dict[str, Estimate]
    coef: dict[str, np.ndarray] = field(repr=False)
    model: WorthModel | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.setting.label, "rules": self.setting.rules.id,
                "options": {k: v for k, v in self.setting.rules.options.items()}, "paired": self.paired,
                "figures": {k: v.as_dict(4) for k, v in self.estimates.items()},
                "bid_model": self.model.as_dict() if self.model else None}


def setting_values(rs: RuleSet, cols: dict[str, np.ndarray], model: WorthModel | None) -> np.ndarray:
    """float64[n, len(VALUES)]: one setting's per-deal values (heuristic play): seat 0's meld, its side's
    meld as counted, trick points, their total, and, with bidding, whether the hand bids its typical bid
    and whether it makes it."""
    side = side_outcome(rs, cols, "heuristic")
    n = side.meld.size
    out = np.zeros((n, len(VALUES)))
    out[:, 0] = cols["meld_s0"]
    out[:, 1] = side.meld
    out[:, 2] = side.trick_points
    out[:, 3] = side.total
    if model is not None:
        tb = typical_bids(rs.bid_levels(), model.predict(rs, cols))
        bids = tb > 0
        out[:, 4] = made_at(rs, cols, "heuristic", tb) & bids
        out[:, 5] = bids
    return out


def setting_figures(setting: Setting, paired: bool, mom: Moments, block: int, model: WorthModel | None) -> Figures:
    """The estimates of :data:`METRICS` for the setting whose values are block ``block`` of ``mom``."""
    at = {name: block * len(VALUES) + i for i, name in enumerate(VALUES)}
    est: dict[str, Estimate] = {}
    coef: dict[str, np.ndarray] = {}
    for name in ("meld", "side_meld", "trick_points", "total"):
        est[name] = mom.mean_of(at[name])
        coef[name] = np.zeros(mom.mean.size)
        coef[name][at[name]] = 1.0
    est["meld_share"], coef["meld_share"] = mom.ratio(at["side_meld"], at["total"])
    if model is not None:
        est["make_rate"], coef["make_rate"] = mom.ratio(at["made"], at["bids"])
        est["bid_share"] = mom.mean_of(at["bids"])
        coef["bid_share"] = np.zeros(mom.mean.size)
        coef["bid_share"][at["bids"]] = 1.0
    return Figures(setting, paired, est, coef, model)


@dataclass(frozen=True)
class HandAdvice:
    """The advisor's answer for one hand under one setting (``None`` when the hand does not fit it)."""

    label: str
    action: str | None
    trump: str | None
    bid: int | None
    net: Estimate | None
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"setting": self.label, "action": self.action, "trump": self.trump, "bid": self.bid,
                "net": self.net.as_dict() if self.net else None, "text": self.text}

    def short(self) -> str:
        if self.action is None:
            return "n/a"
        if self.action == "bid":
            return f"up to {self.bid} {self.trump}"
        if self.action == "play":
            return f"play {self.trump}: {self.net.mean:+.1f}" if self.net else "play"
        return "pass"


def _fit_hand(rs: RuleSet, hand: str) -> tuple[Any, str | None]:
    """The hand parsed for a setting, or why it does not fit."""
    from analyzer.cards import Hand

    try:
        h = Hand.parse(hand, rs.deck)
    except UserError as e:
        return None, f"the hand does not fit this deck: {e}"
    if len(h) != rs.hand_size:
        return None, f"{rs.id} hands here have {rs.hand_size} cards, this one has {len(h)}"
    return h, None


def check_hands(settings: Sequence[Setting], hands: Sequence[str], upcard: str | None) -> None:
    """UserError, before any work, for a hand that fits none of the settings (or lacks its upcard)."""
    for hand in hands:
        fits = [st for st in settings if _fit_hand(st.rules, hand)[0] is not None]
        if not fits:
            raise UserError(f"{field_name('hand')} {hand!r}: {_fit_hand(settings[0].rules, hand)[1]}")
        if any(not st.rules.has_bidding for st in fits) and upcard is None:
            rid = next(st.rules.id for st in fits if not st.rules.has_bidding)
            raise UserError(f"{rid} has no bidding: name trump for {field_name('hand')} with {field_name('upcard')}, "
                            f"e.g. {field_name('upcard')} 9H")


def hand_advice(settings: Sequence[Setting], hand: str, samples: int, seed: int, upcard: str | None,
                workers: int = 1, cluster: Any = None) -> list[HandAdvice]:
    """The advisor's ceiling for ``hand`` under every setting — how high it may bid and with which trump
    (:mod:`analyzer.advisor.advise`; same seed: the same sampled deals wherever the deck is the same; ``workers`` /
    ``cluster``: where its deals are played, the same figures however spread)."""
    from analyzer.advisor.advise import advise
    from analyzer.advisor.request import BidRequest

    out = []
    for st in settings:
        rs = st.rules
        h, why = _fit_hand(rs, hand)
        if h is None:
            out.append(HandAdvice(st.label, None, None, None, None, str(why)))
            continue
        if not rs.has_bidding and upcard is None:
            raise UserError(f"{rs.id} has no bidding: name trump for {field_name('hand')} with {field_name('upcard')}, "
                            f"e.g. {field_name('upcard')} 9H")
        req = BidRequest.make(rs, h, samples=samples, seed=seed, upcard=None if rs.has_bidding else upcard,
                              play="heuristic" if rs.has_bidding else None)
        adv = advise(req, workers=workers, cluster=cluster)
        rec = adv.recommendation
        an = adv.analyses[0] if adv.analyses else None
        c = an.ceiling if an is not None else None
        if an is None or c is None:  # no bidding: the hand's expected score
            out.append(HandAdvice(st.label, rec.action, rec.trump, rec.bid, rec.net, rec.text))
        elif c.bid is None:  # how high the hand is worth: nothing
            out.append(HandAdvice(st.label, "pass", rec.trump, None, an.passing.net, c.text()))
        else:
            out.append(HandAdvice(st.label, "bid", c.trump, c.bid, c.net, c.text()))
    return out


@dataclass
class Comparison:
    """The result of :func:`compare`: one :class:`Figures` per setting, differences against the first,
    advice for given hands, notes, and the per-deal columns of every setting."""

    settings: list[Setting]
    samples: int
    seed: int
    figures: list[Figures]
    differences: list[dict[str, Estimate]]
    hands: dict[str, list[HandAdvice]]
    notes: list[str]
    #: per setting: histograms (value -> deals) of seat 0's meld and of its side's trick points
    histograms: list[dict[str, dict[int, int]]] = field(repr=False, default_factory=list)

    @property
    def baseline(self) -> Setting:
        return self.settings[0]

    def as_dict(self) -> dict[str, Any]:
        return {
            "rules": self.baseline.rules.id, "samples": self.samples, "seed": self.seed,
            "baseline": self.baseline.label, "metrics": METRICS,
            "settings": [f.as_dict() for f in self.figures],
            "differences": [
                {"setting": s.label, "against": self.baseline.label, "paired": f.paired,
                 "difference": {k: v.as_dict(4) for k, v in d.items()}}
                for s, f, d in zip(self.settings[1:], self.figures[1:], self.differences[1:], strict=True)
            ],
            "hands": {h: [a.as_dict() for a in adv] for h, adv in self.hands.items()},
            "notes": list(self.notes),
        }

    def table(self) -> pl.DataFrame:
        """Each setting's figures: one row per (setting, metric) with the mean and its 95% interval."""
        return pl.DataFrame([{"setting": f.setting.label, "paired": f.paired, "metric": k, "mean": e.mean,
                              "lo": e.lo, "hi": e.hi} for f in self.figures for k, e in f.estimates.items()])

    def differences_table(self) -> pl.DataFrame:
        """Each setting minus the baseline: one row per (setting, metric), with the 95% interval."""
        return pl.DataFrame([{"setting": f.setting.label, "paired": f.paired, "metric": k, "difference": e.mean,
                              "lo": e.lo, "hi": e.hi}
                             for f, d in zip(self.figures[1:], self.differences[1:], strict=True)
                             for k, e in d.items()])


def _same_columns(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    keys = [k for k in a if k.startswith(("meld_s", "heuristic_", "trump"))]
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in keys)


class CompareAccumulator:
    """A comparison accumulated batch by batch: the moments of every setting's per-deal values on the
    same deals, histograms, whether each setting plays exactly like the baseline; the bid models are
    fitted on the first :data:`~analyzer.analyses.stats.FIT_DEALS` deals."""

    def __init__(self, settings: Sequence[Setting], fit_deals: int = FIT_DEALS) -> None:
        self.settings = list(settings)
        self.fit_deals = fit_deals
        self.mom = Moments(len(VALUES) * len(self.settings))
        self.models: list[WorthModel | None] | None = None
        self.buffer: list[list[dict[str, np.ndarray]]] = []
        self.buffered = 0
        self.same = [True] * len(self.settings)
        self.hist = [{"meld": Histogram(), "trick_points": Histogram()} for _ in self.settings]

    def add(self, group: list[dict[str, np.ndarray]]) -> None:
        base = group[0]
        for i, (st, cols) in enumerate(zip(self.settings, group, strict=True)):
            self.same[i] = self.same[i] and _same_columns(cols, base)
            self.hist[i]["meld"].add(cols["meld_s0"])
            self.hist[i]["trick_points"].add(side_outcome(st.rules, cols, "heuristic").trick_points)
        if self.models is not None:
            self._values(group)
            return
        self.buffer.append([{k: v for k, v in c.items() if k.startswith(MODEL_KEYS)} for c in group])
        self.buffered += len(base["deal"])
        if self.buffered >= self.fit_deals:
            self._fit()

    def _fit(self) -> None:
        joined = [{k: np.concatenate([g[i][k] for g in self.buffer]) for k in self.buffer[0][i]}
                  for i in range(len(self.settings))]
        self.buffer, self.buffered = [], 0
        self.models = [WorthModel.fit(st.rules, c, "heuristic") if st.rules.has_bidding else None
                       for st, c in zip(self.settings, joined, strict=True)]
        self._values(joined)

    def _values(self, group: list[dict[str, np.ndarray]]) -> None:
        assert self.models is not None
        self.mom.add(np.concatenate([setting_values(st.rules, c, m) for st, c, m in
                                     zip(self.settings, group, self.models, strict=True)], axis=1))

    def figures(self) -> tuple[list[Figures], list[dict[str, Estimate]]]:
        if self.models is None:
            self._fit()
        assert self.models is not None
        base = self.settings[0]
        figs = [setting_figures(s, s.deal_key == base.deal_key, self.mom, i, m)
                for i, (s, m) in enumerate(zip(self.settings, self.models, strict=True))]
        diffs: list[dict[str, Estimate]] = [{}]
        for f in figs[1:]:
            d = {}
            for k, e in f.estimates.items():
                if k in figs[0].estimates:
                    b = figs[0].estimates[k]
                    d[k] = (self.mom.paired(e, b, f.coef[k], figs[0].coef[k]) if f.paired
                            else difference(e, b, None, None, False))
            diffs.append(d)
        return figs, diffs


def compare(
    settings: Sequence[Setting],
    samples: int,
    seed: int = 0,
    *,
    hands: Sequence[str] = (),
    advise_samples: int | None = None,
    upcard: str | None = None,
    workers: int = 1,
    cluster: Any = None,
    progress: bool = False,
    out: str | Path | None = None,
) -> Comparison:
    """Compare ``settings`` on ``samples`` random deals (module docstring), batch by batch (memory does
    not grow with ``samples``); ``out`` saves every setting's per-deal columns as Parquet (column
    ``setting`` names the setting; the deals come batch by batch, every setting's rows of a batch together);
    ``advise_samples``: the sampled deals of each hand's advice (given with ``hands``)."""
    assert advise_samples is not None or not hands, "advise_samples: the deals of each hand's advice"
    settings = list(settings)
    if len(settings) < 2:
        raise UserError("compare needs at least two settings")
    for s in settings:
        if s.rules.reference:
            raise UserError(f"{s.rules.id} is the solver's reference rule set, not a pinochle game")
    check_hands(settings, hands, upcard)
    acc = CompareAccumulator(settings)
    meta = {"rules": settings[0].rules.id, "settings": [s.label for s in settings], "seed": int(seed),
            "samples": int(samples)}
    with sink(out, meta) as parquet:
        for group in iter_columns([s.rules for s in settings], samples, seed, ("heuristic",), workers=workers,
                                  cluster=cluster, progress=progress):
            acc.add(group)
            if out is not None:
                parquet.write(pl.concat([pl.DataFrame(c).with_columns(pl.lit(s.label).alias("setting"))
                                         for s, c in zip(settings, group, strict=True)], how="diagonal_relaxed"))
    figs, diffs = acc.figures()
    base = settings[0]
    notes = []
    unpaired = [f.setting.label for f in figs if not f.paired]
    if unpaired:
        notes.append(f"{', '.join(unpaired)}: the deck or hand size differs from the baseline, so the deals cannot "
                     "be shared; these settings are compared unpaired (independent deals)")
    for i, f in enumerate(figs[1:], 1):
        if f.paired and acc.same[i]:
            changed = [k for k, v in f.setting.rules.options.items() if base.rules.options.get(k) != v]
            why = "; ".join(NOT_MODELLED[k] for k in changed if k in NOT_MODELLED)
            notes.append(f"{f.setting.label} gives the same meld, play and points as {base.label} on every deal"
                         + (f": {why}" if why else ""))
    if any(not s.rules.has_bidding for s in settings):
        notes.append("two-handed: no bidding (the upcard names trump), so no make rate; phase 1 is not modelled; "
                     "meld (seat 0) is in the upcard's suit, with one card of that suit out of the hand: a little "
                     "below `stats`' meld with a fixed trump (its exact mean), well below its best-trump meld")
    if any(s.rules.has_bidding for s in settings) and samples > FIT_DEALS:
        notes.append(f"the bid model behind the make rate is fitted on the first {FIT_DEALS:,} deals and applied "
                     "to all")
    advice = {h: hand_advice(settings, h, advise_samples, seed, upcard, workers, cluster) for h in hands}
    hist = [{k: h.sorted_counts() for k, h in d.items()} for d in acc.hist]
    return Comparison(settings, int(samples), int(seed), figs, diffs, advice, notes, hist)
