"""Auction inference: what the calls so far say about the hands, as a test the deal sampler applies.

Three layers:

* **Hand features** (:func:`analyzer.bidding.features.features`): every hand's meld for each trump, its
  best and its worst meld, aces, suit lengths and *sure tricks*, computed on whole batches of hands.
* **The conventions** (:class:`Convention`): the seeds' bid signals, which every agent of
  :mod:`analyzer.arena.agents` follows, so a signal means exactly what it says:

  - ``auction`` (seed 003): a player's **first call** shows his hand when its signal is still open.
    The hand's signal is the highest signal it qualifies for: ``16 / 18 / 20 / 22 / 24`` for 2-3 / 4-5 /
    6-7 / 8-9 / 10+ meld (best trump), ``17`` for three aces, ``25`` for aces around (an ace of every
    suit). If that value is at least the lowest legal bid the player must make it, or bid a higher value
    that is no signal (``19 / 21 / 23``, ``26`` and up: "wants to play his own hand") — he may not pass.
    Signal values mean nothing else in a first call; later calls carry no signal.
  - ``double-deck`` (seed 001): first-round **meld bids** 51..59: a player's first call, while the
    standing bid is below 59, raises by one per 10 meld he holds *whatever trump is named* (the least of
    his four trump melds), capped at 59; with 10 such meld he must meld-bid (or jump to 60 or more), with
    less he may not bid 51..59 (he passes or jumps to 60 or more).
  - other rule sets (Luxury Family): no signals.

* **Evidence** (:func:`evidence`): the clues the calls of the *other* seats give, each a test on a
  sampled deal. *Hard* clues follow from the conventions and are exact: a signal (``sig == 18``), a first
  call that passed up an open signal (no signal at or above the lowest bid then), a meld bid (least meld
  in ``[20, 29]``), a first-round pass (least meld under 10). *Soft* clues say what a call suggests about
  strength, measured by the **bidding limit** a formula bidder has
  (:func:`~analyzer.bidding.reach.reach_limits`: where the rule data says ``reach = "rich"`` the rich valuation of
  :mod:`analyzer.bidding.reach`, else its best :func:`~analyzer.bidding.formula.formula_values`
  — meld plus fixed allowances per sure trick and per long trump — less the tuned safety margin of
  :func:`~analyzer.bidding.formula.bidding_margin`): a pass when the lowest free bid was ``b`` is likely
  when the limit ``l`` is below ``b``, with probability ``Phi((b - l) / sigma)``; a free bid ``b`` is
  likely when ``l >= b``, ``Phi((l - b) / sigma)``; ``sigma`` is a quarter of the seat's fair share of the
  trick points (:data:`~analyzer.bidding.formula.SOFT_SCALE`). A seat's soft clues of one kind merge into
  its strongest (its last bid, its pass: :func:`merge_soft`).

Applying the evidence (:meth:`Evidence.evaluate`): hard clues are a yes/no test. Soft clues either
*weigh* a deal by their likelihood (importance weights; :func:`analyzer.estimate.effective_size` says how many deals the
weights are worth) or *thin*: a deal passes when a uniform number drawn from a hash of its cards lies
below the likelihood — exact conditioning by rejection, repeatable at any thread count, and monotone (a
seat's stronger clue keeps a subset of the deals its weaker one kept, since they share the draw).
:meth:`Evidence.accept` (hard tests and thinning) is the deal sampler's ``accept`` hook
(:func:`analyzer.deal.table`), :meth:`Evidence.accept_hard` the hard tests alone; the arena's advisor
samples by the hard clues and weighs by the soft ones (:class:`analyzer.arena.advisor.Advisor`).
:func:`analyzer.advisor.advise.advise_after_auction` runs the bid advisor on deals that pass
:meth:`Evidence.accept`, for ``pinochle bid --auction``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from analyzer.bidding.auction import Auction, Call, CallContext, bid_cap, next_legal, replay
from analyzer.bidding.call_kernel import CONV_MELD_BIDS, CONV_NONE, CONV_SIGNALS
from analyzer.bidding.cluemodel import (  # noqa: F401  (the clue model, re-exported: inference reads calls by it)
    CLUE_FIT,
    CLUE_FIT_FILE,
    ClueModel,
    Situation,
    clue_model,
    log_phi,
    phi,
    soft_sigma,
)
from analyzer.bidding.features import Features, features, subset
from analyzer.bidding.reach import reach_limits
from analyzer.deal.rng import hash_uniform
from analyzer.errors import UserError
from analyzer.rules.model import RuleSet

#: the kinds of soft clue (a call's suggestion about the bidding limit)
SOFT_KINDS = ("below", "at-least", "at-most")


# ---- conventions -----------------------------------------------------------------------------------------
_MELD_SIGNAL = re.compile(r"^\s*(\d+)\s+meld")


@dataclass(frozen=True)
class Convention:
    """The meaning of first calls under a rule set (module docstring): ``kind`` is ``signals``
    (auction), ``meld-bids`` (double deck) or ``none``."""

    rules: RuleSet
    kind: str
    meld_signals: tuple[tuple[int, int], ...] = ()  # (bid value, meld from), ascending
    three_aces: int | None = None
    aces_around: int | None = None
    own_hand: tuple[int, ...] = ()
    meld_lo: int = 0
    meld_hi: int = 0
    meld_unit: int = 10

    @classmethod
    def of(cls, rules: RuleSet) -> Convention:
        c = rules.cache.get("convention")
        if c is not None:
            return c
        b = rules.bidding
        if b.signals:
            melds, three, four, own = [], None, None, []
            for k, text in b.signals.items():
                v, t = int(k), str(text).lower()
                m = _MELD_SIGNAL.match(t)
                if m:
                    melds.append((v, int(m.group(1))))
                elif "three aces" in t:
                    three = v
                elif "four aces" in t:
                    four = v
                else:
                    own.append(v)
            c = cls(rules, "signals", tuple(sorted(melds)), three, four, tuple(sorted(own)))
        elif b.meld_bids:
            lo, hi = (int(x) for x in b.meld_bids)
            c = cls(rules, "meld-bids", meld_lo=lo, meld_hi=hi, meld_unit=int(b.meld_bid_unit))
        else:
            c = cls(rules, "none")
        rules.cache["convention"] = c
        return c

    @property
    def signal_values(self) -> frozenset[int]:
        vals = [v for v, _ in self.meld_signals] + [v for v in (self.three_aces, self.aces_around) if v]
        return frozenset(vals)

    # the convention as the call kernel reads it (analyzer.bidding.call_kernel: ``conv``, ``sigmask``, ``meld_hi``);
    # :meth:`reserved` reads the same arrays
    @cached_property
    def code(self) -> int:
        """The convention's code in the call kernel (``CONV_NONE``, ``CONV_SIGNALS``, ``CONV_MELD_BIDS``)."""
        return {"signals": CONV_SIGNALS, "meld-bids": CONV_MELD_BIDS}.get(self.kind, CONV_NONE)

    @cached_property
    def sigmask(self) -> np.ndarray:
        """bool[highest signal + 1]: whether each bid value is a signal (auction; one False entry otherwise)."""
        vals = self.signal_values
        mask = np.zeros(max(vals, default=0) + 1, dtype=np.bool_)
        mask[sorted(vals)] = True
        return mask

    @cached_property
    def meld_signal_table(self) -> tuple[int, np.ndarray]:
        """(first, int64[k]): the meld signal of a hand whose best meld is ``first + i`` at entry ``i`` (0: none) --
        the highest signal value among the bands it falls in, band ``i`` of :attr:`meld_signals` from its meld up to
        the next band's (the last without end). Every meld below ``first`` signals as ``first`` does (none: below
        every band), every meld above the table's end as its last entry (past every band's start)."""
        los = [lo for _, lo in self.meld_signals]
        first = min([*los, 0]) - 1
        table = np.zeros(max([*los, 0]) - first + 1, dtype=np.int64)
        best = np.arange(first, first + table.size)
        for i, (v, lo) in enumerate(self.meld_signals):
            hi = self.meld_signals[i + 1][1] if i + 1 < len(self.meld_signals) else None
            inband = (best >= lo) & (best < hi) if hi is not None else best >= lo
            table = np.where(inband, np.maximum(table, v), table)
        return first, table

    # -- what a hand must bid --------------------------------------------------------------------------
    def hand_signal(self, f: Features) -> np.ndarray:
        """int64[n]: the signal each hand qualifies for (auction; 0: none), whether open or not."""
        n = f.best.shape[0]
        if self.kind != "signals":
            return np.zeros(n, dtype=np.int64)
        first, table = self.meld_signal_table
        sig = table[np.clip(f.best, first, first + table.size - 1) - first]
        if self.three_aces:
            sig = np.where(f.aces >= 3, np.maximum(sig, self.three_aces), sig)
        if self.aces_around:
            sig = np.where(f.ace_suits == 4, np.maximum(sig, self.aces_around), sig)
        return sig

    def meld_bid_open(self, first_call: bool, high: int | None) -> bool:
        """Whether meld bids are open to a call (double deck: a first call while the standing bid < hi)."""
        return self.kind == "meld-bids" and first_call and (high or 0) < self.meld_hi

    def conventional_bids(self, f: Features, first_call: bool, high: int | None, min_bid: int) -> np.ndarray:
        """int64[n]: the bid each hand must make now by the convention (0: none is due)."""
        n = f.best.shape[0]
        if not first_call or self.kind == "none":
            return np.zeros(n, dtype=np.int64)
        if self.kind == "signals":
            sig = self.hand_signal(f)
            return np.where(sig >= min_bid, sig, 0)
        if not self.meld_bid_open(first_call, high):
            return np.zeros(n, dtype=np.int64)
        h = int(high if high is not None else self.meld_lo - 1)
        k = np.minimum(f.least // self.meld_unit, self.meld_hi - h)
        return np.where(k >= 1, h + k, 0).astype(np.int64)

    def reserved(self, b: int, first_call: bool, high: int | None) -> bool:
        """Whether bid ``b`` carries a conventional meaning now (so only a hand that shows it may bid it).
        The call kernel's ``_reserved`` is the compiled twin, on the same :attr:`sigmask` and ``meld_hi``."""
        if not first_call:
            return False
        if self.kind == "signals":
            return 0 <= b < self.sigmask.size and bool(self.sigmask[b])
        if self.kind == "meld-bids":
            return self.meld_bid_open(first_call, high) and b <= self.meld_hi
        return False

    def free_bids(self, view_bids: Iterable[int], first_call: bool, high: int | None) -> list[int]:
        """The bids of ``view_bids`` a hand may make freely (no conventional meaning)."""
        return [b for b in view_bids if not self.reserved(b, first_call, high)]

    def lowest_free(self, first_call: bool, high: int | None, min_bid: int, cap: int) -> int | None:
        b = min_bid
        while b <= cap:
            if not self.reserved(b, first_call, high):
                return b
            b = next_legal(self.rules, b)
        return None

    def meaning(self, ctx: CallContext) -> str:
        """Words for what a call says under the convention (for reports and ``pinochle bid``)."""
        c = ctx.call
        if not ctx.first_call or self.kind == "none":
            return "pass" if c.bid is None else "bid"
        if self.kind == "signals":
            if c.bid is None:
                return f"pass: no signal of {ctx.min_bid} or more"
            for v, lo in self.meld_signals:
                if c.bid == v:
                    hi = next((m for vv, m in self.meld_signals if vv > v), None)
                    return f"{lo}{'+' if hi is None else f'-{hi - 1}'} meld"
            if c.bid == self.three_aces:
                return "three aces"
            if c.bid == self.aces_around:
                return "aces around"
            return "own hand (no signal above it)"
        if not self.meld_bid_open(True, ctx.high_before):
            return "pass" if c.bid is None else "bid"
        if c.bid is None:
            return f"pass: less than {self.meld_unit} meld"
        if c.bid <= self.meld_hi:
            k = c.bid - int(ctx.high_before or self.meld_lo - 1)
            top = "+" if c.bid == self.meld_hi else f"-{k * self.meld_unit + self.meld_unit - 1}"
            return f"meld bid: {k * self.meld_unit}{top} meld"
        return "jump bid (no meld shown)"


# ---- evidence -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Clue:
    """One thing a call says about the caller's hand (``seat``).

    ``kind``: ``signal`` (the hand's signal is ``a``), ``no-signal`` (no signal in ``a .. b``: a first call
    that did not show an open signal, ``b`` = the bid made, or the cap for a pass), ``meld`` (least meld in
    ``a .. b``), ``meld-below`` (least meld under ``a``), ``below`` (soft: bidding limit under ``a``, a
    pass), ``at-least`` (soft: bidding limit at least ``a``, a free bid), ``at-most`` (soft: bidding limit
    under ``a``: a call on the caller's last turn, where a higher free bid ``a`` was open but not made).
    """

    seat: int
    kind: str
    a: int
    b: int = 0
    text: str = ""
    salt: int = 0  # soft clues: the thinning draw's stream (one per seat and kind, see :func:`merge_soft`)
    situation: Situation | None = None  # soft clues: the caller's when its calls began (:data:`Situation`)

    @property
    def hard(self) -> bool:
        return self.kind not in SOFT_KINDS


@dataclass
class Evidence:
    """The clues of an auction about the other seats' hands, and the sampler's accept test.

    ``hard_only`` drops the soft clues. ``calls`` counts the calls read (agents refresh their sampled
    deals when it grows).
    """

    rules: RuleSet
    me: int
    clues: list[Clue] = field(default_factory=list)
    calls: int = 0
    hard_only: bool = False
    model: ClueModel | None = None  # the soft clues' model (None: :func:`clue_model` of the rule set)
    notes: list[str] = field(default_factory=list)  # calls read as no clue, in words (:func:`passes_to_partner`)

    def __bool__(self) -> bool:
        return bool(self.active)

    @property
    def active(self) -> list[Clue]:
        return [c for c in self.clues if c.hard or not self.hard_only]

    def describe(self) -> list[str]:
        """The clues in words, then the calls read as no clue."""
        return [c.text for c in self.active] + self.notes

    def accept(self, hands: np.ndarray) -> np.ndarray:
        """bool[n]: the deals (int64[n, seats, copies]) the clues accept: every hard clue holds and each
        soft clue's thinning draw falls below its likelihood. The sampler's accept hook."""
        return self.evaluate(hands, "thin")[0]

    def accept_hard(self, hands: np.ndarray) -> np.ndarray:
        """bool[n]: the deals every hard clue accepts (soft clues ignored)."""
        return self.evaluate(hands, "skip")[0]

    def evaluate(self, hands: np.ndarray, soft: str = "weigh") -> tuple[np.ndarray, np.ndarray]:
        """(mask bool[n], weights float64[n]) of deals under the clues. Hard clues make the mask; soft
        clues ``thin`` (join the mask by their thinning draws), ``weigh`` (multiply the weights by their
        likelihoods: importance weights, scaled so the likeliest deal of the mask weighs 1 — computed in
        logs, so clues far in a tail still rank the deals) or ``skip``. Hard clues are tested first; each
        later clue only looks at the deals still in the mask."""
        hands = np.asarray(hands, dtype=np.int64)
        n = hands.shape[0]
        ok = np.ones(n, dtype=bool)
        w = np.ones(n, dtype=np.float64)
        clues = sorted(self.active, key=lambda c: not c.hard)
        if soft == "skip":
            clues = [c for c in clues if c.hard]
        if not clues or n == 0:
            return ok, w
        cv = Convention.of(self.rules)
        idx = np.arange(n)
        wi = np.zeros(n, dtype=np.float64)  # log weights
        # each seat's features and the deals (indices, ascending) they are of; a seat's are cut down to the deals
        # still in the mask only when one of its clues reads them again (the mask only drops deals)
        feats: dict[int, tuple[np.ndarray, Features]] = {}
        for c in clues:
            if idx.size == 0:
                break
            got = feats.get(c.seat)
            if got is None:
                got = (idx, features(self.rules, hands[idx, c.seat]))
            elif got[0].size != idx.size:
                got = (idx, subset(got[1], np.searchsorted(got[0], idx)))
            feats[c.seat] = got
            f = got[1]
            if c.kind == "signal":
                keep = cv.hand_signal(f) == c.a
            elif c.kind == "no-signal":
                sig = cv.hand_signal(f)
                keep = ~((sig >= c.a) & (sig > c.b))
            elif c.kind == "meld":
                keep = (f.least >= c.a) & (f.least <= c.b)
            elif c.kind == "meld-below":
                keep = f.least < c.a
            else:
                v = reach_limits(self.rules, f)[0]
                z = (self.model or clue_model(self.rules)).z(c.kind, v, c.a,
                                                             self.rules.are_partners(c.seat, self.me), c.situation)
                if soft == "weigh":
                    wi = wi + log_phi(z)
                    continue
                keep = hash_uniform(hands[idx], c.salt) < phi(z)
            if not keep.all():
                idx, wi = idx[keep], wi[keep]
        ok[:] = False
        ok[idx] = True
        w[:] = 0.0
        if idx.size:  # weights relative to the likeliest deal: the soft clues never zero every weight
            w[idx] = np.exp(wi - wi.max())
        return ok, w


def reads_by_conventions(rules: RuleSet, seat: int, me: int) -> bool:
    """Whether ``me`` reads ``seat``'s calls by the game's conventions: an opponent's always, my partner's unless the
    rule set's ``[advice] partner_calls`` is ``own`` and my own calls do not keep them (``[advice] conventions``)."""
    partner = rules.are_partners(seat, me)
    return not (partner and rules.advice.partner_calls == "own" and rules.advice.conventions == "free")


def passes_to_partner(rules: RuleSet, ctx: CallContext) -> bool:
    """Whether ``ctx``'s call is a pass that leaves the caller's partner the contract: its partner holds the standing
    bid (the dealer's held opening too) and a raise over a partner must beat passing beyond the noise (``[advice]
    raise_partner`` ``clear`` or ``never``, :func:`analyzer.bidding.callmodel.choose_call`), so the advisor calling
    freely passes there whatever its strength, and a partner read the advisor's own way (``partner_calls = "own"``)
    gives no soft clue by such a pass. Measured on 3,000 contracts of double deck's arena run against formula
    (``reports/arena/components.py``), my partner's meld held minus forecast: +1.30 points (95% +0.91 to +1.69) with
    those passes read as "bidding limit under the next bid", +3.08 where my partner passed over my bid without
    having bid (797 contracts); -0.33 (-0.73 to +0.06) with no clue by them. Keeping the clue where the caller had bid
    before: +0.69 (+0.30 to +1.08), so every such pass is dropped."""
    holder = ctx.high_seat_before
    return (ctx.call.bid is None and holder is not None and rules.are_partners(holder, ctx.call.seat)
            and rules.advice.raise_partner != "ceiling")


def clues_of(rules: RuleSet, ctx: CallContext, conventions: bool = True,
             situation: Situation | None = None) -> list[Clue]:
    """What one call says (module docstring); ``conventions`` False: the caller does not keep the conventions, so the
    call says its strength only (every legal bid a free bid). ``situation``: the caller's (:func:`situations`),
    carried by the soft clues."""
    cv = Convention.of(rules)
    c = ctx.call
    seat, salt, first = c.seat, ctx.index, ctx.first_call
    cap = bid_cap(rules)

    def clue(kind: str, a: int, b: int, text: str) -> Clue:
        if kind not in SOFT_KINDS:
            return Clue(seat, kind, a, b, text, salt)
        return Clue(seat, kind, a, b, text, _soft_salt(seat, kind), situation)

    out: list[Clue] = []
    if not conventions:
        if c.bid is None:
            if passes_to_partner(rules, ctx):
                return []
            return [clue("below", ctx.min_bid, 0, f"seat {seat} passed: bidding limit likely under {ctx.min_bid}")]
        return [clue("at-least", c.bid, 0, f"seat {seat} bid {c.bid}: bidding limit likely {c.bid} or more"),
                *_last_turn_cap(rules, ctx, clue, conventions=False)]
    if first and cv.kind == "signals":
        if c.bid is not None and c.bid in cv.signal_values:
            return [clue("signal", c.bid, 0, f"seat {seat} bid {c.bid}: {cv.meaning(ctx)}"),
                    *_last_turn_cap(rules, ctx, clue)]
        what = "passed" if c.bid is None else f"bid {c.bid}"
        above = "" if c.bid is None else f" above {c.bid}"
        out.append(clue("no-signal", ctx.min_bid, cap if c.bid is None else c.bid,
                        f"seat {seat} {what}: no signal of {ctx.min_bid} or more{above}"))
    elif first and cv.meld_bid_open(True, ctx.high_before):
        h = int(ctx.high_before if ctx.high_before is not None else cv.meld_lo - 1)
        if c.bid is None:
            out.append(clue("meld-below", cv.meld_unit, 0, f"seat {seat} passed: least meld under {cv.meld_unit}"))
        elif c.bid <= cv.meld_hi:
            k = c.bid - h
            hi = 10**6 if c.bid == cv.meld_hi else k * cv.meld_unit + cv.meld_unit - 1
            return [clue("meld", k * cv.meld_unit, hi, f"seat {seat} bid {c.bid}: {cv.meaning(ctx)}")]
    # strength: what a pass or a free bid suggests (soft)
    low = cv.lowest_free(first, ctx.high_before, ctx.min_bid, cap)
    if c.bid is None:
        if low is not None:
            out.append(clue("below", low, 0, f"seat {seat} passed: bidding limit likely under {low}"))
    else:
        out.append(clue("at-least", c.bid, 0, f"seat {seat} bid {c.bid}: bidding limit likely {c.bid} or more"))
    return out + _last_turn_cap(rules, ctx, clue)


def _last_turn_cap(rules: RuleSet, ctx: CallContext, clue: Any, conventions: bool = True) -> list[Clue]:
    """A bid on the caller's last turn (one-round auctions) is all he will ever bid: a higher free bid
    was open, so his limit is likely under it (``at-most``). That holds for a signal too."""
    rounds = int(rules.bidding.rounds)
    c = ctx.call
    if c.bid is None or not rounds or ctx.round != rounds - 1:
        return []
    cv = Convention.of(rules)
    above = next_legal(rules, c.bid)
    nxt = cv.lowest_free(ctx.first_call, ctx.high_before, above, bid_cap(rules)) if conventions else \
        (above if above <= bid_cap(rules) else None)
    if nxt is None:
        return []
    return [clue("at-most", nxt, 0, f"seat {c.seat} bid {c.bid} on its last turn: bidding limit likely under {nxt}")]


def _soft_salt(seat: int, kind: str) -> int:
    return 0x50F7 + 16 * seat + 1 + SOFT_KINDS.index(kind)


def merge_soft(clues: Sequence[Clue]) -> list[Clue]:
    """The clues with each seat's soft clues of one kind merged into the strongest: its highest bid
    (``at-least``), its pass (``below``). A seat that raised again and again says once that its hand is
    worth its last bid, not once per raise. All soft clues of a seat and kind share one thinning draw, so
    the deals a stronger clue keeps are a subset of those a weaker one kept (filtering deals drawn
    under the weaker clue by the stronger one is exact)."""
    best: dict[tuple[int, str], Clue] = {}
    out: list[Clue] = []
    for c in clues:
        if c.hard:
            out.append(c)
            continue
        k = (c.seat, c.kind)
        old = best.get(k)
        if old is None or (c.a > old.a if c.kind == "at-least" else c.a < old.a):  # below, at-most: the least
            best[k] = c
    return out + list(best.values())


def evidence(rules: RuleSet, dealer: int, calls: Sequence[Call], me: int, hard_only: bool = False,
             model: ClueModel | None = None) -> Evidence:
    """The clues the calls of every seat but ``me`` give (replays the auction; UserError if illegal);
    ``model``: how the soft clues read (default :func:`clue_model`)."""
    ev = evidence_from(replay(rules, dealer, calls), me, hard_only)
    ev.model = model
    return ev


def situations(auction: Auction) -> dict[int, Situation]:
    """Each seat that called: its :data:`Situation` when its calls began."""
    n = int(auction.rules.seats)
    out: dict[int, Situation] = {}
    opened = False
    for ctx in auction.contexts:
        s = ctx.call.seat
        if s not in out:
            out[s] = ((s - auction.dealer) % n, opened)
        opened = opened or ctx.call.bid is not None
    return out


def evidence_from(auction: Auction, me: int, hard_only: bool = False) -> Evidence:
    """:func:`evidence` of an auction in progress."""
    clues: list[Clue] = []
    notes: list[str] = []
    sits = situations(auction)
    for ctx in auction.contexts:
        s = ctx.call.seat
        if s == me:
            continue
        if auction.forced and ctx.index == len(auction.calls) - 1:  # the dealer's pass that holds him to a contract
            notes.append(f"seat {s} passed after every other seat and, as the dealer, is held to {auction.contract}: "
                         "no clue to its strength (a bid above it would only raise its contract)")
            continue
        own = not reads_by_conventions(auction.rules, s, me)
        if own and passes_to_partner(auction.rules, ctx):  # clues_of gives no clue for it: said in words
            notes.append(f"seat {s} passed, leaving seat {ctx.high_seat_before} the contract: no clue to its "
                         "strength (it raises its partner only when that clearly pays)")
            continue
        clues += clues_of(auction.rules, ctx, not own, sits[s])
    return Evidence(auction.rules, me, merge_soft(clues), len(auction.calls), hard_only, notes=notes)


#: an accept test of sampled hands (int8[n, seats, ...] -> bool[n]); None: every deal
Accept = Callable[[np.ndarray], np.ndarray] | None


def clue_ladder(rules: RuleSet, dealer: int, calls: Sequence[Call], me: int, mode: str = "fitted",
                relax: str | None = None) -> tuple[list[tuple[Accept, str]], tuple[str, ...]]:
    """How sampled deals read the calls of every seat but ``me``: the accept tests to try, strictest first,
    each with its level, and the clues' words. ``mode``: ``fitted`` (the soft clues read with the fitted model,
    :func:`clue_model`), ``prior`` (with the prior model), ``hard`` (the conventions' hard clues only) or
    ``none``. The levels: ``clues`` (every clue), then, where the rule set's ``[advice] relax_clues`` is
    ``prior``, ``prior`` (the soft clues read with the prior model, a bid saying the hand reaches about that
    far; after the fitted model only) and ``high`` (of the soft clues only the other seats' highest bid, read
    with the prior model); where it is ``partner``, ``partner`` (of the soft clues only my partner's bids, read
    with the prior model); then ``hard`` (the hard clues only) and ``none``. A sampler takes the first level
    that accepts enough deals. ``relax``: ``drop``, ``prior`` or ``partner`` in place of the rule set's value."""
    if mode == "none" or not calls:
        return [(None, "none")], ()
    auction = replay(rules, dealer, calls)
    ev = evidence_from(auction, me, hard_only=mode == "hard")
    ev.model = clue_model(rules, mode != "prior")
    if not ev:
        return [(None, "none")], tuple(ev.notes)
    ladder: list[tuple[Accept, str]] = [(ev.accept, "clues")]
    soft = [c for c in ev.active if not c.hard]
    relax = relax or rules.advice.relax_clues
    prior = clue_model(rules, fitted=False)
    if soft and relax == "partner":
        bids = [c for c in soft if c.kind == "at-least" and rules.are_partners(c.seat, me)]
        if bids:
            keep = [c for c in ev.clues if c.hard] + bids
            ladder.append((Evidence(rules, me, keep, ev.calls, model=prior).accept, "partner"))
    if soft and relax == "prior":
        if ev.model != prior:
            ladder.append((Evidence(rules, me, ev.clues, ev.calls, model=prior).accept, "prior"))
        bids = [c for c in soft if c.kind == "at-least"]
        top = max((c.a for c in bids), default=None)
        keep = [c for c in ev.clues if c.hard or (c.kind == "at-least" and c.a == top)]
        if bids and len(keep) < len(ev.clues):
            ladder.append((Evidence(rules, me, keep, ev.calls, model=prior).accept, "high"))
    if soft and any(c.hard for c in ev.active):
        ladder.append((ev.accept_hard, "hard"))
    ladder.append((None, "none"))
    return ladder, tuple(ev.describe())


_Drawn = TypeVar("_Drawn")


def sample_by_ladder(ladder: Sequence[tuple[Accept, str]], draw: Callable[[Accept, int], _Drawn], *,
                     draws_per_deal: int, pilot: Callable[[Accept], tuple[int, int]] | None = None,
                     pilot_one_in: int = 0) -> tuple[_Drawn, int, str]:
    """The deals drawn with the first rung of ``ladder`` (:func:`clue_ladder`: the accept tests, strictest first)
    that accepts enough of them: the calls' clues, relaxed step by step while they accept too few.

    ``draw(accept, draws_per_deal)`` draws the deals with a rung's accept test, allowed ``draws_per_deal`` draws for
    each deal wanted, and raises UserError when it gets too few; the next rung is then tried. With ``pilot``, a rung
    is tried only when it accepts at least one deal in ``pilot_one_in`` of a pilot batch (``pilot(accept)``: how
    many deals of the batch it accepts, and how many it tried). The last rung (no accept test: the request's own
    constraints alone) is never skipped and its UserError is raised. Returns what ``draw`` gave, the rung's index
    (0: the clues held as they are) and its level."""
    for i, (acc, level) in enumerate(ladder):
        if acc is not None and pilot is not None:
            accepted, tried = pilot(acc)
            if accepted * pilot_one_in < tried:
                continue
        try:
            return draw(acc, draws_per_deal), i, level
        except UserError:
            if acc is None:  # the request's own constraints accept too few deals: the caller is told
                raise
    raise AssertionError("unreachable: the last rung has no accept test")  # pragma: no cover


# ---- the advisor after an auction (pinochle bid --auction) -------------------------------------------------
