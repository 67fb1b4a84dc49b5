"""The formula valuation of a hand — meld plus fixed allowances per sure trick and per long trump — and the
bidding limit it gives (the valuation less a safety margin): how the formula bidder bids, and how the
inference and the advisor's call model expect the other seats to bid. The allowances are fitted by least
squares on played-out random deals (:func:`fit_formula`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.bidding.features import Features, features
from analyzer.deal import random_deals
from analyzer.deal.rng import seed_of
from analyzer.meld import meld_batch
from analyzer.play import play_deals
from analyzer.rules.lowered import first_leader, play_bids
from analyzer.rules.model import RuleSet
from analyzer.rules.schema import FormulaAllowances
from analyzer.runs.batches import run_batches, spans
from analyzer.score import fair_share, score_hand

#: soft clues and untuned margins: this share of the seat's fair share of the trick points
SOFT_SCALE = 0.25
#: the formula valuation's allowances: ``base`` (partner's meld and the trick points any hand takes),
#: ``per_sure`` (per sure trick), ``per_trump`` (per trump beyond a quarter of the hand), ``partner_meld``
#: (the partner's mean meld in the declarer's trump, part of ``base``) -- the rule data's ``[advice.formula]``
FormulaParams = FormulaAllowances


def formula_params(rules: RuleSet) -> FormulaParams:
    """The allowances for ``rules``: the rule data's ``[advice.formula]`` (measured for the default options),
    else fitted once by :func:`fit_formula` (and cached on the rule set)."""
    p = rules.cache.get("formula_params")
    if p is not None:
        return p
    default = not rules.options or rules.options == default_options(rules)
    if default and rules.advice.formula is not None:
        p = rules.advice.formula
    else:
        p = fit_formula(rules, deals=4000, seed=0)
    rules.cache["formula_params"] = p
    return p


def default_options(rules: RuleSet) -> dict[str, Any]:
    return {k: spec.default for k, spec in rules.option_specs.items()}


def excess_trumps(rules: RuleSet, length: np.ndarray) -> np.ndarray:
    """Trumps beyond a quarter of the hand (0 when shorter), for every suit: int64[n, 4]."""
    return np.maximum(length - rules.hand_size // 4, 0)


def formula_values(rules: RuleSet, f: Features, params: FormulaParams | None = None) -> np.ndarray:
    """float64[n, 4]: the formula valuation of each hand with each trump: meld + base + per_sure x sure
    tricks + per_trump x trumps beyond a quarter of the hand."""
    p = params or formula_params(rules)
    return (f.meld + p.base + p.per_sure * f.sure[:, None]
            + p.per_trump * excess_trumps(rules, f.length)).astype(np.float64)


def bidding_margin(rules: RuleSet) -> float:
    """How far below its valuation a formula bidder stops: the rule data's ``[advice] margin`` (measured:
    the margin that did best against meld-only), else a quarter of a fair share of the trick points. The
    inference and the advisor's passing model take the other players to bid like that: up to their
    valuation less this margin (their *bidding limit*)."""
    m = rules.advice.margin
    return float(m) if m is not None else SOFT_SCALE * fair_share(rules, 0)


def bidding_limits(rules: RuleSet, f: Features) -> tuple[np.ndarray, np.ndarray]:
    """(limit float64[n], trump int64[n]): how high each hand bids by the formula (its best valuation
    less :func:`bidding_margin`), and the trump it names."""
    v = formula_values(rules, f)
    return v.max(axis=1) - bidding_margin(rules), v.argmax(axis=1)


# ---- fitting the formula's allowances ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _FitBatch:
    """Deals ``start .. start + n - 1`` of a fit (a batch of :mod:`analyzer.runs.batches`)."""

    rules: RuleSet
    seed: int
    start: int
    n: int


def declarer_round_scores(rules: RuleSet, deals: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """What the valuations are fitted on: seat 0 declaring every trump on ``deals`` int64[n, seats, copies]
    (dealer seat ``seats - 1``, v1 play from the rules' first leader, a contract above the opening, trump ``t``'s
    play from ``seed_of(seed, t)``). Returns (meld int64[n, seats, 4] of every seat per trump, side float64[4, n]:
    seat 0's side's meld + trick points as counted)."""
    n = deals.shape[0]
    meld = meld_batch(deals.reshape(-1, rules.deck.copies), rules).reshape(n, rules.seats, 4).astype(np.int64)
    bid = play_bids(rules)[-1]
    dealer = rules.seats - 1
    side = np.zeros((4, n))
    for tr in range(4):
        r = play_deals(rules, deals, tr, first_leader(rules, 0, dealer), 0, "v1", seed=seed_of(seed, tr), bid=bid)
        side[tr] = score_hand(rules, meld[:, :, tr], r.points, r.tricks, 0, 0)[:, 0]
    return meld, side


def _fit_batch(t: _FitBatch) -> tuple[np.ndarray, ...]:
    """One batch's regression data: seat 0's meld per trump [n, 4], sure tricks [n], trumps beyond a quarter
    of the hand [n, 4], the target per trump [4, n] and the partners' meld per trump [4, n]."""
    rules = t.rules
    d = random_deals(rules, t.n, seed=t.seed, start=t.start, stock=False).hands
    meld, side = declarer_round_scores(rules, d, t.seed)
    f = features(rules, d[:, 0])
    partners = list(rules.partners(0))
    y = side - meld[:, 0, :].T  # the side's meld + trick points as counted, less my meld
    pm = meld[:, partners, :].sum(axis=1).T if partners else np.zeros_like(y)
    return meld[:, 0, :], np.asarray(f.sure, dtype=np.float64), excess_trumps(rules, f.length), y, pm


def fit_formula(rules: RuleSet, deals: int = 20_000, seed: int = 0, rounds: int = 2) -> FormulaParams:
    """Least-squares allowances of the formula valuation for ``rules``.

    Seat 0 declares on random deals (dealer seat ``seats - 1``, v1 play, a contract above the opening);
    the target is its side's meld + trick points as counted less its own meld in that trump, regressed on
    ``[1, sure tricks, trumps beyond a quarter of the hand]``. The first round uses every trump, later
    rounds only the trump the fitted valuation names. The deals are dealt and played in the batches of
    :mod:`analyzer.runs.batches` (deal ``k`` from ``(seed, k)``).
    """
    parts = run_batches(_fit_batch, [_FitBatch(rules, seed, sp.start, sp.n) for sp in spans(deals)],
                        label="fitting the formula")
    my_meld, f_sure, ex = (np.concatenate([p[i] for p in parts]) for i in range(3))
    y, pm = (np.concatenate([p[i] for p in parts], axis=1) for i in (3, 4))
    n = f_sure.shape[0]
    rows = np.ones((4, n), dtype=bool)
    coef = np.zeros(3)
    for _ in range(max(1, rounds)):
        X = np.stack([np.ones(rows.sum()), np.broadcast_to(f_sure, (4, n))[rows], ex.T[rows]], axis=1)
        coef, *_ = np.linalg.lstsq(X, y[rows], rcond=None)
        v = my_meld.T + coef[0] + coef[1] * f_sure[None, :] + coef[2] * ex.T
        choice = v.argmax(axis=0)
        rows = np.zeros((4, n), dtype=bool)
        rows[choice, np.arange(n)] = True
    return FormulaParams(float(coef[0]), float(coef[1]), float(coef[2]), float(pm[rows].mean()))
