"""Statistics over random deals: meld, the chance of holding each meld, trick points, bid levels.

:func:`meld_stats` deals ``samples`` random deals (deal ``i`` from ``(seed, i)``, cut into batches that
:mod:`analyzer.runs.batches` may spread over processes or a Dask cluster) and looks at seat 0's hand:

* **meld** with its best trump and with a named trump: mean (95% interval), quantiles, histogram; the
  exact mean for the named trump (:func:`analyzer.meld.exact.exact_mean_meld`) beside the Monte-Carlo estimate;
* **holdings**: the chance that a hand holds the cards of each meld once, twice (three and four times in
  the double deck): in the named trump suit and in any suit for suit melds; with the exact chance
  (:mod:`analyzer.meld.exact`, inclusion-exclusion over the suits for "any suit") beside each estimate.
  *Holding* means having the cards: a marriage inside a run is held even where the rules score only the
  run;
* **trick points** of seat 0's side by the number of trumps seat 0 holds: every deal is played out with
  seat 0 declaring and leading, naming its best-meld trump (the trump with the most meld, then the
  longest, then the first of S H D C); in two-handed, which has no bidding, the upcard (the bottom card
  of the stock) names trump. ``heuristic`` play is :func:`analyzer.play.play_deals` (policy v1),
  ``dd`` the double-dummy solver :func:`analyzer.solve.solve_deals`;
* **bid levels**: what a hand is worth, by a simple fitted model: the side's score if it declares
  (its meld as the rules count it plus its trick points, from the played deals) is regressed by least
  squares on seat 0's own hand (its meld in the trump it names, trump length and its square, cards of
  each rank, trump aces, void suits). A hand's *worth* is the model's prediction for it; the table gives
  the share of hands worth each bid level, the chance that the declaring side makes each level, and the
  make rate of hands bidding their *typical bid* (the highest level not above their worth).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyzer.cards import SUIT_NAMES, SUITS
from analyzer.errors import UserError, field_name
from analyzer.estimate import Estimate, Histogram, Proportion, mean_ci, wilson
from analyzer.meld.exact import exact_any_suit, exact_mean_meld, meld_requirement, prob_at_least
from analyzer.montecarlo.columns import COLUMNS, iter_columns
from analyzer.play.modes import players_of
from analyzer.rules.model import MeldSpec, RuleSet
from analyzer.runs.parquet import sink
from analyzer.score import convert_points, declarer_made, seat_unit, unit_totals

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95, 0.99)
DEALER_NOTE = "seat 0 sits left of the dealer, declares and leads"


# ---- summaries ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Distribution:
    """A sample of integer values: mean with its interval, quantiles and a histogram (value -> count)."""

    mean: Estimate
    quantiles: dict[float, float]
    histogram: dict[int, int]
    exact_mean: float | None = None

    @classmethod
    def of(cls, values: np.ndarray, exact_mean: float | None = None) -> Distribution:
        v = np.asarray(values).astype(np.int64)
        vals, cnt = np.unique(v, return_counts=True)
        q = {p: float(np.quantile(v, p)) for p in QUANTILES}
        return cls(mean_ci(v), q, {int(a): int(b) for a, b in zip(vals, cnt, strict=True)}, exact_mean)

    @classmethod
    def of_hist(cls, h: Histogram, exact_mean: float | None = None) -> Distribution:
        """The same figures from a histogram accumulated batch by batch."""
        return cls(h.estimate(), {p: h.quantile(p) for p in QUANTILES}, h.sorted_counts(), exact_mean)

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"mean": self.mean.as_dict(), "quantiles": {f"{k:g}": v for k, v in self.quantiles.items()},
                             "histogram": [[k, v] for k, v in self.histogram.items()]}
        if self.exact_mean is not None:
            d["exact_mean"] = round(self.exact_mean, 6)
            d["z"] = round(z_score(self.mean.mean, self.exact_mean, self.mean.se), 3)
        return d


def z_score(estimate: float, exact: float, se: float) -> float:
    """How many standard errors the estimate lies from the exact value (0 when both agree exactly)."""
    if se > 0:
        return (estimate - exact) / se
    return 0.0 if estimate == exact else float("inf")


@dataclass(frozen=True)
class Holding:
    """The chance of holding ``n`` or more copies of a meld's cards (``where``: a suit, ``any`` suit, or
    None for arounds and fixed cards): the estimate with its interval, the exact value, and the estimate's
    distance from it in standard errors (the standard error of a share ``p`` over ``N`` hands)."""

    meld: str
    label: str
    where: str | None
    n: int
    estimate: Proportion
    exact: float | None

    @property
    def se(self) -> float:
        """The standard error of the estimate at the exact chance (or the estimate where none is known)."""
        p = self.exact if self.exact is not None else self.estimate.p
        return float(np.sqrt(max(p * (1 - p), 0.0) / self.estimate.n))

    @property
    def z(self) -> float | None:
        return None if self.exact is None else z_score(self.estimate.p, self.exact, self.se)

    def as_dict(self) -> dict[str, Any]:
        return {"meld": self.meld, "where": self.where, "n": self.n, "estimate": self.estimate.as_dict(6),
                "exact": None if self.exact is None else round(self.exact, 8),
                "z": None if self.z is None else round(self.z, 3)}


def _holding_rows(rules: RuleSet, trump: int) -> list[tuple[MeldSpec, str | None, int, dict[int, int]]]:
    """The rows of the holding table: (meld, where, copies, requirement); suit melds in the ``trump``
    suit and in any suit (requirement of the trump suit), others once."""
    out: list[tuple[MeldSpec, str | None, int, dict[int, int]]] = []
    for m in rules.melds:
        for n in range(1, rules.deck.copies + 1):
            need = meld_requirement(rules, m, n, trump if m.scope == "suit" else None)
            if any(v > rules.deck.copies for v in need.values()):
                continue
            if m.scope == "suit":
                out += [(m, SUITS[trump], n, need), (m, "any", n, need)]
            else:
                out.append((m, None, n, need))
    return out


def holding_counts(rules: RuleSet, cols: dict[str, np.ndarray], trump: int) -> list[int]:
    """How many of the deals hold each row of the holding table (:func:`_holding_rows`)."""
    out = []
    for m, where, n, _ in _holding_rows(rules, trump):
        if where is None:
            col = cols[f"hold_{m.name}"]
        elif where == "any":
            col = np.max(np.stack([cols[f"hold_{m.name}_{S}"] for S in SUITS]), axis=0)
        else:
            col = cols[f"hold_{m.name}_{where}"]
        out.append(int((col >= n).sum()))
    return out


def holdings_from_counts(rules: RuleSet, counts: Sequence[int], deals: int, trump: int) -> list[Holding]:
    """The holding table from the counts of :func:`holding_counts` summed over ``deals`` deals."""
    out = []
    for (m, where, n, need), k in zip(_holding_rows(rules, trump), counts, strict=True):
        exact = exact_any_suit(rules, m, n) if where == "any" else prob_at_least(rules, need)
        out.append(Holding(m.name, m.label, where, n, wilson(int(k), int(deals)), float(exact)))
    return out


def holdings(rules: RuleSet, cols: dict[str, np.ndarray], trump: int) -> list[Holding]:
    """The holding table: every meld, 1 .. copies copies; suit melds in the ``trump`` suit and in any suit."""
    return holdings_from_counts(rules, holding_counts(rules, cols, trump), len(cols["deal"]), trump)


def side_arrays(rules: RuleSet, cols: dict[str, np.ndarray], mode: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-seat (meld, points, tricks) int64[n, seats] of a play mode, for :mod:`analyzer.score`.

    Double-dummy results give only the declaring side's points: they are put on seat 0, and the side is
    taken to have won a trick when it took points (the only use of tricks is "no trick, no meld").
    """
    seats = rules.seats
    meld = np.stack([cols[f"meld_s{s}"] for s in range(seats)], axis=1).astype(np.int64)
    if mode == "heuristic":
        pts = np.stack([cols[f"heuristic_points_s{s}"] for s in range(seats)], axis=1).astype(np.int64)
        trk = np.stack([cols[f"heuristic_tricks_s{s}"] for s in range(seats)], axis=1).astype(np.int64)
        return meld, pts, trk
    side = cols["dd_side_points"].astype(np.int64)
    pts = np.zeros((side.size, seats), dtype=np.int64)
    trk = np.zeros((side.size, seats), dtype=np.int64)
    pts[:, 0] = side
    trk[:, 0] = side > 0
    return meld, pts, trk


@dataclass(frozen=True)
class SideOutcome:
    """Seat 0's scoring unit on each deal: the meld that counts, its trick points, and their sum."""

    meld: np.ndarray
    trick_points: np.ndarray

    @property
    def total(self) -> np.ndarray:
        return self.meld + self.trick_points


def side_outcome(rules: RuleSet, cols: dict[str, np.ndarray], mode: str) -> SideOutcome:
    """Seat 0's unit (partnership or player): meld counted by the rules (no trick, no meld) and trick points."""
    meld, pts, trk = side_arrays(rules, cols, mode)
    u = int(seat_unit(rules)[0])
    m = unit_totals(rules, meld)[:, u]
    p = convert_points(rules, unit_totals(rules, pts)[:, u])
    t = unit_totals(rules, trk)[:, u]
    if rules.scoring.no_trick_no_meld:
        m = np.where(t > 0, m, 0)
    return SideOutcome(m, p)


@dataclass(frozen=True)
class TrumpRow:
    """Trick points of seat 0's side on the deals where seat 0 holds ``trumps`` trump cards."""

    trumps: int
    hands: int
    share: float
    trick_points: Estimate
    quantiles: dict[float, float]
    #: trick points -> hands (for box plots)
    histogram: dict[int, int] = field(default_factory=dict, repr=False)

    def as_dict(self) -> dict[str, Any]:
        return {"trumps": self.trumps, "hands": self.hands, "share": round(self.share, 6),
                "trick_points": self.trick_points.as_dict(),
                "quantiles": {f"{k:g}": v for k, v in self.quantiles.items()}}


def tricks_by_trumps(trumps: np.ndarray, trick_points: np.ndarray) -> list[TrumpRow]:
    """One row per number of trumps held (rows of a single hand have a zero-width interval)."""
    hists: dict[int, Histogram] = {}
    add_by_trumps(hists, trumps, trick_points)
    return rows_by_trumps(hists)


def add_by_trumps(hists: dict[int, Histogram], trumps: np.ndarray, trick_points: np.ndarray) -> None:
    """Add a batch's trick points to the histograms per number of trumps held."""
    for k in np.unique(trumps):
        hists.setdefault(int(k), Histogram()).add(trick_points[trumps == k])


def rows_by_trumps(hists: dict[int, Histogram]) -> list[TrumpRow]:
    """The rows of :func:`tricks_by_trumps` from histograms per number of trumps."""
    n = sum(h.n for h in hists.values())
    return [TrumpRow(k, h.n, h.n / n, h.estimate(), {p: h.quantile(p) for p in QUANTILES}, h.sorted_counts())
            for k, h in sorted(hists.items())]


# ---- the bid model -----------------------------------------------------------------------------------------
def features(rules: RuleSet, cols: dict[str, np.ndarray]) -> tuple[list[str], np.ndarray]:
    """The model's inputs from seat 0's own hand: names and float64[n, k] (an intercept first)."""
    tr = cols["trumps_held"].astype(np.float64)
    names = ["intercept", "own meld", "trumps", "trumps^2", "trump aces", "voids"]
    x = [np.ones_like(tr), cols["meld_s0"].astype(np.float64), tr, tr * tr,
         cols["trump_aces"].astype(np.float64), cols["voids"].astype(np.float64)]
    for r in rules.deck.ranks[:-1]:  # the lowest rank is implied by the others and the hand size
        names.append(f"{r} held")
        x.append(cols[f"n_{r}"].astype(np.float64))
    return names, np.stack(x, axis=1)


@dataclass(frozen=True)
class WorthModel:
    """Least-squares fit of the declaring side's meld + trick points on seat 0's hand features."""

    names: tuple[str, ...]
    coef: np.ndarray
    r2: float
    resid_sd: float
    play: str

    @classmethod
    def fit(cls, rules: RuleSet, cols: dict[str, np.ndarray], mode: str) -> WorthModel:
        names, x = features(rules, cols)
        y = side_outcome(rules, cols, mode).total.astype(np.float64)
        coef, *_ = np.linalg.lstsq(x, y, rcond=None)
        pred = x @ coef
        ss = float(((y - y.mean()) ** 2).sum())
        r2 = 1.0 - float(((y - pred) ** 2).sum()) / ss if ss > 0 else 1.0
        return cls(tuple(names), coef, r2, float(np.std(y - pred)), mode)

    def predict(self, rules: RuleSet, cols: dict[str, np.ndarray]) -> np.ndarray:
        return features(rules, cols)[1] @ self.coef

    def as_dict(self) -> dict[str, Any]:
        return {"play": self.play, "target": "declaring side's meld (as counted) + trick points",
                "coefficients": {n: round(float(c), 4) for n, c in zip(self.names, self.coef, strict=True)},
                "r2": round(self.r2, 4), "residual_sd": round(self.resid_sd, 3)}


def typical_bids(levels: Sequence[int], worth: np.ndarray) -> np.ndarray:
    """int64[n]: the highest bid level not above each hand's worth (0: below the opening, the hand passes)."""
    lv = np.asarray(levels, dtype=np.float64)
    idx = np.searchsorted(lv, worth, side="right") - 1
    return np.where(idx >= 0, np.asarray(levels, dtype=np.int64)[np.maximum(idx, 0)], 0)


@dataclass(frozen=True)
class BidRow:
    """One bid level: the share of hands worth it, and the chance that the declaring side makes it (over
    all hands, and over the hands worth it)."""

    bid: int
    worth: Proportion
    make: Proportion
    make_if_worth: Proportion | None

    def as_dict(self) -> dict[str, Any]:
        return {"bid": self.bid, "worth_it": self.worth.as_dict(), "make": self.make.as_dict(),
                "make_if_worth_it": self.make_if_worth.as_dict() if self.make_if_worth else None}


def made_at(rules: RuleSet, cols: dict[str, np.ndarray], mode: str, bid: np.ndarray | int) -> np.ndarray:
    """bool[n]: whether seat 0's side makes ``bid`` (one for all deals or one per deal) as the rules score."""
    meld, pts, trk = side_arrays(rules, cols, mode)
    return declarer_made(rules, meld, pts, trk, 0, bid)


# ---- the result -----------------------------------------------------------------------------------------
@dataclass
class PlayStats:
    """Trick points and bid levels of one play mode."""

    play: str
    trick_points: Distribution
    by_trumps: list[TrumpRow]
    model: WorthModel | None
    bids: list[BidRow]
    typical_make: Proportion | None

    def as_dict(self) -> dict[str, Any]:
        return {"play": self.play, "trick_points": self.trick_points.as_dict(),
                "by_trumps": [r.as_dict() for r in self.by_trumps],
                "bid_model": self.model.as_dict() if self.model else None,
                "bid_levels": [r.as_dict() for r in self.bids],
                "make_at_typical_bid": self.typical_make.as_dict() if self.typical_make else None}


@dataclass
class MeldStats:
    """Everything :func:`meld_stats` measured, with the per-deal columns it measured it from."""

    rules: RuleSet
    samples: int
    seed: int
    trump: int
    plays: tuple[str, ...]
    best: Distribution
    named: Distribution
    holdings: list[Holding]
    play: list[PlayStats]
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.id, "options": {k: v for k, v in self.rules.options.items()},
            "samples": self.samples, "seed": self.seed, "trump": SUITS[self.trump], "plays": list(self.plays),
            "meld": {"best_trump": self.best.as_dict(), "named_trump": self.named.as_dict()},
            "holdings": [h.as_dict() for h in self.holdings],
            "play": [p.as_dict() for p in self.play],
            "notes": list(self.notes),
        }

    def meld_frame(self) -> pl.DataFrame:
        """One row per trump choice (best, named): mean with its interval, exact mean, quantiles."""
        rows = []
        for label, d in (("best", self.best), (SUITS[self.trump], self.named)):
            rows.append({"trump": label, "mean": d.mean.mean, "lo": d.mean.lo, "hi": d.mean.hi,
                         "exact_mean": d.exact_mean, **{f"q{int(100 * q)}": v for q, v in d.quantiles.items()}})
        return pl.DataFrame(rows)

    def holdings_frame(self) -> pl.DataFrame:
        """The holding table: meld, where, copies, estimate with its Wilson interval, exact value, z."""
        return pl.DataFrame([{"meld": h.label, "where": h.where or "", "copies": h.n, "estimate": h.estimate.p,
                              "lo": h.estimate.lo, "hi": h.estimate.hi, "exact": h.exact, "z": h.z}
                             for h in self.holdings])

    def _play(self, play: str | None) -> PlayStats:
        for p in self.play:
            if play is None or p.play == play:
                return p
        raise UserError(f"no {play or ''} play in these statistics: run with plays={play or 'heuristic'}")

    def tricks_frame(self, play: str | None = None) -> pl.DataFrame:
        """Trick points of seat 0's side by the trumps it holds (first play mode unless named)."""
        ps = self._play(play)
        return pl.DataFrame([{"trumps": r.trumps, "hands": r.hands, "share": r.share, "mean": r.trick_points.mean,
                              "lo": r.trick_points.lo, "hi": r.trick_points.hi, "median": r.quantiles[0.5]}
                             for r in ps.by_trumps])

    def bids_frame(self, play: str | None = None) -> pl.DataFrame:
        """Per bid level: share of hands worth it, make chance (all hands, hands worth it)."""
        ps = self._play(play)
        return pl.DataFrame([{"bid": b.bid, "worth_it": b.worth.p, "make": b.make.p,
                              "make_if_worth_it": b.make_if_worth.p if b.make_if_worth else None}
                             for b in ps.bids], schema={"bid": pl.Int64, "worth_it": pl.Float64,
                                                        "make": pl.Float64, "make_if_worth_it": pl.Float64})


#: the bid model is fitted on the first deals of a run (all of them in runs this short)
FIT_DEALS = 32_768
#: the per-deal columns the bid model and the bid table read (kept for the first FIT_DEALS deals)
MODEL_KEYS = ("deal", "meld_s", "trumps_held", "trump_aces", "voids", "n_", "heuristic_", "dd_side_points")


class PlayAccumulator:
    """The figures of one play mode, batch by batch: trick-point histograms (all hands, by trumps held),
    and, with bidding, the worth model fitted on the first :data:`FIT_DEALS` deals then applied to every
    deal to count the bid table."""

    def __init__(self, rules: RuleSet, mode: str, fit_deals: int = FIT_DEALS) -> None:
        self.rules, self.mode, self.fit_deals = rules, mode, fit_deals
        self.tp = Histogram()
        self.by_trumps: dict[int, Histogram] = {}
        self.model: WorthModel | None = None
        self.buffer: list[dict[str, np.ndarray]] = []
        self.buffered = 0
        self.levels = rules.bid_levels() if rules.has_bidding else []
        nl = len(self.levels)
        self.n = 0
        self.worth = np.zeros(nl, dtype=np.int64)
        self.make = np.zeros(nl, dtype=np.int64)
        self.make_worth = np.zeros(nl, dtype=np.int64)
        self.typical = [0, 0]  # hands bidding their typical bid, of them made

    def add(self, cols: dict[str, np.ndarray]) -> None:
        side = side_outcome(self.rules, cols, self.mode)
        self.tp.add(side.trick_points)
        add_by_trumps(self.by_trumps, cols["trumps_held"], side.trick_points)
        if not self.rules.has_bidding:
            return
        if self.model is not None:
            self._count(cols)
            return
        self.buffer.append({k: v for k, v in cols.items() if k.startswith(MODEL_KEYS)})
        self.buffered += len(cols["deal"])
        if self.buffered >= self.fit_deals:
            self._fit()

    def _fit(self) -> None:
        cols = {k: np.concatenate([b[k] for b in self.buffer]) for k in self.buffer[0]}
        self.buffer, self.buffered = [], 0
        self.model = WorthModel.fit(self.rules, cols, self.mode)
        self._count(cols)

    def _count(self, cols: dict[str, np.ndarray]) -> None:
        assert self.model is not None
        worth = self.model.predict(self.rules, cols)
        self.n += worth.size
        for i, b in enumerate(self.levels):
            ok = worth >= b
            made = made_at(self.rules, cols, self.mode, b)
            self.worth[i] += int(ok.sum())
            self.make[i] += int(made.sum())
            self.make_worth[i] += int((made & ok).sum())
        tb = typical_bids(self.levels, worth)
        bidding = tb > 0
        if bidding.any():
            made = made_at(self.rules, cols, self.mode, tb)
            self.typical[0] += int(bidding.sum())
            self.typical[1] += int((made & bidding).sum())

    def result(self) -> PlayStats:
        if self.rules.has_bidding and self.model is None and self.buffer:
            self._fit()
        bids: list[BidRow] = []
        for i, b in enumerate(self.levels):
            row = BidRow(b, wilson(int(self.worth[i]), self.n), wilson(int(self.make[i]), self.n),
                         wilson(int(self.make_worth[i]), int(self.worth[i])) if self.worth[i] else None)
            bids.append(row)
            if row.worth.p < 0.001 and row.make.p < 0.001:
                break
        typical = wilson(self.typical[1], self.typical[0]) if self.typical[0] else None
        return PlayStats(self.mode, Distribution.of_hist(self.tp), rows_by_trumps(self.by_trumps), self.model, bids,
                         typical)


class StatsAccumulator:
    """Everything :func:`meld_stats` reports, accumulated batch by batch (:meth:`add`), so that memory
    holds a few batches whatever the number of deals."""

    def __init__(self, rules: RuleSet, trump: int, modes: Sequence[str], fit_deals: int = FIT_DEALS) -> None:
        self.rules, self.trump = rules, trump
        self.best, self.named = Histogram(), Histogram()
        self.holds = np.zeros(len(_holding_rows(rules, trump)), dtype=np.int64)
        self.deals = 0
        self.play = [PlayAccumulator(rules, m, fit_deals) for m in modes]

    def add(self, cols: dict[str, np.ndarray]) -> None:
        self.deals += len(cols["deal"])
        self.best.add(cols["meld_best"])
        self.named.add(cols[f"meld_{SUITS[self.trump]}"])
        self.holds += np.array(holding_counts(self.rules, cols, self.trump), dtype=np.int64)
        for p in self.play:
            p.add(cols)


def meld_stats(
    rules: RuleSet,
    samples: int,
    seed: int = 0,
    *,
    plays: str | Sequence[str] = ("heuristic",),
    trump: int | str = 0,
    workers: int = 1,
    cluster: Any = None,
    progress: bool = False,
    dd_nodes: int | None = None,
    out: str | Path | None = None,
) -> MeldStats:
    """Statistics of ``samples`` random deals of ``rules`` (module docstring); ``trump`` names the suit of
    the named-trump figures (any suit gives the same by symmetry). The deals are dealt, played and
    counted batch by batch (memory does not grow with ``samples``); ``out`` saves the per-deal columns
    (:data:`COLUMNS`) as Parquet while they are made; ``dd_nodes``: the node budget of a double-dummy solve (given
    when ``plays`` holds ``dd``)."""
    if rules.reference:
        raise UserError(f"{rules.id} is the solver's reference rule set, not a pinochle game")
    modes = players_of(plays, allow_none=True)
    if isinstance(trump, str):
        from analyzer.cards import suit_index

        trump = suit_index(trump)
    if not 0 <= int(trump) <= 3:
        raise UserError(f"trump must be a suit S H D C, not {trump}")
    acc = StatsAccumulator(rules, int(trump), modes)
    meta = {"rules": rules.id, "options": dict(rules.options), "samples": int(samples), "seed": int(seed),
            "trump": SUITS[int(trump)], "plays": list(modes), "columns": COLUMNS}
    with sink(out, meta) as parquet:
        for (cols,) in iter_columns([rules], samples, seed, modes, workers=workers, cluster=cluster,
                                    progress=progress, dd_nodes=dd_nodes):
            acc.add(cols)
            parquet.write(pl.DataFrame(cols))
    named = Distribution.of_hist(acc.named, float(exact_mean_meld(rules, trump)))
    fixed = (f"the meld row {SUITS[int(trump)]} and the holdings \"in {SUITS[int(trump)]}\" fix "
             f"{SUIT_NAMES[int(trump)]} as trump ({field_name('trump')}), the meld row \"best\" takes each hand's "
             "best-meld trump")
    notes = [DEALER_NOTE + (
        "; in play the upcard (bottom card of the stock) names trump; " if rules.play.stock else
        "; in play seat 0 declares in its best-meld trump; ") + fixed]
    if rules.play.stock:
        notes.append("two-handed is played with phase-2 rules on the 12-card hands (phase 1, the stock, is not "
                     "modelled)")
    if "dd" in modes and rules.has_bidding and rules.scoring.no_trick_no_meld:
        notes.append("double-dummy results give the declaring side's points only: it counts as having won a trick "
                     "when it took points")
    if rules.has_bidding and modes and samples > FIT_DEALS:
        notes.append(f"the bid model (a hand's worth) is fitted on the first {FIT_DEALS:,} deals and applied to all")
    return MeldStats(rules, int(samples), int(seed), int(trump), modes, Distribution.of_hist(acc.best), named,
                     holdings_from_counts(rules, acc.holds, acc.deals, int(trump)), [p.result() for p in acc.play],
                     notes)


def fraction_text(p: float) -> str:
    """A chance in percent with enough digits for small values."""
    if p == 0:
        return "0"
    if p >= 0.01:
        return f"{100 * p:.2f}%"
    if p >= 1e-4:
        return f"{100 * p:.2g}%"
    return f"1 in {1 / p:,.0f}"


__all__ = [
    "BidRow", "Distribution", "Holding", "MeldStats", "PlayAccumulator", "PlayStats", "SideOutcome",
    "StatsAccumulator", "TrumpRow", "WorthModel", "holdings", "meld_stats", "side_outcome",
]
