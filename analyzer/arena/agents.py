"""Bidding agents for the arena: one small protocol, and the advisor, a formula bidder, meld-only, random.

**The protocol.** An agent is any object with

* ``name: str``;
* ``bid(view: AuctionState) -> int | None`` — its call at its turn: a legal bid (``view.is_legal``,
  ``view.legal_bids()``) or None to pass. ``view`` (:class:`analyzer.bidding.auction.AuctionState`) holds its
  own hand, seat (``me``), dealer, the calls so far, the standing bid, the lowest legal bid, who has passed, whether
  this is its first call or its last turn, who still gets a turn, the rule set, a per-hand ``key`` and a
  ``seed``;
* ``choose_trump(view: AuctionState) -> int`` — the trump (0..3 = S H D C) it names after winning the auction at
  ``view.contract``;
* optionally ``forecast(view: AuctionState, trump: int) -> Forecast | None`` — its predicted chance of making
  the contract and its side's points (the arena's calibration reads it);
* optionally, where the rules have a pass (``[passing]``), ``choose_pass(view, trump, role, received) -> cards`` —
  the cards (kinds) it passes as the bid winner (``role`` ``bidder``) or his partner (``partner``): ``view`` the
  finished auction from its seat (its hand as dealt, ``holder`` the bid winner, ``contract`` the bid), ``received``
  the cards its partner passed it when it passes second (a :class:`~analyzer.cards.Hand`, else None)
  (:func:`analyzer.arena.passes.pass_hand` checks and applies it). An agent without it passes by the simple passing
  rule (docs/RULES.md, "Card passing").

The arena checks every call against the rules (an illegal call is an error, never silently fixed). The
conventions of :mod:`analyzer.bidding.inference` (auction's signals, double deck's meld bids) are not rules:
every agent here follows them so that the advisor's inference reads their calls right; a plugged-in
agent that ignores them still plays legally, only misleads the inference.

**The agents** (:func:`analyzer.arena.registry.make_agent` builds them from a spec such as
``advisor:samples=200,risk=0.6``):

* ``formula`` — the way common pinochle bots bid: its valuation is the best trump's meld plus fixed
  allowances (a base for the partner's meld and the trick points any hand takes, so much per sure trick
  and per trump beyond a quarter of the hand; :func:`analyzer.bidding.formula.formula_values`, fitted by
  :func:`analyzer.bidding.formula.fit_formula`), with the partner's shown meld in place of the average
  partner meld; its limit is that valuation less a safety margin
  (:func:`analyzer.bidding.formula.bidding_margin`, tuned against meld-only so the baseline is a fair
  bot). It makes the conventional bid when one is due, raises by the least legal free bid while that stays
  within its limit, and on its last turn (one-round auctions) bids its limit outright. Trump: its best valuation.
* ``meld-only`` — the same bidding with the valuation of :mod:`analyzer.advisor.advise`'s passing model: own best
  meld plus a fair share of the trick points. Trump: its best meld.
* ``advisor`` — the bid advisor as ``pinochle bid`` runs it (:class:`analyzer.arena.advisor.Advisor`): every call
  and the trump named are :func:`analyzer.advisor.advise.advise`'s answer to the player's request, with fewer
  sampled deals (the rule data's ``[advice] arena_samples``), conditioned on the calls so far and played out by
  the heuristic policy; ``advisor-cautious`` wants a 60% chance of making any bid (``risk=0.6``);
  ``advisor-noinf`` samples without the auction's clues.
* ``advisor-pass`` — the advisor whose passes are ``pinochle pass``'s advice
  (:class:`analyzer.arena.pass_advisor.PassAdvisor`: :func:`analyzer.passing.advise.advise_pass` on the request the
  player would make, at ``pinochle pass``'s size unless ``pass_samples`` / ``pass_sets`` say fewer); every other
  agent passes by the simple rule, so ``advisor-pass`` against ``advisor`` in duplicate measures the pass advice
  against the simple rule.
* ``random`` — a random legal call (tests: legality).
* ``trickster`` and ``percentile`` — yardsticks written from published bidding logic: the bid formula of
  the TricksterBots pinochle bot (:mod:`analyzer.arena.trickster`) and the percentile method of
  jeffbcole's Pinochle Classic (:mod:`analyzer.arena.percentile`); each module names its source.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from analyzer.bidding.auction import AuctionState, next_legal, replay
from analyzer.bidding.features import features
from analyzer.bidding.formula import FormulaParams, bidding_margin, formula_params, formula_values
from analyzer.bidding.inference import Convention
from analyzer.deal.rng import SEED_MASK, draw32, scaled, stream_keys
from analyzer.meld import meld_batch
from analyzer.rules.model import RuleSet
from analyzer.score import fair_share


@dataclass(frozen=True)
class Forecast:
    """An agent's prediction for its contract: the chance of making it and its side's expected meld +
    trick points (as counted), over ``n`` sampled deals (``tried`` dealt to keep them)."""

    p_make: float
    points: float
    n: int
    tried: int


@runtime_checkable
class Agent(Protocol):
    """What the arena needs of a bidder (module docstring)."""

    name: str

    def bid(self, view: AuctionState) -> int | None: ...

    def choose_trump(self, view: AuctionState) -> int: ...


# ---- bidding by a valuation (formula, meld-only) --------------------------------------------------------------
def conventional_call(view: AuctionState, limit: float, highest: bool | None = None, always: bool = True
                      ) -> int | None:
    """The call of a bidder whose hand is worth ``limit``, keeping to the conventions: the conventional bid
    when one is due (or, on a last turn, a higher free bid within the limit); otherwise the least legal
    free bid within the limit (the highest one on a last turn), or pass. ``highest`` overrides which free
    bid a bidder makes (True: the highest within the limit, False: the least; None: by the last turn).
    ``always`` False: the conventions bind only while a seat still to call could read the call (as the
    advisor keeps them); True (formula, meld-only): on every first call."""
    rs = view.rules
    cv = Convention.of(rs)
    f = features(rs, view.hand[None, :])
    first = view.first_call and (always or bool(view.to_act))
    due = int(cv.conventional_bids(f, first, view.high, view.min_bid)[0])
    top = int(math.floor(limit))
    free = cv.free_bids(view.legal_bids(upto=top), first, view.high) if top >= view.min_bid else []
    if view.last_turn if highest is None else highest:
        best = max(free) if free else None
        if due:
            return best if best is not None and best > due else due
        return best
    if due:
        return due
    return min(free) if free else None


def partner_shown_meld(view: AuctionState) -> float | None:
    """The meld the partner's first call showed under the convention (None: it showed none)."""
    partners = view.partners
    if not partners:
        return None
    cv = Convention.of(view.rules)
    a = replay(view.rules, view.dealer, view.calls)
    for ctx in a.contexts:
        c = ctx.call
        if c.seat not in partners or not ctx.first_call or c.bid is None:
            continue
        if cv.kind == "signals":
            for i, (v, lo) in enumerate(cv.meld_signals):
                if c.bid == v:
                    hi = cv.meld_signals[i + 1][1] if i + 1 < len(cv.meld_signals) else lo + 2
                    return (lo + hi - 1) / 2
            if c.bid == cv.aces_around:
                return 10.0
        elif cv.meld_bid_open(True, ctx.high_before) and c.bid <= cv.meld_hi:
            k = c.bid - int(ctx.high_before if ctx.high_before is not None else cv.meld_lo - 1)
            return k * cv.meld_unit + (cv.meld_unit - 1) / 2
    return None


class Formula:
    """Bids up to meld + fixed allowances per sure trick and per long trump, less a safety margin
    (:func:`analyzer.bidding.formula.bidding_margin`), module docstring."""

    def __init__(self, params: FormulaParams | None = None, margin: float | None = None,
                 name: str = "formula") -> None:
        self.params = params
        self.margin = margin
        self.name = name

    def margin_for(self, rules: RuleSet) -> float:
        if self.margin is not None:
            return float(self.margin)
        return bidding_margin(rules)

    def values(self, view: AuctionState) -> np.ndarray:
        """float64[4]: the hand's valuation with each trump, the partner's shown meld counted."""
        p = self.params or formula_params(view.rules)
        v = formula_values(view.rules, features(view.rules, view.hand[None, :]), p)[0]
        shown = partner_shown_meld(view)
        if shown is not None:
            v = v + shown - p.partner_meld
        return v

    def bid(self, view: AuctionState) -> int | None:
        return conventional_call(view, float(self.values(view).max()) - self.margin_for(view.rules))

    def choose_trump(self, view: AuctionState) -> int:
        return int(np.argmax(self.values(view)))


class MeldOnly:
    """Bids up to its own best meld plus a fair share of the trick points; names its best-meld trump (the
    longest of equal ones)."""

    name = "meld-only"

    def bid(self, view: AuctionState) -> int | None:
        m = meld_batch(view.hand[None, :], view.rules)[0]
        return conventional_call(view, float(m.max() + fair_share(view.rules, view.me)))

    def choose_trump(self, view: AuctionState) -> int:
        f = features(view.rules, view.hand[None, :])
        return int(np.argmax(f.meld[0] * 100 + f.length[0]))  # the most meld; ties: the longest suit


class RandomBidder:
    """A random legal call: pass with probability ``p_pass``, else the lowest legal bid raised by 0-3
    steps; names a random trump. It ignores the conventions (tests: every legal call is accepted)."""

    def __init__(self, p_pass: float = 0.35, name: str = "random") -> None:
        self.p_pass = p_pass
        self.name = name

    @staticmethod
    def _draw(view: AuctionState, j: int, n: int) -> int:
        """Draw ``j`` of this call's stream (the view's seed, calls so far, seat), in ``0 .. n - 1``."""
        k1, k2 = stream_keys(view.seed & SEED_MASK, len(view.calls), view.me)
        return int(scaled(draw32(k1, k2, j), n))

    def bid(self, view: AuctionState) -> int | None:
        if self._draw(view, 0, 1 << 20) < self.p_pass * (1 << 20):
            return None
        b = view.min_bid
        for _ in range(self._draw(view, 1, 4)):
            b = next_legal(view.rules, b)
        return b

    def choose_trump(self, view: AuctionState) -> int:
        return self._draw(view, 2, 4)
