"""The bid advisor at arena speed (:class:`Advisor`, the ``advisor`` agent of :mod:`analyzer.arena.agents`):
a few hundred sampled deals a hand (the rule data's ``[advice] arena_samples``), conditioned on the
auction's clues, played out by the heuristic policy once per hand (:func:`study`) and reused for every
call; the call is the one with the highest expected net score by the call model
(:mod:`analyzer.bidding.callmodel`), on arrays rather than through :func:`analyzer.advisor.advise.advise`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.arena.agents import Forecast
from analyzer.bidding.auction import BidView
from analyzer.bidding.callmodel import (
    RAISE_PARTNER,
    AuctionState,
    Outcomes,
    choose_call,
    declarer_terms,
    seat_features,
)
from analyzer.bidding.inference import Evidence, clue_model, effective_size, evidence
from analyzer.deal import table
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.montecarlo.simulate import PLAY_MODES
from analyzer.rules.lowered import first_leader, play_bids
from analyzer.rules.model import RuleSet

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


@dataclass(eq=False)
class Advisor:
    """The bid advisor at arena speed, with auction inference (module docstring).

    A conventional bid that is due while I have another turn to come is my call outright
    (:meth:`analyzer.bidding.callmodel.AuctionState.forced`), made without a study. Per hand it draws one
    :class:`Study` at its first call that needs one, on deals that meet the hard clues of the calls so far
    (:func:`analyzer.bidding.inference.evidence`, through the sampler's accept hook) and weighs them by the
    soft clues' likelihoods (importance weights). At later calls the same deals are filtered by the new
    hard clues and re-weighed; a fresh study is drawn only when fewer than ``min_keep`` of them survive,
    or (with the soft clues thinning at the draw instead of weighing) when the weights' effective sample
    size falls under ``min_ess`` of the deals. (Drawing the study at a forced conventional bid, on the
    opening's clues only, and reusing it for the later calls cost double deck 2.2 points a deal against
    ``formula``, 95% 0.6 to 3.7, on 2,000 seed-101 deals: the later calls were judged on stale, heavily
    weighted deals.) The call is that of the call model (:func:`analyzer.bidding.callmodel.choose_call`)
    on those deals: every legal call followed to the end of the auction; on a last turn the highest expected
    net score, with a turn to come the least raise up to the ceiling.
    After winning it draws a fresh declaring-only study on the whole auction's clues and names the trump
    with the best expected net at the contract. Its forecast
    (chance of making, expected points; kept for calibration) comes from one more draw of its own, on the
    same clues, playing only that trump (``independent_forecast``, :meth:`_independent_forecast`): the
    deals that picked the best of four trumps overrate the one picked (winner's curse); the extra draw
    changes no call and no trump.
    """

    samples: int | None = None  # sampled deals a study (None: the rule set's ``advice.arena_samples``)
    risk: float = 0.0  # the least chance of making a bid it calls (0: expected value alone)
    inference: bool = True  # read the other seats' calls (hard and soft clues)
    soft: bool = True  # weigh the deals by the soft clues' likelihoods (else thin them at the draw)
    policy: str = "v1"  # the play policy of the studies
    play: str = "playout"  # the play mode of the studies (:data:`analyzer.montecarlo.simulate.PLAY_MODES`)
    min_keep: float = MIN_KEEP  # a fresh study when fewer of the deals survive the new hard clues
    min_ess: float = MIN_ESS  # ... or when the effective sample size falls under this share
    fresh_forecast: bool = True  # the forecast on a declaring-only study drawn on the whole auction's clues
    independent_forecast: bool = True  # ... on a draw of its own, playing only the trump named
    clues: str = "fitted"  # the clue model: "fitted" (rules/clue_fit.json) or "prior"
    raise_partner: str | None = None  # raising my partner's bid (callmodel.RAISE_PARTNER; None: the rule set's)
    name: str = "advisor"
    stats: AdvisorStats = field(default_factory=AdvisorStats, init=False, repr=False)
    _cache: dict[tuple[Any, ...], _HandCache] = field(default_factory=dict, init=False, repr=False)
    last: Decision | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not 0.0 <= self.risk <= 1.0:
            raise UserError(f"advisor risk is a chance between 0 and 1, not {self.risk}")
        if self.samples is not None and self.samples < 20:
            raise UserError(f"advisor samples must be at least 20, not {self.samples}")
        if self.raise_partner is not None and self.raise_partner not in RAISE_PARTNER:
            raise UserError(f"advisor raise_partner is one of {', '.join(RAISE_PARTNER)}, not {self.raise_partner!r}")
        if self.clues not in ("fitted", "prior"):
            raise UserError(f"advisor clues are fitted or prior, not {self.clues!r}")

    def n_samples(self, rules: RuleSet) -> int:
        return self.samples or rules.advice.arena_samples

    # -- the per-hand cache ------------------------------------------------------------------------------
    def _entry(self, view: BidView) -> _HandCache:
        k = (view.key, view.seat)
        e = self._cache.get(k)
        if e is None:
            # a hand's entries serve its own auction only (hands are bid one at a time): a new hand empties
            # the cache. A size limit instead dropped entries in the middle of some auctions, depending on
            # the hands before them in the same process -- results then changed with the worker count.
            if any(key != view.key for key, _ in self._cache):
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
        state = AuctionState.of(view.rules, view.dealer, view.calls, view.seat)
        due = state.due(view.hand)
        if state.forced(due):  # the convention answers the call: no study is drawn before the auction says more
            self.stats.decisions += 1
            self.last = Decision(due, None, 0, 0.0, 0, 0.0, 0)
            return due
        e = self._entry(view)
        ev = self._evidence(view)
        st, w = self._sampled(view, ev, e, True)
        call, limit, vpass = self._decide(view, state, st, w)
        kept = int((w > 0).sum())
        ess = effective_size(w)
        self.stats.decisions += 1
        self.stats.analysed += 1
        self.stats.kept += kept
        self.stats.ess += int(round(ess))
        self.stats.tried += st.tried
        self.last = Decision(call, limit, kept, ess, st.tried, vpass, len(ev.active) if ev is not None else 0)
        return call

    def _decide(self, view: BidView, state: AuctionState, st: Study, weights: np.ndarray
                ) -> tuple[int | None, int | None, float]:
        """The call of the call model (:func:`analyzer.bidding.callmodel.choose_call`) on the study's deals with
        their weights: (call, ceiling, expected net of passing)."""
        idx = np.flatnonzero(weights > 0)
        if idx.size == 0 or st.out is None:
            due = state.due(view.hand)
            return (due or None), None, 0.0
        out = st.out.subset(idx)
        out.weights = weights[idx] / weights[idx].sum()
        ch = choose_call(state, out, view.hand, self.risk, MIN_WON, self.raise_partner)
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
