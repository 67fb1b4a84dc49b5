"""Bidding agents for the arena: one small protocol, and the advisor, a formula bidder, meld-only, random.

**The protocol.** An agent is any object with

* ``name: str``;
* ``bid(view: BidView) -> int | None`` — its call at its turn: a legal bid (``view.is_legal``,
  ``view.legal()``) or None to pass. ``view`` (:class:`analyzer.bidding.auction.BidView`) holds its own
  hand, seat, dealer, the calls so far, the standing bid, the lowest legal bid, who has passed, whether
  this is its first call or its last turn, who still gets a turn, the rule set, a per-hand ``key`` and a
  ``seed``;
* ``choose_trump(view: BidView) -> int`` — the trump (0..3 = S H D C) it names after winning the auction at
  ``view.contract``;
* optionally ``forecast(view: BidView, trump: int) -> Forecast | None`` — its predicted chance of making
  the contract and its side's points (the arena's calibration reads it).

The arena checks every call against the rules (an illegal call is an error, never silently fixed). The
conventions of :mod:`analyzer.bidding.inference` (auction's signals, double deck's meld bids) are not rules:
every agent here follows them so that the advisor's inference reads their calls right; a plugged-in
agent that ignores them still plays legally, only misleads the inference.

**The agents** (:func:`make_agent` builds them from a spec such as ``advisor:samples=200,risk=0.6``):

* ``formula`` — the way common pinochle bots bid: its valuation is the best trump's meld plus fixed
  allowances (a base for the partner's meld and the trick points any hand takes, so much per sure trick
  and per trump beyond a quarter of the hand; :func:`analyzer.bidding.formula.formula_values`, fitted by
  :func:`analyzer.bidding.formula.fit_formula`), with the partner's shown meld in place of the average
  partner meld; its limit is that valuation less a safety margin
  (:func:`analyzer.bidding.formula.bidding_margin`, tuned against meld-only so the baseline is a fair
  bot). It makes the conventional bid when one is due, raises by the least legal free bid while that stays
  within its limit, and on its last turn (one-round auctions) bids its limit outright. Trump: its best valuation.
* ``meld-only`` — the same bidding with the valuation of :mod:`analyzer.advise`'s passing model: own best
  meld plus a fair share of the trick points. Trump: its best meld.
* ``advisor`` — the bid advisor at arena speed (:class:`Advisor`): a few hundred sampled deals
  (the rule data's ``[advice] arena_samples``) conditioned on the auction (inference on), played out by
  the heuristic policy, one analysis per hand reused for every call; ``advisor-cautious`` wants a 60%
  chance of making any bid (``risk=0.6``); ``advisor-noinf`` samples without the auction's clues. It does not call
  :func:`analyzer.advise.advise` (which builds tables and intervals for every level: about half a
  second per call at 300 deals, too slow for tens of thousands of calls) but follows its model — the
  same sampler, play kernels and scoring, the highest bid whose gain over passing is positive where it
  wins — on arrays, with the auction's state (who passed, who still bids, the standing bid) in the
  passing model.
* ``random`` — a random legal call (tests: legality).
* ``trickster`` and ``percentile`` — yardsticks written from published bidding logic: the bid formula of
  the TricksterBots pinochle bot (:mod:`analyzer.arena.trickster`) and the percentile method of
  jeffbcole's Pinochle Classic (:mod:`analyzer.arena.percentile`); each module names its source.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from analyzer.bidding.auction import BidView, next_legal, replay
from analyzer.bidding.callmodel import AuctionState, Outcomes, choose_call, declarer_terms, seat_features
from analyzer.bidding.features import features
from analyzer.bidding.formula import FormulaParams, bidding_margin, formula_params, formula_values
from analyzer.bidding.inference import Convention, Evidence, clue_model, effective_size, evidence
from analyzer.deal import table
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.rng import seed_of
from analyzer.rules.model import RuleSet
from analyzer.score import fair_share
from analyzer.simulate import PLAY_MODES, first_leader, play_bids

#: a refreshed analysis is drawn when the auction's new clues leave fewer than this share of the deals
MIN_KEEP = 0.5
#: ... or when the soft clues' importance weights leave an effective sample size under this share
MIN_ESS = 0.2
#: the sampler gives up on clues that accept fewer than one deal in this many (the advisor then relaxes them)
MAX_TRIES = 600
#: ... as a pilot batch of this many unconstrained deals estimates before the sampler starts
PILOT = 3000
#: a bid level is judged on at least this many deals where it wins the auction (effective size; and 5%)
MIN_WON = 8


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

    def bid(self, view: BidView) -> int | None: ...

    def choose_trump(self, view: BidView) -> int: ...


# ---- bidding by a valuation (formula, meld-only) --------------------------------------------------------------
def conventional_call(view: BidView, limit: float, highest: bool | None = None, always: bool = True
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
    free = cv.free_bids(view.legal(upto=top), first, view.high) if top >= view.min_bid else []
    if view.last_turn if highest is None else highest:
        best = max(free) if free else None
        if due:
            return best if best is not None and best > due else due
        return best
    if due:
        return due
    return min(free) if free else None


def partner_shown_meld(view: BidView) -> float | None:
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

    def values(self, view: BidView) -> np.ndarray:
        """float64[4]: the hand's valuation with each trump, the partner's shown meld counted."""
        p = self.params or formula_params(view.rules)
        v = formula_values(view.rules, features(view.rules, view.hand[None, :]), p)[0]
        shown = partner_shown_meld(view)
        if shown is not None:
            v = v + shown - p.partner_meld
        return v

    def bid(self, view: BidView) -> int | None:
        return conventional_call(view, float(self.values(view).max()) - self.margin_for(view.rules))

    def choose_trump(self, view: BidView) -> int:
        return int(np.argmax(self.values(view)))


class MeldOnly:
    """Bids up to its own best meld plus a fair share of the trick points; names its best-meld trump (the
    longest of equal ones)."""

    name = "meld-only"

    def bid(self, view: BidView) -> int | None:
        m = meld_batch(view.hand[None, :], view.rules)[0]
        return conventional_call(view, float(m.max() + fair_share(view.rules, view.seat)))

    def choose_trump(self, view: BidView) -> int:
        f = features(view.rules, view.hand[None, :])
        return int(np.argmax(f.meld[0] * 100 + f.length[0]))  # the most meld; ties: the longest suit


class RandomBidder:
    """A random legal call: pass with probability ``p_pass``, else the lowest legal bid raised by 0-3
    steps; names a random trump. It ignores the conventions (tests: every legal call is accepted)."""

    def __init__(self, p_pass: float = 0.35, name: str = "random") -> None:
        self.p_pass = p_pass
        self.name = name

    def _rng(self, view: BidView) -> np.random.Generator:
        return np.random.default_rng([view.seed & 0xFFFFFFFF, len(view.calls), view.seat])

    def bid(self, view: BidView) -> int | None:
        g = self._rng(view)
        if g.random() < self.p_pass:
            return None
        b = view.min_bid
        for _ in range(int(g.integers(0, 4))):
            b = next_legal(view.rules, b)
        return b

    def choose_trump(self, view: BidView) -> int:
        return int(self._rng(view).integers(0, 4))


# ---- the advisor's analysis of one hand -------------------------------------------------------------------
@dataclass
class Study:
    """Sampled deals around one hand, played out: me declaring each trump, and each other seat declaring
    its own best trump (by the formula valuation), so the score of any contract by any declarer follows
    without replaying. ``me_tot`` / ``me_ok`` / ``me_base`` [4, n]: with me declaring trump t (a contract
    above the opening), my side's meld + trick points as counted, whether the meld / trick minimums
    hold, my net score when my side scores 0; ``out``: every declarer's outcomes for the call model
    (:class:`analyzer.bidding.callmodel.Outcomes`, weights 1; None for a declaring-only study).
    """

    hands: np.ndarray
    tried: int
    me_tot: np.ndarray
    me_ok: np.ndarray
    me_base: np.ndarray
    out: Outcomes | None = None

    @property
    def n(self) -> int:
        return int(self.hands.shape[0])


def study(rules: RuleSet, seat: int, dealer: int, hand: np.ndarray, n: int, seed: int, *,
          accept: Callable[[np.ndarray], np.ndarray] | None = None, others: bool = True, policy: str = "v1",
          play: str = "playout", max_tries: int = 2000, trumps: tuple[int, ...] = (0, 1, 2, 3)) -> Study:
    """Sample ``n`` deals around ``hand`` (meeting ``accept``) and play them out (see :class:`Study`).

    Me declaring: the play of a contract above the opening (double deck: the first lead must be a trump;
    I never declare at the dealer's 50 after a call of mine). The other seats: the same, and the dealer
    also at the opening bid's play where it differs (double deck: stuck at 50, no trump lead). A deal's
    cards come from ``(seed, deal)``, its play from ``(seed, declarer, trump, class)``. Only ``trumps``
    are played with me declaring (the others' rows of ``me_*`` stay 0 / False: a forecast for one trump).
    """
    from analyzer.cards import from_planes

    kinds = from_planes(np.asarray(hand, dtype=np.int64), rules.deck)
    d = table(rules, seat, kinds, accept=accept).sample(n, seed, 0, max_tries)
    hands = d.hands
    seats = rules.seats
    meld = meld_batch(hands.reshape(-1, rules.deck.copies), rules).reshape(n, seats, 4).astype(np.int64)
    fn = PLAY_MODES[play]
    classes = np.array(play_bids(rules), dtype=np.int64)
    bid = int(classes[-1])
    pol = policy if play == "playout" else play
    # me declaring every trump: one scoring call over the trumps stacked
    lead = first_leader(rules, seat, dealer)
    ts = sorted(set(int(t) for t in trumps))
    res = [fn(rules, hands, t, lead, seat, pol, seed_of(seed, 1, t), bid) for t in ts]
    tot_, ok_, base_, _ = declarer_terms(rules, np.concatenate([meld[:, :, t] for t in ts]),
                                         np.concatenate([np.asarray(r.points) for r in res]),
                                         np.concatenate([np.asarray(r.tricks) for r in res]), seat, seat)
    tot, ok, base = np.zeros((4, n), dtype=np.int64), np.zeros((4, n), dtype=bool), np.zeros((4, n))
    tot[ts], ok[ts], base[ts] = tot_.reshape(-1, n), ok_.reshape(-1, n), base_.reshape(-1, n)
    st = Study(hands, int(d.tries), tot, ok, base)
    if not others:
        return st
    sf = seat_features(rules, hands)
    C = classes.size
    o = [np.zeros((C, seats, n), dtype=np.int64), np.zeros((C, seats, n), dtype=bool), np.zeros((C, seats, n)),
         np.zeros((C, seats, n))]
    for j in range(seats):
        if j == seat:
            continue
        lead = first_leader(rules, j, dealer)
        for ci in range(C - 1, -1, -1):
            if ci < C - 1 and j != dealer:  # only the dealer can declare at a lower class (the held opening)
                for a in o:
                    a[ci, j] = a[C - 1, j]
                continue
            sels, ms, ps, tk = [], [], [], []
            for t in np.unique(sf.trump[j]):
                sel = np.flatnonzero(sf.trump[j] == t)
                r = fn(rules, hands[sel], int(t), lead, j, pol, seed_of(seed, 2, j, int(t), ci), int(classes[ci]))
                sels.append(sel)
                ms.append(meld[sel][:, :, int(t)])
                ps.append(np.asarray(r.points))
                tk.append(np.asarray(r.tricks))
            sel = np.concatenate(sels)
            terms = declarer_terms(rules, np.concatenate(ms), np.concatenate(ps), np.concatenate(tk), j, seat)
            for a, v in zip(o, terms, strict=True):
                a[ci, j, sel] = v
    me = [np.broadcast_to(x[None], (C, *x.shape)).copy() for x in (tot, ok, base)]
    st.out = Outcomes(classes, *me, *o, sf, np.ones(n))
    return st


@dataclass
class Decision:
    """What the advisor weighed for one call (kept for the arena's records): the call, its limit, the
    deals kept by the hard clues, their effective size under the soft clues' weights, deals tried."""

    call: int | None
    limit: int | None
    kept: int
    ess: float
    tried: int
    value_pass: float
    clues: int


@dataclass
class _HandCache:
    study: Study | None = None
    weights: np.ndarray | None = None
    level: str = "weigh"  # how the study's deals meet the clues: thin, weigh (hard clues + weights), none
    calls_seen: int = -1
    studies: int = 0
    forecast: tuple[int, int, Forecast] | None = None  # (contract, trump, forecast)
    drawn: str = "weigh"  # the level of the study :meth:`Advisor._sampled` returned last


@dataclass
class AdvisorStats:
    """Work counters of an advisor over a run: analyses drawn (first, refreshed, for the forecast), calls
    decided (``analysed``: on sampled deals; the others were conventional bids due), deals kept and tried,
    the sum of the effective sample sizes, draws whose clues had to be relaxed (they accepted too few
    deals) and draws with the soft clues thinning."""

    studies: int = 0
    refreshes: int = 0
    forecasts: int = 0
    independent: int = 0  # forecasts on a draw of their own (after the trump and the bid were chosen)
    decisions: int = 0
    analysed: int = 0
    kept: int = 0
    ess: int = 0
    tried: int = 0
    relaxed: int = 0
    thinned: int = 0

    def as_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


class Advisor:
    """The bid advisor at arena speed, with auction inference (module docstring).

    Per hand it draws one :class:`Study` at its first call, on deals that meet the hard clues of the calls
    so far (:func:`analyzer.bidding.inference.evidence`, through the sampler's accept hook) and weighs them by the
    soft clues' likelihoods (importance weights). At later calls the same deals are filtered by the new
    hard clues and re-weighed; a fresh study is drawn only when fewer than ``min_keep`` of them survive,
    or (with the soft clues thinning at the draw instead of weighing) when the weights' effective sample
    size falls under ``min_ess`` of the deals. A call compares, on those deals, passing with bidding each
    legal level:

    * the other seats bid by their formula valuation: an opponent still to act outbids a level when
      its valuation reaches the next legal bid; my partner does not bid against me;
    * if I pass, the seat still to act with the highest valuation outbids the standing bid at the lowest
      legal bid when its valuation reaches it; else the standing bid's holder declares it; else the deal
      is thrown in. Each declarer names its best trump by the valuation;
    * declaring level ``b`` (the trump best on the deals where ``b`` wins) is worth the paired gain over
      passing on the deals where ``b`` wins; the **limit** is the highest level with a positive gain, at
      least ``risk`` chance of making it there, and won on enough deals (effective size).

    It then calls like :func:`conventional_call` with that limit; on a last turn (one-round auctions) it
    bids the free level (or the due signal) of the highest expected net over all deals, outbid deals
    included, or passes if passing is better. After winning it draws a fresh declaring-only study on the
    whole auction's clues and names the trump with the best expected net at the contract. Its forecast
    (chance of making, expected points; kept for calibration) comes from one more draw of its own, on the
    same clues, playing only that trump (``independent_forecast``, :meth:`_independent_forecast`): the
    deals that picked the best of four trumps overrate the one picked (winner's curse); the extra draw
    changes no call and no trump.
    """

    def __init__(self, samples: int | None = None, risk: float = 0.0, inference: bool = True, soft: bool = True,
                 policy: str = "v1", play: str = "playout", min_keep: float = MIN_KEEP, min_ess: float = MIN_ESS,
                 fresh_forecast: bool = True, independent_forecast: bool = True, clues: str = "fitted",
                 name: str = "advisor") -> None:
        if not 0.0 <= risk <= 1.0:
            raise UserError(f"advisor risk is a chance between 0 and 1, not {risk}")
        if samples is not None and samples < 20:
            raise UserError(f"advisor samples must be at least 20, not {samples}")
        if clues not in ("fitted", "prior"):
            raise UserError(f"advisor clues are fitted or prior, not {clues!r}")
        self.clues = clues
        self.samples = samples
        self.risk = risk
        self.inference = inference
        self.soft = soft
        self.policy = policy
        self.play = play
        self.min_keep = min_keep
        self.min_ess = min_ess
        self.fresh_forecast = fresh_forecast
        self.independent_forecast = independent_forecast
        self.name = name
        self.stats = AdvisorStats()
        self._cache: dict[tuple[Any, ...], _HandCache] = {}
        self.last: Decision | None = None

    def n_samples(self, rules: RuleSet) -> int:
        return self.samples or rules.advice.arena_samples

    # -- the per-hand cache ------------------------------------------------------------------------------
    def _entry(self, view: BidView) -> _HandCache:
        k = (view.key, view.seat)
        e = self._cache.get(k)
        if e is None:
            if len(self._cache) > 64:
                self._cache.clear()
            e = self._cache[k] = _HandCache()
        return e

    def _evidence(self, view: BidView) -> Evidence | None:
        if not self.inference or not view.calls:
            return None
        ev = evidence(view.rules, view.dealer, view.calls, view.seat, hard_only=not self.soft,
                      model=clue_model(view.rules, self.clues == "fitted"))
        return ev if ev else None

    def _draw(self, view: BidView, ev: Evidence | None, e: _HandCache, others: bool, thin: bool
              ) -> tuple[Study, str]:
        """A study on ``ev``'s clues (soft ones thinning if ``thin``) and how its deals meet them
        (``thin``, ``weigh``: by the hard clues, to be weighed by the soft ones, ``none``): if the clues
        (almost) never hold, on the hard clues only, then on none."""
        n = self.n_samples(view.rules)
        tries: list[tuple[Callable[[np.ndarray], np.ndarray] | None, str]] = [(None, "none")]
        if ev is not None:
            tries = ([(ev.accept, "thin")] if thin else []) + [(ev.accept_hard, "weigh"), (None, "none")]
        for i, (acc, level) in enumerate(tries):
            if acc is not None and not self._plausible(view, acc, seed_of(view.seed, e.studies, 7)):
                continue
            try:
                st = study(view.rules, view.seat, view.dealer, view.hand, n,
                           seed_of(view.seed, e.studies, 0 if others else 1), accept=acc, others=others,
                           policy=self.policy, play=self.play, max_tries=MAX_TRIES)
            except UserError:
                continue
            e.studies += 1
            self.stats.relaxed += i > 0
            return st, level
        raise UserError("no deal could be sampled for the advisor")  # pragma: no cover

    @staticmethod
    def _plausible(view: BidView, acc: Callable[[np.ndarray], np.ndarray], seed: int) -> bool:
        """Whether ``acc`` accepts at least one deal in :data:`MAX_TRIES` on a pilot batch of deals (the
        sampler would otherwise spend its whole budget before giving up)."""
        from analyzer.cards import from_planes

        tab = table(view.rules, view.seat, from_planes(np.asarray(view.hand, dtype=np.int64), view.rules.deck))
        pilot = tab.sample(PILOT, seed)
        return int(np.asarray(acc(pilot.hands)).sum()) * MAX_TRIES >= PILOT

    @staticmethod
    def _weigh(ev: Evidence | None, st: Study, level: str) -> np.ndarray:
        """The deals' weights under the clues, for a study drawn at ``level`` (see :meth:`_draw`)."""
        if ev is None or level == "none":
            return np.ones(st.n)
        mask, w = ev.evaluate(st.hands, "thin" if level == "thin" else "weigh")
        return np.where(mask, w, 0.0)

    def _sampled(self, view: BidView, ev: Evidence | None, e: _HandCache, others: bool) -> tuple[Study, np.ndarray]:
        """A study and its weights that keep enough deals (``min_keep``) and weight (``min_ess``)."""
        st = e.study if others else None
        if st is not None and e.weights is not None and e.calls_seen == len(view.calls):
            e.drawn = e.level
            return st, e.weights
        if st is not None:
            w = self._weigh(ev, st, e.level)
            if (w > 0).sum() >= self.min_keep * st.n and (e.level != "weigh" or effective_size(w) >= self.min_ess
                                                           * st.n):
                e.weights, e.calls_seen, e.drawn = w, len(view.calls), e.level
                return st, w
            self.stats.refreshes += 1
        st, level = self._draw(view, ev, e, others, thin=False)
        w = self._weigh(ev, st, level)
        if level == "weigh" and effective_size(w) < self.min_ess * st.n:
            st2, level2 = self._draw(view, ev, e, others, thin=True)
            if level2 == "thin":
                st, level, w = st2, level2, self._weigh(ev, st2, level2)
                self.stats.thinned += 1
        if others:
            e.study, e.weights, e.level, e.calls_seen = st, w, level, len(view.calls)
            self.stats.studies += 1
        e.drawn = level
        return st, w

    # -- calls ----------------------------------------------------------------------------------------------
    def bid(self, view: BidView) -> int | None:
        e = self._entry(view)
        ev = self._evidence(view)
        st, w = self._sampled(view, ev, e, True)
        call, limit, vpass = self._decide(view, st, w)
        kept = int((w > 0).sum())
        ess = effective_size(w)
        self.stats.decisions += 1
        self.stats.analysed += 1
        self.stats.kept += kept
        self.stats.ess += int(round(ess))
        self.stats.tried += st.tried
        self.last = Decision(call, limit, kept, ess, st.tried, vpass, len(ev.active) if ev is not None else 0)
        return call

    def _decide(self, view: BidView, st: Study, weights: np.ndarray) -> tuple[int | None, int | None, float]:
        """The call of the call model (:func:`analyzer.bidding.callmodel.choose_call`) on the study's deals with
        their weights: (call, ceiling, expected net of passing)."""
        state = AuctionState.of(view.rules, view.dealer, view.calls, view.seat)
        idx = np.flatnonzero(weights > 0)
        if idx.size == 0 or st.out is None:
            due = state.due(view.hand)
            return (due or None), None, 0.0
        out = st.out.subset(idx)
        out.weights = weights[idx] / weights[idx].sum()
        ch = choose_call(state, out, view.hand, self.risk, MIN_WON)
        return ch.call, ch.ceiling.bid, float(ch.value[0])

    # -- trump and forecast -----------------------------------------------------------------------------------
    def choose_trump(self, view: BidView) -> int:
        e = self._entry(view)
        c = int(view.contract if view.contract is not None else view.min_bid)
        ev = self._evidence(view)
        if self.fresh_forecast or e.study is None:
            st, w = self._sampled(view, ev, e, False)
            self.stats.forecasts += 1
        else:
            st, w = self._sampled(view, ev, e, True)
        idx = np.flatnonzero(w > 0)
        wn = w[idx] / w[idx].sum()
        tot, ok, base = st.me_tot[:, idx], st.me_ok[:, idx], st.me_base[:, idx]
        made = ok & (tot >= c)
        net = base + np.where(made, tot, -c)
        t = int((net * wn).sum(axis=1).argmax())
        fc = Forecast(min(1.0, max(0.0, float((made[t] * wn).sum()))), float((tot[t] * wn).sum()),
                      int(round(effective_size(w))), st.tried)
        if self.independent_forecast:
            fc = self._independent_forecast(view, ev, e, c, t) or fc
        e.forecast = (c, t, fc)
        return t

    def _independent_forecast(self, view: BidView, ev: Evidence | None, e: _HandCache, c: int, t: int
                              ) -> Forecast | None:
        """The forecast for contract ``c`` in trump ``t`` on a second draw of its own (seed stream ``3``; the
        decisions' studies use streams 0 and 1) on the same clues at the same level as the study that chose
        the trump. The trump (best of four) and the bid (best level) were picked on noisy estimates, so
        their own deals overrate the chosen option (winner's curse); fresh deals do not. The draw leaves
        the hand's cache (studies, weights) alone, so no call or trump depends on it. None if it cannot be
        drawn (the caller keeps the choosing study's forecast)."""
        level = e.drawn
        acc = None if ev is None or level == "none" else (ev.accept if level == "thin" else ev.accept_hard)
        try:
            st = study(view.rules, view.seat, view.dealer, view.hand, self.n_samples(view.rules),
                       seed_of(view.seed, e.studies, 3), accept=acc, others=False, policy=self.policy,
                       play=self.play, max_tries=MAX_TRIES, trumps=(t,))
        except UserError:
            return None
        w = self._weigh(ev, st, level)
        idx = np.flatnonzero(w > 0)
        if idx.size == 0:
            return None
        wn = w[idx] / w[idx].sum()
        tot, ok = st.me_tot[t, idx], st.me_ok[t, idx]
        made = ok & (tot >= c)
        self.stats.independent += 1
        return Forecast(min(1.0, max(0.0, float((made * wn).sum()))), float((tot * wn).sum()),
                        int(round(effective_size(w))), st.tried)

    def forecast(self, view: BidView, trump: int) -> Forecast | None:
        e = self._entry(view)
        if e.forecast is None or e.forecast[1] != trump:
            return None
        return e.forecast[2]


# ---- building agents from specs ------------------------------------------------------------------------------
Factory = Callable[..., Any]
AGENTS: dict[str, Factory] = {
    "advisor": lambda **kw: Advisor(**kw),
    "advisor-cautious": lambda **kw: Advisor(**{"risk": 0.6, "name": "advisor-cautious", **kw}),
    "advisor-noinf": lambda **kw: Advisor(**{"inference": False, "name": "advisor-noinf", **kw}),
    "formula": lambda **kw: Formula(**kw),
    "meld-only": lambda **kw: MeldOnly(**kw),
    "random": lambda **kw: RandomBidder(**kw),
    "trickster": lambda **kw: _yardstick("analyzer.arena.trickster", "TricksterBidder")(**kw),
    "percentile": lambda **kw: _yardstick("analyzer.arena.percentile", "PercentileBidder")(**kw),
}
AGENTS_HELP = ("advisor, advisor-cautious, advisor-noinf, formula, meld-only, random, trickster, percentile; options "
               "after a colon (advisor:samples=200,risk=0.6,inference=off; percentile:level=standard), or "
               "module:Class for your own agent")


def _yardstick(module: str, cls: str) -> Any:
    """A yardstick agent's class, imported when first asked for (its module imports this one)."""
    return getattr(importlib.import_module(module), cls)


#: the class behind each built-in agent name: its constructor's annotations type the options of a spec
_AGENT_CLASSES: dict[str, type] = {"advisor": Advisor, "advisor-cautious": Advisor, "advisor-noinf": Advisor,
                                   "formula": Formula, "meld-only": MeldOnly, "random": RandomBidder}


def _check_options(name: str, kw: dict[str, Any], spec: str) -> None:
    """UserError for an option the agent does not take or a value of the wrong type (``samples=abc``)."""
    import difflib
    import typing

    cls = _AGENT_CLASSES.get(name)
    if cls is None:
        return
    hints = typing.get_type_hints(cls.__init__)
    hints.pop("return", None)
    for k, v in kw.items():
        if k not in hints:
            near = difflib.get_close_matches(k, list(hints), n=1)
            known = ", ".join(h.replace("_", "-") for h in hints) or "none"
            raise UserError(f"agent {name!r} has no option {k!r}" + (f" (did you mean {near[0]!r}?)" if near else "")
                            + f": its options are {known}")
        want = {a for a in typing.get_args(hints[k]) or (hints[k],) if a is not type(None)}
        ok = ((bool in want and isinstance(v, bool))
              or (int in want and isinstance(v, int) and not isinstance(v, bool))
              or (float in want and isinstance(v, int | float) and not isinstance(v, bool))
              or (str in want and isinstance(v, str)))
        if not ok:
            words = {bool: "on/off", int: "a whole number", float: "a number", str: "a word"}
            kinds = " or ".join(words.get(a, "not settable here") for a in want)
            raise UserError(f"bad agent option {k}={v!r} in {spec!r}: {k} is {kinds}")


def register_agent(name: str, factory: Factory) -> None:
    """Make ``factory(**options)`` available as agent ``name``."""
    AGENTS[name] = factory


def _value(text: str) -> Any:
    t = text.strip()
    low = t.lower()
    if low in ("on", "true", "yes"):
        return True
    if low in ("off", "false", "no"):
        return False
    for conv in (int, float):
        try:
            return conv(t)
        except ValueError:
            pass
    return t


def make_agent(spec: str) -> Any:
    """An agent from ``name[:key=value,...]`` (see :data:`AGENTS_HELP`); UserError for unknown ones."""
    name, _, opts = spec.partition(":")
    name = name.strip()
    if "." in name and name not in AGENTS:  # module:Class (options not supported then)
        mod, cls = spec.rsplit(":", 1) if ":" in spec else (spec, "")
        try:
            obj = getattr(importlib.import_module(mod), cls)
        except (ImportError, AttributeError, ValueError):
            raise UserError(f"cannot import agent {spec!r}: write module:Class, e.g. mybots.simple:Bidder") from None
        agent = obj()
    else:
        if name not in AGENTS:
            raise UserError(f"unknown agent {name!r}: use {AGENTS_HELP}")
        kw: dict[str, Any] = {}
        for item in filter(None, (o.strip() for o in opts.split(","))):
            k, eq, v = item.partition("=")
            if not eq:
                raise UserError(f"bad agent option {item!r} in {spec!r}: write key=value")
            kw[k.strip().replace("-", "_")] = _value(v)
        _check_options(name, kw, spec)
        try:
            agent = AGENTS[name](**kw)
        except (TypeError, ValueError) as e:
            raise UserError(f"bad options for agent {name!r}: {e}") from None
    if not isinstance(agent, Agent):
        raise UserError(f"agent {spec!r} lacks the protocol: name, bid(view), choose_trump(view)")
    return agent


__all__ = [
    "AGENTS", "Advisor", "Agent", "BidView", "Decision", "Forecast", "Formula", "MeldOnly", "RandomBidder",
    "Study", "conventional_call", "field", "make_agent", "register_agent", "study",
]
