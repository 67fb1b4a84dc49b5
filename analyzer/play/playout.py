"""Batch playouts: many deals played to the end by policy kernels, and the thin typed API over them.

``play_deals(rules, deals, trump, leader, declarer, policy, seed, bid)`` plays every deal of
``deals`` (int64[n, seats, copies] count planes) with the engine of :mod:`analyzer.play.engine` and the
policies of :mod:`analyzer.play.policy`, spread over threads (:func:`analyzer.jit.fan_out`). Deal ``i`` draws its random
choices from a stream derived from ``(seed, i)`` only, so results do not depend on the thread count.
``play_deal`` plays one deal and records its cards. Random deals come from :func:`analyzer.deal.random_deals`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.deal.rng import stream_seed
from analyzer.jit import kernel, popcount, range_kernel
from analyzer.play.engine import (
    CTL_TURN,
    S_POINTS,
    S_TRICKS,
    alloc_state,
    play,
    reset_state,
)
from analyzer.play.modes import POLICY_CODES
from analyzer.play.policy import random_move, v1_move
from analyzer.rules.lowered import first_lead_trump, side_mask, trick_params
from analyzer.rules.model import RuleSet


@dataclass(frozen=True)
class PlayResult:
    """Outcome of playing out ``n`` deals.

    ``points`` int32[n, seats]: card points (including the last-trick bonus and per-trick points) taken
    by each seat; ``tricks`` int32[n, seats]: tricks won by each seat.
    """

    points: np.ndarray
    tricks: np.ndarray


@dataclass(frozen=True)
class DealRecord:
    """One deal played out card by card.

    ``cards`` int32[ncards, 2]: (seat, kind) of every card in play order; ``winners`` int32[ntricks]: the
    winner of each trick; ``points`` / ``tricks`` int32[seats] as in :class:`PlayResult`.
    """

    cards: np.ndarray
    winners: np.ndarray
    points: np.ndarray
    tricks: np.ndarray


# ---- policies for the kernels -----------------------------------------------------------------------------
def policy_codes(rules: RuleSet, policy: str | Sequence[str]) -> np.ndarray:
    """int64[seats] policy code of each seat from one policy name or one name per seat."""
    names = [policy] * rules.seats if isinstance(policy, str) else list(policy)
    if len(names) != rules.seats:
        raise ValueError(
            f"{rules.id} has {rules.seats} seats: give one policy or {rules.seats}, not {len(names)}"
        )
    bad = [p for p in names if p not in POLICY_CODES]
    if bad:
        raise ValueError(f"unknown policy {bad[0]!r}: use one of {', '.join(POLICY_CODES)}")
    return np.array([POLICY_CODES[p] for p in names], dtype=np.int64)


def pack_policies(codes: np.ndarray) -> int:
    """The per-seat policy codes packed 4 bits per seat, as the kernels take them."""
    return sum(int(c) << (4 * i) for i, c in enumerate(codes))


def new_state(
    rules: RuleSet, hands: np.ndarray, trump: int, leader: int, declarer: int = -1, bid: int = 0
) -> np.ndarray:
    """A state (int64[ST_LEN], see :mod:`analyzer.play.engine`) at the first lead of ``hands``
    (int64[seats, copies]); ``declarer`` fixes who plays with whom, ``bid`` the first-lead rule."""
    hands = _check_deals(rules, np.asarray(hands, dtype=np.int64)[None])[0]
    _check_seats(rules, trump, leader, declarer)
    st = alloc_state(trick_params(rules))
    dside = side_mask(rules, declarer)
    first = first_lead_trump(rules, bid, leader, declarer)
    reset_state(st, hands, trump, leader, declarer, dside, first, stream_seed(0, 0))
    return st


# ---- kernels -----------------------------------------------------------------------------------------------
@kernel
def playout(st, hands0, trump, leader, declarer, dside, first, pols, rng, rec, wins):
    """Play the deal ``hands0`` to the end in the state array ``st``: seat s plays the policy with code
    ``(pols >> 4s) & 15``; ``rng`` starts the deal's random stream.

    ``rec`` int64[ncards, 2] (or shorter: not kept) receives (seat, kind) of every card, ``wins``
    int64[ntricks] (or shorter) each trick's winner. Points and tricks are left in ``st``.
    """
    reset_state(st, hands0, trump, leader, declarer, dside, first, rng)
    total = 0
    for s in range(hands0.shape[0]):
        for p in range(hands0.shape[1]):
            total += popcount(hands0[s, p])
    keep = rec.shape[0] >= total
    t = 0
    for i in range(total):
        seat = st[CTL_TURN]
        # choose()'s dispatch written out: one call level less that passes the state array
        k = random_move(st) if (pols >> (4 * seat)) & 15 == 0 else v1_move(st)
        if keep:
            rec[i, 0] = seat
            rec[i, 1] = k
        w = play(st, k)
        if w >= 0:
            if t < wins.shape[0]:
                wins[t] = w
            t += 1


@range_kernel
def playout_range(deals, ids, rp, trump, leader, declarer, dside, first, pols, seed, out_pts, out_tricks, lo, hi):
    """Play deals ``lo .. hi - 1`` of ``deals`` (int64[n, seats, copies]) into ``out_pts`` and ``out_tricks``;
    deal i uses the stream of (seed, ids[i])."""
    seats = deals.shape[1]
    st = alloc_state(rp)
    rec = np.zeros((0, 2), dtype=np.int64)
    wins = np.zeros(0, dtype=np.int64)
    for i in range(lo, hi):
        playout(st, deals[i], trump, leader, declarer, dside, first, pols, stream_seed(seed, ids[i]), rec, wins)
        for s in range(seats):
            out_pts[i, s] = st[S_POINTS + s]
            out_tricks[i, s] = st[S_TRICKS + s]


@range_kernel
def deal_problems_range(deals, copies, out, lo, hi):
    """:func:`deal_problems` of deals ``lo .. hi - 1`` into ``out``."""
    for i in range(lo, hi):
        size = -1
        for s in range(deals.shape[1]):
            cnt = 0
            for p in range(deals.shape[2]):
                cnt += popcount(deals[i, s, p])
                if p > 0 and deals[i, s, p] & ~deals[i, s, p - 1] != 0:
                    out[i] = 1
            if size >= 0 and cnt != size:
                out[i] = 2
            size = cnt
        if out[i] == 0:
            # add the hands up per kind: acc[c] = the kinds counted at least c + 1 times so far
            acc = np.zeros(5, dtype=np.int64)
            for s in range(deals.shape[1]):
                for p in range(deals.shape[2]):
                    x = deals[i, s, p]
                    for c in range(4, 0, -1):  # add one to every kind of x, highest count first
                        acc[c] |= acc[c - 1] & x
                    acc[0] |= x
            if acc[copies] != 0:
                out[i] = 3


def deal_problems(deals, copies) -> np.ndarray:
    """Per deal: 0 if sound, 1 if some count planes are not nested, 2 if the hands differ in size,
    3 if some kind is held more often than the deck has copies."""
    out = np.zeros(deals.shape[0], dtype=np.int64)
    deal_problems_range.batch(deals.shape[0], deals, np.int64(copies), out)
    return out


# ---- checks ----------------------------------------------------------------------------------------------
def _check_deals(rules: RuleSet, deals: np.ndarray) -> np.ndarray:
    deals = np.ascontiguousarray(deals, dtype=np.int64)
    want = (rules.seats, rules.deck.copies)
    if deals.ndim != 3 or deals.shape[1:] != want:
        raise ValueError(f"deals must be int64[n, {want[0]}, {want[1]}] count planes, not {deals.shape}")
    if deals.shape[0] == 0:
        return deals
    mask = rules.deck.all_kinds_mask
    if np.any(deals & ~np.int64(mask)):
        raise ValueError(f"deals hold cards that are not in the {rules.id} deck")
    bad = deal_problems(deals, rules.deck.copies)
    if np.any(bad):
        i = int(np.flatnonzero(bad)[0])
        why = {1: "count planes not nested", 2: "hands of different sizes", 3: "a card held too often"}
        raise ValueError(f"deal {i} is not a deal of {rules.id}: {why[int(bad[i])]}")
    return deals


def _check_seats(rules: RuleSet, trump: int, leader: int, declarer: int) -> None:
    if not -1 <= trump <= 3:
        raise ValueError(f"trump must be 0..3 (S H D C) or -1 for no trump, not {trump}")
    if not 0 <= leader < rules.seats:
        raise ValueError(f"leader must be a seat 0..{rules.seats - 1}, not {leader}")
    if not -1 <= declarer < rules.seats:
        raise ValueError(f"declarer must be a seat 0..{rules.seats - 1} (or -1), not {declarer}")


def _contract(rules: RuleSet, trump: int, leader: int, declarer: int, policy: str | Sequence[str],
              bid: int) -> tuple[np.int64, ...]:
    """The playout kernels' arguments that say what is played: trump, leader, declarer, the declarer's
    side (seat mask), the first-lead duty and the packed policy codes."""
    return (np.int64(trump), np.int64(leader), np.int64(declarer), np.int64(side_mask(rules, declarer)),
            np.int64(first_lead_trump(rules, bid, leader, declarer)),
            np.int64(pack_policies(policy_codes(rules, policy))))


# ---- the API -----------------------------------------------------------------------------------------------
def play_deals(
    rules: RuleSet,
    deals: np.ndarray,
    trump: int,
    leader: int,
    declarer: int,
    policy: str | Sequence[str] = "v1",
    seed: int = 0,
    bid: int = 0,
    ids: np.ndarray | None = None,
) -> PlayResult:
    """Play every deal to the last trick and return each seat's points and tricks.

    ``deals`` int64[n, seats, copies] count planes (equal hand sizes); ``trump`` 0..3 (S H D C) or -1;
    ``leader`` leads the first trick; ``declarer`` (the high bidder / game maker, -1: none) fixes who
    plays with whom (partnerships, or the declarer against all others); ``policy`` one name of
    :data:`~analyzer.play.policy.POLICY_CODES` for every seat or one per seat; ``bid`` decides double
    deck's first-lead rule. Deal i's random choices come from ``(seed, ids[i])`` alone (``ids`` default:
    0 .. n - 1, the deal's place in ``deals``; give the deals' own numbers to make a deal's play independent
    of the deals it is played with).
    """
    deals = _check_deals(rules, deals)
    _check_seats(rules, trump, leader, declarer)
    n = deals.shape[0]
    pts = np.zeros((n, rules.seats), dtype=np.int32)
    trk = np.zeros((n, rules.seats), dtype=np.int32)
    ids = np.arange(n, dtype=np.int64) if ids is None else np.ascontiguousarray(ids, dtype=np.int64)
    if ids.shape != (n,):
        raise ValueError(f"ids must give one number per deal ({n}), not shape {ids.shape}")
    playout_range.batch(n, deals, ids, trick_params(rules), *_contract(rules, trump, leader, declarer, policy, bid),
                        np.int64(seed), pts, trk)
    return PlayResult(points=pts, tricks=trk)


def play_deal(
    rules: RuleSet,
    hands: np.ndarray,
    trump: int,
    leader: int,
    declarer: int,
    policy: str | Sequence[str] = "v1",
    seed: int = 0,
    bid: int = 0,
    index: int = 0,
) -> DealRecord:
    """Play one deal (``hands`` int64[seats, copies]) and record every card and trick winner.

    With ``index = i`` the random stream is that of deal i of :func:`play_deals` with the same seed (of the
    deal numbered ``i`` when ``ids`` were given), so a deal of a batch can be replayed and inspected card by
    card.
    """
    hands = _check_deals(rules, np.asarray(hands, dtype=np.int64)[None])[0]
    _check_seats(rules, trump, leader, declarer)
    ncards = int(sum(int(x).bit_count() for x in hands.ravel()))
    rec = np.zeros((ncards, 2), dtype=np.int64)
    wins = np.zeros(ncards // rules.seats, dtype=np.int64)
    st = alloc_state(trick_params(rules))
    playout(st, hands, *_contract(rules, trump, leader, declarer, policy, bid),
            stream_seed(np.int64(seed), np.int64(index)), rec, wins)
    return DealRecord(
        cards=rec.astype(np.int32),
        winners=wins.astype(np.int32),
        points=st[S_POINTS : S_POINTS + rules.seats].astype(np.int32),
        tricks=st[S_TRICKS : S_TRICKS + rules.seats].astype(np.int32),
    )
