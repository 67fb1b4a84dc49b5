"""The call model: which call to make now — pass or which bid — by expected net score over sampled deals.

The advisor (``pinochle bid`` through :func:`analyzer.advisor.advise.advise`, and the arena's
:class:`analyzer.arena.advisor.Advisor`) answers the question a player has at his turn: *what do I call now?*
Every legal call (pass and every legal bid) is followed on every sampled deal to the end of the auction
and scored; the call with the highest expected net score wins (paired: every call is judged on the same
deals). The pieces:

* **Where the auction stands** (:class:`analyzer.bidding.auction.AuctionState`): the calls so far replayed by the
  bidding rules (:mod:`analyzer.bidding.auction`): the standing bid and its holder (double deck: the dealer holds 50),
  who has passed (a seat that passed is out for good), who has called, the turn position, the rounds
  left (``bidding-rounds``).
* **The other seats' bidding** on each sampled deal (:func:`seat_features`): each bids by its *bidding
  limit* — the formula valuation of its own hand less the safety margin
  (:func:`analyzer.bidding.reach.reach_limits`, the "reach" the inference's clues are stated in: the formula's, or
  where the rule data says so the rich valuation's) — and keeps
  the conventions of :mod:`analyzer.bidding.inference` (auction's signals, double deck's meld bids): a
  conventional bid when due, else the least free raise within its limit, its limit outright on a last
  turn (one- and two-round auctions), else pass. My partner never raises my bid except with a
  conventional bid that is due. A partner whose calls I read as my own (:func:`analyzer.bidding.inference.
  reads_by_conventions`: double deck's ``[advice] partner_calls = "own"``) bids freely as well, as I do, and
  so never raises me (against keeping the meld bids there: +0.20 a deal, 95% -0.26 to +0.66, double deck against
  ``formula``, seed-1 deals 0-2,499 paired; kept as the one reading of my partner's calls). The sampled deals
  themselves are conditioned on the calls so far.
  Letting the other seats bid instead by their *willingness* as the clue model reads their calls (the limit
  plus the fitted shift plus noise of its spread, drawn on each deal within what their calls so far say) lost
  in the arena, Luxury Family against ``percentile``, 1,250 seed-1 deals paired: -0.97 a deal (95% -2.51 to
  +0.57) with the formula valuation and the three bidders' pooled fit, -1.54 (-2.95 to -0.12) with the rich
  reach of :mod:`analyzer.bidding.reach` and its fit; the advisor declared fewer hands (the ceiling counts
  only the deals where I win, and stronger bidders behind leave fewer), so it was taken out.
* **The rest of the auction** (:func:`analyzer.bidding.call_kernel.rest_of_auction_range`): after my call, the seats
  still in the auction call in turn by those rules on every deal (numba); on my own later turns I raise
  by the least step up to my *ceiling* and never over my partner. The auction ends as the rules say:
  every other seat out, or the rounds used up; if all pass the deal is thrown in (double deck: the
  dealer plays at 50, unpressed by a trump lead; a house rule's forced dealer plays the contract he is held to,
  ``bidding.all_pass = "dealer"``).
* **Scores** (:class:`Outcomes`): every deal is played out once with me declaring each trump and once with
  each other seat declaring its own best trump (by its valuation), per class of bids where the play
  differs (double deck's 50); so any declarer at any contract scores without replaying. My net score
  is my side's score less the other side's (Luxury Family: less the mean of the other two players).

**The ceiling** (how high I may go on a later turn) is the highest bid ``b`` that beats passing where it
wins: on the deals where, having bid ``b`` and raising no further, I end up declaring at ``b``, declaring
(with the trump best there) nets more than passing now does on the same deals, is made at least
``risk`` of the time, and there are enough such deals to judge (effective size). The per-trump ceilings
say how high each trump is worth going. Tried and taken out: the ceiling as the level ``b`` whose policy (the
least raise now, later raises up to ``b``) nets the most over *all* deals, which also prices pushing a seat
that outbids me higher (set more often): Luxury Family against ``percentile``, 2,500 seed-1 deals paired,
+0.02 a deal (95% -0.57 to +0.62; the calls changed the outcome on 5.9% of the deals).

**The call now**, on my last turn (nobody can bid after me, or the rounds end with my call), is the legal
call of the highest expected net over all deals. A bid must beat passing beyond the sampling noise (the
lower end of the paired 95% interval of its gain over passing above 0), else I pass when passing is
allowed. Ties go to passing, then to the lowest bid: when nobody can call after me the call is the lowest
winning bid or a pass, never more (a higher bid only adds the risk of a set: a made contract scores meld
plus tricks, not the bid). When seats can still call on a last turn (auction's one round), a higher bid
may pay to shut them out, and the expected values decide.

**With a turn to come** (:attr:`AuctionState.turn_to_come`: open auctions, or rounds left) the call is the
least allowed raise up to the ceiling, else pass: the way the model plays my own later turns. Over my
partner's standing bid the rule set's ``[advice] raise_partner`` may ask more (:data:`RAISE_PARTNER`):
``clear``, a raise only if it also beats passing beyond the sampling noise (as a bid on a last turn must).
Passing there leaves my partner the contract, and the ceiling's gain over it is the best of many noisy
estimates (levels, trumps: mine picked on the deals, my partner's by its valuation); in double deck
raising by the ceiling cost 1.2 points a deal against ``formula`` (95% 0.4 to 2.0, 2,000 seed-101 deals;
seed 7: 1.7, 0.9 to 2.6). Where my partner's standing bid was made over my own (my partner took the bid over
from me), I do not bid again until an opponent outbids it, unless ``[advice] retake_from_partner`` says so: the
model assumes my partner does not raise me, and two advisors raising each other were each that partner. In
double deck they took the bid back and forth in 661 of 20,000 hands against ``formula`` (seed 1), 48 of them up
to the cap of 420 (the calls' clues, dropped as implausible, left each reading the other as too weak), which
cost 1.03 points a deal. With the rule, paired on the same seed-1 deals 0-2,499 against ``formula``: **+1.88 a
deal (95% +1.17 to +2.60)**, 5.4% of the deals played differently, no contract above 150 (12 before)
(``reports/arena/compare_runs.py --before`` the run's part 0 as of commit a5f2e7f ``--after
data/double-deck-retake-check.part0.parquet``). Choosing
the highest expected net there (jumps to shut the others out) measured worse in the arena against
``formula`` on 1,500-2,000 seed-101 deals: Luxury Family +4.3 against +7.3 a deal, and double deck
below the least-raise rule as well; the jumps' values are the best of many noisy, model-bound estimates.

While a seat still to call could read my call, I keep the conventions on my first call (a due signal
is made; on my last turn a free bid above it may replace it, while with a turn to come the due bid is
the call outright and free bids wait for that turn; signal values are not bid freely); with nobody
after me they bind no more. A bid that is made less than ``risk`` of the time where I declare is left
out (a due conventional bid excepted).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.bidding.auction import AuctionState, Call, bid_cap, is_bid_value, next_legal
from analyzer.bidding.call_kernel import CONV_NONE, rest_of_auction_range
from analyzer.bidding.features import features
from analyzer.bidding.inference import Convention, reads_by_conventions
from analyzer.bidding.reach import reach_limits
from analyzer.estimate import effective_size
from analyzer.rules.model import RuleSet
from analyzer.score import net_scores, score_and_made, score_hand

#: a level (and the ceiling) is judged on at least this many deals where it wins (effective size), and
#: at least this share of the effective sample
MIN_WON_SHARE = 0.05


# ---- the conventions at my turn ------------------------------------------------------------------------------
def conventions_bind(state: AuctionState) -> bool:
    """Whether my call now keeps the conventions: my first call, with a seat after me that could read it."""
    return state.first_call and bool(state.to_act) and Convention.of(state.rules).kind != "none"


def due_bid(state: AuctionState, hand: np.ndarray) -> int:
    """The conventional bid my hand owes now (0: none, or the conventions do not bind)."""
    if not conventions_bind(state):
        return 0
    f = features(state.rules, np.asarray(hand, dtype=np.int64)[None, :])
    return int(Convention.of(state.rules).conventional_bids(f, True, state.high, state.min_bid)[0])


def keeps_conventions(state: AuctionState, bid: int | None, due: int) -> bool:
    """Whether a legal call keeps the conventions now (``due``: :func:`due_bid`)."""
    if not conventions_bind(state):
        return True
    cv = Convention.of(state.rules)
    if due:
        if due_is_forced(state, due):
            return bid == due
        return bid is not None and (bid == due or (bid > due and not cv.reserved(bid, True, state.high)))
    return bid is None or not cv.reserved(bid, True, state.high)


def due_is_forced(state: AuctionState, due: int) -> bool:
    """Whether the due conventional bid ``due`` is my call outright: it is due and I get another turn
    (the auction goes on for more rounds), so a free bid above it can wait for that turn."""
    return bool(due) and conventions_bind(state) and state.turn_to_come


def opening_calls(rules: RuleSet, dealer: int, seat: int) -> list[Call]:
    """The calls before ``seat``'s first turn when nobody has bid: every earlier seat passed (the opening
    call of a seat without ``--auction``)."""
    out, s = [], (dealer + 1) % rules.seats
    while s != seat:
        out.append(Call(s, None))
        s = (s + 1) % rules.seats
    return out


# ---- what each seat holds and how it bids --------------------------------------------------------------------
@dataclass(frozen=True)
class SeatFeatures:
    """Per seat and deal (arrays [seats, n]): the bidding ``limit`` (float), the ``trump`` it names, its
    auction ``signal`` (0: none) and its ``least`` meld over the four trumps (double deck's meld bids)."""

    limit: np.ndarray
    trump: np.ndarray
    signal: np.ndarray
    least: np.ndarray


def seat_features(rules: RuleSet, hands: np.ndarray) -> SeatFeatures:
    """:class:`SeatFeatures` of deals int64[n, seats, copies]."""
    hands = np.asarray(hands, dtype=np.int64)
    n, seats = hands.shape[0], rules.seats
    lim = np.zeros((seats, n))
    tr = np.zeros((seats, n), dtype=np.int64)
    sig = np.zeros((seats, n), dtype=np.int64)
    least = np.zeros((seats, n), dtype=np.int64)
    cv = Convention.of(rules)
    for s in range(seats):
        f = features(rules, hands[:, s])
        # the trump its limit is valued in, on purpose not columns.choose_trump's best-meld suit (stats figures)
        lim[s], tr[s] = reach_limits(rules, f)
        sig[s] = cv.hand_signal(f)
        least[s] = f.least
    return SeatFeatures(lim, tr, sig, least)


# ---- the scores of every declarer -------------------------------------------------------------------------------
@dataclass
class UnitTerms:
    """What the game needs of every declarer's play beyond my net (asked with the game's score,
    :mod:`analyzer.bidding.gamecall`): per scoring unit (:func:`analyzer.score.scoring_units`) ``me_scores`` [C, 4,
    U, n] each unit's score with me declaring trump t, the declaring unit's own left 0 (it is its made contract or
    the bid lost); ``me_all`` [C, 4, n] the unit that took every trick (-1: none); ``me_quad`` [C, 4, U, n] the unit
    won by a quadruple pinochle's trick points; ``o_scores`` / ``o_all`` / ``o_quad`` the same with seat j declaring
    [C, seats, ...]."""

    me_scores: np.ndarray
    me_all: np.ndarray
    me_quad: np.ndarray
    o_scores: np.ndarray
    o_all: np.ndarray
    o_quad: np.ndarray

    def subset(self, idx: np.ndarray) -> UnitTerms:
        return UnitTerms(self.me_scores[..., idx], self.me_all[..., idx], self.me_quad[..., idx],
                         self.o_scores[..., idx], self.o_all[..., idx], self.o_quad[..., idx])


def unit_terms(rules: RuleSet, meld: np.ndarray, pts: np.ndarray, trk: np.ndarray, decl: int, quad: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scores [U, m], all [m], quad [U, m]) of ``decl`` declaring on these deals (:class:`UnitTerms`); ``quad``
    bool[m, U]: the unit holds a quadruple pinochle."""
    from analyzer.score import convert_points, scoring_units, seat_unit, unit_totals

    units = scoring_units(rules)
    s0 = score_hand(rules, meld, pts, trk, decl, 0)
    scores = np.stack([s0[:, u[0]] for u in units]).astype(np.int64)
    scores[int(seat_unit(rules)[decl])] = 0
    tricks = unit_totals(rules, trk)
    total = tricks.sum(axis=1)
    took_all = (tricks == total[:, None]) & (total[:, None] > 0)
    every = np.where(took_all.any(axis=1), took_all.argmax(axis=1), -1) if rules.scoring.win_all_tricks else \
        np.full(len(total), -1)
    qw = rules.scoring.quad_pinochle_win
    q = (quad & (convert_points(rules, unit_totals(rules, pts)) >= qw)).T if qw is not None else \
        np.zeros((len(units), len(total)), dtype=bool)
    return scores, every.astype(np.int64), q


@dataclass
class Outcomes:
    """Every deal's play with every declarer, as my net score (module docstring). Arrays over deals:

    ``classes`` int64[C]: the bids whose play differs (:func:`analyzer.montecarlo.simulate.play_bids`); ``me_tot`` /
    ``me_ok`` / ``me_base`` [C, 4, n]: with me declaring trump t, my side's meld + trick points as counted,
    whether the meld / trick minimums hold, my net when my side scores 0 (my net is ``me_base`` + my side's
    score); ``o_tot`` / ``o_ok`` / ``o_base`` / ``o_coef`` [C, seats, n]: the same with seat j declaring
    its own trump (my net is ``o_base + o_coef`` x j's side's score); ``seats``: :class:`SeatFeatures`;
    ``weights`` float64[n] (importance weights of the deals; ones when they are equal); ``units``: what the game
    needs besides (:class:`UnitTerms`; None unless the game's score was asked).
    """

    classes: np.ndarray
    me_tot: np.ndarray
    me_ok: np.ndarray
    me_base: np.ndarray
    o_tot: np.ndarray
    o_ok: np.ndarray
    o_base: np.ndarray
    o_coef: np.ndarray
    seats: SeatFeatures
    weights: np.ndarray
    units: UnitTerms | None = None

    @property
    def n(self) -> int:
        return int(self.me_tot.shape[2])

    def subset(self, idx: np.ndarray) -> Outcomes:
        """The outcomes of deals ``idx`` only."""
        sf = self.seats
        return Outcomes(self.classes, self.me_tot[:, :, idx], self.me_ok[:, :, idx], self.me_base[:, :, idx],
                        self.o_tot[:, :, idx], self.o_ok[:, :, idx], self.o_base[:, :, idx], self.o_coef[:, :, idx],
                        SeatFeatures(sf.limit[:, idx], sf.trump[:, idx], sf.signal[:, idx], sf.least[:, idx]),
                        self.weights[idx], None if self.units is None else self.units.subset(idx))

    def class_of(self, contract: np.ndarray) -> np.ndarray:
        """Index into :attr:`classes` of the play a contract shares."""
        return np.clip(np.searchsorted(self.classes, contract, side="right") - 1, 0, self.classes.size - 1)

    def my_net(self, trump: int, contract: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(net, made) per deal with me declaring ``trump`` at ``contract`` (int64[..., n])."""
        c = np.asarray(contract, dtype=np.int64)
        k = self.class_of(c)
        i = np.broadcast_to(np.arange(self.n), c.shape)
        tot, ok, base = self.me_tot[k, trump, i], self.me_ok[k, trump, i], self.me_base[k, trump, i]
        made = ok & (tot >= c)
        return base + np.where(made, tot, -c), made

    def other_net(self, decl: np.ndarray, contract: np.ndarray) -> np.ndarray:
        """My net per deal when seat ``decl`` (-1: thrown in) declares ``contract`` (arrays [..., n])."""
        d = np.maximum(decl, 0)
        c = np.asarray(contract, dtype=np.int64)
        k = self.class_of(c)
        i = np.broadcast_to(np.arange(self.n), c.shape)
        tot, ok = self.o_tot[k, d, i], self.o_ok[k, d, i]
        unit = np.where(ok & (tot >= c), tot, -c)
        net = self.o_base[k, d, i] + self.o_coef[k, d, i] * unit
        return np.where(decl >= 0, net, 0.0)


def declarer_terms(rules: RuleSet, meld: np.ndarray, pts: np.ndarray, trk: np.ndarray, decl: int, me: int
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(tot, ok, base, coef) of ``decl`` declaring on these deals (per-seat meld, points, tricks [n, seats]):
    its side's meld + trick points as counted, whether the minimums hold, and my net = base + coef x its
    side's score."""
    s0, ok = score_and_made(rules, meld, pts, trk, decl, 0)
    tot = s0[:, decl].astype(np.int64)
    unit = [decl] if rules.scoring.unit == "player" else list(rules.sides[rules.side_of(decl)])
    s = s0.copy()
    s[:, unit] = 0
    ours, theirs = net_scores(rules, s, me)
    base = ours - theirs
    s[:, unit] = 1
    ours1, theirs1 = net_scores(rules, s, me)
    return tot, ok, base, (ours1 - theirs1) - base


# ---- the rest of the auction ---------------------------------------------------------------------------------------
def _kernel_rules(rules: RuleSet) -> tuple[Any, ...]:
    """The ladder, cap and convention arrays of the kernel (cached on the rule set)."""
    got = rules.cache.get("call_kernel_rules")
    if got is not None:
        return got
    b = rules.bidding
    ladder = np.array([int(b.opening), int(b.step), int(b.multiple_above), int(b.multiple)],
                      dtype=np.int64)
    cv = Convention.of(rules)  # the arrays Convention.reserved reads too
    got = (ladder, np.int64(bid_cap(rules)), np.int64(cv.code), cv.sigmask, np.int64(cv.meld_lo), np.int64(cv.meld_hi),
           np.int64(max(cv.meld_unit, 1)))
    rules.cache["call_kernel_rules"] = got
    return got


def rest_of_auctions(state: AuctionState, seats: SeatFeatures, calls: Sequence[int | None],
                     my_limits: Sequence[int | None]) -> tuple[np.ndarray, np.ndarray]:
    """(declarer, contract) int64[K, n]: the auction on every deal after each of my ``calls`` (None: pass),
    my later raises going up to ``my_limits[k]`` (None: none). Declarer -1: thrown in; where the rules hold the
    dealer to a contract when all pass (:attr:`~analyzer.rules.model.RuleSet.forced_contract`) the dealer declares it
    instead, as :class:`~analyzer.bidding.auction.Auction` says."""
    rs = state.rules
    K = len(calls)
    high0 = np.empty(K, dtype=np.int64)
    holder0 = np.empty(K, dtype=np.int64)
    me_passes = np.zeros(K, dtype=np.bool_)
    for k, c in enumerate(calls):
        if c is None:
            me_passes[k] = True
            high0[k] = -1 if state.high is None else state.high
            holder0[k] = -1 if state.holder is None else state.holder
        else:
            if int(c) < state.min_bid or not is_bid_value(rs, int(c)):
                raise ValueError(f"bid {c} is not legal now (lowest {state.min_bid})")
            high0[k], holder0[k] = int(c), state.me
    lim = np.array([-1 if x is None else int(x) for x in my_limits], dtype=np.int64)
    passed0 = np.zeros(rs.seats, dtype=np.bool_)
    passed0[list(state.passed)] = True
    acted0 = np.zeros(rs.seats, dtype=np.bool_)
    acted0[list(state.acted)] = True
    side = np.array([rs.side_of(s) for s in range(rs.seats)], dtype=np.int64)
    ladder, cap, conv, sigmask, lo, hi, unit = _kernel_rules(rs)
    # each seat keeps the conventions, but a partner whose calls I read as my own (free) calls as I do
    convs = np.array([conv if reads_by_conventions(rs, s, state.me) else CONV_NONE for s in range(rs.seats)],
                     dtype=np.int64)
    limits = np.ascontiguousarray(seats.limit, dtype=np.float64)
    n = limits.shape[1]
    decl = np.full((K, n), -1, dtype=np.int64)
    contract = np.zeros((K, n), dtype=np.int64)
    rest_of_auction_range.batch(K * n, np.array(state.order, dtype=np.int64), np.int64(int(rs.bidding.rounds)),
                                np.int64(state.pos + 1), np.int64(state.me), side, high0, holder0, me_passes, passed0,
                                acted0, limits, lim, np.ascontiguousarray(seats.signal, dtype=np.int64),
                                np.ascontiguousarray(seats.least, dtype=np.int64), ladder, cap, convs, sigmask, lo, hi,
                                unit, decl, contract)
    forced = rs.forced_contract
    if forced is not None:  # every seat passed: the dealer plays the contract he is held to
        out = decl < 0
        decl[out], contract[out] = state.dealer, forced
    return decl, contract


# ---- judging the calls --------------------------------------------------------------------------------------------
def wmean(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Weighted means over the last axis (0 where the weights sum to 0)."""
    sw = w.sum(axis=-1)
    return (x * w).sum(axis=-1) / np.where(sw > 0, sw, 1.0)


def beats(x: np.ndarray, y: np.ndarray, w: np.ndarray, z: float = 1.96) -> np.ndarray:
    """bool[K]: whether each row of ``x`` [K, n] beats ``y`` [n] beyond the sampling noise: the lower end
    of the paired 95% interval of the weighted mean difference is above 0."""
    wn = w / w.sum() if w.sum() > 0 else w
    d = x - y[None, :]
    m = (d * wn[None, :]).sum(axis=1)
    se = np.sqrt(((d - m[:, None]) ** 2 * (wn * wn)[None, :]).sum(axis=1))
    return m - z * se > 0


@dataclass
class Ceiling:
    """How high I may go on a later turn: per trump the highest bid that beats passing where it wins
    (``by_trump``, None: none), the best of them (``bid``, ``trump``) and the arrays behind it (levels
    ``bids``; per trump and level: ``win`` share, ``make`` where won, ``net`` where won, ``pass_net`` on
    those deals, ``gain`` = net - pass_net, ``enough``: judged)."""

    bid: int | None
    trump: int | None
    by_trump: dict[int, int | None]
    bids: np.ndarray
    won: np.ndarray  # bool[K, n]
    net: np.ndarray  # [4, K, n] my net declaring at the level (contract = the level)
    made: np.ndarray  # bool[4, K, n]
    win: np.ndarray  # [K]
    make: np.ndarray  # [4, K]
    gain: np.ndarray  # [4, K]
    enough: np.ndarray  # bool[K]


@dataclass
class CallChoice:
    """The judged calls now and the choice (module docstring). ``calls[k]`` (None = pass) with ``net[k]``
    my net per deal, ``value[k]`` its expected value, ``trump[k]`` the trump I name if I declare,
    ``decl[k]`` / ``contract[k]`` the auction's end per deal, ``made[k]`` whether my contract is made (False
    where I do not declare), ``allowed[k]`` by the conventions and the risk; ``best`` / ``second`` indexes
    of the best call and of the best other allowed call whose outcome differs on some deal (-1: none)."""

    state: AuctionState
    calls: list[int | None]
    net: np.ndarray
    value: np.ndarray
    trump: np.ndarray
    decl: np.ndarray
    contract: np.ndarray
    made: np.ndarray
    allowed: np.ndarray
    best: int
    second: int
    due: int
    ceiling: Ceiling
    weights: np.ndarray = field(repr=False, default_factory=lambda: np.zeros(0))
    ruled: tuple[str | None, ...] = ()  # why a call is not among the model's calls now (None: it is)

    @property
    def call(self) -> int | None:
        return self.calls[self.best]


def top_level(state: AuctionState, out: Outcomes) -> int:
    """The highest level worth judging: one step above the most my side reaches on any deal and trump."""
    return next_legal(state.rules, max(int(out.me_tot.max()), state.min_bid))


def ceiling(state: AuctionState, out: Outcomes, risk: float = 0.0, min_won: float = 8.0,
            pass_net: np.ndarray | None = None) -> Ceiling:
    """The ceiling (module docstring) from the levels ``min_bid .. top_level``."""
    w = out.weights
    bids = np.array(state.legal_bids(top_level(state, out)), dtype=np.int64)
    K = bids.size
    if pass_net is None:
        d, c = rest_of_auctions(state, out.seats, [None], [None])
        pass_net = out.other_net(d[0], c[0])
    if K == 0:
        z = np.zeros((4, 0))
        return Ceiling(None, None, dict.fromkeys(range(4)), bids, np.zeros((0, out.n), bool), np.zeros((4, 0, out.n)),
                       np.zeros((4, 0, out.n), bool), np.zeros(0), z, z, np.zeros(0, bool))
    decl, _ = rest_of_auctions(state, out.seats, list(bids), list(bids))
    won = decl == state.me
    contract = np.broadcast_to(bids[:, None], won.shape)
    nets, mades = zip(*(out.my_net(t, contract) for t in range(4)), strict=True)
    net, made = np.stack(nets), np.stack(mades)
    ww = won * w[None, :]
    win = wmean(won.astype(np.float64), w[None, :])
    make = wmean(made.astype(np.float64), ww[None])
    gain = wmean(net - pass_net[None, None, :], ww[None])
    enough = effective_size(ww) >= max(min_won, MIN_WON_SHARE * float(effective_size(w)))
    by_trump: dict[int, int | None] = {}
    for t in range(4):
        ok = np.flatnonzero(enough & (gain[t] > 0) & (make[t] >= risk))
        by_trump[t] = int(bids[ok.max()]) if ok.size else None
    cands = [(b, t) for t, b in by_trump.items() if b is not None]
    if not cands:
        return Ceiling(None, None, by_trump, bids, won, net, made, win, make, gain, enough)
    top = max(b for b, _ in cands)
    k = int(np.flatnonzero(bids == top)[0])
    trump = max((t for b, t in cands if b == top), key=lambda t: wmean(net[t, k], ww[k]))
    return Ceiling(top, int(trump), by_trump, bids, won, net, made, win, make, gain, enough)


#: how I raise my partner's standing bid with a turn to come (``[advice] raise_partner``): up to the ceiling
#: like any bid; only when the raise beats passing beyond the sampling noise; never with a free bid
RAISE_PARTNER = ("ceiling", "clear", "never")


def choose_call(state: AuctionState, out: Outcomes, hand: np.ndarray, risk: float = 0.0, min_won: float = 8.0,
                raise_partner: str | None = None, conventions: str | None = None) -> CallChoice:
    """Judge every legal call now on the sampled deals and choose (module docstring; ``raise_partner``: one of
    :data:`RAISE_PARTNER`, None: the rule set's ``[advice] raise_partner``; ``conventions``: ``keep`` or
    ``free``, whether my call keeps the conventions, None: the rule set's ``[advice] conventions``)."""
    w = out.weights
    d0, c0 = rest_of_auctions(state, out.seats, [None], [None])
    pass_net = out.other_net(d0[0], c0[0])
    ceil = ceiling(state, out, risk, min_won, pass_net)
    keep = (conventions or state.rules.advice.conventions) == "keep"
    due = due_bid(state, hand) if keep else 0
    top = max(top_level(state, out), due)
    calls: list[int | None] = [None, *state.legal_bids(top)]
    my_lim = ceil.bid
    decl, contract = rest_of_auctions(state, out.seats, calls, [my_lim] * len(calls))
    mine = decl == state.me
    nets, mades = zip(*(out.my_net(t, contract) for t in range(4)), strict=True)
    net_t, made_t = np.stack(nets), np.stack(mades)  # [4, K, n]
    wm = mine * w[None, :]
    tr = wmean(net_t, wm[None]).argmax(axis=0)  # [K]: the trump best where I declare
    k_ = np.arange(len(calls))
    net_me, made = net_t[tr, k_], made_t[tr, k_] & mine
    net = np.where(mine, net_me, out.other_net(decl, contract))
    value = wmean(net, w[None, :])
    pmake = np.where(wm.sum(axis=1) > 0, wmean(made.astype(np.float64), wm), 1.0)
    ruled: list[str | None] = []
    no_retake = state.partner_took_over and not state.rules.advice.retake_from_partner
    for k, c in enumerate(calls):
        if keep and not keeps_conventions(state, c, due):
            ruled.append("convention")
        elif no_retake and c is not None and c != due:
            ruled.append("partner-took-over")
        elif not (c is None or c == due or pmake[k] >= risk):
            ruled.append("risk")
        else:
            ruled.append(None)
    if all(r is not None for r in ruled):  # pragma: no cover - pass or a due bid is always allowed
        ruled[0] = None
    allowed = np.array([r is None for r in ruled], dtype=bool)
    clear = beats(net, net[0], w)
    order = [k for k in range(len(calls)) if allowed[k] and (k == 0 or clear[k] or not allowed[0])]
    best = order[0]
    for k in order[1:]:
        if value[k] > value[best] + 1e-9:  # ties: pass, then the lowest bid
            best = k
    if state.turn_to_come:  # the least allowed raise up to the ceiling, else pass (module docstring)
        ok = [k for k in range(1, len(calls))
              if allowed[k] and (calls[k] == due or (ceil.bid is not None and calls[k] <= ceil.bid))]
        rs = state.rules
        how = raise_partner or rs.advice.raise_partner
        if how != "ceiling" and state.partner_holds:
            ok = [k for k in ok if calls[k] == due or (how == "clear" and clear[k])]
        best = ok[0] if ok else 0  # pass is allowed here: a due bid with a turn to come is forced
        if best and allowed[0] and calls[best] != due and beats(net[:1], net[best], w)[0]:
            best = 0  # the raise would be worse than passing beyond the noise: pass
        for k in range(1, len(calls)):  # the other bids are not this turn's calls: raises wait for later turns
            if allowed[k] and k != best and calls[k] != due:
                ruled[k] = "least-raise"
        allowed = np.array([r is None for r in ruled], dtype=bool)
        order = [k for k in range(len(calls)) if allowed[k]]
    rest = [k for k in order if k != best] or ([0] if best else [])  # a forced bid: against passing
    differ = [k for k in rest if not np.array_equal(net[k], net[best])]  # a call with the very same outcome is
    rest = differ or rest  # no alternative: compare with the best call that changes something
    second = max(rest, key=lambda k: (value[k], -k)) if rest else -1
    return CallChoice(state, calls, net, value, tr, decl, contract, made, allowed, best, second, due, ceil, w,
                      tuple(ruled))
