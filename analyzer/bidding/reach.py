"""The *rich* reach valuation: how far a hand goes in the bidding as a richer linear model of its round score
than the formula's -- its meld in the trump, each rank's count in the trump and outside it, and its voids and
singletons outside the trump -- fitted by least squares on played-out random deals (:func:`fit_reach`).

Where the rule data says ``[advice] reach = "rich"``, the advice reads the other seats by it: the clue model's
soft clues (:mod:`analyzer.bidding.inference`), the call model's other seats (:mod:`analyzer.bidding.callmodel`)
and the clue fit (:mod:`analyzer.arena.cluefit`) all take :func:`analyzer.bidding.formula.bidding_limits`,
which is then this valuation less the same safety margin. The formula bidder itself (the arena's ``formula``)
keeps the formula. Why: a bidder that values its hand by simulation (the arena's ``percentile``) bids within
17.5 points (standard deviation) of this valuation on 2,000 random Luxury Family hands, within 28.5 of the
formula's (``reports/arena/README.md`` has the measurement).

The coefficients are fitted once per rule set and process (20,000 deals of seed 0, a few seconds) and cached on
the rule set.
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import LANE
from analyzer.deal import random_deals
from analyzer.deal.rng import seed_of
from analyzer.meld import meld_batch
from analyzer.play import play_deals
from analyzer.rules.lowered import first_leader, play_bids
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import run_batches, spans
from analyzer.score import score_hand

#: what :func:`design` puts in a hand's row for one trump, in order (``nranks`` entries for each ``*_by_rank``)
TERMS = ("meld", "trump_by_rank", "side_by_rank", "side_voids", "side_singletons")
#: deals of the fit
FIT_DEALS = 20_000


def rank_counts(rules: RuleSet, hands: np.ndarray) -> np.ndarray:
    """int64[n, 4, nranks]: the copies of each card held, by suit and rank (high to low), of hands int64[n,
    copies] (count planes)."""
    h = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, rules.deck.copies)
    deck = rules.deck
    shifts = np.array([LANE * s + deck.rank_bit[r] for s in range(4) for r in deck.ranks], dtype=np.int64)
    bits = (h[:, :, None] >> shifts[None, None, :]) & 1
    return bits.sum(axis=1).reshape(h.shape[0], 4, deck.nranks)


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
    """float64[n, 4]: the valuation of each hand with each trump (the fitted round score)."""
    w = reach_params(rules)
    return design(rules, meld, counts) @ w[1:] + w[0]


def reach_params(rules: RuleSet) -> np.ndarray:
    """The fitted coefficients (intercept first, then :data:`TERMS`) for ``rules``, fitted once and cached."""
    w = rules.cache.get("reach_params")
    if w is None:
        w = rules.cache["reach_params"] = fit_reach(rules, FIT_DEALS, seed=0)
    return w


def _fit_batch(task: tuple[RuleSet, int, int, int]) -> tuple[np.ndarray, ...]:
    """One batch's rows: seat 0's design [n, 4, K], its side's round score per trump [n, 4] as counted, and the
    trump its formula valuation names [n]."""
    from analyzer.bidding.features import features
    from analyzer.bidding.formula import formula_values

    rules, seed, start, n = task
    d = random_deals(rules, n, seed=seed, start=start, stock=False).hands
    n = d.shape[0]
    meld = meld_batch(d.reshape(-1, rules.deck.copies), rules).reshape(n, rules.seats, 4).astype(np.int64)
    bid = play_bids(rules)[-1]
    y = np.zeros((n, 4))
    for tr in range(4):
        r = play_deals(rules, d, tr, first_leader(rules, 0, rules.seats - 1), 0, "v1", seed=seed_of(seed, tr),
                       bid=bid)
        y[:, tr] = score_hand(rules, meld[:, :, tr], r.points, r.tricks, 0, 0)[:, 0]
    named = formula_values(rules, features(rules, d[:, 0])).argmax(axis=1)
    return design(rules, meld[:, 0, :], rank_counts(rules, d[:, 0])), y, named


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
